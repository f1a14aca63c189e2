package app.ishaar.sandbox;

import static app.ishaar.sandbox.SandboxHttp.enc;
import static app.ishaar.sandbox.SandboxHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The sandbox's contract (issue #2) over real loopback HTTP. */
class SandboxContractTest {
    static final Instant ANCHOR = Instant.parse("2026-03-01T10:00:00Z");
    static final String NILE = "204918573";
    static final String CAIRO = "287364519";
    static final String ALEX = "356781204";
    static final String GIZA = "499201773";
    static final Pattern WIRE_TIME =
            Pattern.compile("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{7}Z$");

    static Sandbox sandbox;
    static SandboxHttp http;
    static String nileToken;

    @BeforeAll
    static void start() throws Exception {
        sandbox = Sandbox.start(SandboxConfig.builder().seed(7).anchor(ANCHOR).build());
        http = new SandboxHttp(sandbox);
        nileToken = http.nileToken();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @AfterEach
    void resetKnobs() {
        sandbox.knobs()
                .latency(Duration.ZERO)
                .fail503Share(0)
                .rateLimit(null)
                .maxPageSize(100)
                .tokenLifetime(Duration.ofHours(1))
                .clockOffset(Duration.ZERO);
    }

    static JsonNode page(String rawQuery) {
        HttpResponse<String> r = http.query(nileToken, rawQuery);
        assertThat(r.statusCode()).as("%s -> %s", rawQuery, r.body()).isEqualTo(200);
        return json(r);
    }

    static void assertLoginError(HttpResponse<String> r, String error) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(json(r).get("error").asText()).isEqualTo(error);
    }

    @Nested
    class Login {
        @Test
        void taxpayerSystemGetsABearerTokenForAnHourWithTheScopeWhenNoneWasAsked() {
            HttpResponse<String> r = http.login("erp-nile-trading", "sandbox-secret-1", null);
            assertThat(r.statusCode()).isEqualTo(200);
            JsonNode body = json(r);
            assertThat(body.get("token_type").asText()).isEqualTo("Bearer");
            assertThat(body.get("expires_in").asLong()).isEqualTo(3600);
            assertThat(body.get("access_token").asText().split("\\.")).hasSize(3);
            assertThat(body.get("scope").asText()).isEqualTo("InvoicingAPI");
        }

        @Test
        void scopeIsOmittedWhenItEqualsTheRequestedOne() {
            HttpResponse<String> r =
                    http.login(
                            "erp-nile-trading",
                            "sandbox-secret-1",
                            null,
                            "grant_type=client_credentials&scope=InvoicingAPI");
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(json(r).has("scope")).isFalse();
        }

        @Test
        void credentialsAreAlsoAcceptedAsFormFields() {
            HttpResponse<String> r =
                    http.login(
                            null,
                            null,
                            null,
                            "grant_type=client_credentials&client_id=erp-nile-trading&client_secret=sandbox-secret-1");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        }

        @Test
        void wrongSecretOrUnknownClientIsInvalidClient() {
            assertLoginError(http.login("erp-nile-trading", "wrong", null), "invalid_client");
            assertLoginError(http.login("erp-nobody", "sandbox-secret-1", null), "invalid_client");
            assertLoginError(http.login(null, null, null), "invalid_client");
        }

        @Test
        void otherGrantTypeIsUnsupported() {
            assertLoginError(
                    http.login("erp-nile-trading", "sandbox-secret-1", null, "grant_type=password"),
                    "unsupported_grant_type");
        }

        @Test
        void unknownScopeIsInvalidScope() {
            assertLoginError(
                    http.login(
                            "erp-nile-trading",
                            "sandbox-secret-1",
                            null,
                            "grant_type=client_credentials&scope=PaymentsAPI"),
                    "invalid_scope");
        }

