-- Who is dealing with which notification, shared by the firm. Each change of a notification's
-- handling is a row of handling_change, added and never changed (its history): a role that reads
-- a taxpayer may add changes to its notifications, as itself, and may neither change nor delete
-- one. handling holds what the latest change left, one row per notification ever changed, written
-- by the trigger below as each change is added (in the same transaction, the notification's row
-- locked, so that two people's changes at once are applied one after the other), never by a role
-- directly. Each change is announced (NOTIFY ishaar_handling) so that the other desktops show it.

-- A change: the state it set (null: kept), the person it assigned ('' took the assignment away,
-- null kept it), its note, who made it (its role) and when, and the latest change before it (0:
-- none), filled in by the trigger.
CREATE TABLE handling_change (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    taxpayer_id bigint NOT NULL REFERENCES taxpayer (id),
    notification_id text NOT NULL,
    state text CHECK (state IN ('to-handle', 'handled')),
    assigned_to text,
    note text CHECK (char_length(note) <= 2000),
    changed_by name NOT NULL DEFAULT current_user,
    changed_ms bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
    after_change bigint NOT NULL DEFAULT 0
);
CREATE INDEX handling_change_of ON handling_change (taxpayer_id, notification_id, id);

-- What the latest change left; nkey is the notification's key (its order).
CREATE TABLE handling (
    nkey bigint PRIMARY KEY,
    taxpayer_id bigint NOT NULL REFERENCES taxpayer (id),
    notification_id text NOT NULL,
    state text NOT NULL,
    assigned_to text,
    last_change bigint NOT NULL,
    UNIQUE (taxpayer_id, notification_id)
);
-- To handle (or handled) newest first, and those assigned to someone; with the taxpayer, so that
-- how many a question's taxpayers have is counted in the index alone.
CREATE INDEX handling_state ON handling (state, nkey) INCLUDE (taxpayer_id);
CREATE INDEX handling_assigned ON handling (assigned_to, state, nkey) INCLUDE (taxpayer_id);

-- The people of the firm: each database role's name as the desktops show it, kept by the owner
-- ('ishaar archive people').
CREATE TABLE person (
    role_name name PRIMARY KEY,
    display_name text NOT NULL
);

-- From when a taxpayer's notifications are marked to handle as they arrive (see the SQLite
-- archive's V6); taxpayers archived before: from now.
ALTER TABLE taxpayer ADD COLUMN handling_since_ms bigint;
UPDATE taxpayer SET handling_since_ms = (extract(epoch FROM clock_timestamp()) * 1000)::bigint;

-- Applies a change to what its notification's handling is, as the archive's owner (the roles
-- cannot write handling themselves), and says which change it followed.
CREATE FUNCTION handling_change_apply() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path FROM CURRENT AS $$
DECLARE
    before bigint;
    found_key bigint;
BEGIN
    SELECT n.id INTO found_key FROM notification n
    WHERE n.taxpayer_id = NEW.taxpayer_id AND n.notification_id = NEW.notification_id;
    IF found_key IS NULL THEN
        RAISE EXCEPTION 'no notification % of that taxpayer', NEW.notification_id
            USING ERRCODE = 'no_data_found';
    END IF;
    SELECT h.last_change INTO before FROM handling h
    WHERE h.taxpayer_id = NEW.taxpayer_id AND h.notification_id = NEW.notification_id
    FOR UPDATE;
    IF before IS NULL THEN
        INSERT INTO handling AS h (nkey, taxpayer_id, notification_id, state, assigned_to,
                                   last_change)
        VALUES (found_key, NEW.taxpayer_id, NEW.notification_id,
                COALESCE(NEW.state, 'to-handle'), NULLIF(NEW.assigned_to, ''), NEW.id)
        ON CONFLICT (taxpayer_id, notification_id) DO NOTHING;
        IF NOT FOUND THEN
            -- another change made it first: wait for it and follow it
            SELECT h.last_change INTO before FROM handling h
            WHERE h.taxpayer_id = NEW.taxpayer_id AND h.notification_id = NEW.notification_id
            FOR UPDATE;
        END IF;
    END IF;
    IF before IS NOT NULL THEN
        UPDATE handling h SET state = COALESCE(NEW.state, h.state),
            assigned_to = CASE WHEN NEW.assigned_to IS NULL THEN h.assigned_to
                               ELSE NULLIF(NEW.assigned_to, '') END,
            last_change = NEW.id
        WHERE h.taxpayer_id = NEW.taxpayer_id AND h.notification_id = NEW.notification_id;
    END IF;
    NEW.after_change := COALESCE(before, 0);
    NEW.changed_ms := (extract(epoch FROM clock_timestamp()) * 1000)::bigint; -- the server's time
    PERFORM pg_notify('ishaar_handling', '');
    RETURN NEW;
END $$;

CREATE TRIGGER handling_change_apply BEFORE INSERT ON handling_change
    FOR EACH ROW EXECUTE FUNCTION handling_change_apply();

-- A role sees the handling of the taxpayers granted to it only (as their notifications, V2), and
-- adds changes to those only, as itself.
ALTER TABLE handling_change ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON handling_change FOR SELECT
    USING (taxpayer_id IN (SELECT t.id FROM taxpayer t));
CREATE POLICY change ON handling_change FOR INSERT
    WITH CHECK (taxpayer_id IN (SELECT t.id FROM taxpayer t) AND changed_by = current_user);

ALTER TABLE handling ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON handling FOR SELECT
    USING (taxpayer_id IN (SELECT t.id FROM taxpayer t));

REVOKE ALL ON handling, handling_change, person FROM PUBLIC;

-- the roles that read the notifications already read and change the handling too
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
        EXECUTE format('GRANT SELECT ON handling, person TO %I', reader);
        EXECUTE format('GRANT SELECT, INSERT ON handling_change TO %I', reader);
    END LOOP;
END
$$;
