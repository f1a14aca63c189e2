package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Faults played by the built-in sandbox's own knobs (real RS256 tokens, real rate limiter): a token
 * that really expires mid-paging (the clock-offset knob), tokens dead on arrival (lifetime 0: 401
 * twice), every answer a 503, a rate limit with Retry-After, and latency beyond the read timeout.
 * Through the client and, where the fault does not need a hook between pages, the command line.
 * Writes its rows to {@code target/fault-matrix-sandbox.md}.
 */
class SandboxFaultsTest {

    static final Map<String, String> ROWS = Collections.synchronizedMap(new LinkedHashMap<>());

    Sandbox sandbox;
    SandboxAccount account;
    String row;

    @BeforeEach
    void start(TestInfo info) throws IOException {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(11)
                                .notificationsPerTaxpayer(230)
                                .anchor(Instant.parse("2026-01-01T00:00:00Z"))
                                .build());
        account =
                sandbox.accounts().stream()
                        .filter(a -> a.clientId().equals("erp-nile-trading"))
                        .findFirst()
                        .orElseThrow();
        row = info.getDisplayName();
        ROWS.put(row, "FAIL");
        signingKeyMade();
    }

    /**
     * A new sandbox makes its signing key on a thread of its own, and its first token waits for it
     * (up to a second or two on a busy machine): longer than these tests' 700 ms read timeout, and
     * a login that times out is not sent again. Asking for the public key first waits for it, so
     * that each test meets the fault it plays and not the key's making.
     */
    private void signingKeyMade() throws IOException {
        try {
            java.net.http.HttpClient.newHttpClient()
                    .send(
                            java.net.http.HttpRequest.newBuilder(
                                            java.net.URI.create(
                                                    sandbox.authUrl()
                                                            + "/.well-known/openid-configuration/jwks"))
                                    .build(),
                            java.net.http.HttpResponse.BodyHandlers.discarding());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @AfterEach
    void stop() {
        sandbox.close();
    }

    Session session(ServiceClient client) throws Exception {
        return client.openSession(
                Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl()),
                new Credentials(
                        account.clientId(), account.clientSecret().toCharArray(), null, null));
    }

    FaultKit.CliResult cli(ClientConfig config, String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "notifications",
                                "--auth-url",
                                sandbox.authUrl(),
                                "--base-url",
                                sandbox.baseUrl(),
                                "--client-id",
                                account.clientId(),
                                "--client-secret-env",
                                "SANDBOX_SECRET"));
        args.addAll(List.of(more));
        return FaultKit.cli(
                config,
                () -> null,
                Map.of("SANDBOX_SECRET", account.clientSecret()),
                args.toArray(new String[0]));
    }

    int total() {
        return sandbox.notificationCount(account.taxpayers().get(0).rin());
    }

    @Test
    @DisplayName(
            "token really expires mid-paging (clockOffset +2 h after page 1): renewed once, every page read")
    void aTokenThatReallyExpiresMidPagingIsRenewedOnceAndEveryPageIsRead() throws Exception {
        List<Notification> read = Collections.synchronizedList(new ArrayList<>());
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s = session(client)) {
            long n =
                    s.readAll(
                                    NotificationQuery.ALL.withPageSize(50),
                                    1,
                                    (NotificationPage p) -> {
                                        read.addAll(p.result());
                                        if (p.pageNo() == 1) {
                                            // two hours later for the sandbox: the token it issued
                                            // has expired
                                            sandbox.knobs().clockOffset(Duration.ofHours(2));
                                        }
                                    })
                            .get(30, TimeUnit.SECONDS);
            assertThat(n).isEqualTo(total());
        }
        assertThat(read).hasSize(total());
        assertThat(new HashSet<>(read.stream().map(Notification::notificationId).toList()))
                .hasSize(total());
        assertThat(read.stream().map(Notification::receivedDateTime).toList())
                .isSortedAccordingTo(Collections.reverseOrder());
        ROWS.put(row, "pass (client)");
    }

    @Test
    @DisplayName(
            "tokens dead on arrival (tokenLifetime 0): 401 twice, SessionExpiredException, CLI exit 4")
    void tokensDeadOnArrivalEndTheSession() throws Exception {
        sandbox.knobs().tokenLifetime(Duration.ZERO);
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s = session(client)) {
            assertThat(failure(s.fetch(NotificationQuery.ALL)))
                    .isInstanceOf(SessionExpiredException.class);
        }
        FaultKit.CliResult r = cli(FaultKit.config());
        assertThat(r.code()).isEqualTo(4);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("log in again");
        ROWS.put(row, "pass (client, CLI exit 4)");
    }

    @Test
    @DisplayName("fail503Share 1.0: retried, ServiceUnavailableException(503), CLI exit 5")
    void everyAnswerA503() throws Exception {
        sandbox.knobs().fail503Share(1.0);
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s = session(client)) {
            assertThat(failure(s.fetch(NotificationQuery.ALL)))
                    .isInstanceOfSatisfying(
                            ServiceUnavailableException.class,
                            e -> assertThat(e.status()).isEqualTo(503));
        }
        FaultKit.CliResult r = cli(FaultKit.config());
        assertThat(r.code()).isEqualTo(5);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("503");
        ROWS.put(row, "pass (client, CLI exit 5)");
    }

    @Test
    @DisplayName("rateLimit 2 per second: 429 + Retry-After waited out, all pages read, CLI exit 0")
    void aRateLimitIsWaitedOutWithRetryAfter() throws Exception {
        sandbox.knobs().rateLimit(2, Duration.ofSeconds(1));
        ClientConfig patient = FaultKit.config().withRetries(5, Duration.ofMillis(5));
        try (ServiceClient client = new ServiceClient(patient);
                Session s = session(client)) {
            long start = System.nanoTime();
            assertThat(
                            s.readAll(NotificationQuery.ALL.withPageSize(100), 1, p -> {})
                                    .get(30, TimeUnit.SECONDS))
                    .isEqualTo(total());
            // three pages, two allowed per second: the third waited for the window (Retry-After is
            // whole seconds)
            assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(300);
        }
        FaultKit.CliResult r =
                cli(
                        patient,
                        "--all",
                        "--concurrency",
                        "1",
                        "--page-size",
                        "100",
                        "--format",
                        "csv");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        ROWS.put(row, "pass (client, CLI exit 0)");
    }

    @Test
    @DisplayName("latency 1.5 s > read timeout 0.3 s: NetworkException(TIMEOUT), CLI exit 5")
    void latencyBeyondTheReadTimeout() throws Exception {
        sandbox.knobs().latency(Duration.ofMillis(1500));
        ClientConfig impatient = FaultKit.config().withReadTimeout(Duration.ofMillis(300));
        try (ServiceClient client = new ServiceClient(impatient);
                Session s = session(client)) {
            assertThat(failure(s.login()))
                    .isInstanceOfSatisfying(
                            NetworkException.class,
                            e -> assertThat(e.kind()).isEqualTo(NetworkException.Kind.TIMEOUT));
        }
        FaultKit.CliResult r = cli(impatient);
        assertThat(r.code()).isEqualTo(5);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("did not answer in time");
        ROWS.put(row, "pass (client, CLI exit 5)");
    }

    private static Throwable failure(java.util.concurrent.CompletableFuture<?> f) throws Exception {
        try {
            f.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected a failure");
    }

    @AfterAll
    static void writeRows() throws IOException {
        StringBuilder md = new StringBuilder("| sandbox knob fault | result |\n|---|---|\n");
        ROWS.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
        Path matrix = Path.of(System.getProperty("ishaar.fault.matrix", "target/fault-matrix.md"));
        Path out = matrix.resolveSibling("fault-matrix-sandbox.md");
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md.toString(), StandardCharsets.UTF_8);
    }
}
