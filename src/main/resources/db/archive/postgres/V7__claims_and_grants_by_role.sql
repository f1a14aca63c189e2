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

-- A grant names the role by its identity (its OID), no longer by its name: a role dropped and
-- made again with the same name is another role, and reads nothing it was not granted itself.
-- A dropped role's grants name no role any more and show nothing to anyone; the owner's next
-- 'archive grant|revoke|grants' deletes them. Grants of roles already gone go now.
DROP POLICY own_grants ON taxpayer_access;
ALTER TABLE taxpayer_access ADD COLUMN role_oid oid;
UPDATE taxpayer_access a SET role_oid = r.oid FROM pg_roles r WHERE r.rolname = a.role_name;
DELETE FROM taxpayer_access WHERE role_oid IS NULL;
ALTER TABLE taxpayer_access DROP CONSTRAINT taxpayer_access_pkey;
ALTER TABLE taxpayer_access DROP COLUMN role_name;
ALTER TABLE taxpayer_access ALTER COLUMN role_oid SET NOT NULL;
ALTER TABLE taxpayer_access ADD PRIMARY KEY (role_oid, rin);

-- A role reads the grants made to it and to the roles it is a member of (roles that exist only:
-- pg_has_role fails on an OID that names none).
CREATE POLICY own_grants ON taxpayer_access FOR SELECT
    USING (EXISTS (SELECT 1 FROM pg_roles r
                   WHERE r.oid = taxpayer_access.role_oid
                     AND pg_has_role(r.oid, 'MEMBER')));
