package app.ishaar.ui.fx;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;

/**
 * Background work of which only the latest counts: a history page asked for, a taxpayer's login, a
 * re-login, an export. Beginning a run cancels the one before; a run's results are delivered on the
 * delivering executor (the FX thread; a direct one in tests) only while it is still the latest, and
 * what a superseded or cancelled run still brings (a session opened meanwhile, a secret read) is
 * handed to its clean-up instead, on the same executor.
 *
 * <p>Used from the delivering executor's thread only, as view models are. A run may await several
 * stages in turn (read the secret, then log in): each {@link Run#await} replaces the run's current
 * work, which {@link #cancel} cancels.
 */
public final class LatestTask {

    private final Executor deliver;
    private Run latest;

    /** {@code deliver}: where results are delivered, the FX thread's executor in the app. */
    public LatestTask(Executor deliver) {
        this.deliver = Objects.requireNonNull(deliver, "deliver");
    }

    /** One run of the work: the latest until another begins or it is cancelled. */
    public final class Run {
        private CompletableFuture<?> work;

        private Run() {}

        /** Whether no run began since this one and it was not cancelled. */
        public boolean isLatest() {
            return latest == this;
        }

        /**
         * Awaits {@code work}: when it completes, {@code onLatest} gets its result or failure while
         * this run is still the latest, else {@code onDropped} does (to close or wipe what it
         * brought).
         */
        public <T> void await(
                CompletableFuture<T> work,
                BiConsumer<? super T, ? super Throwable> onLatest,
                BiConsumer<? super T, ? super Throwable> onDropped) {
            this.work = work;
            work.whenCompleteAsync(
                    (result, failure) -> {
                        if (isLatest()) {
                            onLatest.accept(result, failure);
                        } else {
                            onDropped.accept(result, failure);
                        }
                    },
                    deliver);
        }

        /** Runs {@code r} on the delivering executor if this run is still the latest then. */
        public void deliver(Runnable r) {
            deliver.execute(
                    () -> {
                        if (isLatest()) {
                            r.run();
                        }
                    });
        }
    }

    /** Begins a run, cancelling the one before. */
    public Run begin() {
        cancel();
        latest = new Run();
        return latest;
    }

    /** Begins a run that awaits {@code work}; what a dropped run brings is left alone. */
    public <T> Run run(
            CompletableFuture<T> work, BiConsumer<? super T, ? super Throwable> onLatest) {
        return run(work, onLatest, (result, failure) -> {});
    }

    /** Begins a run that awaits {@code work} (see {@link Run#await}). */
    public <T> Run run(
            CompletableFuture<T> work,
            BiConsumer<? super T, ? super Throwable> onLatest,
            BiConsumer<? super T, ? super Throwable> onDropped) {
        Run r = begin();
        r.await(work, onLatest, onDropped);
        return r;
    }

    /**
     * Cancels the latest run: its work is cancelled, and whatever it still brings goes to its
     * clean-up.
     */
    public void cancel() {
        Run r = latest;
        latest = null;
        if (r != null && r.work != null && !r.work.isDone()) {
            r.work.cancel(true);
        }
    }

    /** Whether a run is the latest and its work has not completed. */
    public boolean isRunning() {
        return latest != null && latest.work != null && !latest.work.isDone();
    }
}
