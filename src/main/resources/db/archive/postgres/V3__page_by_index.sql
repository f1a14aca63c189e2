-- A page without a search is found in the index alone (an index-only scan: the taxpayer, the order
-- key and every filter's column, the service too), and only its 100 rows are then read from the
-- table: a filter that leaves few of a taxpayer's notifications no longer reads every one of them.
DROP INDEX notification_taxpayer;
CREATE INDEX notification_taxpayer ON notification (taxpayer_id, id)
    INCLUDE (service_id, type_id, language, status, channel);
