package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.SyncTimer;
import app.ishaar.core.sync.SyncTurn;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.ui.login.LoginViewModel.LoginResult;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The main window's sync ({@link WindowSync}): from each login to its logout the window's taxpayers
 * are synced into the archive on the window's sessions, at the settings' interval; what each sync
 * brought is counted by the taxpayer's history as arrived, which the title, the taxpayer list and
 * the desktop's notification say. A sync that began before the history's page came brought nothing
 * that page lacks, and is not counted.
 *
 * <p>It is the schedule the taxpayer list's Sync now and Sync all ask ({@link SyncViewModel}), so
 * that one mechanism syncs, never one taxpayer twice at once.
 *
 * <p>The app's syncs run on two threads of this login (one syncs, one wakes it for the next turn),
 * ended at its logout. Used from the FX thread.
 */
final class MainWindowSync implements SyncViewModel.Schedule, AutoCloseable {

    private final ObservableList<TaxpayerEntry> entries;
    private final Clock clock;
    private final WindowSync sync;
    private final WindowSync.Schedules schedules;
    private final Map<Rin, Instant> startedAt = new HashMap<>();

    /** The taxpayers synced since the login (null: the ERP's own). */
    private final java.util.Set<Rin> syncedOnce = new java.util.HashSet<>();

    /** The taxpayer list's statuses, told of each taxpayer's sync on the FX thread. */
    private final SyncViewModel list;

    /** Each taxpayer's last sync that failed (the ERP's own under null), until one succeeds. */
    private final java.util.Map<Rin, TaxpayerResult> failed = new java.util.HashMap<>();

    private ExecutorService runs;
    private ScheduledExecutorService timer;
    private TaxpayerSessions sessions;
    private FirstPageFirst firstPage;

    /**
     * @param list the taxpayer list's sync, which asks this one and is told of each taxpayer's
     * @param schedules makes a login's scheduler; null: the app's, on threads of its own
     */
    MainWindowSync(
            Archive archive,
            Clock clock,
            Executor fx,
            ObservableList<TaxpayerEntry> entries,
            SyncViewModel list,
            WindowSync.Schedules schedules) {
        this.entries = Objects.requireNonNull(entries, "entries");
        this.list = Objects.requireNonNull(list, "list");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.schedules = schedules;
        if (archive == null) {
            this.sync = null; // nothing to sync into
            return;
        }
        this.sync =
                new WindowSync(
                        archive,
                        SyncOptions.desktop().withClock(clock),
                        fx,
                        this::schedule,
                        this::told);
        sync.watch(
                new WindowSync.Watcher() {
                    @Override
                    public void started(Rin taxpayer, Instant at) {
                        startedAt.put(taxpayer, at);
                        list.started(taxpayer);
                    }

                    @Override
                    public void held(Rin taxpayer, long held, long total) {
                        // a first sync's pages show as they land
                        TaxpayerEntry e = entry(taxpayer);
                        if (e != null) {
                            e.madeHistory().ifPresent(HistoryViewModel::landed);
                        }
                        list.held(taxpayer, held, total);
                    }
                });
        entries.addListener((ListChangeListener<TaxpayerEntry>) c -> sync.taxpayers(keys()));
    }

    /** The window's sync: Sync now, Sync all and each taxpayer's turn; null without an archive. */
    WindowSync sync() {
        return sync;
    }

    /**
     * A login opened the window: its taxpayers synced from now on on its {@code sessions}, every
     * {@code minutes}, once the {@code shown} taxpayer's first page has come (see {@link
     * FirstPageFirst}); an offline login syncs nothing until the service answers and the window
     * goes online with a login of its own.
     */
    void opened(
            LoginResult login,
            TaxpayerSessions sessions,
            int minutes,
            ObservableValue<TaxpayerEntry> shown) {
        if (login.offline()) {
            close();
            return;
        }
        if (sync == null) {
            return;
        }
        startedAt.clear();
        syncedOnce.clear();
        this.sessions = sessions;
        sync.opened(sessions, login.environment(), keys(), minutes, false);
        if (firstPage != null) {
            firstPage.forget();
        }
        firstPage = new FirstPageFirst(shown, sync::start);
    }

