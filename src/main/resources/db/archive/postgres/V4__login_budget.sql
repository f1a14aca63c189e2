-- One login budget for every syncer of the archive. The identity service limits logins per client
-- ID, whichever machine sends them: a syncer takes a slot here (in one transaction, holding its
-- client's row) before each login, and waits its turn when the client's slots of the last window
-- are used up or the service asked to wait (429 with Retry-After). Times are the server's clock in
-- milliseconds, so that syncers on several machines count alike.

CREATE TABLE login_budget (
    client_key text PRIMARY KEY,                  -- SHA-256 of the client ID, never its secret
    paused_until_ms bigint NOT NULL DEFAULT 0     -- no login before this (Retry-After)
);

CREATE TABLE login_slot (
    client_key text NOT NULL REFERENCES login_budget ON DELETE CASCADE,
    started_ms bigint NOT NULL
);
CREATE INDEX login_slot_by_client ON login_slot (client_key, started_ms);
