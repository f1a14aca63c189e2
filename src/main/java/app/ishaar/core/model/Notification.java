package app.ishaar.core.model;

import java.time.Instant;
import java.util.List;

/**
 * One notification as the service sent it (spec 2.4).
 *
 * <p>Enumerated values ({@code typeId}, {@code channel}, {@code language}, {@code status}) are kept
 * as the raw strings the service sent, so a value this client has never seen survives untouched;
 * use {@link NotificationType#fromId}, {@link Channel#fromWire}, {@link Language#fromWire} and
 * {@link Status#fromWire} to interpret them. Date-times are normalised to UTC instants.
 *
 * @param deliveredDateTime null when the service sent none
 * @param finalMessage null when the service sent none
 * @param deliveryAttempts never null (a null array is read as empty)
 */
public record Notification(
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
        List<DeliveryAttempt> deliveryAttempts) {

    public Notification {
        deliveryAttempts = deliveryAttempts == null ? List.of() : List.copyOf(deliveryAttempts);
    }
}
