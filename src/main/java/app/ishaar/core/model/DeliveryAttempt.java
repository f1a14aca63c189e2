package app.ishaar.core.model;

import java.time.Instant;

/**
 * One delivery attempt of a notification or of its batch (spec 2.5). {@code status} is the raw
 * value.
 */
public record DeliveryAttempt(Instant attemptDateTime, String status, String statusDetails) {}
