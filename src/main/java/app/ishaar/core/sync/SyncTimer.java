package app.ishaar.core.sync;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task after a delay and returns what cancels it: the {@link SyncScheduler}'s wake-up for
 * the next turn. The app's runs on a {@link ScheduledExecutorService}; a test's fires when the test
 * moves its clock.
 */
@FunctionalInterface
public interface SyncTimer {
    Runnable schedule(Runnable task, Duration delay);

    static SyncTimer of(ScheduledExecutorService s) {
        return (task, delay) -> {
            ScheduledFuture<?> f =
                    s.schedule(task, Math.max(0, delay.toMillis()), TimeUnit.MILLISECONDS);
            return () -> f.cancel(false);
        };
    }
}
