package app.ishaar.bench;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The archive's write path alone, without the network: the sync bench's history (100,000
 * notifications of one taxpayer from the sandbox, newest first, as the pages bring them) stored
 * through {@link SqliteArchive#store} into a new archive in batches as the sync's writer makes them
 * ({@code -Dprobe.batch}, default 800: eight pages), timed in wall clock and in the storing
 * thread's CPU time (SQLite runs on the calling thread, so its time counts too; other processes'
 * load stretches the wall clock but hardly the CPU time). Then the floors: making the indexed text
 * alone, and FTS5 indexing those words alone into a bare table of the same form (in the order
 * stored, and in ascending row order in large transactions).
 *
 * <p>{@code java -cp target/classes:target/test-classes:... app.ishaar.bench.StoreProbe [dir]}
 */
final class StoreProbe {
    private StoreProbe() {}

    static final int COUNT = Integer.getInteger("probe.count", 100_000);
    static final int BATCH = Integer.getInteger("probe.batch", 800);
    static final int CHUNK = 20_000;

    /**
     * FTS5 settings given to each new archive before the store ({@code -Dprobe.fts=automerge=8,
     * crisismerge=64}), and a command run on the index after it ({@code -Dprobe.merge='optimize'}
     * or {@code 'merge', 500}).
     */
    static final String FTS = System.getProperty("probe.fts", "");

    static final String MERGE = System.getProperty("probe.merge", "");

    private static void report(String what, int count, long[] r) {
        System.out.printf(
                Locale.ROOT,
                "%s: %,d in batches of %d: wall %.0f ms (%.1f µs each), CPU %.0f ms (%.1f µs"
                        + " each), file %,d bytes%n",
                what,
                count,
                BATCH,
                r[0] / 1e6,
                r[0] / 1e3 / count,
                r[1] / 1e6,
                r[1] / 1e3 / count,
                r[2]);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/bench/probe");
        Files.createDirectories(dir);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Rin rin = Rin.of("204918573");
        List<ArchivedNotification> items;
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                        .notificationsPerTaxpayer(COUNT)
                        .build();
        try (Sandbox sandbox = Sandbox.start(config)) {
            items = SandboxItems.history(sandbox, rin.value(), rin);
        }
        ServiceKey key = new ServiceKey("https://probe.invalid");
        // warm the code paths on a small archive first
        store(dir.resolve("warm.db"), key, rin, items.subList(0, Math.min(20_000, items.size())));
        // the same with the stored forms made ahead (as the sync's fetch threads make them)
        List<ArchivedNotification> ready;
        try (SqliteArchive maker = SqliteArchive.temporary()) {
            long c0 = cpu.getCurrentThreadCpuTime();
            ready = new ArrayList<>(items.size());
            for (int i = 0; i < items.size(); i += 100) {
                ready.addAll(maker.prepare(items.subList(i, Math.min(items.size(), i + 100))));
            }
            long made = cpu.getCurrentThreadCpuTime() - c0;
            System.out.printf(
                    Locale.ROOT,
                    "forms made ahead: CPU %.0f ms (%.1f µs each)%n",
                    made / 1e6,
                    made / 1e3 / items.size());
        }
        // each twice, alternating, so that neither has the other's warm-up
        for (int round = 0; round < 2; round++) {
            long[] r = store(dir.resolve("probe.db"), key, rin, items);
            report("store, the writer making the forms", items.size(), r);
            long[] p = store(dir.resolve("probe-ready.db"), key, rin, ready);
            report("store, the forms made ahead", items.size(), p);
        }
        if (!MERGE.isEmpty()) {
            try (Connection c =
                            DriverManager.getConnection(
                                    "jdbc:sqlite:"
                                            + dir.resolve("probe-ready.db").toAbsolutePath());
                    Statement s = c.createStatement()) {
                long t0 = System.nanoTime();
                long c0 = cpu.getCurrentThreadCpuTime();
                s.execute(
                        "INSERT INTO notification_text (notification_text, rank) VALUES ("
                                + MERGE
                                + ")");
                System.out.printf(
                        Locale.ROOT,
                        "FTS5 %s after the store: wall %.0f ms, CPU %.0f ms (%.1f µs each)%n",
                        MERGE,
                        (System.nanoTime() - t0) / 1e6,
                        (cpu.getCurrentThreadCpuTime() - c0) / 1e6,
                        (cpu.getCurrentThreadCpuTime() - c0) / 1e3 / items.size());
            }
        }

        // the indexed text alone
        long c0 = cpu.getCurrentThreadCpuTime();
        List<SearchText.Indexed> texts = new ArrayList<>(items.size());
        for (ArchivedNotification a : items) {
            texts.add(SearchText.indexed(a.notification()));
        }
        long textNs = cpu.getCurrentThreadCpuTime() - c0;
        System.out.printf(
                Locale.ROOT,
                "indexed text alone: CPU %.0f ms (%.1f µs each)%n",
                textNs / 1e6,
                textNs / 1e3 / items.size());
        if (!Boolean.getBoolean("probe.floors")) {
            return;
        }
        // FTS5 alone, same table form, rowids as the order keys would run (newest first)
        fts(dir.resolve("fts-desc.db"), texts, false, BATCH);
        fts(dir.resolve("fts-asc.db"), texts, true, BATCH);
        fts(dir.resolve("fts-asc-big.db"), texts, true, items.size());
    }

