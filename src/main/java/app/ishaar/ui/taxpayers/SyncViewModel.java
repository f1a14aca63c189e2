package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.sync.OfficeKept;
import app.ishaar.core.sync.SyncTurn;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.taxpayers.TaxpayerSyncStatus.Phase;
import app.ishaar.ui.taxpayers.TaxpayerSyncStatus.Problem;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableMap;

/**
 * The sync as the taxpayer list shows it: per taxpayer when it last synced, syncing now, waiting
 * its turn in the login budget, when its next sync is due, or why not (no notification access, not
 * delegated, login refused, service unreachable, archive), with Sync now for one taxpayer or for
 * all.
 *
 * <p>It asks and follows one {@link Schedule}: in the main window the window's own sync (a {@code
 * SyncScheduler} on the window's sessions, which syncs every taxpayer at the settings' interval),
 * so that Sync now and Sync all never sync a taxpayer twice at once; it is told of each sync as it
 * begins, progresses and ends ({@link #started}, {@link #held}, {@link #finished}). A taxpayer that
 * refused is left out of Sync all (no login is spent on an answer already given) until the user
 * syncs it alone, which asks again. {@link #archiveChangesProperty()} counts syncs that brought new
 * or changed notifications, so that the notification screen reads its page again.
 *
 * <p>Used from the delivering executor's thread (the FX thread; a queue in tests) only.
 */
public final class SyncViewModel {

    /** The sync this view model asks and follows; keys: null for the ERP system's own taxpayer. */
    public interface Schedule {
        /** Syncs this taxpayer before the others, asking again one that refused. */
        void syncNow(Rin key);

        /** Syncs every taxpayer of the list that did not refuse. */
        void syncAll();

        /** The taxpayer's next turn; empty when none is known (no login, not listed). */
        Optional<SyncTurn> turn(Rin key);

        /** The client ID whose logins the syncs spend (its line in the login budget); or null. */
        String clientId();

        /** Why the sessions remember the taxpayer refused; empty when it did not. */
        Optional<? extends ServiceException> refusal(Rin key);

        /** The list changed (a schedule that follows a list of its own ignores this). */
        default void listed(List<Rin> keys) {}
    }

    private final Archive archive;
    private final ServiceKey service;
    private final LoginBudget budget;
    private final Clock clock;
    private final Executor background;
    private final LatestTask loads;
    private Schedule schedule;

    private final ObjectProperty<List<ListedTaxpayer>> taxpayers =
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
    private final BooleanProperty offline = new SimpleBooleanProperty(this, "offline");
    private final BooleanBinding canSyncAll = offline.not().and(running.not());

