package app.ishaar.bench;

import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * sandbox_page_ms: one filtered page of 100 out of 1,000,000 notifications of one taxpayer, asked
 * of the built-in sandbox over loopback HTTP (java.net.http, keep-alive), from request sent to body
 * read. Several filter shapes; each is timed {@value #TIMED} times after {@value #WARM} warm-up
 * requests. The figure is the slowest shape's median (every shape must meet the goal).
 */
final class SandboxBench {
    private SandboxBench() {}

    static final Metric.Goal GOAL = Metric.Goal.below(50);
    static final int WARM = 30;
    static final int TIMED = 40;
    static final String PATH = "/api/v1.0/notifications/taxpayer";

    static final List<String> FILTERED =
            List.of(
                    "type=7&pageSize=100&pageNo=50",
                    "status=error&channel=sms&language=ar&pageSize=100&pageNo=20",
                    "type=1&status=batched&pageSize=100&pageNo=3",
                    "dateFrom=2025-01-01T00:00Z&dateTo=2025-06-30T23:59:59Z&channel=email&pageSize=100&pageNo=100",
                    "channel=email&pageSize=100&pageNo=4000");

    static List<Metric> measure() throws Exception {
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                        .notificationsPerTaxpayer(1_000_000)
                        .build();
        long t0 = System.nanoTime();
        try (Sandbox sandbox = Sandbox.start(config)) {
            SandboxAccount account =
                    sandbox.accounts().stream()
                            .filter(a -> a.kind().equals("taxpayer"))
                            .findFirst()
                            .orElseThrow();
            String rin = account.taxpayers().get(0).rin();
            int count = sandbox.notificationCount(rin);
            if (count != 1_000_000) {
                throw new IllegalStateException(
                        "expected 1,000,000 notifications, the sandbox has " + count);
            }
            System.out.printf(
                    Locale.ROOT,
                    "sandbox with %,d notifications for %s ready in %.1f s%n",
                    count,
                    rin,
                    (System.nanoTime() - t0) / 1e9);
            HttpClient http =
                    HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .connectTimeout(Duration.ofSeconds(5))
                            .build();
            String token = token(http, sandbox, account);
            Map<String, Double> medians = new LinkedHashMap<>();
            List<Double> all = new ArrayList<>();
            for (String q : FILTERED) {
                for (int i = 0; i < WARM; i++) {
                    get(http, sandbox, token, q);
                }
                List<Double> ms = new ArrayList<>();
                long total = -1;
                for (int i = 0; i < TIMED; i++) {
                    long s = System.nanoTime();
                    HttpResponse<byte[]> r = get(http, sandbox, token, q);
                    ms.add(Stats.ms(System.nanoTime() - s));
                    total =
                            BenchSuite.JSON
                                    .readTree(r.body())
                                    .path("metadata")
                                    .path("totalCount")
                                    .asLong(-1);
                }
                if (total <= 0) {
                    throw new IllegalStateException(
                            "filter " + q + " matched nothing: not a fair page");
                }
                medians.put(q, Stats.median(ms));
                all.addAll(ms);
                System.out.printf(
                        Locale.ROOT,
                        "  %-92s matches %,9d: median %.2f ms, max %.2f ms%n",
                        q,
                        total,
                        Stats.median(ms),
                        Stats.max(ms));
            }
            Map.Entry<String, Double> worst =
                    medians.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
            return List.of(
                    Metric.of(
                            "sandbox_page_ms",
                            worst.getValue(),
                            "ms",
                            GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "1,000,000 notifications, HTTP; slowest of %d filter shapes (%s); all requests' median %.2f ms",
                                    medians.size(),
                                    worst.getKey().replaceAll("&pageSize=100", ""),
                                    Stats.median(all))));
        }
    }

    static String token(HttpClient http, Sandbox sandbox, SandboxAccount account) throws Exception {
        String basic =
                Base64.getEncoder()
                        .encodeToString(
                                (account.clientId() + ":" + account.clientSecret())
                                        .getBytes(StandardCharsets.UTF_8));
        HttpRequest req =
                HttpRequest.newBuilder(URI.create(sandbox.authUrl() + "/connect/token"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("Authorization", "Basic " + basic)
                        .POST(
                                HttpRequest.BodyPublishers.ofString(
                                        "grant_type=client_credentials&scope=InvoicingAPI"))
                        .build();
        HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        JsonNode body = BenchSuite.JSON.readTree(r.body());
        if (r.statusCode() != 200 || !body.hasNonNull("access_token")) {
            throw new IllegalStateException("sandbox login failed: " + r.statusCode());
        }
        return body.get("access_token").asText();
    }

    static HttpResponse<byte[]> get(HttpClient http, Sandbox sandbox, String token, String query)
            throws Exception {
        HttpRequest req =
                HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + PATH + "?" + query))
                        .header("Accept", "application/json")
                        .header("Authorization", "Bearer " + token)
                        .GET()
                        .build();
        HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("GET ?" + query + " answered " + r.statusCode());
        }
        return r;
    }
}
