package app.ishaar.bench;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.TaxpayerSync;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sync's figures, against the built-in sandbox in this process (100,000 notifications of one
 * taxpayer, page cap 100, 20 ms added to every answer):
 *
 * <ul>
 *   <li>sync_ratio: a first sync into a new archive ÷ fetching the same pages with the same
 *       concurrency (4) without storing (the export's reader), median of the rounds ({@code
 *       -Dbench.sync.rounds}, default 2), each pair run back to back;
 *   <li>sync_heap_mb: the most live heap during a first sync run before them (it also warms the
 *       sync's code): heap used right after a full collection, asked for every {@value #SAMPLE_MS}
 *       ms (the sandbox in this process counts too, ~2 MB);
 *   <li>incremental_sync_requests: the history requests of the next sync once 50 new notifications
 *       have arrived (the sandbox's clock moved on); its one login is not counted.
 * </ul>
 */
final class SyncBench {
    private SyncBench() {}

    static final Metric.Goal RATIO_GOAL = Metric.Goal.atMost(1.3);
    static final Metric.Goal HEAP_GOAL = Metric.Goal.atMost(96);
    static final Metric.Goal REQUESTS_GOAL = Metric.Goal.atMost(3);
    static final int ROUNDS = Integer.getInteger("bench.sync.rounds", 2);
    static final int SAMPLE_MS = 200;
    static final int COUNT = 100_000;

    static List<Metric> measure(Path dir) throws Exception {
        Instant anchor = Instant.parse("2026-03-01T10:00:00Z");
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(anchor)
                        .notificationsPerTaxpayer(COUNT)
                        .latency(Duration.ofMillis(20))
                        .maxPageSize(100)
                        .arrivalsPerHour(60)
                        .build();
        Path work = dir.resolve("sync");
        Files.createDirectories(work);
        try (Sandbox sandbox = Sandbox.start(config);
                ServiceClient client = new ServiceClient(ClientConfig.defaults())) {
            Instant clock = anchor;
            sandbox.knobs().pinClock(clock);
            Environment env = Environment.custom(sandbox.authUrl(), sandbox.baseUrl());
            Rin rin = Rin.of("204918573");
            Session session =
                    client.openSession(
                            env,
                            new Credentials(
                                    "erp-nile-trading",
                                    "sandbox-secret-1".toCharArray(),
                                    null,
                                    null));
            session.login().get();
            SyncOptions options =
                    SyncOptions.defaults()
                            .withClock(java.time.Clock.fixed(clock, java.time.ZoneOffset.UTC));
            ServiceKey key = ServiceKey.of(env);
            // warm both paths once: the heap's sync is the sync's warm-up
            fetchAll(session, options);
            double heapMb = heapDuringSync(session, options, key, rin, work.resolve("heap.db"));

            List<Double> ratios = new ArrayList<>();
            List<Double> syncMs = new ArrayList<>();
            List<Double> fetchMs = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                double f = fetchAll(session, options);
                double s = sync(session, options, key, rin, work.resolve("r" + round + ".db"));
                fetchMs.add(f);
                syncMs.add(s);
                ratios.add(s / f);
                System.out.printf(
                        Locale.ROOT, "round %d: fetch %.0f ms, sync %.0f ms%n", round, f, s);
            }
            double ratio = Stats.median(ratios);

            // 50 new notifications arrive on the archive of the last round
            Path last = work.resolve("r" + (ROUNDS - 1) + ".db");
            int before = sandbox.notificationCount(rin.value());
            while (sandbox.notificationCount(rin.value()) < before + 50) {
                clock = clock.plusSeconds(1);
                sandbox.knobs().pinClock(clock);
            }
            int arrived = sandbox.notificationCount(rin.value()) - before;
            TaxpayerSync.Outcome next;
            try (SqliteArchive archive = SqliteArchive.open(last)) {
                next =
                        new TaxpayerSync(
                                        archive,
                                        key,
                                        rin,
                                        session,
                                        options.withClock(
                                                java.time.Clock.fixed(
                                                        clock, java.time.ZoneOffset.UTC)),
                                        null)
                                .run();
            }
            session.close();
            return List.of(
                    Metric.of(
                            "sync_ratio",
                            ratio,
                            "x",
                            RATIO_GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "first sync of %,d (SQLite, new file) %.0f ms ÷ the same pages"
                                            + " fetched %.0f ms, concurrency 4, 20 ms latency;"
                                            + " median of %d",
                                    COUNT,
                                    Stats.median(syncMs),
                                    Stats.median(fetchMs),
                                    ROUNDS)),
                    Metric.of(
                            "sync_heap_mb",
                            heapMb,
                            "MB",
                            HEAP_GOAL,
                            "live heap after a full GC every "
                                    + SAMPLE_MS
                                    + " ms, most of one"
                                    + " first sync of "
                                    + COUNT),
                    Metric.of(
                            "incremental_sync_requests",
                            next.requests(),
                            "requests",
                            REQUESTS_GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "%d new on %,d: %d added, %d updated; history requests, the"
                                            + " login not counted",
                                    arrived,
                                    COUNT,
                                    next.added(),
                                    next.updated())));
        }
    }

    private static double fetchAll(Session session, SyncOptions options) throws Exception {
        long t0 = System.nanoTime();
        long n =
                session.readAll(
                                NotificationQuery.ALL.withPageSize(options.pageSize()),
                                options.concurrency(),
                                p -> {})
                        .get();
        if (n < COUNT) {
            throw new IllegalStateException("fetched " + n);
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double sync(
            Session session, SyncOptions options, ServiceKey key, Rin rin, Path file)
            throws Exception {
        Files.deleteIfExists(file);
        long t0 = System.nanoTime();
        try (SqliteArchive archive = SqliteArchive.open(file)) {
            TaxpayerSync.Outcome o =
                    new TaxpayerSync(archive, key, rin, session, options, null).run();
            if (o.added() < COUNT) {
                throw new IllegalStateException("synced " + o.added());
            }
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double heapDuringSync(
            Session session, SyncOptions options, ServiceKey key, Rin rin, Path file)
            throws Exception {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        AtomicLong most = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread sampler =
                new Thread(
                        () -> {
                            while (running.get()) {
                                System.gc();
                                most.accumulateAndGet(
                                        memory.getHeapMemoryUsage().getUsed(), Math::max);
                                try {
                                    Thread.sleep(SAMPLE_MS);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "heap-sampler");
        System.gc();
        sampler.start();
        try {
            sync(session, options, key, rin, file);
        } finally {
            running.set(false);
            sampler.join();
        }
        return most.get() / (1024.0 * 1024.0);
    }
}
