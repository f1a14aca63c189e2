package app.ishaar.bench;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.NotificationPage;
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
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a first sync's time goes at a real service's pace: the sync bench's history (from the
 * sandbox in this process, {@code -Dprobe.count} notifications, default 20,000, page cap 100,
 * {@code -Dprobe.pace} ms a page, default 150) synced into a new SQLite archive and fetched without
 * storing (the export's reader), alternating, {@code -Dprobe.rounds} pairs (default 2) for each
 * concurrency in {@code -Dprobe.concurrency} (default {@code 4,1}). For each sync it prints each
 * page's timeline, taken from outside the sync (the session and the archive wrapped): the request
 * sent, its answer read (parsed), its stored forms made, and the transaction that stored it; and
 * what it adds up to: how long the next request waited after an answer came in, and how long the
 * sync went on after the last answer.
 *
 * <p>{@code java -XX:TieredStopAtLevel=1 -cp target/classes:target/test-classes:...
 * app.ishaar.bench.SyncPipelineProbe [dir]}
 */
final class SyncPipelineProbe {
    private SyncPipelineProbe() {}

    static final int COUNT = Integer.getInteger("probe.count", 20_000);
    static final int PACE = Integer.getInteger("probe.pace", 150);
    static final int ROUNDS = Integer.getInteger("probe.rounds", 2);
    static final String CONCURRENCY = System.getProperty("probe.concurrency", "4,1");
    static final boolean PAGES = Boolean.getBoolean("probe.pages");

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/bench/pipeline");
        Files.createDirectories(dir);
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
        System.out.printf(Locale.ROOT, "load %s%n", load());
        try (Sandbox sandbox = Sandbox.start(config);
                ServiceClient client = new ServiceClient(ClientConfig.defaults())) {
            sandbox.knobs().pinClock(anchor);
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
            SyncOptions base =
                    SyncOptions.defaults().withClock(Clock.fixed(anchor, ZoneOffset.UTC));
            ServiceKey key = ServiceKey.of(env);
            fetchAll(session, base);
            sync(session, base, key, rin, dir.resolve("warm.db"), false);
            sandbox.knobs().latency(Duration.ofMillis(PACE));
            for (String c : CONCURRENCY.split(",")) {
                SyncOptions options = base.withConcurrency(Integer.parseInt(c.trim()));
                List<Double> ratios = new ArrayList<>();
                for (int round = 0; round < ROUNDS; round++) {
                    double f = fetchAll(session, options);
                    double s =
                            sync(
                                    session,
                                    options,
                                    key,
                                    rin,
                                    dir.resolve("c" + c.trim() + "-r" + round + ".db"),
                                    true);
                    ratios.add(s / f);
                    System.out.printf(
                            Locale.ROOT,
                            "%d in flight, round %d: fetch %.0f ms, sync %.0f ms, ratio %.3f (load"
                                    + " %s)%n",
                            options.concurrency(),
                            round,
                            f,
                            s,
                            s / f,
                            load());
                }
                System.out.printf(
                        Locale.ROOT,
                        "%s in flight: median ratio %.3f%n",
                        c.trim(),
                        Stats.median(ratios));
            }
            session.close();
        }
        System.exit(0);
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "?";
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

    /** One page's moments, nanoseconds from the sync's start (0 where not seen). */
    private static final class Page {
        long sent;
        long answered;
        long prepareStart;
        long prepared;
        long storeStart;
        long stored;
        int batch;
    }

    private static double sync(
            Session session, SyncOptions options, ServiceKey key, Rin rin, Path file, boolean show)
            throws Exception {
        for (String s : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
        }
        Map<Integer, Page> pages = new ConcurrentHashMap<>();
        Map<String, Integer> pageOf = new ConcurrentHashMap<>();
        long t0 = System.nanoTime();
        long opened;
        long ran;
        try (SqliteArchive sqlite = SqliteArchive.open(file)) {
            opened = System.nanoTime() - t0;
            Session watched = watched(session, pages, pageOf, t0);
            Archive archive = watched(sqlite, pages, pageOf, t0);
            TaxpayerSync.Outcome o =
                    new TaxpayerSync(archive, key, rin, watched, options, null).run();
            ran = System.nanoTime() - t0;
            if (o.added() < COUNT) {
                throw new IllegalStateException("synced " + o.added());
            }
        }
        long end = System.nanoTime() - t0;
        if (show) {
            report(pages, options.concurrency(), opened, ran, end);
        }
        return end / 1e6;
    }

    private static void report(
            Map<Integer, Page> pages, int concurrency, long opened, long ran, long end) {
        List<Integer> order = new ArrayList<>(pages.keySet());
        order.sort(Integer::compare);
        if (PAGES) {
            for (int p : order) {
                Page x = pages.get(p);
                System.out.printf(
                        Locale.ROOT,
                        "page %4d: sent %9.1f answered %9.1f prepared %9.1f..%9.1f stored"
                                + " %9.1f..%9.1f (batch %d)%n",
                        p,
                        x.sent / 1e6,
                        x.answered / 1e6,
                        x.prepareStart / 1e6,
                        x.prepared / 1e6,
                        x.storeStart / 1e6,
                        x.stored / 1e6,
                        x.batch);
            }
        }
        // each request but the first ones: how long after the answer that freed its place it went
        // out (requests in order of sending; the k-th request after the first concurrency ones
        // takes the place of the k-th answer, in order of answering)
        List<Page> bySent = new ArrayList<>(pages.values());
        bySent.sort((a, b) -> Long.compare(a.sent, b.sent));
        long[] answers =
                pages.values().stream().mapToLong(x -> x.answered).filter(a -> a > 0).toArray();
        Arrays.sort(answers);
        List<Double> waits = new ArrayList<>();
        // page 1 is read alone first; the rest start after it
        for (int i = 1 + concurrency, k = 1; i < bySent.size() && k < answers.length; i++, k++) {
            waits.add((bySent.get(i).sent - answers[k]) / 1e6);
        }
        List<Double> wire = new ArrayList<>();
        List<Double> prep = new ArrayList<>();
        List<Double> toStored = new ArrayList<>();
        long lastAnswer = 0;
        for (Page x : pages.values()) {
            wire.add((x.answered - x.sent) / 1e6);
            if (x.prepared > 0) {
                prep.add((x.prepared - x.prepareStart) / 1e6);
            }
            if (x.stored > 0) {
                toStored.add((x.stored - x.answered) / 1e6);
            }
            lastAnswer = Math.max(lastAnswer, x.answered);
        }
        System.out.printf(
                Locale.ROOT,
                "  %d pages; archive opened in %.0f ms; request sent → answered (parsed) median %.1f"
                        + " ms, mean %.1f; stored forms %.1f ms a page (median); answer → stored"
                        + " median %.1f ms; next request after the answer that freed its place:"
                        + " median %.1f, mean %.1f, sum %.0f ms; last answer at %.0f ms, run() ended"
                        + " %.0f ms, closed %.0f ms%n",
                pages.size(),
                opened / 1e6,
                Stats.median(wire),
                wire.stream().mapToDouble(Double::doubleValue).average().orElse(0),
                Stats.median(prep),
                Stats.median(toStored),
                Stats.median(waits),
                waits.stream().mapToDouble(Double::doubleValue).average().orElse(0),
                waits.stream().mapToDouble(Double::doubleValue).sum(),
                lastAnswer / 1e6,
                ran / 1e6,
                end / 1e6);
    }

    private static Session watched(
            Session target, Map<Integer, Page> pages, Map<String, Integer> pageOf, long t0) {
        return (Session)
                Proxy.newProxyInstance(
                        SyncPipelineProbe.class.getClassLoader(),
                        new Class<?>[] {Session.class},
                        (proxy, method, args) -> {
                            if (!method.getName().equals("fetchRaw")) {
                                return invoke(target, method, args);
                            }
                            NotificationQuery q = (NotificationQuery) args[0];
                            int pageNo = q.pageNo() == null ? 1 : q.pageNo();
                            Page x = pages.computeIfAbsent(pageNo, k -> new Page());
                            x.sent = System.nanoTime() - t0;
                            @SuppressWarnings("unchecked")
                            CompletableFuture<NotificationPage> f =
                                    (CompletableFuture<NotificationPage>)
                                            invoke(target, method, args);
                            CompletableFuture<NotificationPage> out = new CompletableFuture<>();
                            f.whenComplete(
                                    (page, e) -> {
                                        x.answered = System.nanoTime() - t0;
                                        if (e != null) {
                                            out.completeExceptionally(e);
                                            return;
                                        }
                                        if (!page.result().isEmpty()) {
                                            pageOf.put(
                                                    page.result().get(0).notificationId(), pageNo);
                                        }
                                        out.complete(page);
                                    });
                            return out;
                        });
    }

    private static Archive watched(
            Archive target, Map<Integer, Page> pages, Map<String, Integer> pageOf, long t0) {
        int[] batches = {0};
        return (Archive)
                Proxy.newProxyInstance(
                        SyncPipelineProbe.class.getClassLoader(),
                        new Class<?>[] {Archive.class},
                        (proxy, method, args) -> {
                            long start = System.nanoTime() - t0;
                            Object r = invoke(target, method, args);
                            long done = System.nanoTime() - t0;
                            if (method.getName().equals("prepare")) {
                                @SuppressWarnings("unchecked")
                                List<ArchivedNotification> items =
                                        (List<ArchivedNotification>) args[0];
                                Integer p =
                                        items.isEmpty()
                                                ? null
                                                : pageOf.get(items.get(0).notificationId());
                                if (p != null) {
                                    pages.get(p).prepareStart = start;
                                    pages.get(p).prepared = done;
                                }
                            } else if (method.getName().equals("store")) {
                                SyncBatch b = (SyncBatch) args[0];
                                int n = ++batches[0];
                                for (ArchivedNotification a : b.upserts()) {
                                    Integer p = pageOf.get(a.notificationId());
                                    if (p != null) {
                                        pages.get(p).storeStart = start;
                                        pages.get(p).stored = done;
                                        pages.get(p).batch = n;
                                    }
                                }
                            }
                            return r;
                        });
    }

    private static Object invoke(Object target, java.lang.reflect.Method m, Object[] args)
            throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
