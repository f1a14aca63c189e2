package app.ishaar.core.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

/**
 * The streaming history reader and the allocation-free date-time reader read exactly what the
 * tree-based reader they replaced read (kept here as the reference): same page, or same failure.
 */
class StreamingReaderTest {

    @Test
    void dateTimesFromCharactersReadAsFromStrings() {
        List<String> inputs =
                new ArrayList<>(
                        List.of(
                                "2026-03-01T10:15:30.1234567Z",
                                "2026-03-01T10:15:30Z",
                                "2026-03-01T10:15Z",
                                "2026-03-01T10:15",
                                "2026-03-01T10:15:30",
                                "2026-03-01T10:15:30.1Z",
                                "2026-03-01T10:15:30.123456789Z",
                                "2026-03-01T10:15:30.1234567891Z",
                                "2026-03-01T10:15:30.Z",
                                "2026-03-01T10:15:30+02:00",
                                "2026-03-01T10:15:30-05:30",
                                "2026-03-01T10:15:30+0200",
                                "2026-03-01t10:15:30z",
                                "2024-02-29T00:00Z",
                                "2025-02-29T00:00Z",
                                "2026-04-31T00:00Z",
                                "2026-13-01T00:00Z",
                                "2026-00-10T00:00Z",
                                "2026-03-01T24:00Z",
                                "2026-03-01T23:60Z",
                                "2026-03-01T23:59:60Z",
                                "2026-03-01T10:15:30+18:00",
                                "2026-03-01T10:15:30+17:59",
                                " 2026-03-01T10:15Z",
                                "2026-03-01T10:15Z ",
                                "",
                                " ",
                                "garbage",
                                "2026-03-01",
                                "2026-03-01T1:15Z",
                                "+12026-03-01T10:15Z",
                                "0000-01-01T00:00Z",
                                "2026-03-01T10:15:3Z",
                                "2026-03-01T10:15:30ZZ",
                                "2026-03-01T10:15:30.12345678Z",
                                "2026-3-01T10:15Z"));
        Random random = new Random(7);
        String alphabet = "0123456789-T:.Z+ z";
        for (int i = 0; i < 20_000; i++) {
            char[] c = "2026-03-01T10:15:30.1234567Z".toCharArray();
            int edits = 1 + random.nextInt(3);
            for (int k = 0; k < edits; k++) {
                c[random.nextInt(c.length)] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            inputs.add(new String(c, 0, 16 + random.nextInt(c.length - 15)));
        }
        int fast = 0;
        for (String s : inputs) {
            Object expected = outcome(() -> DotNetDateTimes.parse(s));
            char[] padded = ("xx" + s + "yy").toCharArray();
            Object actual = outcome(() -> DotNetDateTimes.parse(padded, 2, s.length()));
            assertThat(actual).as(s).isEqualTo(expected);
            if (DotNetDateTimes.parseCommon(padded, 2, s.length()) != null) {
                fast++;
            }
        }
        assertThat(fast).as("the common forms take the fast path").isGreaterThan(1000);
        assertThat(DotNetDateTimes.parseCommon("2026-03-01T10:15:30.1234567Z".toCharArray(), 0, 28))
                .isEqualTo(Instant.parse("2026-03-01T10:15:30.1234567Z"));
    }

    /**
     * Each form the service writes takes the fast path and reads as the formatter reads it; the
     * rarer ones fall back to it.
     */
    @Test
    void eachCommonFormTakesTheFastPathAndTheRestFallBack() {
        List<String> fast =
                new ArrayList<>(
                        List.of(
                                "2026-03-01T10:15Z",
                                "2026-03-01T10:15",
                                "2026-03-01T10:15:30",
                                "2026-03-01T10:15:30Z",
                                "2026-03-01T10:15+02:00",
                                "2026-03-01T10:15:30-05:30",
                                "2026-03-01T10:15:30.5-00:00",
                                "2026-03-01T10:15:30.1234567+17:59",
                                "1969-12-31T23:59:59.999999999Z",
                                "0001-01-01T00:00Z",
                                "9999-12-31T23:59:59.9999999Z",
                                "2024-02-29T12:00Z",
                                "2000-02-29T00:00Z"));
        for (int digits = 1; digits <= 9; digits++) {
            fast.add("2026-03-01T10:15:30." + "123456789".substring(0, digits) + "Z");
            fast.add("2026-03-01T10:15:30." + "000000007".substring(9 - digits));
        }
        for (String s : fast) {
            char[] padded = ("\"" + s + "\"").toCharArray();
            Instant expected = DotNetDateTimes.parse(s);
            assertThat(expected).as(s).isNotNull();
            assertThat(DotNetDateTimes.parseCommon(padded, 1, s.length()))
                    .as(s)
                    .isEqualTo(expected);
            assertThat(DotNetDateTimes.parse(padded, 1, s.length())).as(s).isEqualTo(expected);
        }
        assertThat(
                        DotNetDateTimes.parseCommon(
                                "2026-03-01T10:15:30.000000007".toCharArray(), 0, 29))
                .isEqualTo(Instant.parse("2026-03-01T10:15:30.000000007Z"));
        assertThat(DotNetDateTimes.parseCommon("2026-03-01T10:15:30.5-01:30".toCharArray(), 0, 27))
                .isEqualTo(Instant.parse("2026-03-01T11:45:30.5Z"));
        assertThat(DotNetDateTimes.parseCommon("1900-02-29T00:00Z".toCharArray(), 0, 17)).isNull();
        // valid, but not what the service writes: read by the formatter, the same through both
        // entry points
        for (String s :
                List.of(
                        "2026-03-01t10:15:30z",
                        "2026-03-01T10:15:30+0200",
                        "2026-03-01T10:15:30+18:00",
                        " 2026-03-01T10:15Z",
                        "2026-03-01T10:15Z ")) {
            char[] padded = ("\"" + s + "\"").toCharArray();
            assertThat(DotNetDateTimes.parseCommon(padded, 1, s.length())).as(s).isNull();
            assertThat(DotNetDateTimes.parse(padded, 1, s.length()))
                    .as(s)
                    .isEqualTo(DotNetDateTimes.parse(s))
                    .isNotNull();
        }
    }

    private interface Parse {
        Instant run();
    }

    private static Object outcome(Parse p) {
        try {
            return Objects.toString(p.run());
        } catch (DateTimeParseException e) {
            return "DateTimeParseException";
        } catch (RuntimeException e) {
            return e.getClass().getName();
        }
    }

    @Test
    void readsWhatTheTreeReaderRead() throws Exception {
        List<String> bodies =
                new ArrayList<>(
                        List.of(
                                "{\"result\":[],\"metadata\":{\"totalPages\":0,\"totalCount\":0}}",
                                "{\"result\":null,\"metadata\":{\"totalPages\":0,\"totalCount\":0}}",
                                "{\"result\":{},\"metadata\":{}}",
                                "{\"result\":\"x\"}",
                                "{\"metadata\":{\"totalPages\":1,\"totalCount\":0}}",
                                "[1,2]",
                                "\"text\"",
                                "42",
                                "{\"result\":[]} {}",
                                "{\"result\":[]}]",
                                "{\"result\":[",
                                "{\"result\":[{\"a\":}]}",
                                "",
                                "   \uFEFF {\"result\":[]}",
                                "<html></html>",
                                "nope",
                                "{\"result\":[],\"result\":null}",
                                "{\"result\":null,\"result\":[{}]}",
                                "{\"result\":[1,null,[{\"notificationId\":\"x\"}],{\"notificationId\":\"a\"}],\"metadata\":[]}",
                                "{\"result\":[{\"notificationId\":\"a\"}],\"metadata\":[{\"totalPages\":\"3\",\"totalCount\":\"21\"},{}]}",
                                "{\"result\":[{\"notificationId\":\"a\"}],\"metadata\":[5]}",
                                "{\"result\":[{\"notificationId\":\"a\"}],\"metadata\":null}",
                                "{\"result\":[{\"notificationId\":\"a\"}],\"metadata\":{\"totalPages\":2.9,\"totalCount\":true}}",
                                "{\"result\":[{\"notificationId\":\"a\"}],\"metadata\":{\"totalPages\":99999999999,\"totalCount\":\"abc\"}}",
                                "{\"result\":[{\"notificationId\":12,\"typeId\":7,\"typeName\":1.5e3,\"finalMessage\":true,\"channel\":{\"x\":1},"
                                        + "\"address\":[1],\"language\":null,\"status\":-3,\"receivedDateTime\":20260301,\"deliveredDateTime\":{},"
                                        + "\"deliveryAttempts\":{\"a\":1},\"extra\":[{\"deep\":[1,{\"x\":null}]}]}]}",
                                "{\"result\":[{\"notificationId\":\"a\",\"deliveryAttempts\":null},{\"notificationId\":\"b\",\"deliveryAttempts\":"
                                        + "[null,1,{\"attemptDateTime\":\"2026-03-01T10:15:30.1234567Z\",\"status\":\"Delivered\",\"statusDetails\":null,\"x\":[]},"
                                        + "{\"attemptDateTime\":\"not a date\",\"status\":{}}]}]}",
                                "{\"result\":[{\"notificationId\":\"a\",\"notificationId\":\"b\",\"deliveryAttempts\":[{}],\"deliveryAttempts\":[]}]}",
                                "{\"result\":[{\"receivedDateTime\":\"2026-03-01T10:15:30+02:00\",\"deliveredDateTime\":\"2026-03-01T10:15\"},"
                                        + "{\"receivedDateTime\":\"2026-02-30T10:15Z\",\"deliveredDateTime\":\"  \"}]}",
                                "{\"result\":[{\"finalMessage\":\"\\u0645\\u0631\\u062D\\u0628\\u0627 \\\"quoted\\\"\\n\",\"address\":\"\"}]}"));
        bodies.add(samplePage());
        for (String body : bodies) {
            for (String contentType :
                    new String[] {"application/json; charset=utf-8", "text/html"}) {
                HttpResult r =
                        new HttpResult(
                                200,
                                Headers.of("correlationId", "c-1"),
                                body.getBytes(StandardCharsets.UTF_8),
                                contentType);
                Object expected = outcome(() -> TreeReader.read(r, 3, 100));
                Object actual = outcome(() -> NotificationReader.read(r, 3, 100));
                assertThat(actual)
                        .as(body.length() > 300 ? body.substring(0, 300) : body)
                        .isEqualTo(expected);
            }
        }
    }

    /**
     * The reader tries each member's name in the service's order, byte for byte, before reading it
     * the general way: members in any order, escaped names, unknown and repeated members, missing
     * members and values of other kinds all read as the tree reader read them.
     */
    @Test
    void membersInAnyOrderOrSpellingReadAsTheTreeReaderReadThem() throws Exception {
        ArrayNode items = (ArrayNode) Bodies.MAPPER.readTree(samplePage()).get("result");
        Random random = new Random(11);
        int escapedNames = 0;
        for (int round = 0; round < 400; round++) {
            StringBuilder body = new StringBuilder("{\"result\":[");
            for (int i = 0; i < 5; i++) {
                body.append(i == 0 ? "" : ",")
                        .append(
                                shake(
                                        (ObjectNode) items.get(random.nextInt(items.size())),
                                        random));
            }
            body.append("],\"metadata\":{\"totalPages\":4,\"totalCount\":31}}");
            if (random.nextBoolean()) {
                // spell some names with an escape: the same member, other bytes
                for (String name :
                        List.of(
                                "notificationId",
                                "receivedDateTime",
                                "typeId",
                                "status",
                                "deliveryAttempts",
                                "attemptDateTime",
                                "statusDetails")) {
                    int at = body.indexOf("\"" + name + "\":");
                    if (at >= 0 && random.nextBoolean()) {
                        body.replace(
                                at + 2, at + 3, String.format("\\u%04x", (int) name.charAt(1)));
                        escapedNames++;
                    }
                }
            }
            assertReadAsTheTreeReaderRead(body.toString());
        }
        assertThat(escapedNames).isGreaterThan(100);
    }

    /**
     * A notification (or attempt) as JSON text with its members shuffled, some dropped, repeated
     * (the last one counts), renamed, given values of another kind, and unknown members in between.
     */
    private static String shake(ObjectNode n, Random random) throws Exception {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        if (random.nextInt(3) > 0) {
            java.util.Collections.shuffle(names, random);
        }
        List<String> members = new ArrayList<>();
        for (String name : names) {
            JsonNode value = n.get(name);
            String json;
            if (value.isArray()) {
                List<String> attempts = new ArrayList<>();
                for (JsonNode a : value) {
                    attempts.add(a.isObject() ? shake((ObjectNode) a, random) : a.toString());
                }
                json = "[" + String.join(",", attempts) + "]";
            } else {
                json = Bodies.MAPPER.writeValueAsString(value);
            }
            String quoted = Bodies.MAPPER.writeValueAsString(name);
            switch (random.nextInt(14)) {
                case 0 -> {} // dropped
                case 1 -> members.add("\"x-" + name + "\":" + json);
                case 2 -> members.add(quoted + ":7");
                case 3 -> members.add(quoted + ":[" + json + "]");
                case 4 -> members.add(quoted + ":{\"v\":" + json + "}");
                case 5 -> {
                    members.add(quoted + ":" + json);
                    members.add(
                            "\"unknown"
                                    + random.nextInt(3)
                                    + "\":{\"deep\":[1,{\"status\":\"x\"}]}");
                }
                case 6 -> {
                    members.add(quoted + ":\"first\"");
                    members.add(quoted + ":" + json);
                }
                case 7 -> {
                    members.add(quoted + ":" + json);
                    members.add(
                            quoted
                                    + ":"
                                    + (random.nextBoolean() ? "null" : "\"2026-02-03T04:05Z\""));
                }
                default -> members.add(quoted + ":" + json);
            }
        }
        return "{" + String.join(",", members) + "}";
    }

    /**
     * Broken and altered bytes of real pages fail where, and as, they failed for the tree reader,
     * or read the same.
     */
    @Test
    void mutatedPagesFailOrReadAsTheTreeReader() throws Exception {
        String page = samplePage();
        ArrayNode items = (ArrayNode) Bodies.MAPPER.readTree(page).get("result");
        String small =
                "{\"result\":"
                        + Bodies.MAPPER.writeValueAsString(
                                Bodies.MAPPER
                                        .createArrayNode()
                                        .add(items.get(0))
                                        .add(items.get(1))
                                        .add(items.get(2)))
                        + ",\"metadata\":{\"totalPages\":9,\"totalCount\":25}}";
        Random random = new Random(5);
        String alphabet = "{}[]\":,\\ u0a-9.eE+tnfl\u0645";
        for (int round = 0; round < 3000; round++) {
            StringBuilder b = new StringBuilder(small);
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                int at = random.nextInt(b.length());
                switch (random.nextInt(3)) {
                    case 0 -> b.deleteCharAt(at);
                    case 1 -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> b.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            assertReadAsTheTreeReaderRead(b.toString());
        }
    }

    private static void assertReadAsTheTreeReaderRead(String body) {
        HttpResult r =
                new HttpResult(
                        200,
                        Headers.of(),
                        body.getBytes(StandardCharsets.UTF_8),
                        "application/json");
        Object expected = outcome(() -> TreeReader.read(r, 2, null));
        Object actual = outcome(() -> NotificationReader.read(r, 2, null));
        assertThat(actual).as(body).isEqualTo(expected);
    }

    private interface Read {
        NotificationPage run() throws UnexpectedResponseException;
    }

    private static Object outcome(Read read) {
        try {
            return read.run();
        } catch (UnexpectedResponseException e) {
            return "UnexpectedResponseException " + e.bodyKind() + " " + e.getMessage();
        }
    }

    private static String samplePage;

    /** A real page of 100 from the sandbox (fetched once). */
    private static synchronized String samplePage() throws Exception {
        if (samplePage == null) {
            samplePage = fetchSamplePage();
        }
        return samplePage;
    }

    private static String fetchSamplePage() throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(3)
                                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                                .build())) {
            var account =
                    sandbox.accounts().stream()
                            .filter(a -> a.kind().equals("taxpayer"))
                            .findFirst()
                            .orElseThrow();
            HttpClient http = HttpClient.newHttpClient();
            String basic =
                    Base64.getEncoder()
                            .encodeToString(
                                    (account.clientId() + ":" + account.clientSecret())
                                            .getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> login =
                    http.send(
                            HttpRequest.newBuilder(URI.create(sandbox.authUrl() + "/connect/token"))
                                    .header("Content-Type", "application/x-www-form-urlencoded")
                                    .header("Authorization", "Basic " + basic)
                                    .POST(
                                            HttpRequest.BodyPublishers.ofString(
                                                    "grant_type=client_credentials"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            String token = Bodies.MAPPER.readTree(login.body()).get("access_token").asText();
            String body =
                    http.send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            sandbox.baseUrl()
                                                                    + "/api/v1.0/notifications/taxpayer?pageSize=100&pageNo=2"))
                                            .header("Authorization", "Bearer " + token)
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body();
            assertThat(Bodies.MAPPER.readTree(body).get("result").size()).isEqualTo(100);
            return body;
        }
    }

    /** The tree-based reader the streaming one replaced, verbatim in behaviour: the reference. */
    static final class TreeReader {
        static NotificationPage read(HttpResult r, int pageNo, Integer requestedPageSize)
                throws UnexpectedResponseException {
            JsonNode root = Bodies.readJson(r);
            if (!root.isObject()) {
                throw new UnexpectedResponseException(
                        r.status(),
                        BodyKind.MISSING_MEMBERS,
                        "not an object",
                        r.correlationId(),
                        null);
            }
            JsonNode result = root.get("result");
            if (result == null) {
                throw new UnexpectedResponseException(
                        r.status(), BodyKind.MISSING_MEMBERS, "no result", r.correlationId(), null);
            }
            List<Notification> items = new ArrayList<>();
            if (result.isArray()) {
                for (JsonNode n : result) {
                    if (n != null && n.isObject()) {
                        items.add(notification(n));
                    }
                }
            } else if (!result.isNull()) {
                throw new UnexpectedResponseException(
                        r.status(),
                        BodyKind.MISSING_MEMBERS,
                        "result is not an array",
                        r.correlationId(),
                        null);
            }
            JsonNode meta = root.get("metadata");
            if (meta != null && meta.isArray()) {
                meta = meta.size() > 0 ? meta.get(0) : null;
            }
            int totalPages;
            long totalCount;
            if (meta != null && meta.isObject()) {
                totalCount = meta.path("totalCount").asLong(items.size());
                totalPages = meta.path("totalPages").asInt(items.isEmpty() ? 0 : 1);
            } else {
                totalCount = items.size();
                totalPages = items.isEmpty() ? 0 : 1;
            }
            int pageSize = requestedPageSize != null ? requestedPageSize : items.size();
            return new NotificationPage(
                    items, Math.max(0, totalPages), Math.max(0, totalCount), pageNo, pageSize);
        }

        static Notification notification(JsonNode n) {
            List<DeliveryAttempt> attempts = new ArrayList<>();
            JsonNode a = n.get("deliveryAttempts");
            if (a != null && a.isArray()) {
                for (JsonNode x : a) {
                    if (x != null && x.isObject()) {
                        attempts.add(
                                new DeliveryAttempt(
                                        instant(x, "attemptDateTime"),
                                        Bodies.text(x, "status"),
                                        Bodies.text(x, "statusDetails")));
                    }
                }
            }
            return new Notification(
                    Bodies.text(n, "notificationId"),
                    instant(n, "receivedDateTime"),
                    instant(n, "deliveredDateTime"),
                    Bodies.text(n, "typeId"),
                    Bodies.text(n, "typeName"),
                    Bodies.text(n, "finalMessage"),
                    Bodies.text(n, "channel"),
                    Bodies.text(n, "address"),
                    Bodies.text(n, "language"),
                    Bodies.text(n, "status"),
                    attempts);
        }

        static Instant instant(JsonNode n, String field) {
            try {
                return DotNetDateTimes.parse(Bodies.text(n, field));
            } catch (DateTimeParseException e) {
                return null;
            }
        }
    }
}
