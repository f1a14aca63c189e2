-- The archive's first schema. Standard SQL except where marked (SQLite only).

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

-- A notification: the columns that filters and order need. id is its order key: the received
-- time in microseconds since 1970 times 2048, plus a slot for notifications received in the same
-- microsecond, so that the newest-first order and a date range are both a range of ids. (SQLite:
-- INTEGER PRIMARY KEY is the table's own row key; BIGINT elsewhere.)
CREATE TABLE notification (
    id INTEGER PRIMARY KEY,
    service_id INTEGER NOT NULL REFERENCES service (id),
    taxpayer_id INTEGER NOT NULL REFERENCES taxpayer (id),
    notification_id TEXT NOT NULL,
    type_id TEXT,
    language TEXT,
    status TEXT,
    channel TEXT,
    UNIQUE (taxpayer_id, notification_id)
);

-- One taxpayer's notifications newest first (the id follows each indexed column).
CREATE INDEX notification_taxpayer ON notification (taxpayer_id);

-- The notifications whose status may still change, for the sync.
CREATE INDEX notification_unsettled ON notification (taxpayer_id)
    WHERE status IN ('pending', 'batched');

-- The notification as received: the item's JSON, compressed (RawCodec), read only for the rows
-- of a page.
CREATE TABLE notification_raw (
    id INTEGER PRIMARY KEY REFERENCES notification (id),
    raw BLOB NOT NULL
);

-- How many notifications of each taxpayer have each combination of the filters' values: the total
-- of a query without dates or search is a sum of these, not a count of the notifications.
CREATE TABLE tally (
    taxpayer_id INTEGER NOT NULL REFERENCES taxpayer (id),
    service_id INTEGER NOT NULL REFERENCES service (id),
    type_id TEXT NOT NULL,
    language TEXT NOT NULL,
    status TEXT NOT NULL,
    channel TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (taxpayer_id, type_id, language, status, channel)
);

-- SQLite only: the full-text index by notification id, of the normalised words (SearchText):
-- each word as it is (words), and written backwards (backwards), so that a search finds the
-- words that begin or end with what was typed. Contentless: no copy of the text, only the index.
CREATE VIRTUAL TABLE notification_text USING fts5 (
    words,
    backwards,
    tokenize = 'unicode61 remove_diacritics 0',
    content = '',
    contentless_delete = 1,
    detail = column
);

-- SQLite only: marks the file as this app's archive ("ISHR"), so that another program's database
-- given as the archive is recognised and refused.
PRAGMA application_id = 1230194770;
