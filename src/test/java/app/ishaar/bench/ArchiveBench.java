package app.ishaar.bench;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxQuery;
import app.ishaar.sandbox.SandboxTaxpayer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * inbox_page_ms, search_ms and archive_bytes_per_notification: an archive of 1,000,000
 * notifications of 500 taxpayers, generated from the sandbox's data (its message catalogue, in
 * Arabic and English, every channel) and written straight into the archive through {@link
 * SqliteArchive#store}, in batches of 1,000 of one taxpayer. A page is one {@link
 * SqliteArchive#query}: the 100 notifications and the total count. Each filter shape and each
 * search is asked {@value #WARM} times to warm up, then timed {@value #TIMED} times; a figure is
 * the slowest shape's (or search's) median.
 *
 * <p>Runs alone: {@code java -cp ... app.ishaar.bench.ArchiveBench [dir]}; with {@code
 * -Dbench.archive.keep=true} an archive left by an earlier run in that folder is measured again
 * rather than made anew.
 */
final class ArchiveBench {
    private ArchiveBench() {}

    static final Metric.Goal PAGE_GOAL = Metric.Goal.atMost(20);
    static final Metric.Goal SEARCH_GOAL = Metric.Goal.atMost(100);
    static final Metric.Goal BYTES_GOAL = Metric.Goal.atMost(1500);

    /** 1,000,000; a smaller count (-Dbench.archive.count) only to try changes quickly. */
    static final int NOTIFICATIONS = Integer.getInteger("bench.archive.count", 1_000_000);

    static final int TAXPAYERS = 500;

    /** Notifications of one taxpayer stored in one transaction while the archive is filled. */
    static final int BATCH = 1000;

    static final int WARM = 5;
    static final int TIMED = 11;
    static final Instant ANCHOR = Instant.parse("2026-03-01T10:00:00Z");
    static final ServiceKey SERVICE = new ServiceKey("https://api.invoicing.eta.gov.eg");

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/bench");
        for (Metric m : measure(dir)) {
            System.out.println(m);
        }
    }

    static List<Metric> measure(Path dir) throws Exception {
        Files.createDirectories(dir);
        Path file = dir.resolve("archive-1m.db");
        boolean keep = Boolean.getBoolean("bench.archive.keep") && Files.exists(file);
        if (!keep) {
            for (String s : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
            }
            long t0 = System.nanoTime();
            fill(file);
            System.out.printf(
                    Locale.ROOT,
                    "archive of %,d notifications written in %.0f s%n",
                    NOTIFICATIONS,
                    (System.nanoTime() - t0) / 1e9);
        }
        List<Metric> out = new ArrayList<>();
        try (SqliteArchive archive = SqliteArchive.open(file)) {
            long bytes = 0;
            for (String s : new String[] {"", "-wal"}) {
                Path p = file.resolveSibling(file.getFileName() + s);
                bytes += Files.exists(p) ? Files.size(p) : 0;
            }
            double perNotification = bytes / (double) NOTIFICATIONS;
            out.add(
                    Metric.of(
                            "archive_bytes_per_notification",
                            perNotification,
                            "B",
                            BYTES_GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "archive file (and WAL) %,d bytes / %,d notifications",
                                    bytes,
                                    NOTIFICATIONS)));
            List<Rin> rins = rins();
            Instant now = ANCHOR;
            Map<String, InboxQuery> shapes = new LinkedHashMap<>();
            shapes.put("newest, all taxpayers", q(Set.of(), NotificationQuery.ALL, null, 1));
            shapes.put(
                    "one taxpayer, page 3", q(Set.of(rins.get(7)), NotificationQuery.ALL, null, 3));
            shapes.put(
                    "errors of the last 7 days, all",
                    q(
                            Set.of(),
                            NotificationQuery.ALL
                                    .withStatus("error")
                                    .withDates(now.minus(Duration.ofDays(7)), now),
                            null,
                            1));
            shapes.put(
                    "rejections of the last 90 days, 50 taxpayers",
                    q(
                            Set.copyOf(rins.subList(100, 150)),
                            NotificationQuery.ALL
                                    .withType("9")
                                    .withDates(now.minus(Duration.ofDays(90)), now),
                            null,
                            1));
            shapes.put(
                    "English e-mails, page 10",
                    q(
                            Set.of(),
                            NotificationQuery.ALL.withLanguage("en").withChannel("email"),
                            null,
                            10));
            out.add(timed("inbox_page_ms", PAGE_GOAL, archive, shapes));

            Map<String, InboxQuery> searches = new LinkedHashMap<>();
            searches.put("a word: validation", q(Set.of(), null, "validation", 1));
            searches.put("a word with al: الإلكترونية", q(Set.of(), null, "الإلكترونية", 1));
            searches.put("an invoice number's tail: 4512", q(Set.of(), null, "4512", 1));
            searches.put("Arabic-Indic digits: ٢٠٢٥", q(Set.of(), null, "٢٠٢٥", 1));
            searches.put("a rare word: مكررة", q(Set.of(), null, "مكررة", 1));
            out.add(timed("search_ms", SEARCH_GOAL, archive, searches));
        }
        return out;
    }

    static InboxQuery q(Set<Rin> taxpayers, NotificationQuery f, String search, int page) {
        return new InboxQuery(SERVICE, taxpayers, f, search, page, 100);
    }

    private static Metric timed(
            String name, Metric.Goal goal, SqliteArchive archive, Map<String, InboxQuery> shapes)
            throws Exception {
        double slowest = 0;
        StringBuilder note = new StringBuilder();
        for (Map.Entry<String, InboxQuery> e : shapes.entrySet()) {
            long total = 0;
            for (int i = 0; i < WARM; i++) {
                total = archive.query(e.getValue()).totalCount();
            }
            List<Double> runs = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            java.lang.management.ThreadMXBean threads =
                    java.lang.management.ManagementFactory.getThreadMXBean();
            for (int i = 0; i < TIMED; i++) {
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                archive.query(e.getValue());
                runs.add(Stats.ms(System.nanoTime() - t0));
                cpu.add(Stats.ms(threads.getCurrentThreadCpuTime() - c0));
            }
            double median = Stats.median(runs);
            slowest = Math.max(slowest, median);
            String line =
                    String.format(
                            Locale.ROOT, "%s (%,d match): %.1f ms", e.getKey(), total, median);
            System.out.println("  " + name + ": " + line + " " + Stats.runs(runs, 1));
            note.append(note.length() == 0 ? "" : "; ").append(line);
        }
        return Metric.of(name, slowest, "ms", goal, "slowest median of: " + note);
    }

    /** 500 RINs, nine digits each. */
    static List<Rin> rins() {
        List<Rin> out = new ArrayList<>();
        for (int i = 0; i < TAXPAYERS; i++) {
            out.add(new Rin(String.format(Locale.ROOT, "%09d", 300_000_000 + i * 1_337)));
        }
        return out;
    }

    /**
     * The sandbox's seven taxpayers' histories (1,000,000 in all), dealt out in turn to 500
     * taxpayers, stored in batches of 1,000 of one taxpayer.
     */
    static void fill(Path file) throws Exception {
        List<Rin> rins = rins();
        int perSandboxTaxpayer;
        try (Sandbox probe =
                Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(1).build())) {
            perSandboxTaxpayer =
                    (NOTIFICATIONS + probe.taxpayers().size() - 1) / probe.taxpayers().size();
        }
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(ANCHOR)
                        .notificationsPerTaxpayer(perSandboxTaxpayer)
                        .build();
        try (Sandbox sandbox = Sandbox.start(config);
                SqliteArchive archive = SqliteArchive.open(file)) {
            Map<Rin, List<ArchivedNotification>> pending = new LinkedHashMap<>();
            int dealt = 0;
            for (SandboxTaxpayer t : sandbox.taxpayers()) {
                for (int page = 1; dealt < NOTIFICATIONS; page++) {
                    var p = sandbox.query(t.rin(), SandboxQuery.all().withPage(page, 5000));
                    int first = dealt;
                    List<SandboxNotification> rows =
                            p.result()
                                    .subList(0, Math.min(p.result().size(), NOTIFICATIONS - dealt));
                    dealt += rows.size();
                    // the items made on both cores; stored in order, one batch per taxpayer
                    List<ArchivedNotification> items =
                            IntStream.range(0, rows.size())
                                    .parallel()
                                    .mapToObj(
                                            i ->
                                                    SandboxItems.archived(
                                                            rins.get((first + i) % TAXPAYERS),
                                                            rows.get(i)))
                                    .toList();
                    for (ArchivedNotification a : items) {
                        List<ArchivedNotification> b =
                                pending.computeIfAbsent(a.taxpayer(), r -> new ArrayList<>());
                        b.add(a);
                        if (b.size() == BATCH) {
                            archive.store(
                                    new SyncBatch(SERVICE, a.taxpayer(), b, "bench", false, null));
                            pending.remove(a.taxpayer());
                        }
                    }
                    if (page >= p.totalPages()) {
                        break;
                    }
                }
            }
            for (Map.Entry<Rin, List<ArchivedNotification>> e : pending.entrySet()) {
                archive.store(
                        new SyncBatch(SERVICE, e.getKey(), e.getValue(), "bench", true, ANCHOR));
            }
        }
    }
}
