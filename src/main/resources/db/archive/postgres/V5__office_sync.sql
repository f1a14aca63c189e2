-- One sync for the office: a syncer ('ishaar sync --every') announces itself and the taxpayers it
-- keeps (a heartbeat, the server's clock in milliseconds); a desktop reading the archive leaves
-- those taxpayers to it while it is alive, and its Sync now becomes a request row here, which the
-- syncer hears of at once (NOTIFY) and serves before the taxpayers due by the clock.

CREATE TABLE syncer (
    id text PRIMARY KEY,                      -- random, one per running syncer
    service_url text NOT NULL,                -- the service it syncs (its API base URL)
    seen_ms bigint NOT NULL,                  -- its last heartbeat
    alive_ms bigint NOT NULL                  -- counted alive this long after it
);

CREATE TABLE syncer_taxpayer (
    syncer_id text NOT NULL REFERENCES syncer ON DELETE CASCADE,
    rin text NOT NULL,                        -- '' for the ERP system's own taxpayer
    PRIMARY KEY (syncer_id, rin)
);

CREATE TABLE sync_request (
    id bigserial PRIMARY KEY,
    service_url text NOT NULL,
    rin text NOT NULL,
    asked_by name NOT NULL DEFAULT current_user,
    asked_ms bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
    served_ms bigint,                         -- when the syncer's sync of it ended
    ok boolean,                               -- whether that sync went through
    message text                              -- why not
);
CREATE INDEX sync_request_open ON sync_request (service_url, rin) WHERE served_ms IS NULL;

CREATE FUNCTION sync_request_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('ishaar_sync_request', NEW.service_url);
    RETURN NULL;
END $$;

CREATE TRIGGER sync_request_notify AFTER INSERT ON sync_request
    FOR EACH ROW EXECUTE FUNCTION sync_request_notify();

-- A role sees which of its own taxpayers a syncer keeps, and asks for those only.
ALTER TABLE syncer_taxpayer ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON syncer_taxpayer FOR SELECT
    USING (rin IN (SELECT a.rin FROM taxpayer_access a));

ALTER TABLE sync_request ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON sync_request FOR SELECT
    USING (rin IN (SELECT a.rin FROM taxpayer_access a));
CREATE POLICY ask ON sync_request FOR INSERT
    WITH CHECK (rin IN (SELECT a.rin FROM taxpayer_access a) AND asked_by = current_user);

-- Roles granted taxpayers before this migration may see the syncer and ask too.
DO $$
DECLARE r text;
BEGIN
    FOR r IN SELECT DISTINCT role_name FROM taxpayer_access
             WHERE role_name IN (SELECT rolname FROM pg_roles) LOOP
        EXECUTE format('GRANT SELECT ON syncer, syncer_taxpayer TO %I', r);
        EXECUTE format('GRANT SELECT, INSERT ON sync_request TO %I', r);
        EXECUTE format('GRANT USAGE ON SEQUENCE sync_request_id_seq TO %I', r);
    END LOOP;
END $$;
