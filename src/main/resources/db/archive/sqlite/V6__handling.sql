-- Who is dealing with which notification. Each change of a notification's handling is a row of
-- handling_change, added and never changed (its history); handling holds what the latest change
-- left (derived from the history, written in the same transaction), one row per notification
-- ever changed, with the notification's key so that "to handle" is read newest first from an index.

-- A change: the state it set (null: kept), the person it assigned ('' took the assignment away,
-- null kept it), its note, who made it and when, and the latest change before it (0: none).
CREATE TABLE handling_change (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    taxpayer_id INTEGER NOT NULL REFERENCES taxpayer (id),
    notification_id TEXT NOT NULL,
    state TEXT CHECK (state IN ('to-handle', 'handled')),
    assigned_to TEXT,
    note TEXT CHECK (length(note) <= 2000),
    changed_by TEXT NOT NULL,
    changed_ms BIGINT NOT NULL,
    after_change BIGINT NOT NULL
);
CREATE INDEX handling_change_of ON handling_change (taxpayer_id, notification_id, id);

-- What the latest change left. nkey is the notification's key (its order), kept when a notification
-- moves in the order (received at another time than first sent).
CREATE TABLE handling (
    nkey INTEGER PRIMARY KEY,
    taxpayer_id INTEGER NOT NULL REFERENCES taxpayer (id),
    notification_id TEXT NOT NULL,
    state TEXT NOT NULL,
    assigned_to TEXT,
    last_change BIGINT NOT NULL,
    UNIQUE (taxpayer_id, notification_id)
);
-- To handle (or handled) newest first, and those assigned to someone; with the taxpayer, so that
-- how many a question's taxpayers have is counted in the index alone.
CREATE INDEX handling_state ON handling (state, nkey, taxpayer_id);
CREATE INDEX handling_assigned ON handling (assigned_to, state, nkey, taxpayer_id);

-- From when a taxpayer's notifications are marked to handle as they arrive, unless a setting says
-- from when (epoch milliseconds): its first sync. Taxpayers archived before: from now, so that
-- what was archived before is not swept in.
ALTER TABLE taxpayer ADD COLUMN handling_since_ms BIGINT;
UPDATE taxpayer SET handling_since_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER);
