package app.ishaar.core.sync;

import java.time.Clock;
import java.time.Duration;

/**
 * How a sync reads.
 *
 * @param pageSize notifications asked for per page (the service allows at most 100)
 * @param concurrency pages in flight at once while the history is read
 * @param settleWindow how long after it was sent a pending or batched notification is read again to
 *     take its settled status: every sync reads the history from the newest down to the oldest such
 *     notification within this window
 * @param recheckEvery after the settle window, how long a pending or batched notification's status
 *     stands as last confirmed before a sync asks the service for it again (by its date)
 * @param recheckFor how long after it was sent a pending or batched notification is asked for at
 *     all; older, its status stands as last confirmed, and says when that was
 * @param clock for the windows, "last synced" and when a status was confirmed
 */
public record SyncOptions(
        int pageSize,
        int concurrency,
        Duration settleWindow,
        Duration recheckEvery,
        Duration recheckFor,
        Clock clock) {

    public SyncOptions {
        if (pageSize < 1 || concurrency < 1) {
            throw new IllegalArgumentException("page size and concurrency start at 1");
        }
    }

    /** With the default cadence after the settle window: daily, for 14 days (docs/sync.md). */
    public SyncOptions(int pageSize, int concurrency, Duration settleWindow, Clock clock) {
        this(pageSize, concurrency, settleWindow, Duration.ofDays(1), Duration.ofDays(14), clock);
    }

    public static SyncOptions defaults() {
        return new SyncOptions(100, 4, Duration.ofHours(24), Clock.systemUTC());
    }

    /**
     * The desktop app's: one page in flight. Its sync runs beside a window that a user pages and
     * searches; with four pages in flight the reading, the stored forms and the archive's writes
     * take both cores of a small machine while a large history is read, and the window's frames
     * wait (measured in the bench suite's {@code sync_max_fx_stall_ms}, see docs/performance.md). A
     * first sync of a large history takes longer; a sync that brings new notifications reads one or
     * two pages either way.
     */
    public static SyncOptions desktop() {
        return defaults().withConcurrency(1);
    }

    public SyncOptions withConcurrency(int n) {
        return new SyncOptions(pageSize, n, settleWindow, recheckEvery, recheckFor, clock);
    }

    public SyncOptions withPageSize(int n) {
        return new SyncOptions(n, concurrency, settleWindow, recheckEvery, recheckFor, clock);
    }

    public SyncOptions withClock(Clock c) {
        return new SyncOptions(pageSize, concurrency, settleWindow, recheckEvery, recheckFor, c);
    }

    public SyncOptions withSettleWindow(Duration d) {
        return new SyncOptions(pageSize, concurrency, d, recheckEvery, recheckFor, clock);
    }
}