        @Test
        void blockedAndExpiredSystemUsersAreInvalidGrantSayingWhich() {
            HttpResponse<String> blocked = http.login("erp-blocked", "sandbox-secret-3", null);
            assertLoginError(blocked, "invalid_grant");
            assertThat(json(blocked).get("error_description").asText())
                    .isEqualTo("System user is blocked");
            HttpResponse<String> expired = http.login("erp-expired", "sandbox-secret-4", null);
            assertLoginError(expired, "invalid_grant");
            assertThat(json(expired).get("error_description").asText())
                    .isEqualTo("System user has expired");
        }

        @Test
        void intermediaryWithoutOnBehalfOfIsInvalidRequest() {
            HttpResponse<String> r = http.login("erp-delta-accounting", "sandbox-secret-2", null);
            assertLoginError(r, "invalid_request");
            assertThat(json(r).get("error_description").asText())
                    .contains("onbehalfof")
                    .contains("required");
        }

        @Test
        void intermediaryForATaxpayerThatNeverDelegatedIsUnauthorizedClient() {
            HttpResponse<String> r = http.login("erp-delta-accounting", "sandbox-secret-2", GIZA);
            assertLoginError(r, "unauthorized_client");
            assertThat(json(r).get("error_description").asText())
                    .contains(GIZA)
                    .contains("not delegated");
        }

        @Test
        void taxpayerSystemCannotLogInForAnotherTaxpayer() {
            assertLoginError(
                    http.login("erp-nile-trading", "sandbox-secret-1", CAIRO),
                    "unauthorized_client");
            assertThat(http.login("erp-nile-trading", "sandbox-secret-1", NILE).statusCode())
                    .isEqualTo(200);
        }

        @Test
        void intermediaryLogsInForEachDelegatingTaxpayer() throws Exception {
            for (String rin : List.of(NILE, CAIRO, ALEX)) {
                String token = http.token("erp-delta-accounting", "sandbox-secret-2", rin);
                JsonNode claims =
                        SandboxHttp.JSON.readTree(
                                Base64.getUrlDecoder().decode(token.split("\\.")[1]));
                assertThat(claims.get("TaxRin").asText()).isEqualTo(rin);
                assertThat(claims.get("IsIntermediary").asText()).isEqualTo("1");
                assertThat(claims.get("IntermedRIN").asText()).isEqualTo("538201946");
                assertThat(claims.get("name").asText()).isEqualTo(rin + ":erp-delta-accounting");
            }
        }

        @Test
        void loginsOverTheRateLimitGet429WithRetryAfterPerClientId() {
            sandbox.knobs().rateLimit(2, Duration.ofMinutes(1));
            assertThat(http.login("erp-nile-trading", "sandbox-secret-1", null).statusCode())
                    .isEqualTo(200);
            assertThat(http.login("erp-nile-trading", "sandbox-secret-1", null).statusCode())
                    .isEqualTo(200);
            HttpResponse<String> third = http.login("erp-nile-trading", "sandbox-secret-1", null);
            assertThat(third.statusCode()).isEqualTo(429);
            long retryAfter =
                    Long.parseLong(third.headers().firstValue("Retry-After").orElseThrow());
            assertThat(retryAfter).isBetween(1L, 60L);
            // another client id has its own budget
            assertThat(http.login("erp-delta-accounting", "sandbox-secret-2", CAIRO).statusCode())
                    .isEqualTo(200);
        }

        @Test
        void tokenLifetimeKnobSetsExpiresIn() {
            sandbox.knobs().tokenLifetime(Duration.ofSeconds(90));
            assertThat(
                            json(http.login("erp-nile-trading", "sandbox-secret-1", null))
                                    .get("expires_in")
                                    .asLong())
                    .isEqualTo(90);
        }
    }

    @Nested
    class Authentication {
        @Test
        void missingTokenIs401WithInvalidTokenChallenge() {
            HttpResponse<String> r = http.query(null, null);
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.headers().firstValue("WWW-Authenticate"))
                    .hasValue("Bearer error=\"invalid_token\"");
        }

