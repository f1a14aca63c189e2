-- One taxpayer's notifications newest first, now with the filters' columns in the index itself, so
-- that a query of some taxpayers with filters (the rejections of 50 taxpayers in the last 90 days)
-- counts and finds its notifications in the index alone, without reading each row. Replaces V1's
-- index of taxpayer_id alone (same order: the taxpayer, then the order key).
DROP INDEX notification_taxpayer;
CREATE INDEX notification_taxpayer ON notification (taxpayer_id, id, type_id, language, status, channel);
