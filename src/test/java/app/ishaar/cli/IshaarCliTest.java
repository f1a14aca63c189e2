package app.ishaar.cli;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.notification;
import static app.ishaar.core.service.TestTokens.page;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line run in-process against MockWebServer: output, formats, exit codes, messages. */
class IshaarCliTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @TempDir Path tmp;

    record Result(int code, String out, String err) {}

    char[] prompted;
    Supplier<SandboxProvider> sandbox = () -> null;
    ZoneId zone = ZoneId.of("UTC");

    Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ClientConfig cfg =
                ClientConfig.defaults()
                        .withRetries(2, Duration.ofMillis(5))
                        .withReadTimeout(Duration.ofSeconds(5));
        Map<String, String> env = Map.of("ISHAAR_SECRET", "s3cret-value");
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        env::get,
                        prompted == null ? null : p -> prompted.clone(),
                        zone,
                        cfg,
                        sandbox);
        int code = IshaarCli.run(io, args);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    String[] connect(String command, String... more) {
        String url = server.url("/").toString();
        List<String> a =
                new ArrayList<>(
                        List.of(
                                command,
                                "--auth-url",
                                url,
                                "--base-url",
                                url,
                                "--client-id",
                                "erp-nile",
                                "--client-secret-env",
                                "ISHAAR_SECRET"));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    static void assertOneLineNoStackTrace(Result r) {
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .doesNotContain("\tat ")
                .doesNotContain("Exception:")
                .startsWith("ishaar: ");
    }

    // ------------------------------------------------------------------ login

    @Test
    void loginPrintsWhoAndUntilWhenButNotTheToken() {
        String token = standardToken("cli");
        server.enqueue(tokenResponse(token));
        Result r = run(connect("login", "--scope", "InvoicingAPI"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("Taxpayer:     123456789")
                .contains("ERP system:   Nile ERP")
                .contains("Scope:        InvoicingAPI")
                .contains("Expires:")
                .contains("Tags:         B2B, B2C")
                .doesNotContain(token)
                .doesNotContain("Token:");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void loginShowsTheTokenOnlyWhenAsked() {
        String token = standardToken("cli");
        server.enqueue(tokenResponse(token));
        Result r = run(connect("login", "--show-token"));
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Token:        " + token);
    }

    @ParameterizedTest
    @CsvSource({
        "invalid_client, '', wrong client ID or client secret",
        "invalid_grant, User blocked, is blocked",
        "invalid_grant, User expired, has expired",
        "unauthorized_client, '', has not delegated",
        "invalid_scope, '', scope",
        "invalid_request, '', --on-behalf-of",
    })
    void aRejectedLoginExitsWith3AndSaysWhy(String error, String description, String expected) {
        server.enqueue(
                json(
                        400,
                        "{\"error\":\""
                                + error
                                + "\""
                                + (description.isEmpty()
                                        ? ""
                                        : ",\"error_description\":\"" + description + "\"")
                                + "}"));
        Result r = run(connect("login"));
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("login rejected").contains(expected).contains(error);
        assertOneLineNoStackTrace(r);
    }

    @Test
    void theSecretIsNeverAPlainArgument() {
        String url = server.url("/").toString();
        Result r =
                run(
                        "login",
                        "--auth-url",
                        url,
                        "--base-url",
                        url,
                        "--client-id",
                        "erp-nile",
                        "--client-secret",
                        "hunter2");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .contains("--client-secret")
                .contains("--client-secret-env")
                .doesNotContain("hunter2");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void theSecretComesFromAFileOrThePromptAndIsSentAsBasicAuth() throws Exception {
        Path file = tmp.resolve("secret.txt");
        Files.writeString(file, "from-file\n");
        server.enqueue(tokenResponse(standardToken("a")));
        server.enqueue(tokenResponse(standardToken("b")));
        String url = server.url("/").toString();
        assertThat(
                        run(
                                        "login",
                                        "--auth-url",
                                        url,
                                        "--base-url",
                                        url,
                                        "--client-id",
                                        "erp-nile",
                                        "--client-secret-file",
                                        file.toString())
                                .code())
                .isZero();
        prompted = "typed".toCharArray();
        assertThat(
                        run(
                                        "login",
                                        "--auth-url",
                                        url,
                                        "--base-url",
                                        url,
                                        "--client-id",
                                        "erp-nile")
                                .code())
                .isZero();
        assertThat(server.takeRequest().getHeaders().get("Authorization"))
                .isEqualTo(okhttp3.Credentials.basic("erp-nile", "from-file"));
        assertThat(server.takeRequest().getHeaders().get("Authorization"))
                .isEqualTo(okhttp3.Credentials.basic("erp-nile", "typed"));
    }

    @Test
    void aMissingSecretIsAUsageErrorNamingTheOption() {
        String url = server.url("/").toString();
        Result noTty =
                run("login", "--auth-url", url, "--base-url", url, "--client-id", "erp-nile");
        assertThat(noTty.code()).isEqualTo(2);
        assertThat(noTty.err()).contains("--client-secret-env");
        Result unset =
                run(
                        "login",
                        "--auth-url",
                        url,
                        "--base-url",
                        url,
                        "--client-id",
                        "erp-nile",
                        "--client-secret-env",
                        "NOPE");
        assertThat(unset.code()).isEqualTo(2);
        assertThat(unset.err()).contains("--client-secret-env").contains("NOPE");
        Result noFile =
                run(
                        "login",
                        "--auth-url",
                        url,
                        "--base-url",
                        url,
                        "--client-id",
                        "erp-nile",
                        "--client-secret-file",
                        tmp.resolve("x").toString());
        assertThat(noFile.code()).isEqualTo(2);
        assertThat(noFile.err()).contains("--client-secret-file");
        assertOneLineNoStackTrace(noFile);
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void connectionOptionsAreChecked() {
        Result none = run("login", "--client-id", "x", "--client-secret-env", "ISHAAR_SECRET");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("--env");
        Result plainHttp =
                run(
                        "login",
                        "--auth-url",
                        "http://id.example.com",
                        "--base-url",
                        "https://api.example.com",
                        "--client-id",
                        "x",
                        "--client-secret-env",
                        "ISHAAR_SECRET");
        assertThat(plainHttp.code()).isEqualTo(2);
        assertThat(plainHttp.err()).contains("--auth-url").contains("HTTPS");
        Result badEnv =
                run(
                        "login",
                        "--env",
                        "staging",
                        "--client-id",
                        "x",
                        "--client-secret-env",
                        "ISHAAR_SECRET");
        assertThat(badEnv.code()).isEqualTo(2);
        assertThat(badEnv.err()).contains("--env");
        Result noId = run("login", "--env", "prod", "--client-secret-env", "ISHAAR_SECRET");
        assertThat(noId.code()).isEqualTo(2);
        assertThat(noId.err()).contains("--client-id");
        assertOneLineNoStackTrace(noId);
    }

    @Test
    void envSandboxUsesTheSandboxProvider() {
        AtomicInteger started = new AtomicInteger();
        sandbox =
                () ->
                        () -> {
                            started.incrementAndGet();
                            String url = server.url("/").toString();
                            return Environment.sandbox(url, url);
                        };
        server.enqueue(tokenResponse(standardToken("sb")));
        Result r =
                run(
                        "login",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-nile",
                        "--client-secret-env",
                        "ISHAAR_SECRET");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Environment:  sandbox");
        assertThat(started.get()).isEqualTo(1);
    }

    @Test
    void versionIsPrinted() {
        Result r = run("--version");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Ishaar ");
    }

    // ------------------------------------------------------------------ notifications

    @Test
    void jsonIsTheApiFieldsAsReceived() throws Exception {
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(
                json(
                        200,
                        "{\"result\":["
                                + notification("n2", "2026-03-01T10:15:30.1234567Z")
                                + ","
                                + "{\"notificationId\":\"n1\",\"receivedDateTime\":\"2026-03-01T09:00:00+02:00\",\"typeId\":\"42\",\"typeName\":\"New\","
                                + "\"channel\":\"fax\",\"address\":\"x\",\"language\":\"ar\",\"status\":\"7\",\"deliveryAttempts\":null}],"
                                + "\"metadata\":[{\"totalPages\":1,\"totalCount\":2}]}"));
        Result r = run(connect("notifications", "--format", "json"));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode a = new ObjectMapper().readTree(r.out());
        assertThat(a.isArray()).isTrue();
        assertThat(a).hasSize(2);
        assertThat(a.get(0).get("notificationId").asText()).isEqualTo("n2");
        assertThat(a.get(0).get("receivedDateTime").asText())
                .isEqualTo("2026-03-01T10:15:30.1234567Z");
        assertThat(a.get(0).get("deliveryAttempts").get(0).get("attemptDateTime").asText())
                .isEqualTo("2026-03-01T10:15:30.1234567Z");
        assertThat(a.get(1).get("receivedDateTime").asText())
                .isEqualTo("2026-03-01T07:00:00.0000000Z");
        assertThat(a.get(1).get("channel").asText()).isEqualTo("fax");
        assertThat(a.get(1).get("status").asText()).isEqualTo("7");
        assertThat(a.get(1).get("typeId").asText()).isEqualTo("42");
        assertThat(a.get(1).get("deliveryAttempts")).isEmpty();
        assertThat(
                        Stream.of(
                                "notificationId",
                                "receivedDateTime",
                                "deliveredDateTime",
                                "typeId",
                                "typeName",
                                "finalMessage",
                                "channel",
                                "address",
                                "language",
                                "status",
                                "deliveryAttempts"))
                .allMatch(f -> a.get(0).has(f));
    }

    @Test
    void allPagesAsCsvInOrder() throws Exception {
        server.setDispatcher(
                new Dispatcher() {
                    @Override
                    public MockResponse dispatch(RecordedRequest r) {
                        if (r.getUrl().encodedPath().equals("/connect/token")) {
                            return tokenResponse(standardToken("t"));
                        }
                        int p = Integer.parseInt(r.getUrl().queryParameter("pageNo"));
                        return json(
                                200,
                                page(
                                        3,
                                        6,
                                        notification(
                                                "n" + (2 * p - 1),
                                                "2026-01-0" + (7 - p) + "T10:00:00Z"),
                                        notification(
                                                "n" + 2 * p,
                                                "2026-01-0" + (7 - p) + "T09:00:00Z")));
                    }
                });
        Result r = run(connect("notifications", "--all", "--page-size", "2", "--format", "csv"));
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(7);
        assertThat(lines.get(0))
                .startsWith(
                        "notificationId,receivedDateTime,deliveredDateTime,typeId,typeName,channel,address,language,status");
        assertThat(lines.subList(1, 7))
                .extracting(l -> l.substring(0, l.indexOf(',')))
                .containsExactly("n1", "n2", "n3", "n4", "n5", "n6");
    }

    @Test
    void aTableWithAFooter() {
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(json(200, page(4, 31, notification("n1", "2026-01-01T10:00:00Z"))));
        Result r = run(connect("notifications", "--page", "2", "--page-size", "1"));
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains("SENT")
                .contains("2026-01-01 10:00")
                .contains("7 Document Validated")
                .contains("page 2 of 4, 31 notifications");
    }

    @Test
    void aTableOfOneSaysNotificationInTheSingular() {
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T10:00:00Z"))));
        Result r = run(connect("notifications"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("page 1 of 1, 1 notification in all")
                .doesNotContain("1 notifications");
    }

    @Test
    void filtersBecomeQueryParametersAndADateIsTheWholeLocalDay() throws Exception {
        zone = ZoneId.of("Africa/Cairo");
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(json(200, page(0, 0)));
        Result r =
                run(
                        connect(
                                "notifications",
                                "--from",
                                "2026-03-01",
                                "--to",
                                "2026-03-02",
                                "--type",
                                "document-rejected",
                                "--language",
                                "AR",
                                "--status",
                                "error",
                                "--channel",
                                "sms",
                                "--format",
                                "json"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("[ ]");
        server.takeRequest();
        okhttp3.HttpUrl u = server.takeRequest().getUrl();
        assertThat(u.queryParameter("dateFrom")).isEqualTo("2026-02-28T22:00:00Z");
        assertThat(u.queryParameter("dateTo")).isEqualTo("2026-03-02T21:59:59.999999900Z");
        assertThat(u.queryParameter("type")).isEqualTo("9");
        assertThat(u.queryParameter("language")).isEqualTo("ar");
        assertThat(u.queryParameter("status")).isEqualTo("error");
        assertThat(u.queryParameter("channel")).isEqualTo("sms");
    }

    @ParameterizedTest
    @CsvSource({
        "--from, yesterday, --from",
        "--to, 2026-13-01, --to",
        "--type, letters, --type",
        "--status, lost, --status",
        "--channel, pigeon, --channel",
        "--page, 0, --page",
        "--page-size, x, --page-size",
        "--format, xml, --format",
    })
    void badInputIsAUsageErrorNamingTheOption(String option, String value, String named) {
        Result r = run(connect("notifications", option, value));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains(named);
        assertOneLineNoStackTrace(r);
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void pageAndAllTogetherIsAUsageError() {
        Result r = run(connect("notifications", "--all", "--page", "2"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--page").contains("--all");
    }

    @Test
    void aPageSizeTheServiceRefusesIsReportedAsSuch() {
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(
                json(
                        400,
                        "{\"error\":{\"code\":\"BadArgument\",\"message\":\"pageSize must be at most 100\",\"target\":\"pageSize\"}}"));
        Result r = run(connect("notifications", "--page-size", "500"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--page-size").contains("refused").contains("at most 100");
        assertOneLineNoStackTrace(r);
    }

    @Test
    void notPermittedAndAnEndedSessionExitWith4() {
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(
                json(
                        403,
                        "{\"error\":{\"code\":\"Forbidden\",\"message\":\"no notification access\"}}"));
        Result forbidden = run(connect("notifications"));
        assertThat(forbidden.code()).isEqualTo(4);
        assertThat(forbidden.err()).contains("not permitted").contains("no notification access");
        assertOneLineNoStackTrace(forbidden);

        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(new MockResponse.Builder().code(401).build());
        server.enqueue(tokenResponse(standardToken("t2")));
        server.enqueue(new MockResponse.Builder().code(401).build());
        Result ended = run(connect("notifications"));
        assertThat(ended.code()).isEqualTo(4);
        assertThat(ended.err()).contains("log in again");
    }

    @Test
    void serviceFailuresExitWith5AndVerboseAddsTheCorrelationId() {
        server.enqueue(tokenResponse(standardToken("t")));
        for (int i = 0; i < 3; i++) {
            server.enqueue(
                    new MockResponse.Builder()
                            .code(503)
                            .addHeader("correlationId", "corr-xyz")
                            .build());
        }
        Result r = run(connect("notifications"));
        assertThat(r.code()).isEqualTo(5);
        assertThat(r.err()).contains("503").doesNotContain("corr-xyz");
        assertOneLineNoStackTrace(r);

        server.enqueue(tokenResponse(standardToken("t")));
        for (int i = 0; i < 3; i++) {
            server.enqueue(
                    new MockResponse.Builder()
                            .code(503)
                            .addHeader("correlationId", "corr-xyz")
                            .build());
        }
        Result verbose = run(connect("notifications", "--verbose"));
        assertThat(verbose.code()).isEqualTo(5);
        assertThat(verbose.err()).contains("correlationId: corr-xyz").doesNotContain("\tat ");
    }

    @Test
    void anUnreachableServiceExitsWith5() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        Result r =
                run(
                        "login",
                        "--auth-url",
                        url,
                        "--base-url",
                        url,
                        "--client-id",
                        "x",
                        "--client-secret-env",
                        "ISHAAR_SECRET");
        assertThat(r.code()).isEqualTo(5);
        assertThat(r.err()).contains("cannot reach 127.0.0.1");
    }

    @Test
    void outputIsWrittenAtomicallyAndNotAtAllOnFailure() throws Exception {
        Path target = tmp.resolve("out.json");
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T10:00:00Z"))));
        Result ok =
                run(connect("notifications", "--format", "json", "--output", target.toString()));
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).isEmpty();
        assertThat(new ObjectMapper().readTree(target.toFile())).hasSize(1);

        Path failed = tmp.resolve("failed.csv");
        server.enqueue(tokenResponse(standardToken("t")));
        server.enqueue(json(200, page(3, 3, notification("n1", "2026-01-01T10:00:00Z"))));
        server.enqueue(json(403, "{\"error\":{\"code\":\"Forbidden\",\"message\":\"no\"}}"));
        server.enqueue(json(403, "{\"error\":{\"code\":\"Forbidden\",\"message\":\"no\"}}"));
        Result bad =
                run(
                        connect(
                                "notifications",
                                "--all",
                                "--page-size",
                                "1",
                                "--format",
                                "csv",
                                "--output",
                                failed.toString()));
        assertThat(bad.code()).isEqualTo(4);
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("out.json");
        }
        Result noDir =
                run(
                        connect(
                                "notifications",
                                "--output",
                                tmp.resolve("missing/out.csv").toString()));
        assertThat(noDir.code()).isEqualTo(2);
        assertThat(noDir.err()).contains("--output");
    }
}