        @Test
        void tamperedTokenIs401() {
            String[] parts = nileToken.split("\\.");
            String claims =
                    new String(
                                    Base64.getUrlDecoder().decode(parts[1]),
                                    java.nio.charset.StandardCharsets.UTF_8)
                            .replace(NILE, CAIRO);
            String forged =
                    parts[0]
                            + "."
                            + Base64.getUrlEncoder()
                                    .withoutPadding()
                                    .encodeToString(
                                            claims.getBytes(
                                                    java.nio.charset.StandardCharsets.UTF_8))
                            + "."
                            + parts[2];
            HttpResponse<String> r = http.query(forged, null);
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.headers().firstValue("WWW-Authenticate"))
                    .hasValue("Bearer error=\"invalid_token\"");
            char last = parts[2].charAt(parts[2].length() - 2);
            String badSignature =
                    parts[0]
                            + "."
                            + parts[1]
                            + "."
                            + parts[2].substring(0, parts[2].length() - 2)
                            + (last == 'A' ? 'B' : 'A')
                            + parts[2].charAt(parts[2].length() - 1);
            assertThat(http.query(badSignature, null).statusCode()).isEqualTo(401);
            assertThat(http.query("not-a-jwt", null).statusCode()).isEqualTo(401);
        }

        @Test
        void tokenOfAnotherSandboxIs401() throws Exception {
            try (Sandbox other =
                    Sandbox.start(
                            SandboxConfig.builder()
                                    .seed(7)
                                    .anchor(ANCHOR)
                                    .notificationsPerTaxpayer(10)
                                    .build())) {
                String foreign = new SandboxHttp(other).nileToken();
                assertThat(http.query(foreign, null).statusCode()).isEqualTo(401);
            }
        }

        @Test
        void expiredTokenIs401() {
            sandbox.knobs().tokenLifetime(Duration.ofSeconds(60));
            String token = http.nileToken();
            assertThat(http.query(token, null).statusCode()).isEqualTo(200);
            sandbox.knobs().clockOffset(Duration.ofSeconds(61));
            HttpResponse<String> r = http.query(token, null);
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.headers().firstValue("WWW-Authenticate"))
                    .hasValue("Bearer error=\"invalid_token\"");
        }

        @Test
        void zeroLifetimeTokenIsExpiredAtOnce() {
            sandbox.knobs().tokenLifetime(Duration.ZERO);
            assertThat(http.query(http.nileToken(), null).statusCode()).isEqualTo(401);
        }

        @Test
        void
                intermediaryForTheTaxpayerWhoDidNotGrantNotificationsGets403WithTheStandardErrorBody() {
            String token = http.token("erp-delta-accounting", "sandbox-secret-2", ALEX);
            HttpResponse<String> r = http.query(token, null);
            assertThat(r.statusCode()).isEqualTo(403);
            JsonNode error = json(r).get("error");
            assertThat(error.get("code").asText()).isNotBlank();
            assertThat(error.get("message").asText()).isNotBlank();
        }

        @Test
        void intermediaryReadsTheHistoryOfAGrantingTaxpayer() {
            String token = http.token("erp-delta-accounting", "sandbox-secret-2", CAIRO);
            HttpResponse<String> r = http.query(token, "pageSize=5");
            assertThat(r.statusCode()).isEqualTo(200);
            SandboxPage expected = sandbox.query(CAIRO, SandboxQuery.all().withPage(1, 5));
            assertThat(ids(json(r)))
                    .isEqualTo(
                            expected.result().stream()
                                    .map(SandboxNotification::notificationId)
                                    .toList());
            assertThat(json(r).get("metadata").get("totalCount").asLong())
                    .isEqualTo(sandbox.notificationCount(CAIRO));
        }
    }

    @Nested
    class Query {
        @Test
        void defaultsArePageOneOfTenNewestFirst() {
            JsonNode body = page(null);
            assertThat(body.get("result")).hasSize(Sandbox.DEFAULT_PAGE_SIZE);
            assertThat(body.get("metadata").get("totalCount").asLong()).isEqualTo(2500);
            assertThat(body.get("metadata").get("totalPages").asLong()).isEqualTo(250);
            assertThat(ids(body)).isEqualTo(expectedIds(SandboxQuery.all()));
        }

        @Test
        void theApiAnswersExactlyTheSandboxData() {
            JsonNode body = page("pageSize=30&pageNo=3");
            List<SandboxNotification> expected =
                    sandbox.query(NILE, SandboxQuery.all().withPage(3, 30)).result();
            assertThat(body.get("result")).hasSize(30);
            for (int i = 0; i < expected.size(); i++) {
                JsonNode n = body.get("result").get(i);
                SandboxNotification e = expected.get(i);
                assertThat(n.get("notificationId").asText()).isEqualTo(e.notificationId());
                assertThat(Instant.parse(n.get("receivedDateTime").asText()))
                        .isEqualTo(e.receivedDateTime());
                assertThat(n.get("typeId").asText()).isEqualTo(e.typeId());
                assertThat(n.get("typeName").asText()).isEqualTo(e.typeName());
                assertThat(n.get("finalMessage").asText()).isEqualTo(e.finalMessage());
                assertThat(n.get("channel").asText()).isEqualTo(e.channel());
                assertThat(n.get("address").asText()).isEqualTo(e.address());
                assertThat(n.get("language").asText()).isEqualTo(e.language());
                assertThat(n.get("status").asText()).isEqualTo(e.status());
                assertThat(n.get("deliveryAttempts")).hasSize(e.deliveryAttempts().size());
            }
        }

        @Test
        void resultIsOrderedByDateDescendingAcrossPages() {
            List<Instant> times = new ArrayList<>();
            for (int p = 1; p <= 3; p++) {
                for (JsonNode n : page("pageSize=100&pageNo=" + p).get("result")) {
                    times.add(Instant.parse(n.get("receivedDateTime").asText()));
                }
            }
            assertThat(times).hasSize(300);
            for (int i = 1; i < times.size(); i++) {
                assertThat(times.get(i)).isBeforeOrEqualTo(times.get(i - 1));
            }
        }

        @ParameterizedTest
        @ValueSource(strings = {"1", "2", "3", "4", "5", "6", "7", "8", "9"})
        void typeFilter(String type) {
            assertFilter("type=" + type, SandboxQuery.all().withType(type), "typeId", type);
        }

        @ParameterizedTest
        @ValueSource(strings = {"ar", "en"})
        void languageFilter(String language) {
            assertFilter(
                    "language=" + language,
                    SandboxQuery.all().withLanguage(language),
                    "language",
                    language);
        }

        @ParameterizedTest
        @ValueSource(strings = {"pending", "batched", "delivered", "error"})
        void statusFilter(String status) {
            assertFilter(
                    "status=" + status, SandboxQuery.all().withStatus(status), "status", status);
        }

        @ParameterizedTest
        @ValueSource(strings = {"sms", "email", "push", "system"})
        void channelFilter(String channel) {
            assertFilter(
                    "channel=" + channel,
                    SandboxQuery.all().withChannel(channel),
                    "channel",
                    channel);
        }

        @Test
        void filtersCombineAndPartitionTheHistory() {
            long sum = 0;
            for (String s : List.of("pending", "batched", "delivered", "error")) {
                sum += page("status=" + s).get("metadata").get("totalCount").asLong();
            }
            assertThat(sum).isEqualTo(2500);
            JsonNode body = page("type=6&language=ar&channel=email&status=delivered&pageSize=100");
            long expected =
                    sandbox.query(
                                    NILE,
                                    SandboxQuery.all()
                                            .withType("6")
                                            .withLanguage("ar")
                                            .withChannel("email")
                                            .withStatus("delivered"))
                            .totalCount();
            assertThat(expected).isPositive();
            assertThat(body.get("metadata").get("totalCount").asLong()).isEqualTo(expected);
            for (JsonNode n : body.get("result")) {
                assertThat(n.get("typeId").asText()).isEqualTo("6");
                assertThat(n.get("language").asText()).isEqualTo("ar");
                assertThat(n.get("channel").asText()).isEqualTo("email");
                assertThat(n.get("status").asText()).isEqualTo("delivered");
            }
        }

        @Test
        void dateRangeIsInclusiveOnTheSentTime() {
            List<SandboxNotification> all =
                    sandbox.query(NILE, SandboxQuery.all().withPage(1, 500)).result();
            Instant to = all.get(40).receivedDateTime();
            Instant from = all.get(140).receivedDateTime();
            JsonNode body =
                    page(
                            "dateFrom="
                                    + enc(WireTime.format(from))
                                    + "&dateTo="
                                    + enc(WireTime.format(to))
                                    + "&pageSize=100&pageNo=2");
            assertThat(body.get("metadata").get("totalCount").asLong()).isEqualTo(101);
            assertThat(body.get("metadata").get("totalPages").asLong()).isEqualTo(2);
            assertThat(body.get("result")).hasSize(1);
            assertThat(body.get("result").get(0).get("notificationId").asText())
                    .isEqualTo(all.get(140).notificationId());
            JsonNode first =
                    page(
                            "dateFrom="
                                    + enc(WireTime.format(from))
                                    + "&dateTo="
                                    + enc(WireTime.format(to))
                                    + "&pageSize=1");
            assertThat(first.get("result").get(0).get("notificationId").asText())
                    .isEqualTo(all.get(40).notificationId());
        }

        @ParameterizedTest
        @CsvSource({
            "2025-06-01T00:00Z, 2025-06-30T23:59:59Z",
            "2025-06-01T00:00, 2025-06-30T23:59:59.9999999",
            "2025-06-01T02:00:00+02:00, 2025-07-01T01:59:59.9999999+02:00",
            "2025-06-01T00:00:00.000Z, 2025-06-30T23:59:59.9999999Z",
        })
        void dateTimesAreReadWithOrWithoutSecondsFractionAndZone(String from, String to) {
            long expected =
                    sandbox.query(
                                    NILE,
                                    SandboxQuery.all()
                                            .withDates(
                                                    Instant.parse("2025-06-01T00:00:00Z"),
                                                    Instant.parse("2025-06-30T23:59:59.9999999Z")))
                            .totalCount();
            assertThat(expected).isBetween(50L, 200L);
            JsonNode body = page("dateFrom=" + enc(from) + "&dateTo=" + enc(to));
            assertThat(body.get("metadata").get("totalCount").asLong()).isEqualTo(expected);
            for (JsonNode n : body.get("result")) {
                assertThat(OffsetDateTime.parse(n.get("receivedDateTime").asText()).getMonthValue())
                        .isEqualTo(6);
            }
        }

        @Test
        void pagingMetadataAndPagesCoverTheFilteredListExactlyOnce() {
            long total = sandbox.query(NILE, SandboxQuery.all().withType("4")).totalCount();
            assertThat(total).isGreaterThan(14);
            long pages = (total + 6) / 7;
            List<String> seen = new ArrayList<>();
            for (int p = 1; p <= pages; p++) {
                JsonNode body = page("type=4&pageSize=7&pageNo=" + p);
                assertThat(body.get("metadata").get("totalPages").asLong()).isEqualTo(pages);
                assertThat(body.get("metadata").get("totalCount").asLong()).isEqualTo(total);
                assertThat(body.get("result").size())
                        .isEqualTo(p < pages ? 7 : (int) (total - 7 * (pages - 1)));
                seen.addAll(ids(body));
            }
            assertThat(seen).doesNotHaveDuplicates().hasSize((int) total);
            JsonNode beyond = page("type=4&pageSize=7&pageNo=" + (pages + 1));
            assertThat(beyond.get("result")).isEmpty();
            assertThat(beyond.get("metadata").get("totalCount").asLong()).isEqualTo(total);
        }

        @Test
        void emptyResultHasZeroPages() {
            JsonNode body = page("dateFrom=2000-01-01T00:00Z&dateTo=2000-12-31T00:00Z");
            assertThat(body.get("result")).isEmpty();
            assertThat(body.get("metadata").get("totalCount").asLong()).isZero();
            assertThat(body.get("metadata").get("totalPages").asLong()).isZero();
        }

        @Test
        void pageSizeIsCappedAtTheMaximumWhichIsAKnob() {
            assertThat(page("pageSize=100").get("result")).hasSize(100);
            assertBadArgument("pageSize=101", "pageSize");
            sandbox.knobs().maxPageSize(20);
            assertThat(page("pageSize=20").get("result")).hasSize(20);
            assertBadArgument("pageSize=21", "pageSize");
            assertThat(page(null).get("result")).hasSize(10);
        }

        @ParameterizedTest
        @CsvSource({
            "pageNo=0, pageNo",
            "pageNo=-3, pageNo",
            "pageNo=abc, pageNo",
            "pageNo=1.5, pageNo",
            "pageSize=0, pageSize",
            "pageSize=x, pageSize",
            "pageSize=99999999999, pageSize",
            "dateFrom=yesterday, dateFrom",
            "dateFrom=2025-02-30T00:00Z, dateFrom",
            "dateTo=2025-13-01T00:00Z, dateTo",
            "dateTo=2025-01-01T25:00, dateTo",
            "type=0, type",
            "type=10, type",
            "type=invoice, type",
            "language=fr, language",
            "status=sent, status",
            "channel=fax, channel",
            "channel=%E2%82, channel",
        })
        void malformedParametersAre400BadArgumentNamingTheParameter(String query, String target) {
            assertBadArgument(query, target);
        }

        @Test
        void errorMessagesFollowAcceptLanguage() {
            HttpResponse<String> r =
                    http.send(
                            HttpRequest.newBuilder(
                                            URI.create(
                                                    sandbox.baseUrl()
                                                            + SandboxHttp.PATH
                                                            + "?status=sent"))
                                    .header("Authorization", "Bearer " + nileToken)
                                    .header("Accept-Language", "ar")
                                    .GET()
                                    .build());
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(json(r).get("error").get("message").asText())
                    .containsPattern("[\\u0600-\\u06FF]");
            assertThat(json(r).get("error").get("target").asText()).isEqualTo("status");
        }

        @Test
        void dateTimesAreWrittenAsDotNetWritesUtc() {
            int checked = 0;
            for (JsonNode n : page("pageSize=100").get("result")) {
                assertThat(n.get("receivedDateTime").asText()).matches(WIRE_TIME);
                if (!n.get("deliveredDateTime").isNull()) {
                    assertThat(n.get("deliveredDateTime").asText()).matches(WIRE_TIME);
                }
                for (JsonNode a : n.get("deliveryAttempts")) {
                    assertThat(a.get("attemptDateTime").asText()).matches(WIRE_TIME);
                    checked++;
                }
            }
            assertThat(checked).isPositive();
        }
    }

    @Nested
    class Operations {
        @Test
        void everyResponseOfBothHostsCarriesACorrelationId() {
            List<HttpResponse<String>> responses =
                    List.of(
                            http.login("erp-nile-trading", "sandbox-secret-1", null),
                            http.login("erp-nile-trading", "wrong", null),
                            http.get(sandbox.authUrl() + "/.well-known/openid-configuration"),
                            http.query(nileToken, null),
                            http.query(nileToken, "pageNo=0"),
                            http.query(null, null),
                            http.query(
                                    http.token("erp-delta-accounting", "sandbox-secret-2", ALEX),
                                    null),
                            http.get(sandbox.baseUrl() + "/api/v1.0/nothing"));
            List<String> ids = new ArrayList<>();
            for (HttpResponse<String> r : responses) {
                String id = r.headers().firstValue("correlationId").orElse(null);
                assertThat(id).as("correlationId of %s %s", r.statusCode(), r.uri()).isNotBlank();
                ids.add(id);
            }
            assertThat(ids).doesNotHaveDuplicates();
        }

        @Test
        void queriesOverTheRateLimitGet429WithRetryAfterAndRateLimitHeaders() {
            sandbox.knobs().rateLimit(3, Duration.ofSeconds(30));
            HttpResponse<String> first = http.query(nileToken, null);
            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(first.headers().firstValue("X-Rate-Limit-Limit")).hasValue("30s");
            assertThat(first.headers().firstValue("X-Rate-Limit-Remaining")).hasValue("2");
            assertThat(first.headers().firstValue("X-Rate-Limit-Reset").orElseThrow())
                    .matches(WIRE_TIME);
            assertThat(http.query(nileToken, null).statusCode()).isEqualTo(200);
            assertThat(http.query(nileToken, null).statusCode()).isEqualTo(200);
            HttpResponse<String> over = http.query(nileToken, null);
            assertThat(over.statusCode()).isEqualTo(429);
            assertThat(Long.parseLong(over.headers().firstValue("Retry-After").orElseThrow()))
                    .isBetween(1L, 30L);
            // the window passes (sandbox clock) and queries go through again
            sandbox.knobs().clockOffset(Duration.ofSeconds(31));
            assertThat(http.query(nileToken, null).statusCode()).isEqualTo(200);
        }

        @Test
        void the503ShareKnobAnswers503AndCanBeTurnedOff() {
            sandbox.knobs().fail503Share(1.0);
            assertThat(http.query(nileToken, null).statusCode()).isEqualTo(503);
            assertThat(http.login("erp-nile-trading", "sandbox-secret-1", null).statusCode())
                    .isEqualTo(503);
            sandbox.knobs().fail503Share(0.5);
            int failures = 0;
            for (int i = 0; i < 60; i++) {
                if (http.query(nileToken, "pageSize=1").statusCode() == 503) failures++;
            }
            assertThat(failures).isBetween(10, 50); // p of falling outside < 1e-5
            sandbox.knobs().fail503Share(0);
            assertThat(http.query(nileToken, null).statusCode()).isEqualTo(200);
        }

        @Test
        void latencyKnobDelaysAnswers() {
            sandbox.knobs().latency(Duration.ofMillis(300));
            long start = System.nanoTime();
            assertThat(http.query(nileToken, "pageSize=1").statusCode()).isEqualTo(200);
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(300));
        }

        @Test
        void unknownPathIs404AndNeverA500() {
            HttpResponse<String> r =
                    http.send(
                            HttpRequest.newBuilder(
                                            URI.create(
                                                    sandbox.baseUrl() + "/api/v1.0/notifications"))
                                    .header("Authorization", "Bearer " + nileToken)
                                    .GET()
                                    .build());
            assertThat(r.statusCode()).isEqualTo(404);
        }
    }

    static void assertFilter(String rawQuery, SandboxQuery query, String field, String value) {
        long expected = sandbox.query(NILE, query).totalCount();
        assertThat(expected).as("the data has %s", rawQuery).isPositive();
        JsonNode body = page(rawQuery + "&pageSize=100");
        assertThat(body.get("metadata").get("totalCount").asLong()).isEqualTo(expected);
        assertThat(body.get("metadata").get("totalPages").asLong())
                .isEqualTo((expected + 99) / 100);
        assertThat(body.get("result").size()).isEqualTo((int) Math.min(100, expected));
        for (JsonNode n : body.get("result")) {
            assertThat(n.get(field).asText()).isEqualTo(value);
        }
        assertThat(ids(body)).isEqualTo(expectedIds(query.withPage(1, 100)));
    }

    static void assertBadArgument(String rawQuery, String target) {
        HttpResponse<String> r = http.query(nileToken, rawQuery);
        assertThat(r.statusCode()).as("%s -> %s", rawQuery, r.body()).isEqualTo(400);
        JsonNode error = json(r).get("error");
        assertThat(error.get("code").asText()).isEqualTo("BadArgument");
        assertThat(error.get("target").asText()).isEqualTo(target);
        assertThat(error.get("message").asText()).isNotBlank();
    }

    static List<String> ids(JsonNode body) {
        List<String> ids = new ArrayList<>();
        body.get("result").forEach(n -> ids.add(n.get("notificationId").asText()));
        return ids;
    }

    static List<String> expectedIds(SandboxQuery q) {
        return sandbox.query(NILE, q).result().stream()
                .map(SandboxNotification::notificationId)
                .toList();
    }
}
