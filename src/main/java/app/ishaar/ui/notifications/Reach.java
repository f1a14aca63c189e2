package app.ishaar.ui.notifications;

import java.time.Instant;

/**
 * How far back the archive holds a taxpayer's history: the whole of it ({@code complete}), or,
 * while its first sync is still bringing older pages (newest first), back to {@code oldest} (null:
 * nothing has landed yet).
 */
public record Reach(boolean complete, Instant oldest) {

    /** The whole history is archived. */
    public static final Reach COMPLETE = new Reach(true, null);

    /**
     * Whether a filter starting at {@code from} asks for notifications older than the archive holds
     * yet (null: the filter names no start, and the "older ones are coming" says enough).
     */
    public boolean misses(Instant from) {
        return !complete && from != null && (oldest == null || from.isBefore(oldest));
    }
}
