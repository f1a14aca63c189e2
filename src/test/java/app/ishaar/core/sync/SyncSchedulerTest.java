package app.ishaar.core.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Rin;
import app.ishaar.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The schedule of many taxpayers' syncs on a clock moved by hand: syncs run on the caller's thread
 * (a direct executor), the timer fires when the test moves the clock past it.
 */
class SyncSchedulerTest {
    static final Rin A = Rin.of("204918573");
    static final Rin B = Rin.of("287364519");
    static final Rin C = Rin.of("356781204");
    static final Rin D = Rin.of("499201773");
    static final Rin E = Rin.of("512345678");
    static final Instant T0 = Instant.parse("2026-03-01T09:00:00Z");
    static final Duration EVERY = Duration.ofMinutes(5);
    static final Duration ONE_SYNC = Duration.ofSeconds(10);

    final MutableClock clock = new MutableClock(T0);
    final ManualTimer timer = new ManualTimer(clock);

    /** A timer that runs its tasks when the test moves the clock past them. */
    static final class ManualTimer implements SyncTimer {
        record Task(Instant at, Runnable run, boolean[] cancelled) {}

        final MutableClock clock;
        final List<Task> tasks = new ArrayList<>();

        ManualTimer(MutableClock clock) {
            this.clock = clock;
        }

        @Override
        public synchronized Runnable schedule(Runnable task, Duration delay) {
            boolean[] cancelled = {false};
            tasks.add(new Task(clock.instant().plus(delay), task, cancelled));
            return () -> cancelled[0] = true;
        }

        /** Moves the clock on and runs what fell due, in time order. */
        void advance(Duration d) {
            Instant until = clock.instant().plus(d);
            while (true) {
                Task next;
                synchronized (this) {
                    tasks.removeIf(t -> t.cancelled()[0]);
                    next =
                            tasks.stream()
                                    .filter(t -> !t.at().isAfter(until))
                                    .min((x, y) -> x.at().compareTo(y.at()))
                                    .orElse(null);
                    if (next != null) {
                        tasks.remove(next);
                    }
                }
                if (next == null) {
                    break;
                }
                if (next.at().isAfter(clock.instant())) {
                    clock.set(next.at());
                }
                next.run().run();
            }
            if (until.isAfter(clock.instant())) {
                clock.set(until);
            }
        }
    }

    /** Syncs by the answer given per taxpayer, each taking {@link #ONE_SYNC} of the clock. */
    final class FakeWorker implements SyncScheduler.Worker {
        final List<Rin> synced = Collections.synchronizedList(new ArrayList<>());
        final List<Rin> askedAgain = Collections.synchronizedList(new ArrayList<>());
        final List<List<Rin>> preparedWhenStarting = new ArrayList<>();
        final List<Rin> prepared = Collections.synchronizedList(new ArrayList<>());
        final List<Rin> released = Collections.synchronizedList(new ArrayList<>());
        final Map<Rin, Function<Rin, TaxpayerResult>> answers = new ConcurrentHashMap<>();
        Runnable during = () -> {};
        Duration takes = ONE_SYNC;

        @Override
        public void prepare(Rin taxpayer) {
            prepared.add(taxpayer);
        }

        @Override
        public void release(Rin taxpayer) {
            released.add(taxpayer);
        }

        @Override
        public TaxpayerResult sync(Rin taxpayer, boolean askAgain) {
            preparedWhenStarting.add(List.copyOf(prepared));
            prepared.clear();
            synced.add(taxpayer);
            if (askAgain) {
                askedAgain.add(taxpayer);
            }
            during.run();
            clock.advance(takes);
            return answers.getOrDefault(taxpayer, SyncSchedulerTest::ok).apply(taxpayer);
        }
    }

    static TaxpayerResult ok(Rin r) {
        return new TaxpayerResult(r, TaxpayerResult.Outcome.OK, 1, 0, 1, null, null);
    }

    static TaxpayerResult refused(Rin r) {
        Exception e = new IllegalStateException("no access");
        return new TaxpayerResult(r, TaxpayerResult.Outcome.REFUSED, 0, 0, 0, e.getMessage(), e);
    }

    static TaxpayerResult unreachable(Rin r) {
        Exception e = new IllegalStateException("connection refused");
        return new TaxpayerResult(r, TaxpayerResult.Outcome.FAILED, 0, 0, 0, e.getMessage(), e);
    }

