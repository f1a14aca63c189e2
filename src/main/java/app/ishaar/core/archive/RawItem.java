package app.ishaar.core.archive;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.service.http.DotNetDateTimes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an archived item (the service's JSON, as received) back into the model, as tolerantly as
 * the client reads a page: a member of the wrong kind or an unreadable date is taken as absent.
 */
public final class RawItem {
    private RawItem() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The notification in one item of a page's {@code result} array, as JSON text. */
    public static Notification parse(String raw) throws IOException {
        JsonNode o = JSON.readTree(raw);
        List<DeliveryAttempt> attempts = new ArrayList<>();
        JsonNode a = o.get("deliveryAttempts");
        if (a != null && a.isArray()) {
            for (JsonNode x : a) {
                if (x.isObject()) {
                    attempts.add(
                            new DeliveryAttempt(
                                    instant(x, "attemptDateTime"),
                                    text(x, "status"),
                                    text(x, "statusDetails")));
                }
            }
        }
        return new Notification(
                text(o, "notificationId"),
                instant(o, "receivedDateTime"),
                instant(o, "deliveredDateTime"),
                text(o, "typeId"),
                text(o, "typeName"),
                text(o, "finalMessage"),
                text(o, "channel"),
                text(o, "address"),
                text(o, "language"),
                text(o, "status"),
                attempts);
    }

    private static String text(JsonNode o, String member) {
        JsonNode v = o.get(member);
        return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
    }

    private static Instant instant(JsonNode o, String member) {
        String s = text(o, member);
        if (s == null) {
            return null;
        }
        try {
            return DotNetDateTimes.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