    private static long[] store(
            Path file, ServiceKey key, Rin rin, List<ArchivedNotification> items) throws Exception {
        for (String s : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long wall = 0;
        long used = 0;
        long chunkWall = 0;
        long chunkCpu = 0;
        int chunkCount = 0;
        try (SqliteArchive archive = SqliteArchive.open(file)) {
            if (!FTS.isBlank()) {
                try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                        Statement s = c.createStatement()) {
                    for (String setting : FTS.split(",")) {
                        String[] kv = setting.strip().split("=");
                        s.execute(
                                "INSERT INTO notification_text (notification_text, rank) VALUES ('"
                                        + kv[0]
                                        + "', "
                                        + Integer.parseInt(kv[1])
                                        + ")");
                    }
                }
            }
            for (int i = 0; i < items.size(); i += BATCH) {
                List<ArchivedNotification> batch =
                        items.subList(i, Math.min(items.size(), i + BATCH));
                long t0 = System.nanoTime();
                long c0 = cpu.getCurrentThreadCpuTime();
                archive.store(new SyncBatch(key, rin, batch, "probe " + i, false, null));
                long dc = cpu.getCurrentThreadCpuTime() - c0;
                long dt = System.nanoTime() - t0;
                wall += dt;
                used += dc;
                chunkWall += dt;
                chunkCpu += dc;
                int done = i + batch.size();
                chunkCount += batch.size();
                if (chunkCount >= CHUNK || done == items.size()) {
                    if (items.size() > 20_000) {
                        System.out.printf(
                                Locale.ROOT,
                                "  up to %,7d: wall %.1f µs, CPU %.1f µs each%n",
                                done,
                                chunkWall / 1e3 / chunkCount,
                                chunkCpu / 1e3 / chunkCount);
                    }
                    chunkWall = 0;
                    chunkCpu = 0;
                    chunkCount = 0;
                }
            }
        }
        return new long[] {
            wall,
            used,
            Files.size(file) + sizeIfAny(file.resolveSibling(file.getFileName() + "-wal"))
        };
    }

    private static long sizeIfAny(Path file) throws java.io.IOException {
        return Files.exists(file) ? Files.size(file) : 0;
    }

    /** FTS5 alone: these texts indexed into a bare table; returns the thread's CPU nanoseconds. */
    static long fts(Path file, List<SearchText.Indexed> texts, boolean ascending, int batch)
            throws Exception {
        return fts(file, texts, ascending, batch, "column");
    }

    /** The same, with the table's detail option given ({@code full}: the archive's own). */
    static long fts(
            Path file, List<SearchText.Indexed> texts, boolean ascending, int batch, String detail)
            throws Exception {
        for (String s : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        List<long[]> order = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            order.add(new long[] {texts.size() - i, i}); // newest first: rowids descending
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
                Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
            s.execute(
                    "CREATE VIRTUAL TABLE t USING fts5 (words, backwards, tokenize = 'unicode61"
                            + " remove_diacritics 0', content = '', contentless_delete = 1,"
                            + " detail = "
                            + detail
                            + ")");
            long t0 = System.nanoTime();
            long c0 = cpu.getCurrentThreadCpuTime();
            try (PreparedStatement p =
                    c.prepareStatement(
                            "INSERT INTO t (rowid, words, backwards) VALUES (?, ?, ?)")) {
                for (int i = 0; i < order.size(); i += batch) {
                    List<long[]> part =
                            new ArrayList<>(order.subList(i, Math.min(order.size(), i + batch)));
                    if (ascending) {
                        part.sort(Comparator.comparingLong(a -> a[0]));
                    }
                    s.execute("BEGIN IMMEDIATE");
                    for (long[] row : part) {
                        SearchText.Indexed t = texts.get((int) row[1]);
                        p.setLong(1, row[0]);
                        p.setString(2, t.words());
                        p.setString(3, t.backwards());
                        p.executeUpdate();
                    }
                    s.execute("COMMIT");
                }
            }
            long wall = System.nanoTime() - t0;
            long used = cpu.getCurrentThreadCpuTime() - c0;
            System.out.printf(
                    Locale.ROOT,
                    "FTS5 alone (%s, transactions of %d): wall %.0f ms (%.1f µs each), CPU %.0f ms"
                            + " (%.1f µs each), file %,d bytes%n",
                    ascending ? "ascending within each" : "newest first",
                    batch,
                    wall / 1e6,
                    wall / 1e3 / texts.size(),
                    used / 1e6,
                    used / 1e3 / texts.size(),
                    Files.size(file)
                            + Files.size(file.resolveSibling(file.getFileName() + "-wal")));
            return used;
        }
    }
}
