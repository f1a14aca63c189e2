package app.ishaar.core.export;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The columns of an export: the API's field names, then the delivery attempts summarised (their
 * count and the last attempt's time, status and details). Values are the raw values received.
 */
public final class ExportColumns {
    private ExportColumns() {}

    public static final List<String> HEADERS =
            Collections.unmodifiableList(
                    Arrays.asList(
                            "notificationId",
                            "receivedDateTime",
                            "deliveredDateTime",
                            "typeId",
                            "typeName",
                            "channel",
                            "address",
                            "language",
                            "status",
                            "finalMessage",
                            "attemptCount",
                            "lastAttemptDateTime",
                            "lastAttemptStatus",
                            "lastAttemptDetails"));

    /** Index of the date-time columns (for formats that type them). */
    public static final List<Integer> DATE_COLUMNS = List.of(1, 2, 11);

    /**
     * The attempt with the latest time (the last one listed when times are missing or equal), or
     * null.
     */
    public static DeliveryAttempt lastAttempt(Notification n) {
        DeliveryAttempt last = null;
        for (DeliveryAttempt a : n.deliveryAttempts()) {
            if (last == null
                    || a.attemptDateTime() == null
                    || last.attemptDateTime() == null
                    || !a.attemptDateTime().isBefore(last.attemptDateTime())) {
                last = a;
            }
        }
        return last;
    }

    /** One row: strings, an Integer for the count, and Instants (or null) in the date columns. */
    public static Object[] row(Notification n) {
        DeliveryAttempt last = lastAttempt(n);
        return new Object[] {
            n.notificationId(),
            n.receivedDateTime(),
            n.deliveredDateTime(),
            n.typeId(),
            n.typeName(),
            n.channel(),
            n.address(),
            n.language(),
            n.status(),
            n.finalMessage(),
            n.deliveryAttempts().size(),
            last == null ? null : last.attemptDateTime(),
            last == null ? null : last.status(),
            last == null ? null : last.statusDetails()
        };
    }

    static boolean isInstant(Object o) {
        return o instanceof Instant;
    }
}
