package app.ishaar.ui.inbox;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.OfficeKept;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.inbox.TaxpayerSyncStatus.Phase;
import app.ishaar.ui.inbox.TaxpayerSyncStatus.Problem;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The sync as the taxpayer list shows it: per taxpayer when it last synced, syncing now, waiting
 * its turn in the login budget, or why not (no notification access, not delegated, login refused,
 * service unreachable, archive), with Sync now for one taxpayer or for all.
 *
 * <p>Syncs run one after the other through {@link SyncRunner} (one session per taxpayer from {@link
 * TaxpayerSessions}, paced by the login budget); taxpayers asked for while one runs wait for the
 * next. A taxpayer that refused is left out of Sync all (no login is spent on an answer already
 * given) until the user syncs it alone, which asks again. {@link #archiveChangesProperty()} counts
 * syncs that brought new or changed notifications, so that the inbox reads its page again.
 *
 * <p>Used from the delivering executor's thread (the FX thread; a queue in tests) only.
 */
public final class SyncViewModel {

    private final Archive archive;
    private final ServiceKey service;
    private final java.util.function.Supplier<TaxpayerSessions> sessions;
    private final LoginBudget budget;
    private final SyncOptions options;
    private final Executor background;
    private final LatestTask loads;
    private final LatestTask runs;

    private final ObjectProperty<List<InboxTaxpayer>> taxpayers =
            new SimpleObjectProperty<>(this, "taxpayers", List.of());
    private final ObservableMap<Rin, TaxpayerSyncStatus> statuses =
            FXCollections.observableMap(new LinkedHashMap<>());
    private final ObservableMap<Rin, TaxpayerSyncStatus> statusesView =
            FXCollections.unmodifiableObservableMap(statuses);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyLongWrapper archiveChanges =
            new ReadOnlyLongWrapper(this, "archiveChanges");
    private final ReadOnlyObjectWrapper<Instant> nextTurn =
            new ReadOnlyObjectWrapper<>(this, "nextTurn");

    /** Taxpayers asked for and not yet handed to a run, in order. */
    private final Map<Rin, InboxTaxpayer> pending = new LinkedHashMap<>();

    /** The run under way: its taxpayers, in order. */
    private List<InboxTaxpayer> batch = List.of();

    /**
     * @param budget the client's login budget, to say when a waiting taxpayer's turn comes; null
     *     when not known
     * @param background where syncs and the archive's reads run
     * @param deliver the FX thread's executor in the app
     */
    public SyncViewModel(
            Archive archive,
            ServiceKey service,
            TaxpayerSessions sessions,
            LoginBudget budget,
            SyncOptions options,
            Executor background,
            Executor deliver) {
        this(
                archive,
                service,
                constant(Objects.requireNonNull(sessions, "sessions")),
                budget,
                options,
                background,
                deliver);
    }

    /**
     * @param sessions the sessions of the window's login at the time of asking (a window logged out
     *     and in again has new ones)
     */
    public SyncViewModel(
            Archive archive,
            ServiceKey service,
            java.util.function.Supplier<TaxpayerSessions> sessions,
            LoginBudget budget,
            SyncOptions options,
            Executor background,
            Executor deliver) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.budget = budget;
        this.options = Objects.requireNonNull(options, "options");
        this.background = Objects.requireNonNull(background, "background");
        this.loads = new LatestTask(deliver);
        this.runs = new LatestTask(deliver);
        taxpayers.addListener((o, was, now) -> listChanged());
    }

    private static java.util.function.Supplier<TaxpayerSessions> constant(TaxpayerSessions s) {
        return () -> s;
    }

    /** The taxpayers of the list; the ERP's own marked {@link InboxTaxpayer#own()}. */
    public ObjectProperty<List<InboxTaxpayer>> taxpayersProperty() {
        return taxpayers;
    }

    /** Each listed taxpayer's status, in the list's order. */
    public ObservableMap<Rin, TaxpayerSyncStatus> statuses() {
        return statusesView;
    }

    public TaxpayerSyncStatus status(Rin taxpayer) {
        return statuses.get(taxpayer);
    }

    /** A sync is under way. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** Counts syncs that added or changed notifications in the archive. */
    public ReadOnlyLongProperty archiveChangesProperty() {
        return archiveChanges.getReadOnlyProperty();
    }

    /** When the next waiting taxpayer's turn is expected; null when none waits. */
    public ReadOnlyObjectProperty<Instant> nextTurnProperty() {
        return nextTurn.getReadOnlyProperty();
    }

    /** Reads when each taxpayer last synced from the archive, and the refusals remembered. */
    public void load() {
        loads.run(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return archive.summaries();
                            } catch (ArchiveException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background),
                (summaries, failure) -> {
                    if (failure != null) {
                        return; // the statuses stay as they are; the inbox reports the archive
                    }
                    Map<Rin, Instant> synced = new HashMap<>();
                    for (TaxpayerSummary s : summaries) {
                        if (s.service().equals(service) && s.lastSynced() != null) {
                            synced.put(s.taxpayer(), s.lastSynced());
                        }
                    }
                    for (InboxTaxpayer t : taxpayers.get()) {
                        TaxpayerSyncStatus s = statuses.get(t.rin());
                        if (s != null && s.phase() == Phase.IDLE && s.lastSynced() == null) {
                            TaxpayerSyncStatus known = remembered(t, synced.get(t.rin()));
                            statuses.put(t.rin(), known);
                        }
                    }
                });
    }

    /** Syncs one taxpayer now, asking again one that refused before. */
    public void syncNow(Rin taxpayer) {
        InboxTaxpayer t = listed(taxpayer);
        if (t == null || queued(taxpayer) || sessions.get() == null) {
            return;
        }
        if (sessions.get().refused(key(t))) {
            sessions.get().retry(key(t)); // forgets the refusal; the sync shares this login
        }
        queue(t);
        startNext();
    }

    /** Syncs every listed taxpayer that did not refuse. */
    public void syncAll() {
        if (sessions.get() == null) {
            return; // no login yet
        }
        for (InboxTaxpayer t : taxpayers.get()) {
            TaxpayerSyncStatus s = statuses.get(t.rin());
            if (!queued(t.rin())
                    && !(s != null && s.refused())
                    && !sessions.get().refused(key(t))) {
                queue(t);
            }
        }
        startNext();
    }

    /** Drops what runs deliver from now on (the window is closed); a sync under way ends alone. */
    public void dispose() {
        loads.cancel();
        runs.cancel();
        pending.clear();
    }

    // ---- the runs ----

    private void queue(InboxTaxpayer t) {
        pending.put(t.rin(), t);
        statuses.put(t.rin(), current(t).with(Phase.WAITING, null));
    }

    private boolean queued(Rin rin) {
        TaxpayerSyncStatus s = statuses.get(rin);
        return pending.containsKey(rin) || s != null && s.phase() != Phase.IDLE;
    }

    private void startNext() {
        if (running.get() || pending.isEmpty()) {
            updateTurns();
            return;
        }
        List<InboxTaxpayer> now = new ArrayList<>(pending.values());
        pending.clear();
        batch = now;
        running.set(true);
        LatestTask.Run run = runs.begin();
        SyncRunner.Listener listener =
                new SyncRunner.Listener() {
                    @Override
                    public void started(Rin asked) {
                        run.deliver(() -> onStarted(asked, now));
                    }

                    @Override
                    public void held(Rin rin, long held, long total) {
                        run.deliver(() -> onHeld(rin, held, total));
                    }

                    @Override
                    public void finished(TaxpayerResult result) {
                        run.deliver(() -> onFinished(result, now));
                    }
                };
        List<Rin> order = now.stream().map(SyncViewModel::key).toList();
        SyncRunner runner = new SyncRunner(sessions.get(), archive, service, options, listener);
        run.await(
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return runner.run(order);
                            } catch (ArchiveException e) {
                                throw new CompletionException(e);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                                throw new CompletionException(e);
                            }
                        },
                        background),
                (results, failure) -> runEnded(now, failure),
                (results, failure) -> {});
        updateTurns();
    }

    private void onStarted(Rin asked, List<InboxTaxpayer> run) {
        InboxTaxpayer t = asked == null ? own(run) : listed(asked);
        if (t != null && statuses.containsKey(t.rin())) {
            statuses.put(t.rin(), statuses.get(t.rin()).progress(0, 0));
        }
        updateTurns();
    }

    private void onHeld(Rin rin, long held, long total) {
        TaxpayerSyncStatus s = statuses.get(rin);
        if (s != null) {
            statuses.put(rin, s.progress(held, total));
        }
    }

    private void onFinished(TaxpayerResult r, List<InboxTaxpayer> run) {
        InboxTaxpayer t = r.taxpayer() == null ? own(run) : listed(r.taxpayer());
        if (t == null || !statuses.containsKey(t.rin())) {
            return;
        }
        TaxpayerSyncStatus s = statuses.get(t.rin());
        if (OfficeKept.kept(r)) {
            statuses.put(t.rin(), s.keptByOffice());
        } else if (r.outcome() == TaxpayerResult.Outcome.OK) {
            statuses.put(t.rin(), s.ended(options.clock().instant(), null, null, null));
        } else {
            statuses.put(t.rin(), s.ended(null, problemOf(r.error()), null, r.message()));
        }
        if (r.added() > 0 || r.updated() > 0) {
            archiveChanges.set(archiveChanges.get() + 1);
        }
        updateTurns();
    }

    private void runEnded(List<InboxTaxpayer> run, Throwable failure) {
        running.set(false);
        batch = List.of();
        if (failure != null) {
            Throwable cause =
                    failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause()
                            : failure;
            ArchiveException.Reason reason =
                    cause instanceof ArchiveException a ? a.reason() : null;
            for (InboxTaxpayer t : run) {
                TaxpayerSyncStatus s = statuses.get(t.rin());
                if (s != null && s.phase() != Phase.IDLE) {
                    statuses.put(
                            t.rin(),
                            s.ended(
                                    null,
                                    reason != null ? Problem.ARCHIVE : Problem.FAILED,
                                    reason,
                                    cause.getMessage()));
                }
            }
        }
        startNext();
    }

    /** Says when each waiting taxpayer's login is expected to start, in the order they wait. */
    private void updateTurns() {
        List<Rin> waiting = new ArrayList<>();
        for (InboxTaxpayer t : batch) {
            TaxpayerSyncStatus s = statuses.get(t.rin());
            if (s != null && s.phase() == Phase.WAITING) {
                waiting.add(t.rin());
            }
        }
        waiting.addAll(pending.keySet());
        List<Instant> turns =
                budget == null || waiting.isEmpty() || sessions.get() == null
                        ? List.of()
                        : budget.turns(sessions.get().clientId(), waiting.size());
        for (int i = 0; i < waiting.size(); i++) {
            TaxpayerSyncStatus s = statuses.get(waiting.get(i));
            Instant at = i < turns.size() ? turns.get(i) : null;
            if (s != null && !Objects.equals(s.turn(), at)) {
                statuses.put(waiting.get(i), s.with(Phase.WAITING, at));
            }
        }
        nextTurn.set(turns.isEmpty() ? null : turns.get(0));
    }

    // ---- the list ----

    private void listChanged() {
        List<InboxTaxpayer> now = taxpayers.get() == null ? List.of() : taxpayers.get();
        Map<Rin, TaxpayerSyncStatus> kept = new LinkedHashMap<>();
        for (InboxTaxpayer t : now) {
            TaxpayerSyncStatus s = statuses.get(t.rin());
            kept.put(t.rin(), s != null ? s : remembered(t, null));
        }
        pending.keySet().retainAll(kept.keySet());
        statuses.keySet().retainAll(kept.keySet());
        statuses.putAll(kept);
    }

    /** An idle status with the refusal the sessions remember for it, if any. */
    private TaxpayerSyncStatus remembered(InboxTaxpayer t, Instant lastSynced) {
        TaxpayerSyncStatus idle = TaxpayerSyncStatus.idle(t.rin(), lastSynced);
        TaxpayerSessions live = sessions.get();
        if (live == null) {
            return idle;
        }
        return live.refusal(key(t))
                .map(e -> idle.ended(null, problemOf(e), null, e.getMessage()))
                .orElse(idle);
    }

    private TaxpayerSyncStatus current(InboxTaxpayer t) {
        TaxpayerSyncStatus s = statuses.get(t.rin());
        return s != null ? s : TaxpayerSyncStatus.idle(t.rin(), null);
    }

    private InboxTaxpayer listed(Rin rin) {
        for (InboxTaxpayer t : taxpayers.get()) {
            if (t.rin().equals(rin)) {
                return t;
            }
        }
        return null;
    }

    private static InboxTaxpayer own(List<InboxTaxpayer> run) {
        return run.stream().filter(InboxTaxpayer::own).findFirst().orElse(null);
    }

    /** How the sessions know a taxpayer: null for the ERP's own, which logs in as itself. */
    private static Rin key(InboxTaxpayer t) {
        return t.own() ? null : t.rin();
    }

    /** Why a taxpayer's sync did not go through, from what it met. */
    static Problem problemOf(Throwable e) {
        Throwable cause =
                e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof NotPermittedException) {
            return Problem.NO_ACCESS;
        }
        if (cause instanceof LoginRejectedException r) {
            return r.reason() == LoginRejectedException.Reason.NOT_DELEGATED
                    ? Problem.NOT_DELEGATED
                    : Problem.LOGIN_REFUSED;
        }
        if (cause instanceof NetworkException || cause instanceof ServiceUnavailableException) {
            return Problem.UNREACHABLE;
        }
        if (cause instanceof ArchiveException) {
            return Problem.ARCHIVE;
        }
        return Problem.FAILED;
    }
}
