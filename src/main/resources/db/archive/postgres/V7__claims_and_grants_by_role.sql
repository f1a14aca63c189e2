-- A taxpayer held by one syncer for a sync: a row here, naming the connection that holds it (its
-- server process and that process's start, which together name one connection for good). A claim
-- whose connection has ended (a syncer stopped, crashed or killed) counts as free. Only the
-- archive's owner (the syncers) can read or write this table: no other role can hold a taxpayer
-- and make the syncers skip it, nor lock its rows and make them wait. Before, the claim was an
-- advisory lock whose number anyone could work out, and advisory locks are open to every role.
CREATE TABLE sync_claim (
    service_url text NOT NULL,
    rin text NOT NULL,
    holder_pid integer NOT NULL,
    holder_start timestamptz NOT NULL,
    claimed_ms bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
    PRIMARY KEY (service_url, rin)
);
REVOKE ALL ON sync_claim FROM PUBLIC;
-- no policy: only the owner (and superusers) see a row, whatever a role is granted by mistake
ALTER TABLE sync_claim ENABLE ROW LEVEL SECURITY;
