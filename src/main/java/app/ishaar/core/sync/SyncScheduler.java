package app.ishaar.core.sync;

import app.ishaar.core.model.Rin;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Keeps a set of taxpayers synced: each one again {@code every} after its last sync ended, one
 * taxpayer at a time, the next few prepared while one syncs (held, their logins asked for, so that
 * their turn in the login budget comes meanwhile) and released when their turn does not come. The
 * one loop over many taxpayers: the desktop's and the office syncer's lasting ones, and the command
 * line's one-off one ({@link SyncRunner#run}: no interval, on the caller's thread). Because each
 * taxpayer's turn follows its own last sync, an intermediary's hundreds of taxpayers spread over
 * the interval by themselves instead of all falling due at once.
 *
 * <p>A taxpayer asked for now ({@link #syncNow}) goes before those whose turn came by the clock; it
 * still waits for the taxpayer syncing to end and for its login's turn in the budget. A taxpayer
 * that refused (no access, not delegated) is asked again only after {@code refusedAgain} (never by
 * itself when null: the user asks). One that failed (the service, the network, the archive) has its
 * next turn as usual; its sync goes on from what it committed.
 *
 * <p>{@link #stop()} interrupts the sync under way, which ends between two of the archive's
 * transactions (the pages already read are stored, each batch whole), and starts no other.
 *
 * <p>Thread-safe. The syncs run on the executor given, one at a time; the listener is told on that
 * thread.
 */
public final class SyncScheduler implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.sync");

    /** Syncs one taxpayer; {@link SyncRunner} in the app. */
    public interface Worker {
        /**
         * Gets the taxpayer ready ahead of its turn (holds it, asks for its login), so that its
         * turn in the login budget comes while others sync. Asked again at each sync while it waits
         * in the look-ahead; asking again holds nothing more.
         */
        default void prepare(Rin taxpayer) {}

        /**
         * Lets go of what {@link #prepare} holds for the taxpayer, whose turn does not come now: it
         * left the look-ahead or the set, or the scheduler stops.
         */
        default void release(Rin taxpayer) {}

        /**
         * Syncs the taxpayer and says how it ended. {@code askAgain}: a refusal remembered for it
         * is forgotten and the service asked again. Interrupted: ends between two transactions.
         */
        TaxpayerResult sync(Rin taxpayer, boolean askAgain) throws InterruptedException;

        /** {@link #sync(Rin, boolean)}; {@code asked}: asked for now, not due by the clock. */
        default TaxpayerResult sync(Rin taxpayer, boolean askAgain, boolean asked)
                throws InterruptedException {
            return sync(taxpayer, askAgain);
        }
    }

    /** Told what the scheduler does; on the thread that syncs. */
    public interface Listener {
        /** A taxpayer's sync begins (its login may still wait its turn in the budget). */
        default void started(Rin taxpayer) {}

        /**
         * A taxpayer's sync ended.
         *
         * @param taxpayer as listed (null: the ERP system's own)
         * @param next its next turn; null when it waits to be asked (it refused)
         */
        default void finished(Rin taxpayer, TaxpayerResult result, Instant next) {}
    }

    /** Logins asked for ahead of the taxpayer syncing. */
    static final int LOGINS_AHEAD = 3;

    private final Worker worker;
    private final Clock clock;
    private final SyncTimer timer;
    private final Executor executor;
    private final Listener listener;
    private final Duration refusedAgain;

    private final Object lock = new Object();
    private final Map<Rin, Slot> slots = new LinkedHashMap<>();
    private Duration every;
    private long asks;
    private boolean busy;
    private boolean started;
    private boolean stopped;
    private Thread syncing;
    private boolean interrupting; // this scheduler interrupted the sync under way
    private Rin current; // the taxpayer syncing, while inSync (null: the ERP system's own)
    private boolean inSync;
    private Runnable wake;

    /** The taxpayers prepared and not synced nor released yet; only the syncing thread's. */
    private final Set<Rin> prepared = new HashSet<>();

    /** One taxpayer's place in the schedule. */
    private static final class Slot {
        final int order;
        Instant due;
        long asked; // when asked for now: the ask's number (earlier asks go first); else 0
        boolean askAgain;
        Instant lastEnded;
        TaxpayerResult last;

        Slot(int order, Instant due) {
            this.order = order;
            this.due = due;
        }
    }

    /**
     * @param every how long after its last sync ended a taxpayer is synced again; null: only when
     *     asked ({@link #syncNow}, {@link #syncAll})
     * @param refusedAgain how long after a refusal the taxpayer is asked again; null: never by
     *     itself
     * @param executor where the syncs run (one at a time)
     */
    public SyncScheduler(
            Worker worker,
            Duration every,
            Duration refusedAgain,
            Clock clock,
            SyncTimer timer,
            Executor executor,
            Listener listener) {
        this.worker = Objects.requireNonNull(worker, "worker");
        this.every = every == null ? null : positive(every);
        this.refusedAgain = refusedAgain;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.timer = Objects.requireNonNull(timer, "timer");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.listener = listener == null ? new Listener() {} : listener;
    }

    private static Duration positive(Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("the interval between syncs must be positive");
        }
        return d;
    }

    /**
     * The taxpayers to keep synced, in the order they go when due together (null: the ERP system's
     * own). A taxpayer new to the set is due now; one left out is dropped: its sync under way, if
     * any, is interrupted (it ends between two of the archive's transactions) and is not reported;
     * {@link #awaitEnded} waits for it, before its archived notifications are forgotten.
     */
    public void taxpayers(List<Rin> taxpayers) {
        synchronized (lock) {
            Map<Rin, Slot> old = new LinkedHashMap<>(slots);
            slots.clear();
            Instant now = clock.instant();
            int i = 0;
            for (Rin r : taxpayers) {
                if (slots.containsKey(r)) {
                    continue;
                }
                Slot was = old.get(r);
                Slot s = new Slot(i++, was != null ? was.due : every == null ? null : now);
                if (was != null) {
                    s.asked = was.asked;
                    s.askAgain = was.askAgain;
                    s.lastEnded = was.lastEnded;
                    s.last = was.last;
                }
                slots.put(r, s);
            }
            if (inSync && !slots.containsKey(current) && syncing != null) {
                interrupting = true;
                syncing.interrupt();
            }
        }
        kick();
    }

    /**
     * Waits until no sync of the taxpayer runs, as one dropped from the set stops: after it, its
     * sync stores nothing more, so what is forgotten of it stays forgotten.
     */
    public void awaitEnded(Rin taxpayer) throws InterruptedException {
        synchronized (lock) {
            while (inSync && Objects.equals(current, taxpayer)) {
                lock.wait();
            }
        }
    }

    /** Starts syncing: every taxpayer of the set is due now. */
    public void start() {
        synchronized (lock) {
            started = true;
        }
        kick();
    }

    /**
     * The interval between syncs: each taxpayer's next turn is its last sync's end plus it (now, if
     * it never synced); null: only when asked.
     */
    public void every(Duration d) {
        synchronized (lock) {
            every = d == null ? null : positive(d);
            Instant now = clock.instant();
            for (Slot s : slots.values()) {
                if (s.asked == 0 && !refused(s)) {
                    s.due =
                            every == null
                                    ? null
                                    : s.lastEnded == null ? now : s.lastEnded.plus(every);
                }
            }
            if (wake != null) {
                wake.run();
                wake = null;
            }
        }
        kick();
    }

    /** The interval between syncs; null: only when asked. */
    public Duration every() {
        synchronized (lock) {
            return every;
        }
    }

    /**
     * Syncs this taxpayer before those whose turn came by the clock; a refusal remembered for it is
     * forgotten. Still within the login budget, after the sync under way.
     */
    public void syncNow(Rin taxpayer) {
        synchronized (lock) {
            Slot s = slots.get(taxpayer);
            if (s == null || s.asked != 0 || inSync && Objects.equals(current, taxpayer)) {
                return;
            }
            s.asked = ++asks;
            s.askAgain = refused(s);
        }
        kick();
    }

    /** Syncs every taxpayer of the set that did not refuse, before those due by the clock. */
    public void syncAll() {
        synchronized (lock) {
            for (Map.Entry<Rin, Slot> e : slots.entrySet()) {
                Slot s = e.getValue();
                if (s.asked == 0
                        && !refused(s)
                        && !(inSync && Objects.equals(current, e.getKey()))) {
                    s.asked = ++asks;
                }
            }
        }
        kick();
    }

    /** Each taxpayer's next turn, in the order they will sync. */
    public List<SyncTurn> turns() {
        synchronized (lock) {
            Instant now = clock.instant();
            List<SyncTurn> out = new ArrayList<>();
            if (inSync && slots.containsKey(current)) {
                out.add(new SyncTurn(current, 0, slots.get(current).due));
            }
            List<Rin> line = line(now);
            for (int i = 0; i < line.size(); i++) {
                Rin r = line.get(i);
                out.add(new SyncTurn(r, i + 1, slots.get(r).due));
            }
            List<Map.Entry<Rin, Slot>> later = new ArrayList<>();
            for (Map.Entry<Rin, Slot> e : slots.entrySet()) {
                if (!line.contains(e.getKey())
                        && !(inSync && Objects.equals(current, e.getKey()))) {
                    later.add(e);
                }
            }
            later.sort(
                    Comparator.comparing(
                                    (Map.Entry<Rin, Slot> e) -> e.getValue().due,
                                    Comparator.nullsLast(Comparator.naturalOrder()))
                            .thenComparingInt(e -> e.getValue().order));
            for (Map.Entry<Rin, Slot> e : later) {
                out.add(new SyncTurn(e.getKey(), -1, e.getValue().due));
            }
            return out;
        }
    }

    /** This taxpayer's next turn; empty when it is not in the set. */
    public Optional<SyncTurn> turn(Rin taxpayer) {
        return turns().stream().filter(t -> Objects.equals(t.taxpayer(), taxpayer)).findFirst();
    }

    /** How the taxpayer's last sync ended; empty before it ended once. */
    public Optional<TaxpayerResult> last(Rin taxpayer) {
        synchronized (lock) {
            Slot s = slots.get(taxpayer);
            return Optional.ofNullable(s == null ? null : s.last);
        }
    }

    /**
     * Stops: the sync under way is interrupted (it ends between two of the archive's transactions)
     * and no other starts. Returns at once; {@link #awaitStopped} waits for the sync to end.
     */
    public void stop() {
        synchronized (lock) {
            if (stopped) {
                return;
            }
            stopped = true;
            if (wake != null) {
                wake.run();
                wake = null;
            }
            if (syncing != null) {
                interrupting = true;
                syncing.interrupt();
            }
            lock.notifyAll();
        }
    }

    /** Waits until {@link #stop()} was called and no sync runs any more. */
    public void awaitStopped() throws InterruptedException {
        synchronized (lock) {
            while (!stopped || busy) {
                lock.wait();
            }
        }
    }

    /** {@link #stop()}, then waits for the sync under way to end. */
    @Override
    public void close() {
        stop();
        boolean interrupted = false;
        while (true) {
            try {
                awaitStopped();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the syncs ----

    private boolean refused(Slot s) {
        return s.last != null && s.last.outcome() == TaxpayerResult.Outcome.REFUSED;
    }

    /** The taxpayers in line now, in order: those asked for first, then those due by the clock. */
    private List<Rin> line(Instant now) {
        List<Map.Entry<Rin, Slot>> in = new ArrayList<>();
        for (Map.Entry<Rin, Slot> e : slots.entrySet()) {
            Slot s = e.getValue();
            boolean running = inSync && Objects.equals(current, e.getKey());
            if (!running && (s.asked != 0 || s.due != null && !s.due.isAfter(now))) {
                in.add(e);
            }
        }
        in.sort(
                Comparator.comparingLong(
                                (Map.Entry<Rin, Slot> e) ->
                                        e.getValue().asked == 0
                                                ? Long.MAX_VALUE
                                                : e.getValue().asked)
                        .thenComparing(
                                e -> e.getValue().due,
                                Comparator.nullsLast(Comparator.naturalOrder()))
                        .thenComparingInt(e -> e.getValue().order));
        List<Rin> out = new ArrayList<>(in.size());
        for (Map.Entry<Rin, Slot> e : in) {
            out.add(e.getKey());
        }
        return out;
    }

    private void kick() {
        synchronized (lock) {
            if (!started || stopped || busy) {
                return;
            }
            busy = true;
        }
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException e) {
            synchronized (lock) {
                busy = false;
                lock.notifyAll();
            }
        }
    }

    /**
     * Syncs whoever is in line, one after the other, until none is; then sets the timer. The next
     * few in line are prepared while one syncs; what was prepared for a taxpayer that left the
     * look-ahead (asked-for ones went before it, it left the set, the scheduler stops) is released.
     */
    private void drain() {
        boolean released = false;
        try {
            while (true) {
                Rin next;
                boolean askAgain;
                boolean asked;
                List<Rin> ahead;
                synchronized (lock) {
                    if (stopped) {
                        return;
                    }
                    List<Rin> line = line(clock.instant());
                    if (line.isEmpty() && !prepared.isEmpty()) {
                        next = null;
                        ahead = null;
                        askAgain = false;
                        asked = false;
                    } else if (line.isEmpty()) {
                        // an interrupt meant for a sync that ended must not reach what runs next
                        // on this thread; one from elsewhere (a one-off run's caller) stays
                        spendInterrupt();
                        arm();
                        busy = false;
                        syncing = null;
                        released = true;
                        lock.notifyAll();
                        return;
                    } else {
                        next = line.get(0);
                        Slot s = slots.get(next);
                        askAgain = s.askAgain;
                        asked = s.asked != 0;
                        s.asked = 0;
                        s.askAgain = false;
                        current = next;
                        inSync = true;
                        syncing = Thread.currentThread();
                        ahead =
                                new ArrayList<>(
                                        line.subList(1, Math.min(line.size(), 1 + LOGINS_AHEAD)));
                    }
                }
                if (ahead == null) {
                    releaseBut(List.of()); // none in line: none of them is coming now
                    continue;
                }
                List<Rin> window = new ArrayList<>();
                window.add(next);
                window.addAll(ahead);
                releaseBut(window);
                for (Rin r : window) { // its login first in the budget's line, then the next few
                    worker.prepare(r);
                    prepared.add(r);
                }
                listener.started(next);
                TaxpayerResult r;
                try {
                    r = worker.sync(next, askAgain, asked);
                } catch (InterruptedException e) {
                    synchronized (lock) {
                        inSync = false;
                        lock.notifyAll();
                        if (stopped) {
                            return;
                        }
                        interrupting = false; // the interrupt is spent
                    }
                    continue; // not a stop: a dropped taxpayer, or else it stays due
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "the sync of " + next + " failed", e);
                    r =
                            new TaxpayerResult(
                                    next,
                                    TaxpayerResult.Outcome.FAILED,
                                    0,
                                    0,
                                    0,
                                    String.valueOf(e.getMessage()),
                                    e);
                } finally {
                    prepared.remove(next); // its sync let go of what was held for it
                }
                Instant nextTurn;
                synchronized (lock) {
                    Slot s = slots.get(next);
                    inSync = false;
                    lock.notifyAll();
                    // an interrupt meant for the sync that ended (it left the set after its
                    // sync's end) must not stop the next one
                    spendInterrupt();
                    if (s == null) {
                        continue; // left the set while it synced: not reported
                    }
                    s.last = r;
                    s.lastEnded = clock.instant();
                    if (refused(s)) {
                        s.due = refusedAgain == null ? null : s.lastEnded.plus(refusedAgain);
                    } else {
                        s.due = every == null ? null : s.lastEnded.plus(every);
                    }
                    nextTurn = s.asked != 0 ? s.lastEnded : s.due;
                }
                listener.finished(next, r, nextTurn);
            }
        } finally {
            if (!released) { // stopped, or what it told failed
                synchronized (lock) {
                    spendInterrupt();
                }
                releaseBut(List.of());
                synchronized (lock) {
                    syncing = null;
                    inSync = false;
                    busy = false;
                    lock.notifyAll();
                }
            }
        }
    }

    /** Clears the thread's interrupt if this scheduler set it; under the lock. */
    private void spendInterrupt() {
        if (interrupting) {
            interrupting = false;
            Thread.interrupted();
        }
    }

    /** Releases what was prepared for the taxpayers not in {@code keep}; on the syncing thread. */
    private void releaseBut(List<Rin> keep) {
        for (java.util.Iterator<Rin> i = prepared.iterator(); i.hasNext(); ) {
            Rin r = i.next();
            if (!keep.contains(r)) {
                i.remove();
                try {
                    worker.release(r);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "letting " + r + " go failed", e);
                }
            }
        }
    }

    /** Sets the timer for the earliest next turn. */
    private void arm() {
        if (wake != null) {
            wake.run();
            wake = null;
        }
        Instant first = null;
        for (Slot s : slots.values()) {
            if (s.due != null && (first == null || s.due.isBefore(first))) {
                first = s.due;
            }
        }
        if (first != null) {
            Duration in = Duration.between(clock.instant(), first);
            wake = timer.schedule(this::kick, in.isNegative() ? Duration.ZERO : in);
        }
    }
}
