package app.ishaar.core.model;

import java.util.List;

/**
 * One page of the notification history (spec 2.3, 2.6).
 *
 * @param result the notifications of this page, in the service's order (newest first); never null
 * @param totalPages {@code metadata.totalPages}
 * @param totalCount {@code metadata.totalCount}: every matching notification, not only this page's
 * @param pageNo the page that was asked for (1-based)
 * @param pageSize the page size that was asked for, or the service's default when none was sent
 *     (then the size of {@code result}, or 0)
 * @param rawItems each notification of {@code result} as the service sent it (its JSON object's
 *     text, unknown members included), in the same order; empty unless asked for (the archive keeps
 *     it)
 */
public record NotificationPage(
        List<Notification> result,
        int totalPages,
        long totalCount,
        int pageNo,
        int pageSize,
        List<String> rawItems) {
    public NotificationPage {
        result = result == null ? List.of() : List.copyOf(result);
        rawItems = rawItems == null ? List.of() : List.copyOf(rawItems);
    }

    /** A page without the items' JSON text. */
    public NotificationPage(
            List<Notification> result, int totalPages, long totalCount, int pageNo, int pageSize) {
        this(result, totalPages, totalCount, pageNo, pageSize, List.of());
    }
}
