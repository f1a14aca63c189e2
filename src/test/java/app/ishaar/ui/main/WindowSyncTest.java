package app.ishaar.ui.main;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Environment;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.testing.MutableClock;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The window's scheduled sync, without JavaFX: the list's taxpayers synced at once and then at the
 * settings' interval, what each sync brought told per listed taxpayer, Sync now, a changed list and
 * interval, and a logout that stops it.
 */
class WindowSyncTest {
    static final Rin CAIRO = Rin.of("287364519");
    static final Rin ALEX = Rin.of("356781204");
    static final Instant T0 = Instant.parse("2026-03-01T09:00:00Z");

    final MutableClock clock = new MutableClock(T0);
    final List<Rin> synced = new ArrayList<>();
    final List<WindowSync.Arrived> told = new ArrayList<>();
    final List<Runnable> timers = new ArrayList<>();
    final List<Duration> intervals = new ArrayList<>();

    /** Each sync brings as many new notifications as syncs so far; the ERP's own is 204918573. */
    final SyncScheduler.Worker worker =
            (taxpayer, askAgain) -> {
                synced.add(taxpayer);
                Rin named = taxpayer == null ? Rin.of("204918573") : taxpayer;
                return new TaxpayerResult(
                        named, TaxpayerResult.Outcome.OK, synced.size(), 0, 10, null, null);
            };

    final WindowSync sync =
            new WindowSync(
                    (Archive)
                            Proxy.newProxyInstance(
                                    Archive.class.getClassLoader(),
                                    new Class<?>[] {Archive.class},
                                    (p, m, a) -> {
                                        if (m.getName().equals("office")) {
                                            return java.util.Optional.empty(); // no office syncer
                                        }
                                        throw new AssertionError("the fake worker syncs");
                                    }),
                    SyncOptions.defaults(),
                    Runnable::run,
                    (real, every, listener) -> {
                        intervals.add(every);
                        return new SyncScheduler(
                                worker,
                                every,
                                null,
                                clock,
                                (task, delay) -> {
                                    timers.add(task);
                                    return () -> timers.remove(task);
                                },
                                Runnable::run,
                                listener);
                    },
                    told::add);

    void open(int minutes) {
        sync.opened(
                null,
                Environment.production(),
                java.util.Arrays.asList(null, CAIRO),
                minutes,
                true);
    }

    @Test
    void theListSyncsAtOnceAndEachSyncTellsWhatItBroughtPerListedTaxpayer() {
        open(2);
        assertThat(intervals).containsExactly(Duration.ofMinutes(2));
        assertThat(synced).containsExactly(null, CAIRO);
        assertThat(told).hasSize(2);
        assertThat(told.get(0).taxpayer()).as("the ERP's own, as listed").isNull();
        assertThat(told.get(0).result().taxpayer()).isEqualTo(Rin.of("204918573"));
        assertThat(told.get(1).taxpayer()).isEqualTo(CAIRO);
        assertThat(told.get(1).added()).isEqualTo(2);
        assertThat(told.get(1).next()).isEqualTo(T0.plus(Duration.ofMinutes(2)));
        assertThat(sync.turn(CAIRO).orElseThrow().at()).isEqualTo(T0.plus(Duration.ofMinutes(2)));
    }

    @Test
    void syncNowAndAnAddedTaxpayerSyncAtOnceARemovedOneNoMore() {
        open(5);
        sync.syncNow(CAIRO);
        assertThat(synced).containsExactly(null, CAIRO, CAIRO);
        sync.taxpayers(List.of(CAIRO, ALEX));
        assertThat(synced).containsExactly(null, CAIRO, CAIRO, ALEX);
        assertThat(sync.turn(null)).isEmpty();
        sync.syncAll();
        assertThat(synced.subList(4, synced.size())).containsExactlyInAnyOrder(CAIRO, ALEX);
    }

    @Test
    void anIntervalOfNoneSyncsOnlyWhenAskedAndLoggingOutStopsIt() {
        open(0);
        assertThat(synced).as("0: only when asked").isEmpty();
        sync.syncNow(CAIRO);
        assertThat(synced).containsExactly(CAIRO);
        sync.every(3);
        assertThat(synced)
                .as("an interval set: the one never synced goes now")
                .containsExactly(CAIRO, null);
        sync.close();
        sync.syncNow(CAIRO);
        assertThat(synced).containsExactly(CAIRO, null);
        assertThat(sync.turn(CAIRO)).isEmpty();
    }
}
