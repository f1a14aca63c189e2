package app.ishaar.core.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A desktop's scheduler on a shared archive that an office syncer keeps: the syncer's taxpayers are
 * not synced by the desktop (no login, no request to the service), their new notifications are
 * still told; the desktop's Sync now is served by the syncer; once the syncer is gone, the desktop
 * syncs them itself again.
 */
class OfficeKeptTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");

    /** The desktop's own sync: only records whom it synced. */
    static final class OwnSync implements SyncScheduler.Worker {
        final List<Rin> synced = Collections.synchronizedList(new ArrayList<>());
        final List<Rin> prepared = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void prepare(Rin taxpayer) {
            prepared.add(taxpayer);
        }

        @Override
        public TaxpayerResult sync(Rin taxpayer, boolean askAgain) {
            synced.add(taxpayer);
            return new TaxpayerResult(taxpayer, TaxpayerResult.Outcome.OK, 0, 0, 0, null, null);
        }
    }

    /**
     * The archive as the desktop hands it to its sync: behind a wrapper that opens it when first
     * used ({@code ui.AppArchive}), the shared archive itself reached only through {@link
     * Archive#opened}.
     */
    private static Archive asTheDesktopHandsIt(Archive real) {
        return (Archive)
                java.lang.reflect.Proxy.newProxyInstance(
                        Archive.class.getClassLoader(),
                        new Class<?>[] {Archive.class},
                        (proxy, method, args) -> {
                            try {
                                return method.invoke(real, args);
                            } catch (java.lang.reflect.InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }

    @Test
    void theDesktopLeavesToTheOfficeSyncerWhatItKeepsAndItsSyncNowIsServed() throws Exception {
        TestArchive shared = PgTestServer.get().newArchive();
        LinkedBlockingQueue<TaxpayerResult> told = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<Rin> askedOfSyncer = new LinkedBlockingQueue<>();
        OwnSync own = new OwnSync();
        ExecutorService syncs = Executors.newSingleThreadExecutor();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(40).build());
                Archive syncerArchive = shared.open();
                Archive desktopArchive = shared.open()) {
            List<ArchivedNotification> nile = SandboxItems.history(sandbox, NILE.value(), NILE);
            syncerArchive.store(batch(nile.subList(10, 40)));

            AtomicReference<OfficeSync.Announcement> syncer = new AtomicReference<>();
            syncer.set(
                    OfficeSync.of(syncerArchive)
                            .orElseThrow()
                            .announce(
                                    SERVICE,
                                    List.of(NILE),
                                    Duration.ofSeconds(30),
                                    r -> {
                                        // the office's sync of it: ten notifications arrived
                                        askedOfSyncer.add(r);
                                        try {
                                            syncerArchive.store(batch(nile.subList(0, 10)));
                                        } catch (Exception e) {
                                            throw new IllegalStateException(e);
                                        }
                                        syncer.get().served(r, true, null);
                                    }));

            SyncScheduler scheduler =
                    new SyncScheduler(
                            OfficeKept.of(own, asTheDesktopHandsIt(desktopArchive), SERVICE),
                            Duration.ofHours(1), // all due at the start, then not again here
                            null,
                            Clock.systemUTC(),
                            SyncTimer.of(timer),
                            syncs,
                            new SyncScheduler.Listener() {
                                @Override
                                public void finished(Rin t, TaxpayerResult r, Instant next) {
                                    told.add(r);
                                }
                            });
            scheduler.taxpayers(List.of(NILE, CAIRO));
            scheduler.start();

            // the first turns: Nile is the office's, Cairo the desktop's own
            TaxpayerResult first = next(told);
            assertThat(first.taxpayer()).isEqualTo(NILE);
            assertThat(OfficeKept.kept(first)).isTrue();
            assertThat(first.total()).isEqualTo(30);
            assertThat(first.added()).isZero();
            TaxpayerResult second = next(told);
            assertThat(second.taxpayer()).isEqualTo(CAIRO);
            assertThat(OfficeKept.kept(second)).isFalse();
            assertThat(own.synced).containsExactly(CAIRO);
            assertThat(own.prepared).doesNotContain(NILE);

            // Sync now of Nile: the syncer serves it; what it brought is told
            scheduler.syncNow(NILE);
            assertThat(askedOfSyncer.poll(30, TimeUnit.SECONDS)).isEqualTo(NILE);
            TaxpayerResult served = next(told);
            assertThat(OfficeKept.kept(served)).isTrue();
            assertThat(served.outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
            assertThat(served.added()).isEqualTo(10);
            assertThat(served.total()).isEqualTo(40);
            assertThat(own.synced).containsExactly(CAIRO);

            // the syncer stops: the desktop syncs Nile itself again
            syncer.get().close();
            scheduler.syncNow(NILE);
            TaxpayerResult alone = next(told);
            assertThat(OfficeKept.kept(alone)).isFalse();
            assertThat(own.synced).containsExactly(CAIRO, NILE);
            scheduler.close();
        } finally {
            syncs.shutdownNow();
            timer.shutdownNow();
        }
    }

    static SyncBatch batch(List<ArchivedNotification> items) {
        return new SyncBatch(SERVICE, NILE, items, "c", true, null);
    }

    static TaxpayerResult next(LinkedBlockingQueue<TaxpayerResult> told) throws Exception {
        TaxpayerResult r = told.poll(60, TimeUnit.SECONDS);
        assertThat(r).as("a sync was told within a minute").isNotNull();
        return r;
    }
}
