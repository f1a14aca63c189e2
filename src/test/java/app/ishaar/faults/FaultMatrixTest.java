package app.ishaar.faults;

import static app.ishaar.faults.FaultKit.JSON;
import static app.ishaar.faults.FaultKit.SECRET;
import static app.ishaar.faults.FaultKit.assertOneClearLine;
import static app.ishaar.faults.FaultKit.config;
import static app.ishaar.faults.FaultKit.page;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fault matrix (issue #9): one table of faults, each played by a loopback server against the
 * real client and then against the real command line. The client must end with the expected typed
 * {@link ServiceException} (or recover), the command line with the expected exit code and one clear
 * line on stderr. The run writes the matrix to {@code target/fault-matrix.md} for the README.
 *
 * <p>Finer points (exact retry counts, backoff timing, Retry-After as an HTTP date, renewal ahead
 * of expiry, cancellation) are proven in {@code ServiceClientTest} and {@code ReadAllTest}; this
 * table is about what a user sees for each fault, end to end.
 */
class FaultMatrixTest {

    enum Op {
        LOGIN,
        FETCH,
        /** Every page, one in flight, a page size of 1. */
        READ_ALL,
        /** Every page, one in flight, a page size of 10. */
        READ_ALL_BY_10
    }

    /** Where the client is sent. */
    enum Where {
        /** The scripted service on loopback. */
        LOOPBACK,
        /** A loopback port nobody listens on. */
        REFUSED,
        /** The scripted service over HTTPS with a certificate this computer does not trust. */
        UNTRUSTED_TLS
    }

    /**
     * What the fake service answers: {@code call} counts calls to that endpoint from 0; {@code
     * token} is the index of the token used.
     */
    @FunctionalInterface
    interface Answer {
        MockResponse answer(RecordedRequest r, int call, int token);
    }

    /**
     * What the client must end with: success with {@code items} notifications, or this typed error.
     */
    record Expect(
            Class<? extends ServiceException> type, Predicate<ServiceException> detail, int items) {
        static Expect ok(int items) {
            return new Expect(null, e -> true, items);
        }

        static <T extends ServiceException> Expect fails(Class<T> type, Predicate<T> detail) {
            return new Expect(type, e -> type.isInstance(e) && detail.test(type.cast(e)), -1);
        }
    }

    record Case(
            String fault,
            String behaviour,
            Op op,
            Answer login,
            Answer api,
            Where where,
            Expect expect,
            int apiCalls,
            int logins,
            int exit,
            String stderrHas) {
        @Override
        public String toString() {
            return fault;
        }
    }

    // ------------------------------------------------------------------ the table

    static final Answer TOKEN =
            (r, call, token) -> TestTokens.tokenResponse(TestTokens.standardToken("tok-" + call));
    static final Answer ONE_PAGE = (r, call, token) -> json(200, page(1, 2, "n1", "n2"));

    static Stream<Case> cases() {
        return Stream.concat(ServiceFaultRows.cases(), NetworkFaultRows.cases());
    }

    // ------------------------------------------------------------------ answers

    static MockResponse json(int code, String body) {
        return TestTokens.json(code, body);
    }

    static MockResponse status(int code) {
        return new MockResponse.Builder()
                .code(code)
                .addHeader("correlationId", "corr-" + code)
                .build();
    }

    static MockResponse apiError(int code, String errorCode, String message) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode e = root.putObject("error");
        e.put("code", errorCode);
        e.put("message", message);
        return json(code, root.toString());
    }

    static MockResponse html(int code) {
        return new MockResponse.Builder()
                .code(code)
                .addHeader("Content-Type", "text/html; charset=utf-8")
                .body(
                        "<!DOCTYPE html><html><head><title>"
                                + code
                                + "</title></head><body><h1>"
                                + code
                                + " Bad Gateway</h1><hr><center>nginx</center></body></html>")
                .build();
    }

    static MockResponse resetMidBody() {
        return json(200, page(1, 2, "n1", "n2"))
                .newBuilder()
                .onResponseBody(new SocketEffect.CloseSocket())
                .build();
    }

    /** Page {@code pageNo} of three, one notification each (read with a page size of 1). */
    static String pageNo(RecordedRequest r) {
        String p = r.getUrl().queryParameter("pageNo");
        int n = p == null ? 1 : Integer.parseInt(p);
        return n <= 3 ? page(3, 3, "n" + n) : page(3, 3);
    }

    /** Plays a case: logins and API calls counted; the index of each issued token remembered. */
    static final class Scripted extends Dispatcher {
        final Answer login;
        final Answer api;
        final AtomicInteger logins = new AtomicInteger();
        final AtomicInteger apiCalls = new AtomicInteger();
        final List<String> tokens = Collections.synchronizedList(new ArrayList<>());

        Scripted(Answer login, Answer api) {
            this.login = login;
            this.api = api;
        }

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                int n = logins.getAndIncrement();
                MockResponse m = login.answer(r, n, -1);
                // only a token answer of a sane size is read here (a fault may send an endless one)
                if (m.getBody() != null
                        && m.getBody().getContentLength() >= 0
                        && m.getBody().getContentLength() < 100_000) {
                    try {
                        okio.Buffer b = new okio.Buffer();
                        m.getBody().writeTo(b);
                        JsonNode node = JSON.readTree(b.readUtf8());
                        if (node.hasNonNull("access_token")) {
                            tokens.add(node.get("access_token").asText());
                        }
                    } catch (IOException ignored) {
                        // not a token answer
                    }
                }
                return m;
            }
            String auth = r.getHeaders().get("Authorization");
            int token = auth == null ? -1 : tokens.indexOf(auth.substring("Bearer ".length()));
            return api.answer(r, apiCalls.getAndIncrement(), token);
        }
    }

    // ------------------------------------------------------------------ the run

    @StartStop final MockWebServer server = new MockWebServer();

    static final Map<String, String[]> MATRIX = Collections.synchronizedMap(new LinkedHashMap<>());

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachFaultEndsInATypedErrorOrARecoveryThroughTheClientAndTheCommandLine(Case c)
            throws Exception {
        String[] row = {c.behaviour(), "FAIL", "FAIL"};
        MATRIX.put(c.fault(), row);
        MockWebServer target =
                c.where() == Where.UNTRUSTED_TLS ? NetworkFaultRows.untrusted() : server;
        String url =
                switch (c.where()) {
                    case REFUSED -> "http://127.0.0.1:" + FaultKit.closedPort() + "/";
                    case UNTRUSTED_TLS ->
                            target.url("/").newBuilder().host("localhost").build().toString();
                    case LOOPBACK -> server.url("/").toString();
                };

        Scripted service = new Scripted(c.login(), c.api());
        target.setDispatcher(service);
        throughTheClient(c, url, service);
        row[1] = "pass";

        Scripted again = new Scripted(c.login(), c.api());
        target.setDispatcher(again);
        throughTheCommandLine(c, url);
        row[2] = "pass";
    }

    private void throughTheClient(Case c, String url, Scripted service) throws Exception {
        List<NotificationPage> pages = Collections.synchronizedList(new ArrayList<>());
        Object value = null;
        Throwable failure = null;
        try (ServiceClient client = new ServiceClient(config());
                Session s =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials("erp-nile", SECRET.toCharArray(), null, null))) {
            CompletableFuture<?> f =
                    switch (c.op()) {
                        case LOGIN -> s.login();
                        case FETCH ->
                                s.fetch(NotificationQuery.ALL)
                                        .thenApply(
                                                p -> {
                                                    pages.add(p);
                                                    return p;
                                                });
                        case READ_ALL ->
                                s.readAll(NotificationQuery.ALL.withPageSize(1), 1, pages::add);
                        case READ_ALL_BY_10 ->
                                s.readAll(NotificationQuery.ALL.withPageSize(10), 1, pages::add);
                    };
            try {
                value = f.get(20, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                failure = e.getCause();
            }
        }
        if (c.expect().type() == null) {
            assertThat(failure).as("%s: the client failed", c.fault()).isNull();
            assertThat(value).isNotNull();
            assertThat(pages.stream().mapToInt(p -> p.result().size()).sum())
                    .isEqualTo(c.expect().items());
            pages.forEach(
                    p -> p.result().forEach(n -> assertThat(n.notificationId()).isNotBlank()));
            assertThat(
                            pages.stream()
                                    .flatMap(p -> p.result().stream())
                                    .map(n -> n.notificationId()))
                    .as("%s: each notification once", c.fault())
                    .doesNotHaveDuplicates();
        } else {
            assertThat(failure).as("%s: typed error", c.fault()).isInstanceOf(c.expect().type());
            assertThat(c.expect().detail().test((ServiceException) failure))
                    .as("%s: %s", c.fault(), failure)
                    .isTrue();
            assertThat(failure.getMessage()).doesNotContain(SECRET);
        }
        if (c.apiCalls() >= 0) {
            assertThat(service.apiCalls.get())
                    .as("%s: API calls", c.fault())
                    .isEqualTo(c.apiCalls());
        }
        if (c.logins() >= 0) {
            assertThat(service.logins.get()).as("%s: logins", c.fault()).isEqualTo(c.logins());
        }
    }

    private void throughTheCommandLine(Case c, String url) throws Exception {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                FaultKit.asNile(
                                        c.op() == Op.LOGIN ? "login" : "notifications", url)));
        if (c.op() != Op.LOGIN) {
            args.addAll(List.of("--format", "json"));
        }
        if (c.op() == Op.READ_ALL) {
            args.addAll(List.of("--all", "--concurrency", "1", "--page-size", "1"));
        }
        if (c.op() == Op.READ_ALL_BY_10) {
            args.addAll(List.of("--all", "--concurrency", "1", "--page-size", "10"));
        }
        FaultKit.CliResult r = FaultKit.cli(config(), args.toArray(new String[0]));
        assertThat(r.code()).as("%s: exit code; stderr %s", c.fault(), r.err()).isEqualTo(c.exit());
        assertThat(r.out() + r.err()).doesNotContain(SECRET);
        if (c.exit() == 0) {
            assertThat(r.err()).isEmpty();
            if (c.op() != Op.LOGIN) {
                JsonNode printed = JSON.readTree(r.out());
                assertThat(printed).hasSize(c.expect().items());
                List<String> ids = new ArrayList<>();
                printed.forEach(n -> ids.add(n.path("notificationId").asText()));
                assertThat(ids).as("%s: each notification once", c.fault()).doesNotHaveDuplicates();
            }
        } else {
            assertOneClearLine(r);
            assertThat(r.err().toLowerCase(java.util.Locale.ROOT))
                    .as(c.fault())
                    .contains(c.stderrHas().toLowerCase(java.util.Locale.ROOT));
        }
    }

    @AfterAll
    static void writeTheMatrix() throws IOException {
        NetworkFaultRows.closeUntrusted();
        StringBuilder md =
                new StringBuilder("| fault | behaviour | client | CLI |\n|---|---|---|---|\n");
        cases().forEach(
                        c -> {
                            String[] row = MATRIX.get(c.fault());
                            md.append("| ")
                                    .append(c.fault())
                                    .append(" | ")
                                    .append(c.behaviour())
                                    .append(" | ")
                                    .append(row == null ? "not run" : row[1])
                                    .append(" | ")
                                    .append(row == null ? "not run" : row[2])
                                    .append(" |\n");
                        });
        Path out = Path.of(System.getProperty("ishaar.fault.matrix", "target/fault-matrix.md"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md.toString(), StandardCharsets.UTF_8);
    }
}
