package app.ishaar.ui.taxpayers;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The FX thread's part in a view model's test: results are queued here and run on the test's own
 * thread, as the FX thread would run them, while the test waits for a condition.
 */
public final class Deliveries implements Executor {
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();

    @Override
    public void execute(Runnable command) {
        queue.add(command);
    }

    /** Runs what is delivered until {@code done} holds; fails when nothing comes for 30 s. */
    public void until(BooleanSupplier done) {
        while (!done.getAsBoolean()) {
            Runnable next;
            try {
                next = queue.poll(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            if (next == null) {
                throw new AssertionError("nothing delivered for 30 s and the condition is false");
            }
            next.run();
        }
    }

    /** Runs what is queued now, without waiting. */
    public void drain() {
        for (Runnable r = queue.poll(); r != null; r = queue.poll()) {
            r.run();
        }
    }
}
