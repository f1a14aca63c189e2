package app.ishaar.core.service;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.notification;
import static app.ishaar.core.service.TestTokens.page;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Status;
import app.ishaar.core.service.LoginRejectedException.Reason;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.testing.MutableClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The service client against MockWebServer: login, tokens, reading, errors, retries, cancellation.
 */
class ServiceClientTest {

    @StartStop final MockWebServer server = new MockWebServer();

    static ClientConfig fastConfig() {
        return ClientConfig.defaults()
                .withRetries(3, Duration.ofMillis(10))
                .withMaxRetryAfter(Duration.ofSeconds(5))
                .withReadTimeout(Duration.ofSeconds(5));
    }

    ServiceClient client = new ServiceClient(fastConfig());

    @AfterEach
    void closeClient() {
        client.close();
    }

    Environment env() throws InvalidEndpointException {
        String url = server.url("/").toString();
        return Environment.custom(url, url);
    }

    Session session() throws InvalidEndpointException {
        return client.openSession(
                env(), new Credentials("erp-nile", "s3cr\u00e9t-XYZ".toCharArray(), null, null));
    }

    static <T> T get(CompletableFuture<T> f) throws Exception {
        return f.get(20, TimeUnit.SECONDS);
    }

    static Throwable failure(CompletableFuture<?> f) {
        try {
            f.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (Exception e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }

    // ------------------------------------------------------------------ login

    @Test
    void loginSendsBasicAuthTheGrantScopeAndOnBehalfOfAndReadsTheClaims() throws Exception {
        ServiceClient arabic =
                new ServiceClient(fastConfig().withLanguage(() -> Locale.forLanguageTag("ar")));
        try (arabic) {
            server.enqueue(tokenResponse(standardToken("t1")));
            Session s =
                    arabic.openSession(
                            env(),
                            new Credentials(
                                    "erp-nile",
                                    "s3cr\u00e9t".toCharArray(),
                                    "987654321",
                                    "InvoicingAPI"));
            TokenInfo info = get(s.login());

            RecordedRequest r = server.takeRequest();
            assertThat(r.getMethod()).isEqualTo("POST");
            assertThat(r.getUrl().encodedPath()).isEqualTo("/connect/token");
            String expected =
                    "Basic "
                            + Base64.getEncoder()
                                    .encodeToString(
                                            "erp-nile:s3cr\u00e9t"
                                                    .getBytes(StandardCharsets.UTF_8));
            assertThat(r.getHeaders().get("Authorization")).isEqualTo(expected);
            assertThat(r.getHeaders().get("onbehalfof")).isEqualTo("987654321");
            assertThat(r.getBody().utf8())
                    .isEqualTo("grant_type=client_credentials&scope=InvoicingAPI");
            assertThat(r.getHeaders().get("Accept")).isEqualTo("application/json");
            assertThat(r.getHeaders().get("Accept-Language")).isEqualTo("ar");
            assertThat(r.getHeaders().get("User-Agent"))
                    .startsWith("Ishaar/")
                    .isEqualTo(arabic.userAgent());

            assertThat(info.taxRin()).isEqualTo("123456789");
            assertThat(info.erpName()).isEqualTo("Nile ERP");
            assertThat(info.clientId()).isEqualTo("erp-nile");
            assertThat(info.intermediary()).isFalse();
            assertThat(info.saysOwnTaxpayerOnly()).isTrue();
            assertThat(info.tags()).containsExactly("B2B", "B2C");
            assertThat(info.scope()).isEqualTo("InvoicingAPI");
            assertThat(info.expiresAt()).isAfter(Instant.now().plusSeconds(3500));
            assertThat(s.tokenInfo()).contains(info);
        }
    }

    /**
     * Logs in with an older-style token: {@code nbf} now, {@code exp} (a string) in 600 s, and
     * {@code claims} after them; {@code response} adds members to the token response.
     */
    private TokenInfo loginWithClaims(String claims, String response) throws Exception {
        long now = Instant.now().getEpochSecond();
        String token =
                TestTokens.jwt(
                        "{\"nbf\":" + now + ",\"exp\":\"" + (now + 600) + "\"" + claims + "}");
        server.enqueue(
                json(
                        200,
                        "{\"access_token\":\""
                                + token
                                + "\",\"token_type\":\"Bearer\",\"expires_in\":3600"
                                + response
                                + "}"));
        return get(session().login());
    }

    @Test
    void aTokenThatDoesNotSayWhetherItsSystemIsAnIntermediaryIsNotTakenForATaxpayersOwn()
            throws Exception {
        TokenInfo info = loginWithClaims(",\"TaxRin\":\"123456789\"", "");
        assertThat(info.intermediary()).isNull();
        assertThat(info.saysIntermediary()).isFalse();
        assertThat(info.saysOwnTaxpayerOnly()).as("only an IsIntermediary of 0 says so").isFalse();
    }

    @Test
    void claimsAreReadTolerantlyFromAnOlderTokenWithoutFlagsOrTags() throws Exception {
        long now = Instant.now().getEpochSecond();
        TokenInfo info =
                loginWithClaims(
                        ",\"IsIntermediary\":\"1\",\"IntermedRIN\":\"555666777\"",
                        ",\"scope\":\"Other\"");
        assertThat(info.taxRin()).isNull();
        assertThat(info.tags()).isEmpty();
        assertThat(info.intermediary()).isTrue();
        assertThat(info.intermediaryRin()).isEqualTo("555666777");
        assertThat(info.scope()).isEqualTo("Other");
        assertThat(info.expiresAt()).isEqualTo(Instant.ofEpochSecond(now + 600));
    }

    @ParameterizedTest
    @CsvSource(
            nullValues = "NULL",
            value = {
                "invalid_client, NULL, BAD_CREDENTIALS, INVALID_CLIENT",
                "invalid_grant, User blocked, BLOCKED, INVALID_GRANT",
                "invalid_grant, the system user has expired, EXPIRED, INVALID_GRANT",
                "invalid_grant, something else, OTHER, INVALID_GRANT",
                "unauthorized_client, NULL, NOT_DELEGATED, UNAUTHORIZED_CLIENT",
                "invalid_request, taxpayer has not delegated to this intermediary, NOT_DELEGATED, INVALID_REQUEST",
                "invalid_request, onbehalfof is required, BAD_REQUEST, INVALID_REQUEST",
                "invalid_scope, NULL, SCOPE_REFUSED, INVALID_SCOPE",
                "unsupported_grant_type, NULL, OTHER, UNSUPPORTED_GRANT_TYPE",
                "brand_new_error, NULL, OTHER, UNKNOWN",
            })
    void eachLoginErrorHasItsReasonAndIsNeverRetried(
            String error, String description, Reason reason, LoginError code) throws Exception {
        server.enqueue(
                json(
                        400,
                        "{\"error\":\""
                                + error
                                + "\""
                                + (description == null
                                        ? ""
                                        : ",\"error_description\":\"" + description + "\"")
                                + "}"));
        Throwable t = failure(session().login());
        assertThat(t).isInstanceOf(LoginRejectedException.class);
        LoginRejectedException e = (LoginRejectedException) t;
        assertThat(e.reason()).isEqualTo(reason);
        assertThat(e.error()).isEqualTo(code);
        assertThat(e.rawError()).isEqualTo(error);
        assertThat(e.description()).isEqualTo(description);
        assertThat(e.correlationId()).contains("corr-400");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({
        "'', text/plain, EMPTY",
        "'<html><body>Bad Request</body></html>', text/html, HTML",
        "'Bad Request', text/plain, NOT_JSON",
        "'{\"error\":', application/json, MALFORMED_JSON",
        "'{\"message\":\"no\"}', application/json, MISSING_MEMBERS",
    })
    void aLogin400ThatIsNotALoginErrorIsReportedAsWhatItIs(
            String body, String contentType, BodyKind kind) throws Exception {
        server.enqueue(
                new MockResponse.Builder()
                        .code(400)
                        .addHeader("Content-Type", contentType)
                        .body(body)
                        .build());
        Throwable t = failure(session().login());
        assertThat(t)
                .isInstanceOfSatisfying(
                        UnexpectedResponseException.class,
                        e -> {
                            assertThat(e.bodyKind()).isEqualTo(kind);
                            assertThat(e.status()).isEqualTo(400);
                        });
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aLogin503IsNotRetried() throws Exception {
        server.enqueue(json(503, ""));
        assertThat(failure(session().login())).isInstanceOf(ServiceUnavailableException.class);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // ------------------------------------------------------------------ query and reading

    @Test
    void theQueryUsesTheSpecParameterNamesAndUtcDateTimes() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(json(200, page(0, 0)));
        NotificationQuery q =
                new NotificationQuery(
                        Instant.parse("2026-03-01T10:15:30Z"),
                        Instant.parse("2026-03-31T21:59:59.9999999Z"),
                        "7",
                        "ar",
                        "error",
                        "sms",
                        2,
                        50);
        NotificationPage p = get(session().fetch(q));
        server.takeRequest();
        RecordedRequest r = server.takeRequest();
        assertThat(r.getUrl().encodedPath()).isEqualTo("/api/v1.0/notifications/taxpayer");
        assertThat(r.getUrl().queryParameter("dateFrom")).isEqualTo("2026-03-01T10:15:30Z");
        assertThat(r.getUrl().queryParameter("dateTo")).isEqualTo("2026-03-31T21:59:59.999999900Z");
        assertThat(r.getUrl().queryParameter("type")).isEqualTo("7");
        assertThat(r.getUrl().queryParameter("language")).isEqualTo("ar");
        assertThat(r.getUrl().queryParameter("status")).isEqualTo("error");
        assertThat(r.getUrl().queryParameter("channel")).isEqualTo("sms");
        assertThat(r.getUrl().queryParameter("pageNo")).isEqualTo("2");
        assertThat(r.getUrl().queryParameter("pageSize")).isEqualTo("50");
        assertThat(r.getHeaders().get("Authorization")).startsWith("Bearer ey");
        assertThat(r.getHeaders().get("Accept-Language")).isEqualTo("en");
        assertThat(p.result()).isEmpty();
        assertThat(p.pageNo()).isEqualTo(2);
    }

    @Test
    void theReaderIsTolerant() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(
                json(
                        200,
                        "{\"result\":[{\"notificationId\":\"n1\",\"receivedDateTime\":\"2026-03-01T10:15:30.1234567Z\","
                                + "\"typeId\":12,\"typeName\":\"Something New\",\"channel\":\"whatsapp\",\"language\":\"fr\",\"status\":\"5\","
                                + "\"deliveryAttempts\":null,\"brandNewField\":{\"x\":[1,2]}}],"
                                + "\"metadata\":[{\"totalPages\":3,\"totalCount\":21,\"extra\":true}],\"unknownTop\":1}"));
        NotificationPage p = get(session().fetch(NotificationQuery.ALL));
        Notification n = p.result().get(0);
        assertThat(n.typeId()).isEqualTo("12");
        assertThat(n.channel()).isEqualTo("whatsapp");
        assertThat(n.language()).isEqualTo("fr");
        assertThat(n.status()).isEqualTo("5");
        assertThat(Status.fromWire(n.status())).isEmpty();
        assertThat(n.deliveryAttempts()).isEmpty();
        assertThat(n.deliveredDateTime()).isNull();
        assertThat(n.finalMessage()).isNull();
        assertThat(n.receivedDateTime()).isEqualTo(Instant.parse("2026-03-01T10:15:30.1234567Z"));
        assertThat(p.totalPages()).isEqualTo(3);
        assertThat(p.totalCount()).isEqualTo(21);
    }

    @ParameterizedTest
    @CsvSource({
        "2015-02-13T14:20Z, 2015-02-13T14:20:00Z",
        "2015-02-13T14:20:05Z, 2015-02-13T14:20:05Z",
        "2015-02-13T14:20:05.1Z, 2015-02-13T14:20:05.100Z",
        "2015-02-13T14:20:05.12Z, 2015-02-13T14:20:05.120Z",
        "2015-02-13T14:20:05.123Z, 2015-02-13T14:20:05.123Z",
        "2015-02-13T14:20:05.1234Z, 2015-02-13T14:20:05.123400Z",
        "2015-02-13T14:20:05.12345Z, 2015-02-13T14:20:05.123450Z",
        "2015-02-13T14:20:05.123456Z, 2015-02-13T14:20:05.123456Z",
        "2015-02-13T14:20:05.1234567Z, 2015-02-13T14:20:05.123456700Z",
        "2015-02-13T16:20:05.1234567+02:00, 2015-02-13T14:20:05.123456700Z",
        "2015-02-13T11:20:05-03:00, 2015-02-13T14:20:05Z",
        "2015-02-13T14:20:05.1234567, 2015-02-13T14:20:05.123456700Z",
        "2015-02-13T14:20:05, 2015-02-13T14:20:05Z",
        "2015-02-13T14:20, 2015-02-13T14:20:00Z",
    })
    void everyDotNetDateTimeFormIsRead(String wire, String expected) throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(json(200, page(1, 1, notification("n1", wire))));
        Notification n = get(session().fetch(NotificationQuery.ALL)).result().get(0);
        assertThat(n.receivedDateTime()).isEqualTo(Instant.parse(expected));
        assertThat(n.deliveryAttempts().get(0).attemptDateTime())
                .isEqualTo(Instant.parse(expected));
    }

    @ParameterizedTest
    @CsvSource({
        "'{\"metadata\":{\"totalPages\":1,\"totalCount\":0}}', application/json, MISSING_MEMBERS",
        "'{\"result\":[{\"notificationId\":\"n1\"', application/json, MALFORMED_JSON",
        "'<html>Gateway</html>', text/html, HTML",
        "'', application/json, EMPTY",
        "'OK', text/plain, NOT_JSON",
    })
    void unreadableAnswersAreReportedAsWhatTheyAre(String body, String ct, BodyKind kind)
            throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(
                new MockResponse.Builder()
                        .code(200)
                        .addHeader("Content-Type", ct)
                        .addHeader("correlationId", "c-9")
                        .body(body)
                        .build());
        Throwable t = failure(session().fetch(NotificationQuery.ALL));
        assertThat(t)
                .isInstanceOfSatisfying(
                        UnexpectedResponseException.class,
                        e -> {
                            assertThat(e.bodyKind()).isEqualTo(kind);
                            assertThat(e.correlationId()).contains("c-9");
                        });
    }

    // ------------------------------------------------------------------ errors

    @Test
    void errorBodiesAreParsedAndTyped() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(
                json(
                        400,
                        "{\"error\":{\"code\":\"BadArgument\",\"message\":\"pageSize must not exceed 100\",\"target\":\"pageSize\","
                                + "\"details\":[{\"code\":\"Max\",\"message\":\"100\",\"target\":\"pageSize\"}]}}"));
        server.enqueue(
                json(
                        403,
                        "{\"error\":{\"code\":\"Forbidden\",\"message\":\"no access to notifications\"}}"));
        server.enqueue(json(404, "{\"error\":{\"code\":\"NotFound\",\"message\":\"nope\"}}"));
        Session s = session();
        Throwable bad = failure(s.fetch(NotificationQuery.ALL.withPageSize(500)));
        assertThat(bad)
                .isInstanceOfSatisfying(
                        BadArgumentException.class,
                        e -> {
                            assertThat(e.target()).isEqualTo("pageSize");
                            assertThat(e.apiError().details()).hasSize(1);
                            assertThat(e.correlationId()).contains("corr-400");
                        });
        assertThat(failure(s.fetch(NotificationQuery.ALL)))
                .isInstanceOfSatisfying(
                        NotPermittedException.class,
                        e ->
                                assertThat(e.apiError().message())
                                        .isEqualTo("no access to notifications"));
        assertThat(failure(s.fetch(NotificationQuery.ALL)))
                .isInstanceOfSatisfying(
                        ApiErrorException.class, e -> assertThat(e.status()).isEqualTo(404));
    }

