package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
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
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * Two office syncers (two processes' worth: each its own connections, login budget and client) of
 * one client ID, each with its own taxpayers, started together on one shared archive: the logins
 * the identity service counts from both together stay within one budget (the setting's logins per
 * window), and both complete. Each syncer alone would send its logins at once.
 */
class SharedLoginBudgetTest {

    /**
     * The two syncers' threads: the common pool may have only one on two cores, which would run
     * them one after the other.
     */
    private static final java.util.concurrent.ExecutorService TWO_THREADS =
            java.util.concurrent.Executors.newFixedThreadPool(
                    2,
                    r -> {
                        Thread t = new Thread(r, "syncer");
                        t.setDaemon(true);
                        return t;
                    });

    static final int LOGINS = 2;
    static final Duration WINDOW = Duration.ofSeconds(3);
    static final String CLIENT = "erp-delta-accounting";

    @Test
    void twoSyncersTogetherStayWithinOneLoginBudget() throws Exception {
        TestArchive shared = PgTestServer.get().newArchive();
        List<List<Rin>> taxpayers =
                List.of(
                        List.of(Rin.of(SyncSandbox.NILE), Rin.of(SyncSandbox.ALEX)),
                        List.of(Rin.of(SyncSandbox.CAIRO), Rin.of(SyncSandbox.GIZA)));
        try (Sandbox sandbox =
                Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(40).build())) {
            warmUp(sandbox);
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<List<TaxpayerResult>>> syncers = new ArrayList<>();
            for (List<Rin> mine : taxpayers) {
                syncers.add(
                        CompletableFuture.supplyAsync(
                                () -> {
                                    try {
                                        start.await();
                                        return syncer(sandbox, shared, mine);
                                    } catch (Exception e) {
                                        throw new CompletionException(e);
                                    }
                                },
                                TWO_THREADS));
            }
            start.countDown();
            List<TaxpayerResult> a = syncers.get(0).get();
            List<TaxpayerResult> b = syncers.get(1).get();

            // both complete: the taxpayers with access synced whole, the others refused
            assertThat(a)
                    .extracting(TaxpayerResult::outcome)
                    .containsExactly(TaxpayerResult.Outcome.OK, TaxpayerResult.Outcome.REFUSED);
            assertThat(b)
                    .extracting(TaxpayerResult::outcome)
                    .containsExactly(TaxpayerResult.Outcome.OK, TaxpayerResult.Outcome.REFUSED);
            SyncSandbox.assertArchiveEqualsService(sandbox, shared, SyncSandbox.NILE);
            SyncSandbox.assertArchiveEqualsService(sandbox, shared, SyncSandbox.CAIRO);

            // the identity service saw one login per taxpayer, at most LOGINS in any WINDOW
            List<Sandbox.LoginSeen> logins =
                    sandbox.logins().stream()
                            .filter(l -> CLIENT.equals(l.clientId()))
                            .sorted(Comparator.comparing(Sandbox.LoginSeen::at))
                            .toList();
            assertThat(logins).hasSize(4).allMatch(l -> l.status() != 429);
            for (int i = LOGINS; i < logins.size(); i++) {
                Duration span = Duration.between(logins.get(i - LOGINS).at(), logins.get(i).at());
                assertThat(span)
                        .as("%d logins of both syncers within one window: %s", LOGINS + 1, logins)
                        .isGreaterThan(WINDOW.multipliedBy(8).dividedBy(10));
            }
        }
    }

    @Test
    void whenTheServiceLimitsHarderBothSyncersWaitItsRetryAfter() throws Exception {
        TestArchive shared = PgTestServer.get().newArchive();
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .notificationsPerTaxpayer(40)
                                .rateLimit(1, Duration.ofSeconds(2))
                                .build())) {
            warmUp(sandbox);
            List<List<Rin>> taxpayers =
                    List.of(
                            List.of(Rin.of(SyncSandbox.NILE), Rin.of(SyncSandbox.ALEX)),
                            List.of(Rin.of(SyncSandbox.CAIRO), Rin.of(SyncSandbox.GIZA)));
            List<CompletableFuture<List<TaxpayerResult>>> syncers = new ArrayList<>();
            for (List<Rin> mine : taxpayers) {
                syncers.add(
                        CompletableFuture.supplyAsync(
                                () -> {
                                    try {
                                        return syncer(sandbox, shared, mine, 12, WINDOW);
                                    } catch (Exception e) {
                                        throw new CompletionException(e);
                                    }
                                },
                                TWO_THREADS));
            }
            // no taxpayer given up: each syncer completes
            for (CompletableFuture<List<TaxpayerResult>> f : syncers) {
                assertThat(f.get())
                        .extracting(TaxpayerResult::outcome)
                        .containsExactly(TaxpayerResult.Outcome.OK, TaxpayerResult.Outcome.REFUSED);
            }
            List<Sandbox.LoginSeen> logins =
                    sandbox.logins().stream()
                            .filter(l -> CLIENT.equals(l.clientId()))
                            .sorted(Comparator.comparing(Sandbox.LoginSeen::at))
                            .toList();
            assertThat(logins).anyMatch(l -> l.status() == 429);
            assertThat(logins.stream().filter(l -> l.status() != 429)).hasSize(4);
            // after a 429 to either syncer, neither asks again until Retry-After (at least a
            // second) has passed, save logins already on their way: the other syncer's, let
            // through before the pause was written, reach the service up to some 450 ms later on
            // a loaded two-core machine (the syncers now truly side by side)
            for (Sandbox.LoginSeen limited : logins) {
                if (limited.status() != 429) {
                    continue;
                }
                for (Sandbox.LoginSeen l : logins) {
                    Duration after = Duration.between(limited.at(), l.at());
                    assertThat(
                                    after.compareTo(Duration.ofMillis(600)) > 0
                                            && after.compareTo(Duration.ofMillis(1000)) < 0)
                            .as("a login " + after.toMillis() + " ms after a 429: " + logins)
                            .isFalse();
                }
            }
        }
    }

    /**
     * A login of another client ID first, so that the syncers' logins reach the service as they are
     * sent: the budget counts logins when sent, the service when received, and a first request of a
     * cold process can take a second or more on the way.
     */
    static void warmUp(Sandbox sandbox) throws Exception {
        try (ServiceClient client = new ServiceClient(ClientConfig.defaults());
                TaxpayerSessions sessions =
                        new TaxpayerSessions(
                                client::openSession,
                                Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                                new Credentials(
                                        "erp-nile-trading",
                                        "sandbox-secret-1".toCharArray(),
                                        null,
                                        null))) {
            sessions.session(null).get();
        }
    }

    /** One syncer: its own login budget, client and sessions, on its own connection. */
    static List<TaxpayerResult> syncer(Sandbox sandbox, TestArchive shared, List<Rin> taxpayers)
            throws Exception {
        return syncer(sandbox, shared, taxpayers, LOGINS, WINDOW);
    }

    static List<TaxpayerResult> syncer(
            Sandbox sandbox, TestArchive shared, List<Rin> taxpayers, int logins, Duration window)
            throws Exception {
        try (Archive archive = shared.open();
                LoginBudget budget = LoginBudget.of(logins, window);
                ServiceClient client =
                        new ServiceClient(
                                ClientConfig.defaults(),
                                OfficeSync.of(archive).orElseThrow().logins(budget));
                TaxpayerSessions sessions =
                        new TaxpayerSessions(
                                client::openSession,
                                Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                                new Credentials(
                                        CLIENT, "sandbox-secret-2".toCharArray(), null, null))) {
            return new SyncRunner(
                            sessions,
                            archive,
                            SyncSandbox.key(sandbox),
                            SyncOptions.defaults(),
                            null)
                    .run(taxpayers);
        }
    }
}
