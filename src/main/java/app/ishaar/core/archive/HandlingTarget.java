package app.ishaar.core.archive;

import app.ishaar.core.model.Rin;
import java.util.Objects;

/**
 * A notification a change is for, by its taxpayer (null: whichever of the service's taxpayers holds
 * that notification ID, when only one does) and notification ID, with the latest change its changer
 * saw ({@link Handling#lastChange}; {@link #NONE_SEEN} when they saw it unmarked, {@link
 * #UNCHECKED} when they did not look), so that a change made over a colleague's unseen one is told
 * so ({@link HandlingResult.Overtaken}).
 */
public record HandlingTarget(Rin taxpayer, String notificationId, long seen) {

    /** The changer saw the notification with no handling. */
    public static final long NONE_SEEN = 0;

    /** The changer did not look first (the command line): never told it was overtaken. */
    public static final long UNCHECKED = -1;

    public HandlingTarget {
        Objects.requireNonNull(notificationId, "notificationId");
    }

    /** A notification by ID, not looked at first. */
    public static HandlingTarget of(Rin taxpayer, String notificationId) {
        return new HandlingTarget(taxpayer, notificationId, UNCHECKED);
    }

    /** A notification as its changer saw it: its handling, or none. */
    public static HandlingTarget seen(ArchivedNotification n) {
        return new HandlingTarget(
                n.taxpayer(),
                n.notificationId(),
                n.handling() == null ? NONE_SEEN : n.handling().lastChange());
    }
}