    @Test
    void a401LogsInAgainOnceAndRetriesOnce() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(
                new MockResponse.Builder()
                        .code(401)
                        .addHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"")
                        .build());
        server.enqueue(tokenResponse(standardToken("t2")));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        NotificationPage p = get(session().fetch(NotificationQuery.ALL));
        assertThat(p.result()).hasSize(1);
        List<String> paths = new ArrayList<>();
        List<String> auth = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            RecordedRequest r = server.takeRequest();
            paths.add(r.getUrl().encodedPath());
            auth.add(r.getHeaders().get("Authorization"));
        }
        assertThat(paths)
                .containsExactly(
                        "/connect/token",
                        "/api/v1.0/notifications/taxpayer",
                        "/connect/token",
                        "/api/v1.0/notifications/taxpayer");
        assertThat(auth.get(1)).isNotEqualTo(auth.get(3));
    }

    @Test
    void aSecond401EndsTheSession() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(new MockResponse.Builder().code(401).build());
        server.enqueue(tokenResponse(standardToken("t2")));
        server.enqueue(
                new MockResponse.Builder().code(401).addHeader("correlationId", "c-401").build());
        Throwable t = failure(session().fetch(NotificationQuery.ALL));
        assertThat(t).isInstanceOf(SessionExpiredException.class);
        assertThat(((ServiceException) t).correlationId()).contains("c-401");
        assertThat(server.getRequestCount()).isEqualTo(4);
    }

    @Test
    void aRefusedReLoginEndsTheSession() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(new MockResponse.Builder().code(401).build());
        server.enqueue(
                json(400, "{\"error\":\"invalid_grant\",\"error_description\":\"User blocked\"}"));
        Throwable t = failure(session().fetch(NotificationQuery.ALL));
        assertThat(t)
                .isInstanceOf(SessionExpiredException.class)
                .hasCauseInstanceOf(LoginRejectedException.class);
    }

    @Test
    void a429IsHonouredWithRetryAfterInSeconds() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", "1").build());
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        long start = System.nanoTime();
        NotificationPage p = get(session().fetch(NotificationQuery.ALL));
        long waitedMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(p.result()).hasSize(1);
        assertThat(waitedMs).isGreaterThanOrEqualTo(950);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void a429IsHonouredWithRetryAfterAsAnHttpDate() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        String when =
                java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                        Instant.now().plusSeconds(2).atZone(ZoneOffset.UTC));
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", when).build());
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        long start = System.nanoTime();
        get(session().fetch(NotificationQuery.ALL));
        // the date has whole seconds: at least one second is left of the two
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(900);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void a429WithoutRetryAfterBacksOffAndGivesUpOnlyWhenNothingIsAdmittedForThePatience()
            throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(new MockResponse.Builder().code(429).build());
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        Session s = session();
        assertThat(get(s.fetch(NotificationQuery.ALL)).result()).hasSize(1);
        assertThat(server.getRequestCount()).isEqualTo(3);

        try (ServiceClient patient =
                new ServiceClient(fastConfig().withRateLimitPatience(Duration.ofMillis(400)))) {
            server.enqueue(tokenResponse(standardToken("t2")));
            for (int i = 0; i < 200; i++) {
                server.enqueue(new MockResponse.Builder().code(429).build());
            }
            String url = server.url("/").toString();
            Session limited =
                    patient.openSession(
                            Environment.custom(url, url),
                            new Credentials("erp-nile", "x".toCharArray(), null, null));
            long start = System.nanoTime();
            Throwable t = failure(limited.fetch(NotificationQuery.ALL));
            long waitedMs = (System.nanoTime() - start) / 1_000_000;
            assertThat(t)
                    .isInstanceOfSatisfying(
                            ServiceUnavailableException.class,
                            e -> {
                                assertThat(e.status()).isEqualTo(429);
                                assertThat(e.getMessage()).contains("no request has been admitted");
                            });
            assertThat(waitedMs).as("waited out the patience").isGreaterThanOrEqualTo(400);
        }
    }

    @Test
    void a429AskingForMoreThanTheCapFailsAtOnce() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(
                new MockResponse.Builder().code(429).addHeader("Retry-After", "3600").build());
        Throwable t = failure(session().fetch(NotificationQuery.ALL));
        assertThat(t)
                .isInstanceOfSatisfying(
                        ServiceUnavailableException.class,
                        e -> assertThat(e.status()).isEqualTo(429));
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void a503IsRetriedWithBackoff() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(json(503, ""));
        server.enqueue(json(502, ""));
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        assertThat(get(session().fetch(NotificationQuery.ALL)).result()).hasSize(1);
        assertThat(server.getRequestCount()).isEqualTo(4);
    }

    @Test
    void a503BeyondTheRetriesIsReported() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        for (int i = 0; i < 4; i++) {
            server.enqueue(json(503, ""));
        }
        Throwable t = failure(session().fetch(NotificationQuery.ALL));
        assertThat(t)
                .isInstanceOfSatisfying(
                        ServiceUnavailableException.class,
                        e -> assertThat(e.status()).isEqualTo(503));
        assertThat(server.getRequestCount()).isEqualTo(1 + 1 + 3);
    }

    @Test
    void aDroppedConnectionIsRetried() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        for (int i = 0; i < 2; i++) {
            server.enqueue(
                    new MockResponse.Builder()
                            .code(200)
                            .body(page(1, 1, notification("n1", "2026-01-01T00:00:00Z")))
                            .onResponseStart(SocketEffect.ShutdownConnection.INSTANCE)
                            .build());
        }
        server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
        assertThat(get(session().fetch(NotificationQuery.ALL)).result()).hasSize(1);
    }

    @Test
    void aStalledServerHitsTheReadTimeout() throws Exception {
        try (ServiceClient impatient =
                new ServiceClient(
                        fastConfig()
                                .withReadTimeout(Duration.ofMillis(300))
                                .withRetries(0, Duration.ofMillis(1)))) {
            server.enqueue(tokenResponse(standardToken("t1")));
            server.enqueue(
                    json(200, page(0, 0)).newBuilder().headersDelay(5, TimeUnit.SECONDS).build());
            Session s =
                    impatient.openSession(
                            env(), new Credentials("erp-nile", "x".toCharArray(), null, null));
            Throwable t = failure(s.fetch(NotificationQuery.ALL));
            assertThat(t)
                    .isInstanceOfSatisfying(
                            NetworkException.class,
                            e -> {
                                assertThat(e.kind()).isEqualTo(NetworkException.Kind.TIMEOUT);
                                assertThat(e.host()).isEqualTo(server.getHostName());
                            });
        }
    }

    @Test
    void anUnreachableHostIsNamed() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Session s =
                client.openSession(
                        Environment.custom("http://127.0.0.1:" + port, "http://127.0.0.1:" + port),
                        new Credentials("erp-nile", "x".toCharArray(), null, null));
        assertThat(failure(s.login()))
                .isInstanceOfSatisfying(
                        NetworkException.class,
                        e -> {
                            assertThat(e.kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
                            assertThat(e.getMessage()).contains("127.0.0.1");
                        });
    }

    @Test
    void httpIsRefusedOffLoopbackBeforeAnyRequest() throws Exception {
        assertThatThrownBy(
                        () ->
                                Environment.custom(
                                        "http://id.example.com", "https://api.example.com"))
                .isInstanceOfSatisfying(
                        InvalidEndpointException.class,
                        e -> {
                            assertThat(e.reason())
                                    .isEqualTo(InvalidEndpointException.Reason.HTTPS_REQUIRED);
                            assertThat(e.getMessage()).contains("auth-url");
                        });
        // an environment built by hand is checked again before the first request
        Environment handMade =
                new Environment(
                        Environment.Kind.CUSTOM,
                        java.net.URI.create("http://id.example.com"),
                        java.net.URI.create("http://api.example.com"));
        Session s =
                client.openSession(
                        handMade, new Credentials("erp-nile", "x".toCharArray(), null, null));
        assertThat(failure(s.login())).isInstanceOf(InvalidEndpointException.class);
        assertThat(failure(s.fetch(NotificationQuery.ALL)))
                .isInstanceOf(InvalidEndpointException.class);
    }

    // ------------------------------------------------------------------ tokens and concurrency

    @Test
    void aTokenIsReusedAndRenewedAheadOfItsExpiry() throws Exception {
        MutableClock clock = new MutableClock(Instant.now());
        ClientConfig cfg =
                ClientConfig.defaults()
                        .withReadTimeout(Duration.ofSeconds(5))
                        .withConnectTimeout(Duration.ofSeconds(5))
                        .withRetries(3, Duration.ofMillis(10))
                        .withMaxRetryAfter(Duration.ofSeconds(5))
                        .withClock(clock);
        try (ServiceClient c = new ServiceClient(cfg)) {
            long now = clock.instant().getEpochSecond();
            String token = TestTokens.jwt("{\"exp\":" + (now + 3600) + "}");
            server.enqueue(tokenResponse(token));
            server.enqueue(json(200, page(0, 0)));
            server.enqueue(json(200, page(0, 0)));
            server.enqueue(tokenResponse(TestTokens.jwt("{\"exp\":" + (now + 7200) + "}")));
            server.enqueue(json(200, page(0, 0)));
            Session s =
                    c.openSession(
                            env(), new Credentials("erp-nile", "x".toCharArray(), null, null));
            get(s.fetch(NotificationQuery.ALL));
            clock.advance(Duration.ofMinutes(57));
            get(s.fetch(NotificationQuery.ALL));
            assertThat(server.getRequestCount()).isEqualTo(3);
            clock.advance(Duration.ofMinutes(1).plusSeconds(30));
            get(s.fetch(NotificationQuery.ALL));
            List<String> paths = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                paths.add(server.takeRequest().getUrl().encodedPath());
            }
            assertThat(paths).filteredOn("/connect/token"::equals).hasSize(2);
            assertThat(paths.get(3)).isEqualTo("/connect/token");
        }
    }

    @Test
    void concurrentCallsDuringARenewalShareOneLogin() throws Exception {
        AtomicInteger logins = new AtomicInteger();
        server.setDispatcher(
                new Dispatcher() {
                    @Override
                    public MockResponse dispatch(RecordedRequest r) {
                        if (r.getUrl().encodedPath().equals("/connect/token")) {
                            logins.incrementAndGet();
                            return tokenResponse(standardToken("t" + logins.get()))
                                    .newBuilder()
                                    .headersDelay(300, TimeUnit.MILLISECONDS)
                                    .build();
                        }
                        return json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z")));
                    }
                });
        Session s = session();
        List<CompletableFuture<NotificationPage>> calls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            calls.add(s.fetch(NotificationQuery.ALL.withPage(i + 1)));
        }
        for (CompletableFuture<NotificationPage> f : calls) {
            assertThat(get(f).result()).hasSize(1);
        }
        assertThat(logins.get()).isEqualTo(1);
    }

    @Test
    void cancellingAFetchCancelsItsHttpCallAndDeliversNoResult() throws Exception {
        server.enqueue(tokenResponse(standardToken("t1")));
        server.enqueue(
                json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z")))
                        .newBuilder()
                        .headersDelay(10, TimeUnit.SECONDS)
                        .build());
        Session s = session();
        CompletableFuture<NotificationPage> f = s.fetch(NotificationQuery.ALL);
        AtomicReference<Object> seen = new AtomicReference<>();
        f.thenAccept(seen::set);
        server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(server.takeRequest(5, TimeUnit.SECONDS))
                .isNotNull(); // the API call is in flight
        org.testfx.util.WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> client.activeCalls() == 1);
        assertThat(f.cancel(true)).isTrue();
        org.testfx.util.WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> client.activeCalls() == 0);
        assertThat(f).isCancelled();
        assertThat(seen.get()).isNull();
    }

    @Test
    void cancellingDuringARetryWaitStopsTheRetry() throws Exception {
        try (ServiceClient slow =
                new ServiceClient(fastConfig().withRetries(3, Duration.ofSeconds(30)))) {
            server.enqueue(tokenResponse(standardToken("t1")));
            server.enqueue(json(503, ""));
            server.enqueue(json(200, page(0, 0)));
            Session s =
                    slow.openSession(
                            env(), new Credentials("erp-nile", "x".toCharArray(), null, null));
            CompletableFuture<NotificationPage> f = s.fetch(NotificationQuery.ALL);
            server.takeRequest(5, TimeUnit.SECONDS);
            server.takeRequest(5, TimeUnit.SECONDS);
            org.testfx.util.WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> slow.pendingWaits() == 1);
            f.cancel(true);
            assertThat(f).isCancelled();
            org.testfx.util.WaitForAsyncUtils.waitFor(
                    5, TimeUnit.SECONDS, () -> slow.pendingWaits() == 0);
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }

    @Test
    void aClosedSessionRefusesCallsAndWipesTheSecret() throws Exception {
        char[] secret = "abc".toCharArray();
        Session s = client.openSession(env(), new Credentials("erp-nile", secret, null, null));
        s.close();
        assertThat(new String(secret)).isEqualTo("\0\0\0");
        assertThat(failure(s.fetch(NotificationQuery.ALL)))
                .isInstanceOf(SessionExpiredException.class);
        assertThat(server.getRequestCount()).isZero();
    }

    static Throwable unwrapCancellation(Throwable t) {
        return t instanceof CancellationException ? t : t.getCause();
    }
}