    /**
     * Following the schedule set later ({@link #follow}): the main window's.
     *
     * @param budget the client's login budget, to say when a waiting taxpayer's turn comes; null
     *     when not known
     * @param clock what "synced at" is told against
     * @param background where the archive's reads run
     * @param deliver the FX thread's executor in the app
     */
    public SyncViewModel(
            Archive archive,
            ServiceKey service,
            LoginBudget budget,
            Clock clock,
            Executor background,
            Executor deliver) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.budget = budget;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.background = Objects.requireNonNull(background, "background");
        this.loads = new LatestTask(deliver);
        taxpayers.addListener((o, was, now) -> listChanged());
        offline.addListener((o, was, now) -> updateTurns());
    }

    /** What "synced at" and a next turn are told against. */
    public Clock clock() {
        return clock;
    }

    /**
     * Whether the window is offline (the service cannot be reached): no sync is asked then, since
     * each would only fail. The main window keeps it to its own offline state.
     */
    public BooleanProperty offlineProperty() {
        return offline;
    }

    /** Whether Sync all can be asked now: online, and no sync of all under way. */
    public BooleanBinding canSyncAllProperty() {
        return canSyncAll;
    }

    /** Asks and follows this schedule (the main window's, once its sync is made). */
    public void follow(Schedule s) {
        this.schedule = s;
        listChanged();
    }

    /** The taxpayers of the list; the ERP's own marked {@link ListedTaxpayer#own()}. */
    public ObjectProperty<List<ListedTaxpayer>> taxpayersProperty() {
        return taxpayers;
    }

    /** Each listed taxpayer's status, in the list's order. */
    public ObservableMap<Rin, TaxpayerSyncStatus> statuses() {
        return statusesView;
    }

    public TaxpayerSyncStatus status(Rin taxpayer) {
        return statuses.get(taxpayer);
    }

    /** A taxpayer syncs or waits in line. */
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
                    for (ListedTaxpayer t : taxpayers.get()) {
                        TaxpayerSyncStatus s = statuses.get(t.rin());
                        if (s != null && s.phase() == Phase.IDLE && s.lastSynced() == null) {
                            TaxpayerSyncStatus known = remembered(t, synced.get(t.rin()));
                            statuses.put(t.rin(), known.with(Phase.IDLE, s.turn()));
                        }
                    }
                });
    }

    /** Syncs one taxpayer now, asking again one that refused before; nothing while offline. */
    public void syncNow(Rin taxpayer) {
        ListedTaxpayer t = taxpayer == null ? null : listed(taxpayer);
        if (t == null || schedule == null || offline.get()) {
            return;
        }
        schedule.syncNow(key(t));
        updateTurns();
    }

    /** Syncs every listed taxpayer that did not refuse; nothing while offline. */
    public void syncAll() {
        if (schedule != null && !offline.get()) {
            schedule.syncAll();
            updateTurns();
        }
    }

    /** Drops what is delivered from now on (the window is closed). */
    public void dispose() {
        loads.cancel();
        schedule = null;
    }

    // ---- what the schedule tells ----

    /** A taxpayer's sync began (key null: the ERP's own). */
    public void started(Rin key) {
        ListedTaxpayer t = byKey(key);
        if (t != null && statuses.containsKey(t.rin())) {
            statuses.put(t.rin(), statuses.get(t.rin()).progress(0, 0));
        }
        updateTurns();
    }

    /** A taxpayer's sync read part of its history ({@code rin} as the service names it). */
    public void held(Rin rin, long held, long total) {
        TaxpayerSyncStatus s = statuses.get(rin);
        if (s != null && s.phase() == Phase.SYNCING) {
            statuses.put(rin, s.progress(held, total));
        }
    }

    /** A taxpayer's sync ended (key null: the ERP's own); {@code next}: its next turn, or null. */
    public void finished(Rin key, TaxpayerResult r, Instant next) {
        if (schedule == null) {
            return; // disposed
        }
        ListedTaxpayer t = byKey(key);
        if (t != null && statuses.containsKey(t.rin())) {
            TaxpayerSyncStatus s = statuses.get(t.rin());
            if (OfficeKept.kept(r)) {
                s = s.keptByOffice();
            } else if (r.outcome() == TaxpayerResult.Outcome.OK) {
                s = s.ended(clock.instant(), null, null, null);
            } else {
                ArchiveException.Reason reason =
                        r.error() instanceof ArchiveException a ? a.reason() : null;
                s = s.ended(null, problemOf(r.error()), reason, r.message());
            }
            statuses.put(t.rin(), s);
        }
        if (r.added() > 0 || r.updated() > 0) {
            archiveChanges.set(archiveChanges.get() + 1);
        }
        updateTurns();
    }

    /** The schedule stopped (logged out): no taxpayer syncs or waits any more. */
    public void stopped() {
        for (Map.Entry<Rin, TaxpayerSyncStatus> e : new ArrayList<>(statuses.entrySet())) {
            TaxpayerSyncStatus s = e.getValue();
            if (s.phase() != Phase.IDLE || s.turn() != null) {
                statuses.put(
                        e.getKey(), s.ended(null, s.problem(), s.archiveReason(), s.message()));
            }
        }
        running.set(false);
        nextTurn.set(null);
    }

    /**
     * Each taxpayer's place as the schedule says: in line (and when its login's turn is expected in
     * the login budget), or idle until its next sync is due.
     */
    private void updateTurns() {
        if (schedule == null) {
            running.set(false);
            nextTurn.set(null);
            return;
        }
        Map<Rin, SyncTurn> turns = new LinkedHashMap<>();
        int inLine = 0;
        int ahead = 0;
        for (ListedTaxpayer t : taxpayers.get()) {
            SyncTurn turn = schedule.turn(key(t)).orElse(null);
            if (turn != null) {
                turns.put(t.rin(), turn);
                inLine = Math.max(inLine, turn.place());
                TaxpayerSyncStatus now = statuses.get(t.rin());
                if (turn.place() == 0 && (now == null || now.total() == 0)) {
                    // syncing, nothing read yet: its own login is likely still in the line
                    ahead = 1;
                }
            }
        }
        String client = schedule.clientId();
        List<Instant> logins =
                budget == null || client == null || inLine == 0
                        ? List.of()
                        : budget.turns(client, inLine + ahead);
        boolean busy = false;
        Instant first = null;
        for (ListedTaxpayer t : taxpayers.get()) {
            TaxpayerSyncStatus s = statuses.get(t.rin());
            SyncTurn turn = turns.get(t.rin());
            if (s == null) {
                continue;
            }
            TaxpayerSyncStatus now = s;
            if (turn != null && turn.place() == 0) {
                now = s.phase() == Phase.SYNCING ? s : s.progress(0, 0);
            } else if (turn != null && turn.place() > 0) {
                int i = turn.place() - 1 + ahead;
                Instant at = i < logins.size() ? logins.get(i) : null;
                now = s.phase() == Phase.SYNCING ? s : s.with(Phase.WAITING, at);
                if (at != null && (first == null || at.isBefore(first))) {
                    first = at;
                }
            } else if (s.phase() == Phase.IDLE) {
                // out of line: its next sync by the clock (one in line or syncing stays so until
                // its end is told: the schedule may be ahead of what was delivered); none is
                // promised offline, where no sync runs, nor one whose time has passed
                Instant at = turn == null ? null : turn.at();
                boolean kept = at != null && !offline.get() && !at.isBefore(clock.instant());
                now = s.with(Phase.IDLE, kept ? at : null);
            }
            busy |= now.phase() != Phase.IDLE;
            if (!now.equals(s)) {
                statuses.put(t.rin(), now);
            }
        }
        running.set(busy);
        nextTurn.set(first);
    }

    // ---- the list ----

    private void listChanged() {
        List<ListedTaxpayer> now = taxpayers.get() == null ? List.of() : taxpayers.get();
        Map<Rin, TaxpayerSyncStatus> kept = new LinkedHashMap<>();
        for (ListedTaxpayer t : now) {
            TaxpayerSyncStatus s = statuses.get(t.rin());
            kept.put(t.rin(), s != null ? s : remembered(t, null));
        }
        statuses.keySet().retainAll(kept.keySet());
        statuses.putAll(kept);
        if (schedule != null) {
            schedule.listed(now.stream().map(SyncViewModel::key).toList());
        }
        updateTurns();
    }

    /** An idle status with the refusal the sessions remember for it, if any. */
    private TaxpayerSyncStatus remembered(ListedTaxpayer t, Instant lastSynced) {
        TaxpayerSyncStatus idle = TaxpayerSyncStatus.idle(t.rin(), lastSynced);
        if (schedule == null) {
            return idle;
        }
        return schedule.refusal(key(t))
                .map(e -> idle.ended(null, problemOf(e), null, e.getMessage()))
                .orElse(idle);
    }

    private ListedTaxpayer listed(Rin rin) {
        for (ListedTaxpayer t : taxpayers.get()) {
            if (t.rin().equals(rin)) {
                return t;
            }
        }
        return null;
    }

    /** The taxpayer the sessions know by this key (null: the ERP's own). */
    private ListedTaxpayer byKey(Rin key) {
        for (ListedTaxpayer t : taxpayers.get()) {
            if (key == null ? t.own() : !t.own() && t.rin().equals(key)) {
                return t;
            }
        }
        return null;
    }

    /** How the sessions know a taxpayer: null for the ERP's own, which logs in as itself. */
    private static Rin key(ListedTaxpayer t) {
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
