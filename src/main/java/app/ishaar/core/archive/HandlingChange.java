package app.ishaar.core.archive;

import java.time.Instant;
import java.util.Objects;

/**
 * One change of a notification's handling, as its history keeps it for good: what it set (each part
 * null when it left that part as it was), its note, who made it and when. The changes of a
 * notification, applied in order, give its {@link Handling}.
 *
 * @param id the change's number, increasing in the order the archive recorded them
 * @param state the state it set, or null when it kept the state
 * @param assignedTo the person it assigned, {@code ""} when it took the assignment away, null when
 *     it kept it
 * @param note the note it added, or null
 * @param after the latest change before it, or 0 when it was the first
 */
public record HandlingChange(
        long id,
        Handling.State state,
        String assignedTo,
        String note,
        String by,
        Instant at,
        long after) {

    public HandlingChange {
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(at, "at");
    }
}