    /** The settings' interval, as each tick reads it (0: only when asked). */
    void every(int minutes) {
        if (sync != null) {
            sync.every(minutes);
        }
    }

    @Override
    public void syncNow(Rin key) {
        if (sync != null) {
            sync.syncNow(key);
        }
    }

    @Override
    public void syncAll() {
        if (sync != null) {
            sync.syncAll();
        }
    }

    @Override
    public Optional<SyncTurn> turn(Rin key) {
        return sync == null ? Optional.empty() : sync.turn(key);
    }

    @Override
    public String clientId() {
        return sessions == null ? null : sessions.clientId();
    }

    @Override
    public Optional<? extends ServiceException> refusal(Rin key) {
        return sessions == null ? Optional.empty() : sessions.refusal(key);
    }

    /** Logged out or closed: the sync under way ends, and its threads with it. */
    @Override
    public void close() {
        if (firstPage != null) {
            firstPage.forget();
            firstPage = null;
        }
        if (sync != null) {
            sync.close();
            list.stopped();
        }
        if (runs != null) {
            runs.shutdownNow();
            timer.shutdownNow();
            runs = null;
            timer = null;
        }
    }

    /** The sessions' keys of the list: the ERP's own as null, then each represented taxpayer. */
    private List<Rin> keys() {
        List<Rin> out = new ArrayList<>();
        for (TaxpayerEntry e : entries) {
            if (e.isOwn()) {
                out.add(0, null);
            } else if (e.rin() != null && Rin.isValid(e.rin())) {
                out.add(Rin.of(e.rin()));
            }
        }
        return out;
    }

    private SyncScheduler schedule(
            SyncScheduler.Worker worker, java.time.Duration every, SyncScheduler.Listener l) {
        if (schedules != null) {
            return schedules.make(worker, every, l);
        }
        close(); // the threads of an earlier login
        runs = Executors.newSingleThreadExecutor(daemon("ishaar-sync"));
        timer = Executors.newSingleThreadScheduledExecutor(daemon("ishaar-sync-timer"));
        return new SyncScheduler(worker, every, null, clock, SyncTimer.of(timer), runs, l);
    }

    private static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * A taxpayer's sync ended: its history counts what it brought since its page came. Not what its
     * first sync of the login brought: that one brings the archive up to the service, which the
     * page already read (what it added is mostly the page's own, not news).
     */
    private void told(WindowSync.Arrived a) {
        Instant started = startedAt.remove(a.taxpayer());
        boolean first = syncedOnce.add(a.taxpayer());
        TaxpayerEntry e = entry(a.taxpayer());
        if (e != null && started != null) {
            e.madeHistory().ifPresent(h -> h.synced(a.added(), first ? null : started));
        }
        if (a.result().outcome() == TaxpayerResult.Outcome.OK) {
            failed.remove(a.taxpayer());
        } else {
            failed.put(a.taxpayer(), a.result());
        }
        if (e != null && a.result().outcome() != TaxpayerResult.Outcome.OK) {
            // the screen reads the archive: why it lacks this taxpayer's is the sync's to say
            e.madeHistory()
                    .ifPresent(
                            h ->
                                    h.syncFailed(
                                            a.result().error(),
                                            a.result().outcome()
                                                    == TaxpayerResult.Outcome.REFUSED));
        }
        list.finished(a.taxpayer(), a.result(), a.next());
    }

    /**
     * Tells a taxpayer's screen, made after its last sync failed, why: what it reads is the
     * archive, and what is missing from it is the sync's to explain.
     */
    void tellFailure(TaxpayerEntry e, HistoryViewModel h) {
        Rin key =
                e.isOwn() ? null : e.rin() != null && Rin.isValid(e.rin()) ? Rin.of(e.rin()) : null;
        if (!e.isOwn() && key == null) {
            return;
        }
        TaxpayerResult r = failed.get(key);
        if (r != null) {
            h.syncFailed(r.error(), r.outcome() == TaxpayerResult.Outcome.REFUSED);
        }
    }

    private TaxpayerEntry entry(Rin key) {
        for (TaxpayerEntry e : entries) {
            if (key == null ? e.isOwn() : !e.isOwn() && key.value().equals(e.rin())) {
                return e;
            }
        }
        return null;
    }
}
