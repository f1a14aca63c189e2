package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Environment;
import app.ishaar.core.session.SessionState;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.OfficeKept;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.SyncTurn;
import app.ishaar.core.sync.TaxpayerResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The window's scheduled sync: every taxpayer of its list synced into the archive every few minutes
 * (the settings' interval, once the interval of the check for new notifications), one at a time
 * through the window's sessions and so within the client's login budget. What each sync brought is
 * told on the FX thread as an {@link Arrived}, per taxpayer of the list, so that one mechanism
 * feeds the title's count, the list's counts and the desktop's notification, instead of each
 * history asking the service how many notifications match its page.
 *
 * <p>Toolkit-free; used from the FX thread. The syncs run on the scheduler's own executor.
 */
final class WindowSync implements AutoCloseable {

    /**
     * What a taxpayer's sync ended with.
     *
     * @param taxpayer as listed (null: the ERP system's own)
     * @param result how its sync ended: {@link TaxpayerResult#added()} new notifications
     * @param next its next turn (null: only when asked)
     */
    record Arrived(Rin taxpayer, TaxpayerResult result, Instant next) {
        /** New notifications this sync archived. */
        int added() {
            return result.added();
        }
    }

    /** Makes the scheduler of a login (the app: a {@link SyncScheduler} on its own threads). */
    @FunctionalInterface
    interface Schedules {
        SyncScheduler make(
                SyncScheduler.Worker worker, Duration every, SyncScheduler.Listener listener);
    }

    /** Told on the FX thread as a taxpayer's sync begins and as its history is read. */
    interface Watcher {
        /**
         * @param taxpayer as listed (null: the ERP system's own); {@code at}: when it began
         */
        default void started(Rin taxpayer, Instant at) {}

        /**
         * @param taxpayer as the service names it (the ERP system's own too)
         */
        default void held(Rin taxpayer, long held, long total) {}
    }

    private final Archive archive;
    private final SyncOptions options;
    private final Executor fx;
    private final Schedules schedules;
    private final Consumer<Arrived> told;
    private volatile SyncScheduler scheduler; // also read by forgetting, off the FX thread
    private volatile TaxpayerSessions sessions;
    private boolean started;
    private volatile List<Rin> taxpayers = List.of();
    private int minutes;
    private Watcher watcher = new Watcher() {};

    /**
     * @param fx where {@code told} is called (the FX thread in the app)
     * @param told each taxpayer's sync as it ends
     */
    WindowSync(
            Archive archive,
            SyncOptions options,
            Executor fx,
            Schedules schedules,
            Consumer<Arrived> told) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.options = Objects.requireNonNull(options, "options");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.schedules = Objects.requireNonNull(schedules, "schedules");
        this.told = Objects.requireNonNull(told, "told");
    }

    /** Who is told as each sync begins and progresses (one; the last one set). */
    void watch(Watcher w) {
        watcher = w == null ? new Watcher() {} : w;
    }

    /**
     * A login opened the window: its taxpayers are synced through its sessions from now on, every
     * {@code everyMinutes} (0: only when asked). A scheduler of an earlier login is stopped.
     */
    void opened(
            TaxpayerSessions sessions,
            Environment environment,
            List<Rin> listed,
            int everyMinutes,
            boolean startNow) {
        close();
        this.sessions = sessions;
        taxpayers = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(listed));
        minutes = everyMinutes;
        SyncRunner.Listener progress =
                new SyncRunner.Listener() {
                    @Override
                    public void held(Rin rin, long held, long total) {
                        fx.execute(() -> watcher.held(rin, held, total));
                    }
                };
        ServiceKey service = ServiceKey.of(environment);
        // on a shared archive, what the office syncer keeps is left to it (OfficeKept)
        SyncScheduler.Worker worker =
                OfficeKept.of(
                        new SyncRunner(sessions, archive, service, options, progress),
                        archive,
                        service);
        scheduler =
                schedules.make(
                        worker,
                        interval(everyMinutes),
                        new SyncScheduler.Listener() {
                            @Override
                            public void started(Rin asked) {
                                Instant at = options.clock().instant();
                                fx.execute(() -> watcher.started(asked, at));
                            }

                            @Override
                            public void finished(Rin asked, TaxpayerResult r, Instant next) {
                                fx.execute(() -> told.accept(new Arrived(asked, r, next)));
                            }
                        });
        scheduler.taxpayers(synced(sessions, taxpayers));
        SyncScheduler mine = scheduler;
        if (sessions != null) {
            // a token may say later that the ERP client is an intermediary
            sessions.listen(
                    s -> {
                        if (s.phase() == SessionState.Phase.INTERMEDIARY && scheduler == mine) {
                            mine.taxpayers(synced(sessions, taxpayers));
                        }
                    });
        }
        started = false;
        if (startNow) {
            start();
        }
    }

    /**
     * Starts the syncs of the login opened last, every taxpayer due now (once; asking again changes
     * nothing).
     */
    void start() {
        if (scheduler != null && !started) {
            started = true;
            scheduler.start();
        }
    }

    /** The list changed: a taxpayer added is synced now, one removed no more. */
    void taxpayers(List<Rin> listed) {
        taxpayers = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(listed));
        if (scheduler != null) {
            scheduler.taxpayers(synced(sessions, taxpayers));
        }
    }

    /**
     * The taxpayers of the list that are synced: all but an intermediary's own entry, which is the
     * login itself (the service opens no history for it), never a taxpayer whose sync fails.
     */
    private static List<Rin> synced(TaxpayerSessions sessions, List<Rin> listed) {
        if (sessions == null
                || !listed.contains(null)
                || sessions.state(null).phase() != SessionState.Phase.INTERMEDIARY) {
            return listed;
        }
        List<Rin> out = new java.util.ArrayList<>(listed);
        out.remove(null);
        return out;
    }

    /**
     * Returns once no sync of the taxpayer runs: one removed from the list has its sync under way
     * interrupted, and nothing of it is stored after this.
     */
    void awaitEnded(Rin taxpayer) throws InterruptedException {
        SyncScheduler s = scheduler;
        if (s != null) {
            s.awaitEnded(taxpayer);
        }
    }

    /** The settings' interval changed (0: only when asked). */
    void every(int everyMinutes) {
        if (scheduler == null || everyMinutes == minutes) {
            return;
        }
        minutes = everyMinutes;
        scheduler.every(interval(everyMinutes));
    }

    /** Syncs this taxpayer before the others (within the login budget). */
    void syncNow(Rin taxpayer) {
        if (scheduler != null) {
            scheduler.syncNow(taxpayer); // first of all, if the syncs had not begun
            start(); // asked: waits for nothing else
        }
    }

    /** Syncs every taxpayer of the list that did not refuse. */
    void syncAll() {
        if (scheduler != null) {
            if (started) {
                scheduler.syncAll();
            } else {
                start(); // every taxpayer due now: all of them synced
            }
        }
    }

    /** The taxpayer's next turn; empty when no login is open or it is not listed. */
    Optional<SyncTurn> turn(Rin taxpayer) {
        return scheduler == null ? Optional.empty() : scheduler.turn(taxpayer);
    }

    /** Logged out or closed: the sync under way ends between two transactions, no other starts. */
    @Override
    public void close() {
        if (scheduler != null) {
            scheduler.stop();
            scheduler = null;
        }
    }

    /** The scheduler's interval: null (only when asked) for 0. */
    private static Duration interval(int everyMinutes) {
        return everyMinutes > 0 ? Duration.ofMinutes(everyMinutes) : null;
    }
}
