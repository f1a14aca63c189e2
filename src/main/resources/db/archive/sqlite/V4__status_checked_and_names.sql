-- When the service last sent each notification in the form archived (epoch milliseconds), so that
-- a status that may still change (pending, batched) says how old it is. Null for what was archived
-- before: unknown.
ALTER TABLE notification ADD COLUMN status_checked_ms BIGINT;

-- Each taxpayer's name, by RIN (the same taxpayer in every service), as the desktop's list or
-- 'ishaar archive name' last gave it: the service's answers name no taxpayer, and a list of
-- hundreds of RINs is unreadable.
CREATE TABLE taxpayer_name (
    rin TEXT PRIMARY KEY,
    name TEXT NOT NULL
);
