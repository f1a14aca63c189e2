package app.ishaar.core.sync;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.notification;
import static app.ishaar.core.service.TestTokens.page;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.TaxpayerSessions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The command line's run over taxpayers ({@link SyncRunner#run}) through the scheduler's one loop:
 * a failure that may pass by itself tried once more after the others and reported once; a failing
 * archive ending the run with its error; an interrupt thrown on.
 */
class SyncRunnerTest {
    static final Rin NILE = Rin.of("204918573");

    @StartStop final MockWebServer server = new MockWebServer();

    ServiceClient client;
    TaxpayerSessions sessions;
    final MemoryArchive archive = new MemoryArchive();
    final List<TaxpayerResult> told = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void close() {
        if (sessions != null) {
            sessions.close();
        }
        if (client != null) {
            client.close();
        }
    }

    SyncRunner runner() throws Exception {
        client =
                new ServiceClient(
                        ClientConfig.defaults()
                                .withRetries(0, Duration.ofMillis(10))
                                .withReadTimeout(Duration.ofSeconds(5)));
        String url = server.url("/").toString();
        Environment env = Environment.custom(url, url);
        sessions =
                new TaxpayerSessions(
                        client::openSession,
                        env,
                        new Credentials("erp-nile", "secret".toCharArray(), null, null));
        return new SyncRunner(
                sessions,
                archive,
                ServiceKey.of(env),
                SyncOptions.defaults(),
                new SyncRunner.Listener() {
                    @Override
                    public void finished(TaxpayerResult r) {
                        told.add(r);
                    }
                });
    }

    @Test
    void aLoginThatFailedIsTriedOnceMoreAfterTheOthersAndReportedOnce() throws Exception {
        SyncRunner r = runner();
        server.enqueue(new MockResponse.Builder().code(503).build());
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        List<TaxpayerResult> results = r.run(List.of(NILE));
        assertThat(results)
                .singleElement()
                .satisfies(
                        x -> {
                            assertThat(x.outcome()).isEqualTo(TaxpayerResult.Outcome.OK);
                            assertThat(x.total()).isEqualTo(1);
                        });
        assertThat(told).as("told once, as it ended at last").hasSize(1);
        assertThat(server.getRequestCount()).as("a login, a login again, a page").isEqualTo(3);
    }

    @Test
    void aFailingArchiveEndsTheRunWithItsError() throws Exception {
        SyncRunner r = runner();
        archive.failAfterNotifications = 0;
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        assertThatThrownBy(() -> r.run(List.of(NILE)))
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining("killed");
        assertThat(told).as("no taxpayer reported").isEmpty();
    }

    @Test
    void anInterruptEndsTheRunAndIsThrownOn() throws Exception {
        SyncRunner r = runner();
        Thread.currentThread().interrupt();
        assertThatThrownBy(() -> r.run(List.of(NILE))).isInstanceOf(InterruptedException.class);
        assertThat(told).isEmpty();
        assertThat(server.getRequestCount()).isZero();
    }
}
