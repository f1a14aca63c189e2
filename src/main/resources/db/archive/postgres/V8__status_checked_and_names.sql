-- When the service last sent each notification in the form archived (epoch milliseconds), so that
-- a status that may still change (pending, batched) says how old it is. Null for what was archived
-- before: unknown.
ALTER TABLE notification ADD COLUMN status_checked_ms bigint;

-- Each taxpayer's name, by RIN (the same taxpayer in every service), as 'ishaar archive name'
-- (or a desktop connected as the owner) last gave it: the service's answers name no taxpayer.
CREATE TABLE taxpayer_name (
    rin text PRIMARY KEY,
    name text NOT NULL
);

-- A role reads the names of the taxpayers granted to it only, as their notifications (V2); the
-- owner writes them.
ALTER TABLE taxpayer_name ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON taxpayer_name FOR SELECT
    USING (rin IN (SELECT a.rin FROM taxpayer_access a));

-- the roles that read the notifications already read the names too
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
        EXECUTE format('GRANT SELECT ON taxpayer_name TO %I', reader);
    END LOOP;
END
$$;
