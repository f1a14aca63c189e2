package app.ishaar.ui.notifications;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;

/**
 * Tells the window's notification screens that someone, on any computer, changed who is dealing
 * with a notification of the archive ({@link Archive#onHandlingChanged}), so that each reads its
 * page again. One subscription to the archive for all of a window's screens, made when the first
 * one listens: on a shared archive each subscription holds a database connection of its own, and a
 * window keeps a screen for every taxpayer it showed.
 */
public final class HandlingNews implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(HandlingNews.class.getName());

    private final Archive archive;
    private final Executor background;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** Told of the window's own changes too, which a file archive does not tell of. */
    private final List<Runnable> ownToo = new CopyOnWriteArrayList<>();

    private AutoCloseable subscription;
    private boolean asked;

    /** Counts the closings: a subscription made after one is let go at once. */
    private int closings;

    /** {@code background}: where the subscription is made (the archive may be opened by it). */
    public HandlingNews(Archive archive, Executor background) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.background = Objects.requireNonNull(background, "background");
    }

    /**
     * Calls {@code heard} (on the archive's thread) after each change, until the returned handle is
     * closed.
     */
    AutoCloseable listen(Runnable heard) {
        listeners.add(heard);
        subscribe();
        return () -> listeners.remove(heard);
    }

    /**
     * Calls {@code changed} (on a background thread) after each change anyone makes, as {@link
     * #listen} does, and after each change this window records itself ({@link #recorded}): for what
     * counts the notifications to handle, which a file archive would not tell of its own.
     */
    public AutoCloseable listenToAll(Runnable changed) {
        ownToo.add(changed);
        AutoCloseable heard = listen(changed);
        return () -> {
            ownToo.remove(changed);
            heard.close();
        };
    }

    /** This window recorded a change of handling. */
    void recorded() {
        ownToo.forEach(Runnable::run);
    }

    private synchronized void subscribe() {
        if (asked) {
            return;
        }
        asked = true;
        int made = closings;
        background.execute(
                () -> {
                    AutoCloseable s;
                    try {
                        s = archive.onHandlingChanged(() -> listeners.forEach(Runnable::run));
                    } catch (ArchiveException | RuntimeException e) {
                        // the next screen that listens asks again; meanwhile F5 shows the changes
                        LOG.log(Level.DEBUG, "colleagues' changes not heard: {0}", e.toString());
                        synchronized (this) {
                            if (made == closings) {
                                asked = false;
                            }
                        }
                        return;
                    }
                    boolean late;
                    synchronized (this) {
                        late = made != closings;
                        if (!late) {
                            subscription = s;
                        }
                    }
                    if (late) {
                        closeQuietly(s);
                    }
                });
    }

    /**
     * Stops listening (the window's login ended: its screens stopped listening too); a screen that
     * listens again (the window opened again for the next login) subscribes anew.
     */
    @Override
    public void close() {
        AutoCloseable s;
        synchronized (this) {
            closings++;
            asked = false;
            s = subscription;
            subscription = null;
        }
        closeQuietly(s);
    }

    private static void closeQuietly(AutoCloseable s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (Exception e) {
            LOG.log(Level.DEBUG, "listening for changes not closed: {0}", e.toString());
        }
    }
}
