package app.ishaar.bench;

import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * export_speedup and export_ms: exporting 10,000 notifications as CSV from the built-in sandbox
 * (page size 100, 20 ms of added latency per request) with the real exporter ({@link
 * NotificationExporter}, atomic file, over {@link Session#readAll}), sequentially (1 request in
 * flight: one page after the other) and concurrently (4 in flight). Runs alternate, so each
 * speed-up is a ratio of two runs made back to back; the figures are medians.
 *
 * <p>Part of the suite ({@code mvn -B -Pbench verify}); also runs alone:
 *
 * <pre>
 * mvn -B -q -DskipTests package
 * java -cp "$(cat cp.txt):target/classes:target/test-classes" app.ishaar.bench.ExportBench [runs] [concurrency] [latencyMs] [notifications]
 * </pre>
 */
public final class ExportBench {
    private ExportBench() {}

    static final Metric.Goal SPEEDUP_GOAL = Metric.Goal.atLeast(3);
    static final Metric.Goal MS_GOAL = Metric.Goal.atMost(3000);

    /** Held so that JUL keeps the level: the per-request INFO lines would drown the figures. */
    private static final java.util.logging.Logger QUIET =
            java.util.logging.Logger.getLogger("app.ishaar");

    /**
     * The runs of one measurement, in milliseconds, pairwise (sequential[i] ran just before
     * concurrent[i]).
     */
    record Result(
            int count,
            int concurrency,
            long latencyMs,
            List<Double> sequentialMs,
            List<Double> concurrentMs) {
        double sequentialMedian() {
            return Stats.median(sequentialMs);
        }

        double concurrentMedian() {
            return Stats.median(concurrentMs);
        }

        List<Double> speedups() {
            List<Double> r = new ArrayList<>();
            for (int i = 0; i < sequentialMs.size(); i++) {
                r.add(sequentialMs.get(i) / concurrentMs.get(i));
            }
            return r;
        }

        double speedup() {
            return Stats.median(speedups());
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        long latencyMs = args.length > 2 ? Long.parseLong(args[2]) : 20;
        int count = args.length > 3 ? Integer.parseInt(args[3]) : 10_000;
        Path dir = Files.createTempDirectory("ishaar-export-bench");
        Result r = run(runs, concurrency, latencyMs, count, dir);
        System.out.printf(
                Locale.ROOT,
                "sequential paging : median %,.0f ms   (runs %s)%n",
                r.sequentialMedian(),
                Stats.runs(r.sequentialMs(), 0));
        System.out.printf(
                Locale.ROOT,
                "readAll (x%d)      : median %,.0f ms   (runs %s)%n",
                concurrency,
                r.concurrentMedian(),
                Stats.runs(r.concurrentMs(), 0));
        System.out.printf(
                Locale.ROOT,
                "speed-up          : %.2fx (median of run pairs %s)%n",
                r.speedup(),
                Stats.runs(r.speedups(), 2));
    }

    /** The suite's figures. */
    static List<Metric> measure(Path dir) throws Exception {
        Result r = run(7, 4, 20, 10_000, dir);
        String how =
                String.format(
                        Locale.ROOT,
                        "%,d notifications, page 100, %d ms latency, CSV via NotificationExporter",
                        r.count(),
                        r.latencyMs());
        return List.of(
                Metric.of(
                        "export_speedup",
                        r.speedup(),
                        "x",
                        SPEEDUP_GOAL,
                        String.format(
                                Locale.ROOT,
                                "%s; sequential %,.0f ms / %d in flight %,.0f ms; %d run pairs %s",
                                how,
                                r.sequentialMedian(),
                                r.concurrency(),
                                r.concurrentMedian(),
                                r.speedups().size(),
                                Stats.runs(r.speedups(), 2))),
                Metric.of(
                        "export_ms",
                        r.concurrentMedian(),
                        "ms",
                        MS_GOAL,
                        String.format(
                                Locale.ROOT,
                                "%s, %d in flight; runs %s",
                                how,
                                r.concurrency(),
                                Stats.runs(r.concurrentMs(), 0))));
    }

    /**
     * Starts a sandbox, logs in once, warms up, then alternates sequential and concurrent exports.
     */
    static Result run(int runs, int concurrency, long latencyMs, int count, Path dir)
            throws Exception {
        QUIET.setLevel(java.util.logging.Level.WARNING);
        Files.createDirectories(dir);
        Path target = dir.resolve("export-bench.csv");
        SandboxConfig config =
                SandboxConfig.builder()
                        .notificationsPerTaxpayer(count)
                        .latency(Duration.ofMillis(latencyMs))
                        .build();
        try (Sandbox sandbox = Sandbox.start(config);
                ServiceClient client = new ServiceClient(ClientConfig.defaults())) {
            SandboxAccount account =
                    sandbox.accounts().stream()
                            .filter(a -> a.kind().equals("taxpayer"))
                            .findFirst()
                            .orElseThrow();
            Environment env = Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl());
            Session session =
                    client.openSession(
                            env,
                            new Credentials(
                                    account.clientId(),
                                    account.clientSecret().toCharArray(),
                                    null,
                                    null));
            session.login().get(30, TimeUnit.SECONDS);
            NotificationQuery query = NotificationQuery.ALL.withPageSize(100);
            System.out.printf(
                    Locale.ROOT,
                    "ExportBench: %,d notifications, page size 100, %d ms latency per request, %d run pairs, concurrency 1 vs %d%n",
                    count,
                    latencyMs,
                    runs,
                    concurrency);
            // warm-up (JIT, connection pool)
            export(session, query, 1, count, target);
            export(session, query, concurrency, count, target);
            List<Double> seq = new ArrayList<>();
            List<Double> conc = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                seq.add(export(session, query, 1, count, target));
                conc.add(export(session, query, concurrency, count, target));
            }
            Files.deleteIfExists(target);
            return new Result(count, concurrency, latencyMs, seq, conc);
        }
    }

    /**
     * One CSV export with the given number of requests in flight; returns the elapsed milliseconds.
     */
    static double export(
            Session session, NotificationQuery query, int concurrency, int expected, Path target)
            throws Exception {
        long start = System.nanoTime();
        long n =
                NotificationExporter.export(
                                session,
                                query,
                                NotificationSink.csvForPrograms(false),
                                target,
                                concurrency,
                                null)
                        .get(120, TimeUnit.SECONDS);
        double ms = Stats.ms(System.nanoTime() - start);
        if (n != expected || Files.size(target) == 0) {
            throw new IllegalStateException(
                    "exported " + n + " notifications, expected " + expected);
        }
        return ms;
    }
}
