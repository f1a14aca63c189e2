package app.ishaar.core.archive;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import java.util.Objects;

/**
 * One notification as the archive keeps it: whose it is, the parsed form that filters, order and
 * search use, and the item exactly as the service sent it ({@code rawJson}: one element of the
 * page's {@code result} array, unknown members and values included), so that nothing the service
 * sent is lost.
 */
public record ArchivedNotification(Rin taxpayer, Notification notification, String rawJson) {

    public ArchivedNotification {
        Objects.requireNonNull(taxpayer, "taxpayer");
        Objects.requireNonNull(notification, "notification");
        Objects.requireNonNull(rawJson, "rawJson");
    }

    /**
     * A notification as the service sent it: {@code rawJson} is one element of a page's {@code
     * result} array, read as the archive reads it back ({@link RawItem}).
     */
    public static ArchivedNotification fromRaw(Rin taxpayer, String rawJson)
            throws java.io.IOException {
        return new ArchivedNotification(taxpayer, RawItem.parse(rawJson), rawJson);
    }

    public String notificationId() {
        return notification.notificationId();
    }
}
