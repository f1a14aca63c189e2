package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import app.ishaar.core.service.http.HttpResult;
import app.ishaar.core.service.http.NotificationReader;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.FormBody;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okio.Buffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fuzzes the client's response parsing for {@code ishaar.fuzz.seconds} (60 in CI through the pom; 5
 * when run without it): valid pages and token answers taken from the sandbox are mutated (see
 * {@link Mutator}) and fed to the notification reader directly, and every few rounds through
 * MockWebServer to the real client (notification pages and login answers). Nothing may escape but
 * the client's own {@link ServiceException}s; a readable page keeps its invariants. Reproduce a
 * failure with {@code -Dishaar.fuzz.seed=<seed printed in the failure>}.
 */
class ResponseParserFuzzTest {

    private static final List<byte[]> PAGES = new ArrayList<>();
    private static byte[] tokenAnswer;
    private static Sandbox sandbox;

    @BeforeAll
    static void takeSeedsFromTheSandbox() throws Exception {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(99)
                                .notificationsPerTaxpayer(300)
                                .anchor(Instant.parse("2026-01-01T00:00:00Z"))
                                .build());
        SandboxAccount account =
                sandbox.accounts().stream()
                        .filter(a -> a.clientId().equals("erp-nile-trading"))
                        .findFirst()
                        .orElseThrow();
        OkHttpClient http = new OkHttpClient();
        try (Response login =
                http.newCall(
                                new Request.Builder()
                                        .url(sandbox.authUrl() + "/connect/token")
                                        .header(
                                                "Authorization",
                                                okhttp3.Credentials.basic(
                                                        account.clientId(), account.clientSecret()))
                                        .post(
                                                new FormBody.Builder()
                                                        .add("grant_type", "client_credentials")
                                                        .build())
                                        .build())
                        .execute()) {
            assertThat(login.code()).isEqualTo(200);
            tokenAnswer = login.body().bytes();
        }
        String token = FaultKit.JSON.readTree(tokenAnswer).get("access_token").asText();
        for (String q :
                List.of(
                        "pageSize=1",
                        "pageSize=7&pageNo=3",
                        "pageSize=100",
                        "pageSize=10&status=error",
                        "type=9&dateFrom=2030-01-01T00:00:00Z")) {
            try (Response page =
                    http.newCall(
                                    new Request.Builder()
                                            .url(
                                                    sandbox.baseUrl()
                                                            + "/api/v1.0/notifications/taxpayer?"
                                                            + q)
                                            .header("Authorization", "Bearer " + token)
                                            .build())
                            .execute()) {
                assertThat(page.code()).isEqualTo(200);
                PAGES.add(page.body().bytes());
            }
        }
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** The next answer MockWebServer gives, set by the loop (one request at a time). */
    static final class Next extends Dispatcher {
        volatile MockResponse login = TestTokens.tokenResponse(TestTokens.standardToken("fuzz"));
        volatile MockResponse api;

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            return r.getUrl().encodedPath().equals("/connect/token") ? login : api;
        }
    }

    @Test
    void nothingButTypedErrorsEscapeTheParser() throws Exception {
        long seconds = Long.getLong("ishaar.fuzz.seconds", 5);
        long seed = Long.getLong("ishaar.fuzz.seed", System.nanoTime());
        Random random = new Random(seed);
        Mutator mutator = new Mutator(random);
        String[] contentTypes = {
            "application/json; charset=utf-8",
            "application/json",
            null,
            "text/plain",
            "application/problem+json"
        };
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long rounds = 0;
        long throughClient = 0;
        long readable = 0;
        Next next = new Next();
        try (MockWebServer server = new MockWebServer();
                ServiceClient client = new ServiceClient(FaultKit.config())) {
            server.setDispatcher(next);
            server.start();
            Environment env =
                    Environment.custom(server.url("/").toString(), server.url("/").toString());
            Session session =
                    client.openSession(
                            env,
                            new Credentials("erp-nile", FaultKit.SECRET.toCharArray(), null, null));
            while (System.nanoTime() < end) {
                rounds++;
                boolean login = rounds % 50 == 0;
                byte[] input =
                        mutator.mutate(
                                login ? tokenAnswer : PAGES.get(random.nextInt(PAGES.size())));
                String ct = contentTypes[random.nextInt(contentTypes.length)];
                String where = "seed " + seed + ", round " + rounds;
                try {
                    if (login) {
                        throughClient++;
                        next.login = answer(input, ct);
                        Session s =
                                client.openSession(
                                        env,
                                        new Credentials(
                                                "erp-nile",
                                                FaultKit.SECRET.toCharArray(),
                                                null,
                                                null));
                        expectTypedOrValue(() -> s.login().get(10, TimeUnit.SECONDS), input, where);
                        next.login = TestTokens.tokenResponse(TestTokens.standardToken("fuzz"));
                        s.close();
                    } else if (rounds % 10 == 0) {
                        throughClient++;
                        next.api = answer(input, ct);
                        Object p =
                                expectTypedOrValue(
                                        () ->
                                                session.fetch(NotificationQuery.ALL)
                                                        .get(10, TimeUnit.SECONDS),
                                        input,
                                        where);
                        if (p instanceof NotificationPage page) {
                            readable++;
                            checkInvariants(page);
                        }
                    } else {
                        HttpResult r =
                                new HttpResult(
                                        200,
                                        ct == null ? Headers.of() : Headers.of("Content-Type", ct),
                                        input,
                                        ct);
                        try {
                            checkInvariants(NotificationReader.read(r, 1, null));
                            readable++;
                        } catch (UnexpectedResponseException expected) {
                            assertThat(expected.getMessage()).isNotBlank();
                        }
                    }
                } catch (Throwable t) {
                    Path saved = save(input, seed, rounds);
                    throw new AssertionError(
                            "fuzz " + where + ": " + t + " (input saved as " + saved + ")", t);
                }
            }
            session.close();
        }
        System.out.printf(
                "response-parser fuzz: %d rounds in %d s (%d through the client, %d readable), seed %d%n",
                rounds, seconds, throughClient, readable, seed);
        assertThat(rounds).as("the fuzz ran").isGreaterThan(100);
    }

    @FunctionalInterface
    interface Call {
        Object get() throws Exception;
    }

    /**
     * The call's value, or its failure, which must be a ServiceException and not an internal error
     * the client had to wrap (BodyKind.OTHER on a 2xx means a RuntimeException was caught).
     */
    private static Object expectTypedOrValue(Call call, byte[] input, String where)
            throws Exception {
        try {
            return call.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            assertThat(c).as(where).isInstanceOf(ServiceException.class);
            if (c instanceof UnexpectedResponseException u) {
                assertThat(u.bodyKind())
                        .as("%s: %s", where, u.getMessage())
                        .isNotEqualTo(BodyKind.OTHER);
            }
            return c;
        }
    }

    private static MockResponse answer(byte[] body, String ct) {
        MockResponse.Builder b =
                new MockResponse.Builder().code(200).body(new Buffer().write(body));
        if (ct != null) {
            b.addHeader("Content-Type", ct);
        }
        return b.build();
    }

    private static void checkInvariants(NotificationPage p) {
        assertThat(p.result()).isNotNull();
        assertThat(p.totalPages()).isNotNegative();
        assertThat(p.totalCount()).isNotNegative();
        for (Notification n : p.result()) {
            assertThat(n.deliveryAttempts()).isNotNull();
        }
    }

    private static Path save(byte[] input, long seed, long round) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "fuzz-failures"));
            Path f = dir.resolve("seed-" + seed + "-round-" + round + ".bin");
            Files.write(f, input);
            return f;
        } catch (IOException e) {
            return null;
        }
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
