package app.ishaar.core.archive;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationType;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which notifications need handling when they arrive (a setting): those of these types or with
 * these statuses, received after a start, are marked to handle as they are archived (also when a
 * status settles into one of them later), unless someone marked them already. Without a start, each
 * taxpayer's own first sync is the start, so that a first sync does not sweep years of old
 * notifications in.
 *
 * @param types the types' IDs ({@link NotificationType#id})
 * @param statuses the statuses, as the service writes them
 * @param since null: each taxpayer's first sync in this archive
 */
public record HandlingRule(Set<String> types, Set<String> statuses, Instant since) {

    /** A failed delivery, and a document rejected or cancelled: what a firm looks at each day. */
    public static final HandlingRule DEFAULT =
            new HandlingRule(
                    Set.of(
                            NotificationType.DOCUMENT_REJECTED.id(),
                            NotificationType.DOCUMENT_CANCELLED.id()),
                    Set.of("error"),
                    null);

    /** Nothing is marked on arrival. */
    public static final HandlingRule NONE = new HandlingRule(Set.of(), Set.of(), null);

    public HandlingRule {
        types = types == null ? Set.of() : norm(types);
        statuses = statuses == null ? Set.of() : norm(statuses);
    }

    private static Set<String> norm(Set<String> values) {
        return values.stream()
                .map(v -> v.strip().toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The same rule from another start. */
    public HandlingRule from(Instant start) {
        return new HandlingRule(types, statuses, start);
    }

    /**
     * Whether a notification needs handling on arrival, the taxpayer's start being {@code
     * firstSync} when the rule names none (none known: it does not).
     */
    public boolean needsHandling(Notification n, Instant firstSync) {
        Instant start = since != null ? since : firstSync;
        Instant received = n.receivedDateTime();
        if (received == null || start == null || !received.isAfter(start)) {
            return false;
        }
        return (n.typeId() != null && types.contains(n.typeId().toLowerCase(Locale.ROOT)))
                || (n.status() != null && statuses.contains(n.status().toLowerCase(Locale.ROOT)));
    }
}