    final FakeWorker worker = new FakeWorker();
    final List<String> told = Collections.synchronizedList(new ArrayList<>());

    SyncScheduler scheduler(Duration refusedAgain) {
        return new SyncScheduler(
                worker,
                EVERY,
                refusedAgain,
                clock,
                timer,
                Runnable::run,
                new SyncScheduler.Listener() {
                    @Override
                    public void started(Rin taxpayer) {
                        told.add("started " + taxpayer);
                    }

                    @Override
                    public void finished(Rin taxpayer, TaxpayerResult result, Instant next) {
                        told.add(taxpayer + " " + result.outcome() + " next " + next);
                    }
                });
    }

    /**
     * A scheduler running its syncs on {@code pool}, telling {@code finished} of each that ends.
     */
    SyncScheduler onPool(
            SyncScheduler.Worker worker, ExecutorService pool, Consumer<Rin> finished) {
        return new SyncScheduler(
                worker,
                EVERY,
                null,
                clock,
                timer,
                pool,
                new SyncScheduler.Listener() {
                    @Override
                    public void finished(Rin t, TaxpayerResult r, Instant next) {
                        finished.accept(t);
                    }
                });
    }

    /**
     * A sync's pages that go on until it is interrupted: {@code inSync} counted down once it is
     * under way, {@code interrupted} once it is interrupted.
     */
    static void untilInterrupted(CountDownLatch inSync, CountDownLatch interrupted)
            throws InterruptedException {
        inSync.countDown();
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            interrupted.countDown();
            throw e;
        }
    }

    @Test
    void eachTaxpayerSyncsAtOnceThenAgainTheIntervalAfterItsOwnSyncEnded() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C));
        assertThat(worker.synced).as("nothing before start").isEmpty();
        worker.takes = Duration.ofMinutes(1); // first syncs read whole histories
        s.start();
        assertThat(worker.synced).containsExactly(A, B, C);
        Instant a = T0.plus(Duration.ofMinutes(1)).plus(EVERY);
        Instant b = a.plus(Duration.ofMinutes(1));
        Instant c = b.plus(Duration.ofMinutes(1));
        assertThat(told).contains("started " + A, A + " OK next " + a, C + " OK next " + c);
        assertThat(s.turns())
                .containsExactly(
                        new SyncTurn(A, -1, a), new SyncTurn(B, -1, b), new SyncTurn(C, -1, c));

        // each one's turn comes alone: the taxpayers keep the spread of their first syncs
        worker.takes = Duration.ofSeconds(1);
        timer.advance(Duration.between(clock.instant(), a).minusSeconds(1));
        assertThat(worker.synced).hasSize(3);
        timer.advance(Duration.ofSeconds(1));
        assertThat(worker.synced).containsExactly(A, B, C, A);
        timer.advance(Duration.ofMinutes(1));
        assertThat(worker.synced).containsExactly(A, B, C, A, B);
        timer.advance(EVERY);
        assertThat(worker.synced).containsExactly(A, B, C, A, B, C, A, B);
        assertThat(s.turn(A).orElseThrow().at())
                .isEqualTo(
                        a.plus(Duration.ofSeconds(1))
                                .plus(EVERY)
                                .plus(Duration.ofSeconds(1))
                                .plus(EVERY));
    }

    @Test
    void theLoginsOfTheNextTaxpayersInLineAreAskedForWhileOneSyncs() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C, D, E));
        s.start();
        assertThat(worker.preparedWhenStarting.get(0))
                .as("its own login first in the budget's line, then the next few")
                .containsExactly(A, B, C, D);
        assertThat(worker.preparedWhenStarting.get(1)).containsExactly(B, C, D, E);
        assertThat(worker.preparedWhenStarting.get(4)).containsExactly(E);
    }

    @Test
    void aTaxpayerPreparedAheadIsLetGoWhenItLeavesTheLookAheadOrTheSchedulerStops() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C, D, E));
        worker.during =
                () -> {
                    if (worker.synced.size() == 1) {
                        s.taxpayers(List.of(A, B, D, E)); // C, held ahead, leaves the set
                    } else if (worker.synced.size() == 3) {
                        s.stop(); // E is held ahead, its turn does not come
                    }
                };
        s.start();
        assertThat(worker.synced).containsExactly(A, B, D);
        assertThat(worker.released).as("only what did not sync").containsExactly(C, E);
        assertThat(Thread.currentThread().isInterrupted())
                .as("the stop's interrupt is spent with the sync it was meant for")
                .isFalse();
    }

    @Test
    void aTaxpayerAskedForNowGoesBeforeThoseDueByTheClockAndAfterTheOneSyncing() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C, D));
        worker.during =
                () -> {
                    if (worker.synced.size() == 1) {
                        s.syncNow(D);
                        s.syncNow(C);
                        s.syncNow(A); // the one syncing: asked for nothing more
                    }
                };
        s.start();
        assertThat(worker.synced).containsExactly(A, D, C, B);

        // later, between turns: syncs at once, and its next turn counts from then
        worker.during = () -> {};
        timer.advance(Duration.ofMinutes(1));
        s.syncNow(B);
        assertThat(worker.synced).containsExactly(A, D, C, B, B);
        assertThat(s.turn(B).orElseThrow().at()).isEqualTo(clock.instant().plus(EVERY));
        assertThat(s.turn(A).orElseThrow().at()).isEqualTo(T0.plus(ONE_SYNC).plus(EVERY));
    }

    @Test
    void aTaxpayerThatRefusedWaitsToBeAskedAndIsThenAskedAgain() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C));
        worker.answers.put(B, SyncSchedulerTest::refused);
        s.start();
        assertThat(s.turn(B).orElseThrow()).isEqualTo(new SyncTurn(B, -1, null));
        assertThat(told).contains(B + " REFUSED next null");

        timer.advance(EVERY.multipliedBy(3));
        assertThat(worker.synced.stream().filter(A::equals)).hasSizeGreaterThan(2);
        assertThat(worker.synced.stream().filter(B::equals)).hasSize(1);

        s.syncAll();
        assertThat(worker.synced.stream().filter(B::equals))
                .as("Sync all leaves a refusal alone")
                .hasSize(1);
        s.syncNow(B);
        assertThat(worker.synced.get(worker.synced.size() - 1)).isEqualTo(B);
        assertThat(worker.askedAgain).containsExactly(B);
    }

    @Test
    void aRefusalIsAskedAgainByItselfWhenTheScheduleSaysSo() {
        SyncScheduler s = scheduler(Duration.ofHours(1));
        s.taxpayers(List.of(A, B));
        worker.answers.put(B, SyncSchedulerTest::refused);
        s.start();
        assertThat(s.turn(B).orElseThrow().at())
                .isEqualTo(T0.plus(ONE_SYNC.multipliedBy(2)).plus(Duration.ofHours(1)));
        timer.advance(Duration.ofMinutes(59));
        assertThat(worker.synced.stream().filter(B::equals)).hasSize(1);
        timer.advance(Duration.ofMinutes(2));
        assertThat(worker.synced.stream().filter(B::equals)).hasSize(2);
    }

    @Test
    void aFailedTaxpayerHasItsNextTurnAndTheOthersStillSync() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C));
        worker.answers.put(A, SyncSchedulerTest::unreachable);
        worker.answers.put(
                B,
                r -> {
                    throw new IllegalStateException("a bug");
                });
        s.start();
        assertThat(worker.synced).containsExactly(A, B, C);
        assertThat(s.last(A).orElseThrow().outcome()).isEqualTo(TaxpayerResult.Outcome.FAILED);
        assertThat(s.last(B).orElseThrow().outcome()).isEqualTo(TaxpayerResult.Outcome.FAILED);
        assertThat(s.last(C).orElseThrow().outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
        timer.advance(EVERY.plus(ONE_SYNC.multipliedBy(3)));
        assertThat(worker.synced).containsExactly(A, B, C, A, B, C);
    }

    @Test
    void aNewIntervalMovesEachNextTurnAndTheSetCanChange() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B));
        s.start();
        s.every(Duration.ofMinutes(1));
        assertThat(s.turn(A).orElseThrow().at())
                .isEqualTo(T0.plus(ONE_SYNC).plus(Duration.ofMinutes(1)));
        timer.advance(Duration.ofMinutes(1));
        assertThat(worker.synced).containsExactly(A, B, A, B);

        s.taxpayers(List.of(B, C)); // C is new: due now; A is dropped
        assertThat(worker.synced).containsExactly(A, B, A, B, C);
        assertThat(s.turn(A)).isEmpty();
        timer.advance(Duration.ofMinutes(5));
        assertThat(worker.synced.subList(5, worker.synced.size())).contains(B, C).doesNotContain(A);
    }

    @Test
    void aTaxpayerInLineSaysItsPlace() {
        SyncScheduler s = scheduler(null);
        s.taxpayers(List.of(A, B, C));
        List<List<SyncTurn>> seen = new ArrayList<>();
        worker.during =
                () -> {
                    if (worker.synced.size() == 1) {
                        seen.add(s.turns());
                    }
                };
        s.start();
        assertThat(seen.get(0))
                .containsExactly(
                        new SyncTurn(A, 0, T0), new SyncTurn(B, 1, T0), new SyncTurn(C, 2, T0));
    }

    @Test
    void stopInterruptsTheSyncUnderWayAndStartsNoOther() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch inSync = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            List<Rin> synced = Collections.synchronizedList(new ArrayList<>());
            SyncScheduler.Worker blocking =
                    (taxpayer, askAgain) -> {
                        synced.add(taxpayer);
                        untilInterrupted(inSync, interrupted); // a sync that goes on until stopped
                        return ok(taxpayer);
                    };
            List<Rin> finished = Collections.synchronizedList(new ArrayList<>());
            SyncScheduler s = onPool(blocking, pool, finished::add);
            s.taxpayers(List.of(A, B));
            s.start();
            assertThat(inSync.await(10, TimeUnit.SECONDS)).isTrue();
            s.stop();
            assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
            s.awaitStopped();
            assertThat(synced).containsExactly(A);
            assertThat(finished).as("an interrupted sync is not reported").isEmpty();
            s.syncNow(B);
            timer.advance(EVERY.multipliedBy(2));
            assertThat(synced).containsExactly(A);

            // the pool's thread carries no interrupt on to its next task
            assertThat(pool.submit(() -> Thread.currentThread().isInterrupted()).get()).isFalse();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aTaxpayerDroppedFromTheSetHasItsSyncUnderWayEndedBeforeItCanBeForgotten()
            throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch inSync = new CountDownLatch(1);
            CountDownLatch interrupted = new CountDownLatch(1);
            List<Rin> synced = Collections.synchronizedList(new ArrayList<>());
            List<Rin> stored = Collections.synchronizedList(new ArrayList<>());
            SyncScheduler.Worker storing =
                    (taxpayer, askAgain) -> {
                        synced.add(taxpayer);
                        if (taxpayer.equals(A)) {
                            untilInterrupted(inSync, interrupted);
                        }
                        stored.add(taxpayer);
                        return ok(taxpayer);
                    };
            List<Rin> finished = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch othersDone = new CountDownLatch(1);
            SyncScheduler s =
                    onPool(
                            storing,
                            pool,
                            t -> {
                                finished.add(t);
                                othersDone.countDown();
                            });
            s.taxpayers(List.of(A, B));
            s.start();
            assertThat(inSync.await(10, TimeUnit.SECONDS)).isTrue();

            s.taxpayers(List.of(B));
            assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("its sync interrupted").isTrue();
            s.awaitEnded(A);
            // nothing of A is stored once its end was awaited, and the others go on syncing
            assertThat(stored).doesNotContain(A);
            assertThat(othersDone.await(10, TimeUnit.SECONDS)).isTrue();
            s.close();
            assertThat(synced).containsExactly(A, B);
            assertThat(stored).containsExactly(B);
            assertThat(finished).as("a dropped taxpayer's sync is not reported").containsExactly(B);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void withoutAnIntervalTaxpayersSyncOnlyWhenAskedUntilOneIsSet() {
        SyncScheduler s = new SyncScheduler(worker, null, null, clock, timer, Runnable::run, null);
        s.taxpayers(List.of(A, B));
        s.start();
        timer.advance(Duration.ofHours(2));
        assertThat(worker.synced).isEmpty();
        assertThat(s.turn(A).orElseThrow()).isEqualTo(new SyncTurn(A, -1, null));
        s.syncNow(B);
        assertThat(worker.synced).containsExactly(B);
        timer.advance(Duration.ofHours(2));
        assertThat(worker.synced).containsExactly(B);

        // an interval set: B is overdue (synced two hours ago), A never synced: both go now
        s.every(EVERY);
        assertThat(worker.synced).containsExactly(B, B, A);
        timer.advance(EVERY.plus(ONE_SYNC));
        assertThat(worker.synced).containsExactly(B, B, A, B, A);
    }

    @Test
    void anIntervalMustBePositive() {
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () ->
                        new SyncScheduler(
                                worker, Duration.ZERO, null, clock, timer, Runnable::run, null));
    }
}
