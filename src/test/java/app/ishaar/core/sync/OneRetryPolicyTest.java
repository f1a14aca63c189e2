package app.ishaar.core.sync;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.notification;
import static app.ishaar.core.service.TestTokens.page;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.TaxpayerSessions;
import java.time.Duration;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A sync meets the service's rate limit through one policy only, the service client's: it waits as
 * long as {@code Retry-After} asks and goes on, and what the policy gives up on ends the sync with
 * a typed failure after exactly the requests the policy made. Neither the sessions nor the sync nor
 * the runner adds a loop of its own around it (which would multiply the requests).
 */
class OneRetryPolicyTest {
    static final Rin NILE = Rin.of("204918573");

    /** Far less than a second layer of waits would take, far more than the policy needs. */
    static final Duration GIVES_UP_WITHIN = Duration.ofSeconds(20);

    @StartStop final MockWebServer server = new MockWebServer();

    ServiceClient client;
    TaxpayerSessions sessions;
    final MemoryArchive archive = new MemoryArchive();

    @AfterEach
    void close() {
        if (sessions != null) {
            sessions.close();
        }
        if (client != null) {
            client.close();
        }
    }

    SyncRunner runner(Duration patience) throws Exception {
        client =
                new ServiceClient(
                        ClientConfig.defaults()
                                .withRetries(3, Duration.ofMillis(10))
                                .withMaxRetryAfter(Duration.ofSeconds(5))
                                .withRateLimitPatience(patience)
                                .withReadTimeout(Duration.ofSeconds(5)));
        String url = server.url("/").toString();
        Environment env = Environment.custom(url, url);
        sessions =
                new TaxpayerSessions(
                        client::openSession,
                        env,
                        new Credentials("erp-nile", "secret".toCharArray(), null, null));
        return new SyncRunner(sessions, archive, ServiceKey.of(env), SyncOptions.defaults(), null);
    }

    static MockResponse limited(String retryAfter) {
        MockResponse.Builder b = new MockResponse.Builder().code(429);
        return (retryAfter == null ? b : b.addHeader("Retry-After", retryAfter)).build();
    }

    @Test
    void aPageLimitedWithRetryAfterIsAskedAgainThatMuchLaterAndTheSyncGoesOn() throws Exception {
        SyncRunner r = runner(Duration.ofMinutes(5));
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(limited("1"));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        long start = System.nanoTime();
        TaxpayerResult result = r.sync(NILE, false);
        assertThat(result.outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
        assertThat(result.added()).isEqualTo(1);
        assertThat((System.nanoTime() - start) / 1_000_000)
                .as("waited as long as the service asked")
                .isGreaterThanOrEqualTo(950);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void aLimitedLoginIsAskedAgainWhenTheServiceSaysAndTheSyncGoesOn() throws Exception {
        SyncRunner r = runner(Duration.ofMinutes(5));
        server.enqueue(limited("1"));
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        long start = System.nanoTime();
        assertThat(r.sync(NILE, false).outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(950);
        assertThat(server.getRequestCount()).as("two logins, one page").isEqualTo(3);
    }

    /**
     * The policy gives up at once on a wait longer than it accepts: one page request, where a
     * second layer (the sync's own waits, the runner's try again) would make many.
     */
    @Test
    void aPageLimitThePolicyGivesUpOnEndsTheSyncAfterThePolicysOneRequest() throws Exception {
        SyncRunner r = runner(Duration.ofMinutes(5));
        server.enqueue(tokenResponse(standardToken("t1")));
        for (int i = 0; i < 20; i++) {
            server.enqueue(limited("3600"));
        }
        List<TaxpayerResult> results =
                assertTimeoutPreemptively(GIVES_UP_WITHIN, () -> r.run(List.of(NILE)));
        TaxpayerResult result = results.get(0);
        assertThat(result.outcome()).isEqualTo(TaxpayerResult.Outcome.FAILED);
        assertThat(result.error())
                .isInstanceOfSatisfying(
                        ServiceUnavailableException.class,
                        e -> assertThat(e.rateLimited()).isTrue());
        assertThat(server.getRequestCount()).as("one login, one page").isEqualTo(2);
    }

    @Test
    void aLoginLimitThePolicyGivesUpOnEndsTheSyncAfterThePolicysOneRequest() throws Exception {
        SyncRunner r = runner(Duration.ofMinutes(5));
        for (int i = 0; i < 20; i++) {
            server.enqueue(limited("3600"));
        }
        List<TaxpayerResult> results =
                assertTimeoutPreemptively(GIVES_UP_WITHIN, () -> r.run(List.of(NILE)));
        assertThat(results.get(0).outcome()).isEqualTo(TaxpayerResult.Outcome.FAILED);
        assertThat(results.get(0).error())
                .isInstanceOfSatisfying(
                        ServiceUnavailableException.class,
                        e -> assertThat(e.rateLimited()).isTrue());
        assertThat(server.getRequestCount()).as("one login, not tried again").isEqualTo(1);
        assertThat(sessions.refused(null)).isFalse();
        assertThat(sessions.refused(NILE)).as("a limit is no refusal").isFalse();
    }

    @Test
    void aSyncLimitedLongerThanThePatienceGivesUpWithATypedFailure() throws Exception {
        SyncRunner r = runner(Duration.ofMillis(400));
        server.enqueue(tokenResponse(standardToken("t1")));
        for (int i = 0; i < 400; i++) {
            server.enqueue(limited(null));
        }
        long start = System.nanoTime();
        TaxpayerResult result =
                assertTimeoutPreemptively(GIVES_UP_WITHIN, () -> r.sync(NILE, false));
        long waitedMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(result.outcome()).isEqualTo(TaxpayerResult.Outcome.FAILED);
        assertThat(result.error())
                .isInstanceOfSatisfying(
                        ServiceUnavailableException.class,
                        e -> {
                            assertThat(e.rateLimited()).isTrue();
                            assertThat(e.getMessage()).contains("no request has been admitted");
                        });
        assertThat(waitedMs).as("the policy's patience, once").isBetween(400L, 5_000L);
    }
}
