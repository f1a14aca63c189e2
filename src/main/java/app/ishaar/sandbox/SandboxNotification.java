package app.ishaar.sandbox;

import java.time.Instant;
import java.util.List;

/**
 * A notification in the sandbox's own model (independent of the client's model). Instants have
 * 100 ns precision, as the service writes them.
 */
public record SandboxNotification(String notificationId, Instant receivedDateTime, Instant deliveredDateTime,
        String typeId, String typeName, String finalMessage, String channel, String address, String language,
        String status, List<SandboxAttempt> deliveryAttempts) {}
