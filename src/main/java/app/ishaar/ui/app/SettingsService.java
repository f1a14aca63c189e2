package app.ishaar.ui.app;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The application's settings in memory, with debounced atomic saves on a background thread: a burst
 * of changes (column drags, filter edits) costs one write. Thread-safe; {@link #flush()} on exit.
 */
public final class SettingsService implements AutoCloseable {

    private static final System.Logger LOG = LazyLogger.of(SettingsService.class.getName());

    private final SettingsStore store;
    private final Duration debounce;
    private final ScheduledExecutorService writer;
    private final Optional<Path> setAside;
    private Settings current;
    private ScheduledFuture<?> pending;
    private final java.util.List<java.util.function.Consumer<Settings>> listeners =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    public SettingsService(SettingsStore store, Duration debounce) {
        this.store = store;
        this.debounce = debounce;
        SettingsStore.Loaded loaded = store.load();
        this.current = loaded.settings();
        this.setAside = loaded.setAside();
        this.writer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "ishaar-settings-writer");
                            t.setDaemon(true);
                            return t;
                        });
    }

    /** Where a corrupt settings file was set aside at start, if one was (the UI tells the user). */
    public Optional<Path> setAside() {
        return setAside;
    }

    private boolean setAsideTold;

    /** The set-aside file once, for the one notice the user gets about it. */
    public synchronized Optional<Path> takeSetAsideNotice() {
        if (setAsideTold) {
            return Optional.empty();
        }
        setAsideTold = true;
        return setAside;
    }

    /** The settings file (Help › About shows where it is). */
    public Path file() {
        return store.file();
    }

    public synchronized Settings get() {
        return current;
    }

    /**
     * Applies a change now (in memory) and schedules a save. After {@link #close()} (the app
     * quitting, while a window still settles its columns) the change stays in memory only.
     */
    public Settings update(UnaryOperator<Settings> change) {
        Settings now = change(change);
        for (java.util.function.Consumer<Settings> l : listeners) {
            l.accept(now);
        }
        return now;
    }

    /**
     * Tells {@code listener} of every change, with the settings after it, on the thread that made
     * it (the service client follows the proxy choice so).
     */
    public void addListener(java.util.function.Consumer<Settings> listener) {
        listeners.add(listener);
    }

    private synchronized Settings change(UnaryOperator<Settings> change) {
        current = change.apply(current);
        if (pending != null) {
            pending.cancel(false);
        }
        try {
            pending = writer.schedule(this::writeNow, debounce.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            pending = null;
        }
        return current;
    }

    private void writeNow() {
        Settings snapshot;
        synchronized (this) {
            snapshot = current;
            pending = null;
        }
        try {
            store.save(snapshot);
        } catch (IOException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "settings could not be saved: {0}",
                    e.getMessage());
        }
    }

    /** Writes any pending change now and waits for it (and for a write already under way). */
    public void flush() {
        ScheduledFuture<?> p;
        synchronized (this) {
            p = pending;
        }
        // cancelled: write now; running or done: the single writer thread runs this behind it
        Runnable task = p != null && p.cancel(false) ? this::writeNow : () -> {};
        try {
            writer.submit(task).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "settings could not be flushed: {0}",
                    e.toString());
        }
    }

    @Override
    public void close() {
        flush();
        writer.shutdown();
    }
}
