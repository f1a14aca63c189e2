-- Each word's notifications in key order: one row per word of a notification (as in its search
-- row's words, V6), the primary key's index holding each word's keys in order. A search for a
-- frequent term takes its page from the newest keys of the words that begin or end with the term
-- (a hundred index entries) instead of walking the notifications newest first and checking each
-- one's words, which reads tens of thousands of rows when the term is frequent only among older
-- notifications. The words compare byte by byte (COLLATE "C"), so that the words beginning with a
-- term are one range of the index, as a tsquery prefix finds them.
CREATE TABLE notification_word (
    word text COLLATE "C" NOT NULL,
    id bigint NOT NULL
);

-- the notifications already archived; the index made once they are in (a sort, not one insert
-- at a time)
SET LOCAL maintenance_work_mem = '256MB';
INSERT INTO notification_word (word, id)
SELECT w.word, s.id
FROM notification_search s, unnest(tsvector_to_array(s.words)) AS w(word);

ALTER TABLE notification_word ADD PRIMARY KEY (word, id);

-- The rows follow the search rows, whoever writes them (the store, a forget, a prune, the
-- cascade from a notification deleted): triggers of the whole statement, with the rows it added,
-- changed or removed, so that a batch of a thousand notifications is one insert here.
CREATE FUNCTION notification_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO notification_word (word, id)
    SELECT w.word, a.id FROM added a, unnest(tsvector_to_array(a.words)) AS w(word);
    RETURN NULL;
END
$$;

CREATE FUNCTION notification_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM notification_word x
    USING (SELECT g.id, w.word FROM gone g, unnest(tsvector_to_array(g.words)) AS w(word)) o
    WHERE x.word = o.word AND x.id = o.id;
    RETURN NULL;
END
$$;

-- an update: the words it took away go, those it brought come (a status settling changes none)
CREATE FUNCTION notification_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM notification_word x
    USING (SELECT g.id, w.word FROM gone g, unnest(tsvector_to_array(g.words)) AS w(word)
           EXCEPT
           SELECT a.id, w.word FROM added a, unnest(tsvector_to_array(a.words)) AS w(word)) o
    WHERE x.word = o.word AND x.id = o.id;
    INSERT INTO notification_word (word, id)
    SELECT n.word, n.id
    FROM (SELECT a.id, w.word FROM added a, unnest(tsvector_to_array(a.words)) AS w(word)
          EXCEPT
          SELECT g.id, w.word FROM gone g, unnest(tsvector_to_array(g.words)) AS w(word)) n;
    RETURN NULL;
END
$$;

CREATE TRIGGER words_added AFTER INSERT ON notification_search
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION notification_words_added();
CREATE TRIGGER words_removed AFTER DELETE ON notification_search
    REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION notification_words_removed();
CREATE TRIGGER words_changed AFTER UPDATE ON notification_search
    REFERENCING OLD TABLE AS gone NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION notification_words_changed();

-- A role reads the words of the notifications it may read (those of its taxpayers, V6), and no
-- other: which notification holds which word is its text.
ALTER TABLE notification_word ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON notification_word FOR SELECT
    USING (EXISTS (SELECT 1 FROM notification_search s WHERE s.id = notification_word.id));

DO $$
DECLARE
    reader text;
BEGIN
    FOR reader IN
        SELECT DISTINCT grantee FROM information_schema.role_table_grants
        WHERE table_schema = current_schema() AND table_name = 'notification_search'
          AND privilege_type = 'SELECT'
          AND grantee <> current_user AND grantee <> 'PUBLIC'
    LOOP
        EXECUTE format('GRANT SELECT ON notification_word TO %I', reader);
    END LOOP;
END
$$;

ANALYZE notification_word;
