package app.ishaar.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;

/**
 * A notification in the sandbox's own model (independent of the client's model). Instants have 100
 * ns precision, as the service writes them.
 */
public record SandboxNotification(
        String notificationId,
        Instant receivedDateTime,
        Instant deliveredDateTime,
        String typeId,
        String typeName,
        String finalMessage,
        String channel,
        String address,
        String language,
        String status,
        List<SandboxAttempt> deliveryAttempts) {

    /**
     * Writes this notification into {@code o} exactly as the API sends it (spec 2.4): the spec's
     * field names, date-times as .NET writes UTC, a missing delivery time as {@code null}.
     *
     * @return {@code o}
     */
    public ObjectNode writeWire(ObjectNode o) {
        o.put("notificationId", notificationId);
        o.put("receivedDateTime", WireTime.format(receivedDateTime));
        if (deliveredDateTime != null) {
            o.put("deliveredDateTime", WireTime.format(deliveredDateTime));
        } else {
            o.putNull("deliveredDateTime");
        }
        o.put("typeId", typeId);
        o.put("typeName", typeName);
        o.put("finalMessage", finalMessage);
        o.put("channel", channel);
        o.put("address", address);
        o.put("language", language);
        o.put("status", status);
        ArrayNode attempts = o.putArray("deliveryAttempts");
        for (SandboxAttempt a : deliveryAttempts) {
            ObjectNode ao = attempts.addObject();
            ao.put("attemptDateTime", WireTime.format(a.attemptDateTime()));
            ao.put("status", a.status());
            ao.put("statusDetails", a.statusDetails());
        }
        return o;
    }
}
