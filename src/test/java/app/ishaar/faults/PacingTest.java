package app.ishaar.faults;

import static app.ishaar.faults.FaultKit.SECRET;
import static app.ishaar.faults.FaultKit.SECRET_VAR;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Strict services: each admits only a couple of requests a second per client ID (fixed windows, as
 * the identity service's and the API's limiters count), answers the rest with 429 (with or without
 * {@code Retry-After}), and some admitted requests with a 503. {@code notifications --all} must
 * still print every notification exactly once, in order, and so must the export: the client slows
 * down together and never gives up while pages are coming. The rate-limit patience stays at its
 * default (5 min) here: a give-up would be a failure of the pacing, not of patience.
 */
class PacingTest {

    /**
     * A strict service: {@code admitted} requests per {@code windowMs} window, 429 beyond it with
     * {@code retryAfter} (null: no header), and every {@code every503}-th admitted request a 503
     * (0: none), over a history of {@code total} notifications.
     */
    record Strictness(
            String name,
            int admitted,
            long windowMs,
            String retryAfter,
            int every503,
            int total,
            int concurrency) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Strictness> services() {
        return Stream.of(
                new Strictness("3 a second, Retry-After: 1, 4 in flight", 3, 1000, "1", 0, 60, 4),
                new Strictness(
                        "2 a second, Retry-After: 1, every 4th a 503, 8 in flight",
                        2,
                        1000,
                        "1",
                        4,
                        45,
                        8),
                new Strictness("4 per 2 s, Retry-After: 2, 4 in flight", 4, 2000, "2", 0, 55, 4),
                new Strictness(
                        "2 per 500 ms, no Retry-After, every 3rd a 503, 4 in flight",
                        2,
                        500,
                        null,
                        3,
                        50,
                        4));
    }

    @StartStop final MockWebServer server = new MockWebServer();

    /** Plays a {@link Strictness}: logins and pages counted, the limit counted over both. */
    static final class StrictService extends Dispatcher {
        final Strictness s;
        final NetworkFaultRows.WindowLimit limit;
        final AtomicInteger admittedCalls = new AtomicInteger();
        final AtomicInteger limitedCalls = new AtomicInteger();

        StrictService(Strictness s) {
            this.s = s;
            this.limit = new NetworkFaultRows.WindowLimit(s.admitted(), s.windowMs());
        }

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            if (!limit.admit()) {
                limitedCalls.incrementAndGet();
                MockResponse.Builder b = new MockResponse.Builder().code(429);
                if (s.retryAfter() != null) {
                    b.addHeader("Retry-After", s.retryAfter());
                }
                return b.build();
            }
            int n = admittedCalls.incrementAndGet();
            if (s.every503() > 0 && n % s.every503() == 0) {
                return new MockResponse.Builder().code(503).build();
            }
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                return TestTokens.tokenResponse(TestTokens.standardToken("strict"));
            }
            return TestTokens.json(200, NetworkFaultRows.pageOf(r, s.total(), 10));
        }
    }

    static ClientConfig config() {
        // the production pacing and patience; short backoffs where no Retry-After is given
        return ClientConfig.defaults().withRetries(3, Duration.ofMillis(50));
    }

    List<String> expected(int total) {
        return List.of(NetworkFaultRows.ids("b", 0, total));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("services")
    void everyNotificationOnceThroughTheCommandLine(Strictness s) throws Exception {
        StrictService service = new StrictService(s);
        server.setDispatcher(service);
        String url = server.url("/").toString();
        FaultKit.CliResult r =
                FaultKit.cli(
                        config(),
                        () -> null,
                        Map.of(SECRET_VAR, SECRET),
                        FaultKit.asNile(
                                "notifications",
                                url,
                                "--all",
                                "--page-size",
                                "10",
                                "--concurrency",
                                Integer.toString(s.concurrency()),
                                "--format",
                                "json"));
        assertThat(r.code()).as(r.err()).isZero();
        List<String> ids = new ArrayList<>();
        for (JsonNode n : FaultKit.JSON.readTree(r.out())) {
            ids.add(n.path("notificationId").asText());
        }
        assertThat(ids).containsExactlyElementsOf(expected(s.total()));
        assertThat(service.limitedCalls.get()).as("the service did limit the client").isPositive();
    }

    @Test
    void theExportToo() throws Exception {
        Strictness s = services().toList().get(1);
        StrictService service = new StrictService(s);
        server.setDispatcher(service);
        String url = server.url("/").toString();
        Path file = dir.resolve("export.csv");
        try (ServiceClient client = new ServiceClient(config());
                Session session =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials("erp-nile", SECRET.toCharArray(), null, null))) {
            long n =
                    NotificationExporter.export(
                                    session,
                                    NotificationQuery.ALL.withPageSize(10),
                                    NotificationSink.csvForPrograms(false),
                                    file,
                                    s.concurrency(),
                                    null)
                            .get(60, TimeUnit.SECONDS);
            assertThat(n).isEqualTo(s.total());
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertThat(lines.subList(1, lines.size()))
                .extracting(l -> l.substring(0, l.indexOf(',')))
                .containsExactlyElementsOf(expected(s.total()));
        assertThat(service.limitedCalls.get()).isPositive();
    }

    @TempDir Path dir;
}
