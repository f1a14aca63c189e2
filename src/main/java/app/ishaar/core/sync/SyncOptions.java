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
