-- Two first changes of the same notification at once: the one that inserts its handling second
-- waits for the first and follows it. Its conflict was caught on the (taxpayer, notification) key
-- only, while the row's own key (the notification's) can be the one that meets the other insert
-- first, which then failed the change ("duplicate key ... handling_pkey"): any unique key now.
CREATE OR REPLACE FUNCTION handling_change_apply() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path FROM CURRENT AS $$
DECLARE
    before bigint;
    found_key bigint;
BEGIN
    SELECT n.id INTO found_key FROM notification n
    WHERE n.taxpayer_id = NEW.taxpayer_id AND n.notification_id = NEW.notification_id;
    IF found_key IS NULL THEN
        RAISE EXCEPTION 'no notification % of that taxpayer', NEW.notification_id
            USING ERRCODE = 'no_data_found';
    END IF;
    SELECT h.last_change INTO before FROM handling h
    WHERE h.taxpayer_id = NEW.taxpayer_id AND h.notification_id = NEW.notification_id
    FOR UPDATE;
    IF before IS NULL THEN
        INSERT INTO handling AS h (nkey, taxpayer_id, notification_id, state, assigned_to,
                                   last_change)
        VALUES (found_key, NEW.taxpayer_id, NEW.notification_id,
                COALESCE(NEW.state, 'to-handle'), NULLIF(NEW.assigned_to, ''), NEW.id)
        ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
            -- another change made it first: wait for it and follow it
            SELECT h.last_change INTO before FROM handling h
            WHERE h.taxpayer_id = NEW.taxpayer_id AND h.notification_id = NEW.notification_id
            FOR UPDATE;
        END IF;
    END IF;
    IF before IS NOT NULL THEN
        UPDATE handling h SET state = COALESCE(NEW.state, h.state),
            assigned_to = CASE WHEN NEW.assigned_to IS NULL THEN h.assigned_to
                               ELSE NULLIF(NEW.assigned_to, '') END,
            last_change = NEW.id
        WHERE h.taxpayer_id = NEW.taxpayer_id AND h.notification_id = NEW.notification_id;
    END IF;
    NEW.after_change := COALESCE(before, 0);
    NEW.changed_ms := (extract(epoch FROM clock_timestamp()) * 1000)::bigint; -- the server's time
    PERFORM pg_notify('ishaar_handling', '');
    RETURN NEW;
END $$;
