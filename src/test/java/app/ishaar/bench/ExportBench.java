package app.ishaar.bench;

import app.ishaar.core.export.CsvNotificationWriter;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceClient;
import app.ishaar.core.service.Session;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Benchmark (not a test): exporting 10,000 notifications as CSV from the built-in sandbox with 20 ms
 * of added latency per request and page size 100, by sequential paging (one page after the other)
 * and by the concurrent all-pages reader ({@link Session#readAll}, 4 in flight). Prints the median
 * of several runs of each and the ratio.
 *
 * <pre>
 * mvn -B -q -DskipTests package
 * java -cp target/ishaar.jar:target/test-classes app.ishaar.bench.ExportBench [runs] [concurrency] [latencyMs] [notifications]
 * </pre>
 */
public final class ExportBench {
    private ExportBench() {}

    /** Held so that JUL keeps the level: the per-request INFO lines would drown the figures. */
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("app.ishaar");

    public static void main(String[] args) throws Exception {
        QUIET.setLevel(java.util.logging.Level.WARNING);
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        long latencyMs = args.length > 2 ? Long.parseLong(args[2]) : 20;
        int count = args.length > 3 ? Integer.parseInt(args[3]) : 10_000;
        int pageSize = 100;
        SandboxConfig config = SandboxConfig.builder().notificationsPerTaxpayer(count).latency(Duration.ofMillis(latencyMs)).build();
        try (Sandbox sandbox = Sandbox.start(config); ServiceClient client = new ServiceClient(ClientConfig.defaults())) {
            SandboxAccount account = sandbox.accounts().stream().filter(a -> a.kind().equals("taxpayer")).findFirst().orElseThrow();
            Environment env = Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl());
            Session session = client.openSession(env, new Credentials(account.clientId(), account.clientSecret().toCharArray(), null, null));
            session.login().get(30, TimeUnit.SECONDS);
            NotificationQuery query = NotificationQuery.ALL.withPageSize(pageSize);

            System.out.printf("ExportBench: %,d notifications, page size %d, %d ms latency per request, %d runs each, readAll concurrency %d%n",
                    count, pageSize, latencyMs, runs, concurrency);
            // warm-up (JIT, connection pool)
            sequential(session, query, count);
            concurrent(session, query, concurrency, count);

            List<Long> seq = new ArrayList<>();
            List<Long> conc = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                seq.add(sequential(session, query, count));
                conc.add(concurrent(session, query, concurrency, count));
            }
            long ms = median(seq);
            long mc = median(conc);
            System.out.printf("sequential paging : median %,d ms   (runs %s)%n", ms, seq);
            System.out.printf("readAll (x%d)      : median %,d ms   (runs %s)%n", concurrency, mc, conc);
            System.out.printf("speed-up          : %.2fx%n", (double) ms / mc);
        }
    }

    /** One page after the other, each written as CSV; returns the elapsed milliseconds. */
    static long sequential(Session session, NotificationQuery query, int expected) throws Exception {
        long start = System.nanoTime();
        CsvNotificationWriter csv = new CsvNotificationWriter(OutputStream.nullOutputStream(), false);
        long n = 0;
        int totalPages = 1;
        for (int p = 1; p <= totalPages; p++) {
            NotificationPage page = session.fetch(query.withPage(p)).get(60, TimeUnit.SECONDS);
            totalPages = page.totalPages();
            csv.write(page.result());
            n += page.result().size();
        }
        csv.finish();
        check(n, expected);
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** The concurrent all-pages reader, each page written as CSV in order; returns the elapsed milliseconds. */
    static long concurrent(Session session, NotificationQuery query, int concurrency, int expected) throws Exception {
        long start = System.nanoTime();
        CsvNotificationWriter csv = new CsvNotificationWriter(OutputStream.nullOutputStream(), false);
        long n = session.readAll(query, concurrency, page -> {
            try {
                csv.write(page.result());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).get(60, TimeUnit.SECONDS);
        csv.finish();
        check(n, expected);
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void check(long n, int expected) {
        if (n != expected) {
            throw new IllegalStateException("read " + n + " notifications, expected " + expected);
        }
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
