package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.sqlite.SqliteArchive;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The login budget as the identity service sees it: logins counted per window at the sandbox stay
 * within the budget; when the service limits harder, its Retry-After is honoured and no taxpayer is
 * given up.
 */
class LoginBudgetAtSandboxTest {

    @TempDir Path dir;

    static final List<Rin> TAXPAYERS =
            List.of(
                    Rin.of(SyncSandbox.NILE),
                    Rin.of(SyncSandbox.CAIRO),
                    Rin.of(SyncSandbox.ALEX),
                    Rin.of(SyncSandbox.NILE),
                    Rin.of(SyncSandbox.GIZA));

    List<TaxpayerResult> syncAll(Sandbox sandbox, LoginBudget budget) throws Exception {
        try (ServiceClient client = new ServiceClient(ClientConfig.defaults(), budget);
                TaxpayerSessions sessions =
                        new TaxpayerSessions(
                                client::openSession,
                                Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                                new Credentials(
                                        "erp-delta-accounting",
                                        "sandbox-secret-2".toCharArray(),
                                        null,
                                        null));
                SqliteArchive archive = SqliteArchive.open(dir.resolve("archive.db"))) {
            return new SyncRunner(
                            sessions,
                            archive,
                            SyncSandbox.key(sandbox),
                            SyncOptions.defaults(),
                            null)
                    .run(TAXPAYERS);
        }
    }

    static void assertEveryoneAnswered(List<TaxpayerResult> results) {
        assertThat(results).hasSize(4); // Nile once
        assertThat(results.get(0).outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
        assertThat(results.get(1).outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
        assertThat(results.get(2).outcome()).isEqualTo(TaxpayerResult.Outcome.REFUSED);
        assertThat(results.get(3).outcome()).isEqualTo(TaxpayerResult.Outcome.REFUSED);
    }

    @Test
    void loginsStayWithinTheBudgetCountedAtTheService() throws Exception {
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(30).build());
                LoginBudget budget = LoginBudget.of(2, Duration.ofSeconds(3))) {
            assertEveryoneAnswered(syncAll(sandbox, budget));
            List<Sandbox.LoginSeen> logins =
                    sandbox.logins().stream()
                            .sorted(java.util.Comparator.comparing(Sandbox.LoginSeen::at))
                            .toList();
            assertThat(logins).hasSize(4).allMatch(l -> l.status() != 429);
            for (int i = 2; i < logins.size(); i++) {
                Duration span = Duration.between(logins.get(i - 2).at(), logins.get(i).at());
                assertThat(span)
                        .as("three logins within the budget's window of two (3 s)")
                        .isGreaterThan(Duration.ofMillis(2400));
            }
        }
    }

    @Test
    void aServiceThatLimitsHarderIsWaitedForAndNoTaxpayerIsGivenUp() throws Exception {
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder()
                                        .notificationsPerTaxpayer(30)
                                        .rateLimit(1, Duration.ofSeconds(2))
                                        .build());
                LoginBudget budget = LoginBudget.perMinute(LoginBudget.DEFAULT_PER_MINUTE)) {
            assertEveryoneAnswered(syncAll(sandbox, budget));
            List<Sandbox.LoginSeen> logins =
                    sandbox.logins().stream()
                            .sorted(java.util.Comparator.comparing(Sandbox.LoginSeen::at))
                            .toList();
            assertThat(logins).anyMatch(l -> l.status() == 429);
            assertThat(logins.stream().filter(l -> l.status() != 429)).hasSize(4);
            // the first logins go out together; after a 429, the client waits (Retry-After is at
            // least a second) instead of asking again and again
            assertThat(logins.stream().filter(l -> l.status() == 429).count())
                    .as("429s: " + logins)
                    .isLessThanOrEqualTo(6);
            for (Sandbox.LoginSeen limited : logins) {
                if (limited.status() != 429) {
                    continue;
                }
                for (Sandbox.LoginSeen l : logins) {
                    Duration after = Duration.between(limited.at(), l.at());
                    assertThat(
                                    after.compareTo(Duration.ofMillis(300)) > 0
                                            && after.compareTo(Duration.ofMillis(800)) < 0)
                            .as("a login " + after.toMillis() + " ms after a 429: " + logins)
                            .isFalse();
                }
            }
        }
    }
}
