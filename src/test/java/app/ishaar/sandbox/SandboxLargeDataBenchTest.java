package app.ishaar.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Measures (does not assert) how fast a filtered page is answered with 1,000,000 notifications for
 * one taxpayer. Tagged "bench": excluded from the normal build; run it with {@code mvn -B -q test
 * -Dtest=SandboxLargeDataBenchTest -Dsurefire.excludedGroups=none}.
 */
@Tag("bench")
class SandboxLargeDataBenchTest {

    @Test
    void filteredPagesOfAMillionNotifications() throws Exception {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long heapBefore = rt.totalMemory() - rt.freeMemory();
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(1)
                                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                                .notificationsPerTaxpayer(1_000_000)
                                .build())) {
            long t0 = System.nanoTime();
            assertThat(sandbox.notificationCount("204918573")).isEqualTo(1_000_000);
            long buildMs = (System.nanoTime() - t0) / 1_000_000;
            System.gc();
            long heapAfter = rt.totalMemory() - rt.freeMemory();

            SandboxHttp http = new SandboxHttp(sandbox);
            String token = http.nileToken();
            List<String> queries =
                    List.of(
                            "pageSize=100",
                            "type=7&pageSize=100&pageNo=50",
                            "status=error&channel=sms&language=ar&pageSize=100&pageNo=20",
                            "type=1&status=batched&pageSize=100&pageNo=3",
                            "dateFrom=2025-01-01T00:00Z&dateTo=2025-06-30T23:59:59Z&channel=email&pageSize=100&pageNo=100",
                            "pageSize=100&pageNo=9999",
                            "pageSize=100");
            for (String q : queries) {
                for (int i = 0; i < 50; i++) http.query(token, q); // warm-up
                long[] ms = new long[50];
                long total = -1;
                for (int i = 0; i < ms.length; i++) {
                    long s = System.nanoTime();
                    HttpResponse<String> r = http.query(token, q);
                    ms[i] = (System.nanoTime() - s) / 1000;
                    assertThat(r.statusCode()).isEqualTo(200);
                    total = SandboxHttp.json(r).get("metadata").get("totalCount").asLong();
                }
                Arrays.sort(ms);
                System.out.printf(
                        "BENCH %-95s totalCount=%7d  HTTP round trip median %.1f ms, p95 %.1f ms, max %.1f ms%n",
                        q,
                        total,
                        ms[ms.length / 2] / 1000.0,
                        ms[(int) (ms.length * 0.95)] / 1000.0,
                        ms[ms.length - 1] / 1000.0);
            }
            SandboxQuery inProcess =
                    SandboxQuery.all()
                            .withStatus("error")
                            .withChannel("sms")
                            .withLanguage("ar")
                            .withPage(20, 100);
            long[] us = new long[200];
            for (int i = 0; i < us.length; i++) {
                long s = System.nanoTime();
                sandbox.query("204918573", inProcess);
                us[i] = (System.nanoTime() - s) / 1000;
            }
            Arrays.sort(us);
            System.out.printf(
                    "BENCH in-process query (3 filters, page 20 of 100, no HTTP): median %.1f ms, max %.1f ms%n",
                    us[us.length / 2] / 1000.0, us[us.length - 1] / 1000.0);
            System.out.printf(
                    "BENCH generating 1,000,000 notifications: %d ms; heap grew by about %d MB%n",
                    buildMs, (heapAfter - heapBefore) / (1024 * 1024));
        }
    }
}
