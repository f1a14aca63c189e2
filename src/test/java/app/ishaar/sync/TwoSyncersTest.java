package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.TaxpayerResult;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two office syncers (each with its own connections, login budget and client, as two processes
 * would have) started together on one shared archive for the same taxpayers: each taxpayer is
 * synced by one of them only (one login per taxpayer in all, each notification stored once), and
 * the other reports it skipped, as being synced elsewhere.
 */
class TwoSyncersTest {

    static final List<Rin> TAXPAYERS = List.of(Rin.of(SyncSandbox.NILE), Rin.of(SyncSandbox.CAIRO));

    @Test
    void twoSyncersNeverSyncTheSameTaxpayerAtOnce() throws Exception {
        TestArchive shared = PgTestServer.get().newArchive();
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .notificationsPerTaxpayer(1_500)
                                .latency(Duration.ofMillis(20))
                                .build())) {
            // each on its own thread (the common pool may have only one on two cores, which
            // would run them one after the other), each set up (connections, client, sessions)
            // before both ask for the taxpayers at once
            CyclicBarrier setUp = new CyclicBarrier(2);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            List<TaxpayerResult> a;
            List<TaxpayerResult> b;
            try {
                List<Future<List<TaxpayerResult>>> syncers = new ArrayList<>();
                for (int k = 0; k < 2; k++) {
                    syncers.add(threads.submit(() -> syncAll(sandbox, shared, setUp)));
                }
                a = syncers.get(0).get(120, TimeUnit.SECONDS);
                b = syncers.get(1).get(120, TimeUnit.SECONDS);
            } finally {
                threads.shutdownNow();
            }

            for (int t = 0; t < TAXPAYERS.size(); t++) {
                TaxpayerResult x = a.get(t);
                TaxpayerResult y = b.get(t);
                // one synced it, the other skipped it: never "ok" for what it did not sync
                assertThat(List.of(x.outcome(), y.outcome()))
                        .containsExactlyInAnyOrder(
                                TaxpayerResult.Outcome.OK, TaxpayerResult.Outcome.SKIPPED);
                // one of them synced it whole, the other left it to the first
                assertThat(List.of(x.added(), y.added())).containsExactlyInAnyOrder(1_500, 0);
                TaxpayerResult idle = x.added() == 0 ? x : y;
                assertThat(idle.outcome()).isEqualTo(TaxpayerResult.Outcome.SKIPPED);
                assertThat(idle.message()).isEqualTo(SyncRunner.SYNCED_ELSEWHERE);
            }
            // one login per taxpayer in all, not one per syncer
            assertThat(sandbox.logins()).hasSize(TAXPAYERS.size());
            SyncSandbox.assertArchiveEqualsService(sandbox, shared, SyncSandbox.NILE);
            SyncSandbox.assertArchiveEqualsService(sandbox, shared, SyncSandbox.CAIRO);

            // the taxpayers were let go: a later sync takes them
            List<TaxpayerResult> later = syncAll(sandbox, shared);
            assertThat(later).allMatch(r -> r.message() == null && r.added() == 0);
        }
    }

    static List<TaxpayerResult> syncAll(Sandbox sandbox, TestArchive shared) throws Exception {
        return syncAll(sandbox, shared, null);
    }

    /** Syncs every taxpayer; set up first, then waits at the barrier (if any) for the others. */
    static List<TaxpayerResult> syncAll(Sandbox sandbox, TestArchive shared, CyclicBarrier setUp)
            throws Exception {
        try (LoginBudget budget = LoginBudget.perMinute(12);
                ServiceClient client = new ServiceClient(ClientConfig.defaults(), budget);
                TaxpayerSessions sessions =
                        new TaxpayerSessions(
                                client::openSession,
                                Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                                new Credentials(
                                        "erp-delta-accounting",
                                        "sandbox-secret-2".toCharArray(),
                                        null,
                                        null));
                Archive archive = shared.open()) {
            if (setUp != null) {
                setUp.await(60, TimeUnit.SECONDS);
            }
            return new SyncRunner(
                            sessions,
                            archive,
                            SyncSandbox.key(sandbox),
                            SyncOptions.defaults(),
                            null)
                    .run(TAXPAYERS);
        }
    }
}
