package app.ishaar.bench;

import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * parse_ratio (JMH): throughput of parsing and mapping a 100-notification page with the client's
 * reader divided by the throughput of raw Jackson streaming over the same bytes ({@link ParseJmh}).
 * {@value #ROUNDS} rounds, each one JMH run of both benchmarks (one fork each, 3 × 1 s warm-up, 4 ×
 * 0.5 s measured); a round's ratio is of the two medians of its iterations; the figure is the
 * median of the rounds' ratios.
 */
final class ParseBench {
    private ParseBench() {}

    static final Metric.Goal GOAL = Metric.Goal.atLeast(0.9);
    static final int ROUNDS = 7;

    static List<Metric> measure(Path dir) throws Exception {
        Path page = writeSamplePage(dir);
        List<Double> ratios = new ArrayList<>();
        List<Double> mapped = new ArrayList<>();
        List<Double> raw = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            Options opts =
                    new OptionsBuilder()
                            .include(ParseJmh.class.getName() + "\\.")
                            .forks(1)
                            .warmupIterations(3)
                            .warmupTime(TimeValue.seconds(1))
                            .measurementIterations(4)
                            .measurementTime(TimeValue.milliseconds(500))
                            .jvmArgs(
                                    "-Xmx256m",
                                    "-Dfile.encoding=UTF-8",
                                    "-D" + ParseJmh.PAGE_PROPERTY + "=" + page.toAbsolutePath())
                            .jvmArgsAppend(ChildJvm.appFlags().toArray(String[]::new))
                            .shouldFailOnError(true)
                            .verbosity(VerboseMode.SILENT)
                            .build();
            Collection<RunResult> results = new Runner(opts).run();
            double m = Double.NaN;
            double r = Double.NaN;
            for (RunResult rr : results) {
                String name = rr.getParams().getBenchmark();
                double median = iterationMedian(rr);
                if (name.endsWith(".parseAndMap")) {
                    m = median;
                } else if (name.endsWith(".rawStreaming")) {
                    r = median;
                }
            }
            mapped.add(m);
            raw.add(r);
            ratios.add(m / r);
            System.out.printf(
                    Locale.ROOT,
                    "parse round %d: parse+map %,.0f pages/s, raw streaming %,.0f pages/s, ratio %.3f%n",
                    round,
                    m,
                    r,
                    m / r);
        }
        return List.of(
                Metric.of(
                        "parse_ratio",
                        Stats.median(ratios),
                        "x",
                        GOAL,
                        String.format(
                                Locale.ROOT,
                                "JMH, %,d-byte page of 100: NotificationReader %,.0f/s vs Jackson streaming %,.0f/s; %d rounds %s",
                                Files.size(page),
                                Stats.median(mapped),
                                Stats.median(raw),
                                ROUNDS,
                                Stats.runs(ratios, 3))));
    }

    private static double iterationMedian(RunResult rr) {
        List<Double> scores = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            for (IterationResult ir : br.getIterationResults()) {
                scores.add(ir.getPrimaryResult().getScore());
            }
        }
        return Stats.median(scores);
    }

    /** Page 1 of 100 notifications of a demo taxpayer, as the sandbox sends it over HTTP. */
    static Path writeSamplePage(Path dir) throws Exception {
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                        .build();
        try (Sandbox sandbox = Sandbox.start(config)) {
            SandboxAccount account =
                    sandbox.accounts().stream()
                            .filter(a -> a.kind().equals("taxpayer"))
                            .findFirst()
                            .orElseThrow();
            HttpClient http = HttpClient.newHttpClient();
            String token = SandboxBench.token(http, sandbox, account);
            byte[] body = SandboxBench.get(http, sandbox, token, "pageSize=100&pageNo=1").body();
            if (BenchSuite.JSON.readTree(body).path("result").size() != 100) {
                throw new IllegalStateException("the sample page does not hold 100 notifications");
            }
            Path file = dir.resolve("page-100.json");
            Files.write(file, body);
            return file;
        }
    }
}
