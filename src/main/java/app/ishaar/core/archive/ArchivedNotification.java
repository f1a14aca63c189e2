package app.ishaar.core.archive;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import java.time.Instant;
import java.util.Objects;

/**
 * One notification as the archive keeps it: whose it is, the parsed form that filters, order and
 * search use, and the item exactly as the service sent it ({@code rawJson}: one element of the
 * page's {@code result} array, unknown members and values included), so that nothing the service
 * sent is lost.
 *
 * @param prepared the archive's own form of it made ahead of a store ({@link Archive#prepare}), or
 *     null; not part of the notification's identity
 * @param statusCheckedAt when the service last sent it in this form, so that a status that may
 *     still change says how old it is: set by the sync when it reads the notification (also when it
 *     finds it unchanged), read back from the archive; null when unknown (archived before the
 *     archive kept it). Not part of the notification's identity
 * @param handling who is dealing with it, as the archive read it with the notification; null when
 *     no one has marked it (or it was not read). Not part of the notification's identity
 */
public record ArchivedNotification(
        Rin taxpayer,
        Notification notification,
        String rawJson,
        Prepared prepared,
        Instant statusCheckedAt,
        Handling handling) {

    /**
     * What an archive makes of a notification before storing it that needs no database (the item
     * compressed, the indexed words): opaque to all but the archive that made it.
     */
    public interface Prepared {}

    public ArchivedNotification {
        Objects.requireNonNull(taxpayer, "taxpayer");
        Objects.requireNonNull(notification, "notification");
        Objects.requireNonNull(rawJson, "rawJson");
    }

    public ArchivedNotification(Rin taxpayer, Notification notification, String rawJson) {
        this(taxpayer, notification, rawJson, null, null, null);
    }

    /**
     * A notification as the service sent it: {@code rawJson} is one element of a page's {@code
     * result} array, read as the archive reads it back ({@link RawItem}).
     */
    public static ArchivedNotification fromRaw(Rin taxpayer, String rawJson)
            throws java.io.IOException {
        return new ArchivedNotification(taxpayer, RawItem.parse(rawJson), rawJson);
    }

    /** The same notification with an archive's form of it made ahead. */
    public ArchivedNotification withPrepared(Prepared form) {
        return new ArchivedNotification(
                taxpayer, notification, rawJson, form, statusCheckedAt, handling);
    }

    /** The same notification, its status as the service sent it at {@code at}. */
    public ArchivedNotification checkedAt(Instant at) {
        return new ArchivedNotification(taxpayer, notification, rawJson, prepared, at, handling);
    }

    /** The same notification with its handling as the archive holds it (null: none). */
    public ArchivedNotification withHandling(Handling h) {
        return new ArchivedNotification(
                taxpayer, notification, rawJson, prepared, statusCheckedAt, h);
    }

    public String notificationId() {
        return notification.notificationId();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ArchivedNotification a
                && taxpayer.equals(a.taxpayer)
                && notification.equals(a.notification)
                && rawJson.equals(a.rawJson);
    }

    @Override
    public int hashCode() {
        return Objects.hash(taxpayer, notification, rawJson);
    }
}
