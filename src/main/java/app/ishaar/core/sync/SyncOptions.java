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
 * @param clock for the window and "last synced"
 */
public record SyncOptions(int pageSize, int concurrency, Duration settleWindow, Clock clock) {

    public SyncOptions {
        if (pageSize < 1 || concurrency < 1) {
            throw new IllegalArgumentException("page size and concurrency start at 1");
        }
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
        return new SyncOptions(pageSize, n, settleWindow, clock);
    }

    public SyncOptions withPageSize(int n) {
        return new SyncOptions(n, concurrency, settleWindow, clock);
    }

    public SyncOptions withClock(Clock c) {
        return new SyncOptions(pageSize, concurrency, settleWindow, c);
    }

    public SyncOptions withSettleWindow(Duration d) {
        return new SyncOptions(pageSize, concurrency, d, clock);
    }
}
