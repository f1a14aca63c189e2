-- The search's words in a narrow table of their own, with the filters' columns beside them: a
-- search for a frequent term walks the notifications newest first checking each one's words, and
-- in the notification's own row (the item's JSON beside them) that read tens of thousands of wide
-- rows before a page filled. Here it reads only these narrow rows, and the page's notifications
-- are read for their JSON once found. Rows follow their notification: written by the same store,
-- deleted with it.
CREATE TABLE notification_search (
    id bigint PRIMARY KEY REFERENCES notification (id) ON DELETE CASCADE,
    service_id bigint NOT NULL,
    taxpayer_id bigint NOT NULL,
    type_id text,
    language text,
    status text,
    channel text,
    words tsvector NOT NULL
);

-- the notifications already archived
INSERT INTO notification_search (id, service_id, taxpayer_id, type_id, language, status, channel,
                                 words)
SELECT id, service_id, taxpayer_id, type_id, language, status, channel, words
FROM notification
ORDER BY id;

-- a word's notifications, and those of the words that begin with a term
CREATE INDEX notification_search_words ON notification_search USING gin (words);

DROP INDEX notification_words;
ALTER TABLE notification DROP COLUMN words;

-- the same row-level security as the notifications (V2), and the same readers
ALTER TABLE notification_search ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON notification_search FOR SELECT
    USING (taxpayer_id IN (SELECT t.id FROM taxpayer t));

DO $$
DECLARE
    reader text;
BEGIN
    FOR reader IN
        SELECT DISTINCT grantee FROM information_schema.role_table_grants
        WHERE table_schema = current_schema() AND table_name = 'notification'
          AND privilege_type = 'SELECT'
          AND grantee <> current_user AND grantee <> 'PUBLIC'
    LOOP
        EXECUTE format('GRANT SELECT ON notification_search TO %I', reader);
    END LOOP;
END
$$;

ANALYZE notification_search;
