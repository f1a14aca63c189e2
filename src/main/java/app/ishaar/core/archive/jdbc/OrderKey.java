package app.ishaar.core.archive.jdbc;

import java.time.Instant;

/**
 * A notification's key in the archive, which is also its place in the newest-first order: the
 * received time in microseconds since 1970 times {@link #SLOTS}, plus a slot that tells apart
 * notifications received in the same microsecond. A date range is then a range of keys, and the
 * full-text index, keyed the same way, yields its matches newest first without sorting them. The
 * shared archive on PostgreSQL keys its notifications the same way.
 */
public final class OrderKey {
    private OrderKey() {}

    public static final int SLOTS = 2048;

    /** The latest time a key can hold (about the year 2112). */
    private static final long MAX_MICROS = Long.MAX_VALUE / SLOTS - 1;

    public static long micros(Instant t) {
        if (t == null || t.getEpochSecond() < 0) {
            return 0; // a notification without a time (or before 1970) sorts as the oldest
        }
        long s = t.getEpochSecond();
        if (s > MAX_MICROS / 1_000_000) {
            return MAX_MICROS;
        }
        return Math.min(MAX_MICROS, s * 1_000_000 + t.getNano() / 1_000);
    }

    /** The smallest key at or after {@code t}. */
    public static long first(Instant t) {
        return micros(t) * SLOTS;
    }

    /** The largest key at or before {@code t}. */
    public static long last(Instant t) {
        return micros(t) * SLOTS + SLOTS - 1;
    }

    /** The slot a notification ID tries first. */
    public static int slot(String notificationId) {
        return notificationId == null ? 0 : Math.floorMod(notificationId.hashCode(), SLOTS);
    }

    public static long key(long micros, int slot) {
        return micros * SLOTS + Math.floorMod(slot, SLOTS);
    }

    public static long microsOf(long key) {
        return key / SLOTS;
    }

    public static Instant instantOf(long key) {
        long micros = microsOf(key);
        return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1_000);
    }
}
