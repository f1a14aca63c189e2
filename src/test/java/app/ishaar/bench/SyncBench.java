package app.ishaar.bench;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.SearchText;
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
 * taxpayer, page cap 100):
 *
 * <ul>
 *   <li>sync_ratio: a first sync into a new archive ÷ fetching the same pages with the same
 *       concurrency without storing (the export's reader), with the sandbox answering a page in
 *       {@value #SERVICE_PACE_MS} ms (a real service's pace, not a loopback's); for the command
 *       line's options ({@link SyncOptions#defaults()}, 4 pages in flight) and for the desktop's
 *       ({@link SyncOptions#desktop()}, one), the median of the rounds ({@code
 *       -Dbench.sync.rounds}, default 2) of each, each pair run back to back; the figure is the
 *       larger of the two;
 *   <li>sync_heap_mb: the most live heap during a first sync run before them (it also warms the
 *       sync's code, at 20 ms a reply): heap used right after a full collection, asked for every
 *       {@value #SAMPLE_MS} ms (the sandbox in this process counts too, ~2 MB);
 *   <li>incremental_sync_requests: the history requests of the next sync once 50 new notifications
 *       have arrived (the sandbox's clock moved on); its one login is not counted.
 * </ul>
 *
 * <p>sync_store_us ({@link #measureStore}, group {@code store}) is the archive's own cost: the
 * writer thread's CPU time per notification in a first sync into an archive already holding the
 * archive group's 1,000,000 notifications of others.
 */
final class SyncBench {
    private SyncBench() {}

    static final Metric.Goal RATIO_GOAL = Metric.Goal.atMost(1.05);
    static final Metric.Goal STORE_GOAL = Metric.Goal.atMost(60);
    static final Metric.Goal HEAP_GOAL = Metric.Goal.atMost(96);
    static final Metric.Goal REQUESTS_GOAL = Metric.Goal.atMost(3);
    static final int ROUNDS = Integer.getInteger("bench.sync.rounds", 2);
    static final int SAMPLE_MS = 200;
    static final int COUNT = 100_000;

    /** How long the sandbox takes to answer a page in the ratio's rounds and the store's sync. */
    static final int SERVICE_PACE_MS = 150;

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

            sandbox.knobs().latency(Duration.ofMillis(SERVICE_PACE_MS));
            Ratio cli = ratio("command line", session, options, key, rin, work);
            Ratio desktop =
                    ratio(
                            "desktop",
                            session,
                            SyncOptions.desktop().withClock(options.clock()),
                            key,
                            rin,
                            work);
            sandbox.knobs().latency(Duration.ofMillis(20));
            Ratio larger = cli.ratio() >= desktop.ratio() ? cli : desktop;

            // 50 new notifications arrive on the archive of the last round
            Path last = larger.last();
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
                            larger.ratio(),
                            "x",
                            RATIO_GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "first sync of %,d (SQLite, new file) ÷ the same pages fetched"
                                            + " without storing, %d ms a page; the larger of: %s;"
                                            + " %s",
                                    COUNT,
                                    SERVICE_PACE_MS,
                                    cli.note(),
                                    desktop.note())),
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

    /** One set of options' rounds: the median ratio, its note, the last round's archive. */
    private record Ratio(double ratio, String note, Path last) {}

    private static Ratio ratio(
            String name, Session session, SyncOptions options, ServiceKey key, Rin rin, Path work)
            throws Exception {
        List<Double> ratios = new ArrayList<>();
        List<Double> syncMs = new ArrayList<>();
        List<Double> fetchMs = new ArrayList<>();
        Path last = null;
        for (int round = 0; round < ROUNDS; round++) {
            double f = fetchAll(session, options);
            last = work.resolve(name.charAt(0) + "-r" + round + ".db");
            double s = sync(session, options, key, rin, last);
            fetchMs.add(f);
            syncMs.add(s);
            ratios.add(s / f);
            System.out.printf(
                    Locale.ROOT,
                    "%s's options (%d in flight), round %d: fetch %.0f ms, sync %.0f ms, ratio"
                            + " %.3f%n",
                    name,
                    options.concurrency(),
                    round,
                    f,
                    s,
                    s / f);
        }
        double ratio = Stats.median(ratios);
        return new Ratio(
                ratio,
                String.format(
                        Locale.ROOT,
                        "%s's options (%d in flight) %.3f: sync %.0f ms ÷ fetch %.0f ms, %d rounds"
                                + " %s",
                        name,
                        options.concurrency(),
                        ratio,
                        Stats.median(syncMs),
                        Stats.median(fetchMs),
                        ROUNDS,
                        Stats.runs(ratios, 3)),
                last);
    }

    /**
     * sync_store_us: the first sync of {@value #COUNT} notifications of one taxpayer (the command
     * line's options, {@value #SERVICE_PACE_MS} ms a page) into a copy of the archive group's
     * 1,000,000 notifications of 500 others, the same service; the CPU time of the sync's writer
     * thread (it stores what the pages brought, SQLite running on it) per notification added. A
     * sync of the same history into a new archive first warms the code, with no added latency;
     * after it, one into a new archive at the same pace, and the floor (FTS5 alone on the same
     * words): the three go into the note, to tell the large archive's share of the cost from the
     * transactions' size.
     */
    static List<Metric> measureStore(Path dir) throws Exception {
        Path file = InboxUiBench.archiveCopy(dir, "store.db");
        Instant anchor = Instant.parse("2026-03-01T10:00:00Z");
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(anchor)
                        .notificationsPerTaxpayer(COUNT)
                        .maxPageSize(100)
                        .build();
        Path work = dir.resolve("store");
        Files.createDirectories(work);
        try (Sandbox sandbox = Sandbox.start(config);
                ServiceClient client = new ServiceClient(ClientConfig.defaults())) {
            sandbox.knobs().pinClock(anchor);
            Environment env = Environment.custom(sandbox.authUrl(), sandbox.baseUrl());
            Rin rin = Rin.of("204918573");
            if (ArchiveBench.rins().contains(rin)) {
                throw new IllegalStateException(rin + " is one of the archive's own taxpayers");
            }
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
                            .withClock(java.time.Clock.fixed(anchor, java.time.ZoneOffset.UTC));
            // the warm-up, timed too: a new archive, the pages as fast as the sandbox makes them
            // (several a transaction)
            double newFast = writerUs(session, options, rin, work.resolve("warm.db"));
            sandbox.knobs().latency(Duration.ofMillis(SERVICE_PACE_MS));
            WriterCpu cpu;
            TaxpayerSync.Outcome o;
            long t0 = System.nanoTime();
            try (SqliteArchive sqlite = SqliteArchive.open(file)) {
                cpu = new WriterCpu(sqlite);
                o =
                        new TaxpayerSync(
                                        cpu.archive(),
                                        ArchiveBench.SERVICE,
                                        rin,
                                        session,
                                        options,
                                        null)
                                .run();
            }
            double wallMs = (System.nanoTime() - t0) / 1e6;
            if (o.added() < COUNT) {
                throw new IllegalStateException("synced " + o.added());
            }
            double perNotification = cpu.writerNanos() / 1e3 / o.added();
            // a new archive at the same pace: the large archive's share of the cost, apart from the
            // transactions' size
            double newPaced = writerUs(session, options, rin, work.resolve("paced.db"));
            System.out.printf(
                    Locale.ROOT,
                    "writer CPU into a new archive: %.1f µs each with no added latency, %.1f µs at"
                            + " %d ms a page%n",
                    newFast,
                    newPaced,
                    SERVICE_PACE_MS);
            // the floor beside it: the same notifications' indexed words into a bare FTS5 table
            // of the archive's form, in ascending key order, transactions of 800
            List<SearchText.Indexed> texts = new ArrayList<>();
            for (ArchivedNotification a : SandboxItems.history(sandbox, rin.value(), rin)) {
                texts.add(SearchText.indexed(a.notification()));
            }
            double ftsFloor =
                    StoreProbe.fts(work.resolve("fts-floor.db"), texts, true, 800)
                            / 1e3
                            / texts.size();
            session.close();
            System.out.printf(
                    Locale.ROOT,
                    "store: %,d added in %.0f ms; writer threads %d, CPU %.0f ms (%.1f µs each);"
                            + " stored forms on the fetch threads %.1f µs each; the archive's"
                            + " other calls %.0f ms%n",
                    o.added(),
                    wallMs,
                    cpu.writers(),
                    cpu.writerNanos() / 1e6,
                    perNotification,
                    cpu.preparedNanos() / 1e3 / o.added(),
                    cpu.elsewhereNanos() / 1e6);
            return List.of(
                    Metric.of(
                            "sync_store_us",
                            perNotification,
                            "µs",
                            STORE_GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "the sync writer's thread CPU (ThreadMXBean) per notification:"
                                            + " %.0f ms for %,d of one taxpayer into an archive of"
                                            + " 1,000,000 of 500 others (SQLite, a copy of the"
                                            + " archive group's), the command line's options, %d ms"
                                            + " a page, sync %.0f ms; beside it the stored forms"
                                            + " made on the fetch threads %.1f µs each; into a"
                                            + " new archive the writer %.1f µs at the same pace,"
                                            + " %.1f µs with no added latency; floor: FTS5 alone"
                                            + " (the same words, a bare table, key order) %.1f µs"
                                            + " each",
                                    cpu.writerNanos() / 1e6,
                                    o.added(),
                                    SERVICE_PACE_MS,
                                    wallMs,
                                    cpu.preparedNanos() / 1e3 / o.added(),
                                    newPaced,
                                    newFast,
                                    ftsFloor)));
        } finally {
            for (String s : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
            }
        }
    }

    /** The writer's CPU per notification of a first sync into a new archive. */
    private static double writerUs(Session session, SyncOptions options, Rin rin, Path file)
            throws Exception {
        for (String s : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
        }
        try (SqliteArchive sqlite = SqliteArchive.open(file)) {
            WriterCpu cpu = new WriterCpu(sqlite);
            TaxpayerSync.Outcome o =
                    new TaxpayerSync(
                                    cpu.archive(),
                                    ArchiveBench.SERVICE,
                                    rin,
                                    session,
                                    options,
                                    null)
                            .run();
            return cpu.writerNanos() / 1e3 / o.added();
        }
    }

    /**
     * Watches an archive's calls for the CPU time they cost: on the sync's writer threads (named
     * {@code sync-writer}) each thread's whole CPU time as of its last call (the writer does little
     * else: it waits for pages and stores them), on the fetch threads the stored forms they make
     * ({@code prepare}), elsewhere the calls' own CPU time.
     */
    static final class WriterCpu implements java.lang.reflect.InvocationHandler {
        private static final java.lang.management.ThreadMXBean THREADS =
                ManagementFactory.getThreadMXBean();

        private final app.ishaar.core.archive.Archive target;
        private final java.util.Map<Long, Long> writers =
                new java.util.concurrent.ConcurrentHashMap<>();
        private final AtomicLong prepared = new AtomicLong();
        private final AtomicLong elsewhere = new AtomicLong();

        WriterCpu(app.ishaar.core.archive.Archive target) {
            this.target = target;
        }

        app.ishaar.core.archive.Archive archive() {
            return (app.ishaar.core.archive.Archive)
                    java.lang.reflect.Proxy.newProxyInstance(
                            SyncBench.class.getClassLoader(),
                            new Class<?>[] {app.ishaar.core.archive.Archive.class},
                            this);
        }

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args)
                throws Throwable {
            long c0 = THREADS.getCurrentThreadCpuTime();
            try {
                return method.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            } finally {
                long c1 = THREADS.getCurrentThreadCpuTime();
                Thread t = Thread.currentThread();
                if (t.getName().equals("sync-writer")) {
                    writers.merge(t.getId(), c1, Math::max);
                } else if (method.getName().equals("prepare")) {
                    prepared.addAndGet(c1 - c0);
                } else {
                    elsewhere.addAndGet(c1 - c0);
                }
            }
        }

        int writers() {
            return writers.size();
        }

        long writerNanos() {
            if (writers.isEmpty()) {
                throw new IllegalStateException("no call of the archive on a sync-writer thread");
            }
            return writers.values().stream().mapToLong(Long::longValue).sum();
        }

        long preparedNanos() {
            return prepared.get();
        }

        long elsewhereNanos() {
            return elsewhere.get();
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
