-- The archive's first schema. Portable SQL except where marked (SQLite only).

-- A service: the API base URL in its normal form (ServiceKey).
CREATE TABLE service (
    id INTEGER PRIMARY KEY,
    base_url TEXT NOT NULL UNIQUE
);

-- A taxpayer of a service, and its sync state (the sync's opaque checkpoint).
CREATE TABLE taxpayer (
    id INTEGER PRIMARY KEY,
    service_id INTEGER NOT NULL REFERENCES service (id),
    rin TEXT NOT NULL,
    sync_checkpoint TEXT,
    sync_complete INTEGER NOT NULL DEFAULT 0,
    last_synced_ms BIGINT,
    UNIQUE (service_id, rin)
);

-- A notification as received. id is its order key: the received time in microseconds since
-- 1970 times 2048, plus a slot for notifications received in the same microsecond, so that the
-- newest-first order and a date range are both a range of ids.
CREATE TABLE notification (
    id INTEGER PRIMARY KEY,
    service_id INTEGER NOT NULL REFERENCES service (id),
    taxpayer_id INTEGER NOT NULL REFERENCES taxpayer (id),
    notification_id TEXT NOT NULL,
    type_id TEXT,
    language TEXT,
    status TEXT,
    channel TEXT,
    raw BLOB NOT NULL,
    UNIQUE (taxpayer_id, notification_id)
);

-- One taxpayer's notifications newest first (the id follows each indexed column).
CREATE INDEX notification_taxpayer ON notification (taxpayer_id);

-- The notifications whose status may still change, for the sync.
CREATE INDEX notification_unsettled ON notification (taxpayer_id)
    WHERE status IN ('pending', 'batched');

-- SQLite only: the full-text index of the normalised text (SearchText), by notification id. It
-- holds no copy of the text (contentless), only the index of its three-character sequences.
CREATE VIRTUAL TABLE notification_text USING fts5 (
    body,
    tokenize = 'trigram',
    content = '',
    contentless_delete = 1
);

-- SQLite only: marks the file as this app's archive ("ISHR"), so that another program's database
-- given as the archive is recognised and refused.
PRAGMA application_id = 1230194770;
