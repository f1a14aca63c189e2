-- Each accountant sees only their taxpayers, enforced by PostgreSQL itself (row-level security),
-- not by the app: a desktop connected as one role cannot read another role's taxpayers, even with
-- SQL written by hand. The archive's owner (the role that made these tables: the office syncer)
-- reads and writes everything; other roles read the taxpayers granted to them, or to a role they
-- are a member of (a team's role), in every service. 'ishaar archive grant|revoke' manages this.

-- Which role may read which taxpayer (by RIN).
CREATE TABLE taxpayer_access (
    role_name text NOT NULL,
    rin text NOT NULL,
    PRIMARY KEY (role_name, rin)
);

-- A role reads the grants made to it and to the roles it is a member of.
ALTER TABLE taxpayer_access ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_grants ON taxpayer_access FOR SELECT
    USING (EXISTS (SELECT 1 FROM pg_roles r
                   WHERE r.rolname = taxpayer_access.role_name
                     AND pg_has_role(r.oid, 'MEMBER')));

-- ...and through them, its taxpayers, their notifications and their tallies.
ALTER TABLE taxpayer ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON taxpayer FOR SELECT
    USING (rin IN (SELECT a.rin FROM taxpayer_access a));

ALTER TABLE notification ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON notification FOR SELECT
    USING (taxpayer_id IN (SELECT t.id FROM taxpayer t));

ALTER TABLE tally ENABLE ROW LEVEL SECURITY;
CREATE POLICY granted ON tally FOR SELECT
    USING (taxpayer_id IN (SELECT t.id FROM taxpayer t));
