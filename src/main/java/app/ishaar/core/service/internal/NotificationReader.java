package app.ishaar.core.service.internal;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import com.fasterxml.jackson.databind.JsonNode;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The tolerant reader of the notification history result: unknown members ignored, unknown
 * enumerated values kept raw, null arrays read as empty, {@code metadata} as an object or as a
 * one-element array, every .NET date-time form.
 */
public final class NotificationReader {
    private static final System.Logger LOG = System.getLogger(NotificationReader.class.getName());

    private NotificationReader() {}

    public static NotificationPage read(HttpResult r, int pageNo, Integer requestedPageSize) throws UnexpectedResponseException {
        JsonNode root = Bodies.readJson(r);
        if (!root.isObject()) {
            throw new UnexpectedResponseException(r.status(), BodyKind.MISSING_MEMBERS, "not an object", r.correlationId(), null);
        }
        JsonNode result = root.get("result");
        if (result == null) {
            throw new UnexpectedResponseException(r.status(), BodyKind.MISSING_MEMBERS, "no result", r.correlationId(), null);
        }
        List<Notification> items = new ArrayList<>();
        if (result.isArray()) {
            for (JsonNode n : result) {
                if (n != null && n.isObject()) {
                    items.add(notification(n));
                }
            }
        } else if (!result.isNull()) {
            throw new UnexpectedResponseException(r.status(), BodyKind.MISSING_MEMBERS, "result is not an array", r.correlationId(), null);
        }
        JsonNode meta = root.get("metadata");
        if (meta != null && meta.isArray()) {
            meta = meta.size() > 0 ? meta.get(0) : null;
        }
        int totalPages;
        long totalCount;
        if (meta != null && meta.isObject()) {
            totalCount = meta.path("totalCount").asLong(items.size());
            totalPages = meta.path("totalPages").asInt(items.isEmpty() ? 0 : 1);
        } else {
            // no metadata: all we know is this page
            totalCount = items.size();
            totalPages = items.isEmpty() ? 0 : 1;
        }
        int pageSize = requestedPageSize != null ? requestedPageSize : items.size();
        return new NotificationPage(items, Math.max(0, totalPages), Math.max(0, totalCount), pageNo, pageSize);
    }

    static Notification notification(JsonNode n) {
        List<DeliveryAttempt> attempts = new ArrayList<>();
        JsonNode a = n.get("deliveryAttempts");
        if (a != null && a.isArray()) {
            for (JsonNode x : a) {
                if (x != null && x.isObject()) {
                    attempts.add(new DeliveryAttempt(instant(x, "attemptDateTime"), Bodies.text(x, "status"), Bodies.text(x, "statusDetails")));
                }
            }
        }
        return new Notification(
                Bodies.text(n, "notificationId"),
                instant(n, "receivedDateTime"),
                instant(n, "deliveredDateTime"),
                Bodies.text(n, "typeId"),
                Bodies.text(n, "typeName"),
                Bodies.text(n, "finalMessage"),
                Bodies.text(n, "channel"),
                Bodies.text(n, "address"),
                Bodies.text(n, "language"),
                Bodies.text(n, "status"),
                attempts);
    }

    private static Instant instant(JsonNode n, String field) {
        String s = Bodies.text(n, field);
        try {
            return DotNetDateTimes.parse(s);
        } catch (DateTimeParseException e) {
            LOG.log(Level.DEBUG, "unreadable {0}, kept empty", field);
            return null;
        }
    }
}
