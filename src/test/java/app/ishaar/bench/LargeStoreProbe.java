package app.ishaar.bench;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The store group's write path without the network: the store group's history (100,000
 * notifications of one taxpayer, newest first, the stored forms made ahead as the fetch threads
 * make them) stored page by page as a sync at a real service's pace stores it ({@code
 * -Dprobe.batch}, default 100: a page a transaction), each batch asked which it holds already
 * ({@code known}) and then stored, into a copy of an archive of 1,000,000 of others ({@code
 * -Dprobe.source}); the storing thread's CPU time per notification. A store of the first 20,000
 * into a new archive warms the code first. {@code -Dprobe.rounds} (default 1) stores into a fresh
 * copy again, for pairs.
 *
 * <p>{@code java -cp target/classes:target/test-classes:... app.ishaar.bench.LargeStoreProbe dir}
 */
final class LargeStoreProbe {
    private LargeStoreProbe() {}

    static final int COUNT = Integer.getInteger("probe.count", 100_000);
    static final int BATCH = Integer.getInteger("probe.batch", 100);
    static final int ROUNDS = Integer.getInteger("probe.rounds", 1);

    /** Settings given to the writer's connection first ({@code cache_size=-200000;...}). */
    static final String PRAGMAS = System.getProperty("probe.pragmas", "");

    /** FTS5's floor alone instead ({@code full} or {@code column}: the table's detail). */
    static final String FLOOR = System.getProperty("probe.floor", "");

    static final String SOURCE =
            System.getProperty("probe.source", "/tmp/bench/target/bench/archive-1m.db");

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/bench/large-probe");
        Files.createDirectories(dir);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Rin rin = Rin.of("204918573");
        List<ArchivedNotification> items;
        SandboxConfig config =
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                        .notificationsPerTaxpayer(COUNT)
                        .maxPageSize(100)
                        .build();
        try (Sandbox sandbox = Sandbox.start(config)) {
            items = SandboxItems.history(sandbox, rin.value(), rin);
        }
        List<ArchivedNotification> ready = new ArrayList<>(items.size());
        try (SqliteArchive maker = SqliteArchive.temporary()) {
            for (int i = 0; i < items.size(); i += 100) {
                ready.addAll(maker.prepare(items.subList(i, Math.min(items.size(), i + 100))));
            }
        }
        if (!FLOOR.isBlank()) {
            // FTS5 alone on these notifications' words, in a new file, key order within each
            // transaction: {@code -Dprobe.floor=full} (the archive's detail) or column
            List<app.ishaar.core.archive.SearchText.Indexed> texts = new ArrayList<>();
            for (ArchivedNotification a : items) {
                texts.add(app.ishaar.core.archive.SearchText.indexed(a.notification()));
            }
            for (int round = 0; round < 2; round++) {
                long ns = StoreProbe.fts(dir.resolve("floor.db"), texts, true, BATCH, FLOOR);
                System.out.printf(
                        Locale.ROOT,
                        "floor round %d: FTS5 alone, detail=%s, transactions of %d: CPU %.1f µs"
                                + " each%n",
                        round,
                        FLOOR,
                        BATCH,
                        ns / 1e3 / texts.size());
            }
            return;
        }
        Path warm = dir.resolve("warm.db");
        delete(warm);
        store(warm, rin, ready.subList(0, Math.min(20_000, ready.size())), cpu, false);
        for (int round = 0; round < ROUNDS; round++) {
            Path file = dir.resolve("large.db");
            delete(file);
            if (!SOURCE.equals("new")) {
                Files.copy(Path.of(SOURCE), file, StandardCopyOption.REPLACE_EXISTING);
            }
            long[] r = store(file, rin, ready, cpu, true);
            System.out.printf(
                    Locale.ROOT,
                    "round %d: %,d in batches of %d into a copy of %s: wall %.0f ms (%.1f µs"
                            + " each), CPU %.0f ms (%.1f µs each); load %s%n",
                    round,
                    ready.size(),
                    BATCH,
                    SOURCE,
                    r[0] / 1e6,
                    r[0] / 1e3 / ready.size(),
                    r[1] / 1e6,
                    r[1] / 1e3 / ready.size(),
                    Files.readString(Path.of("/proc/loadavg")).strip());
            delete(file);
        }
    }

    private static void delete(Path file) throws java.io.IOException {
        for (String s : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + s));
        }
    }

    private static long[] store(
            Path file, Rin rin, List<ArchivedNotification> items, ThreadMXBean cpu, boolean chunks)
            throws Exception {
        long wall = 0;
        long used = 0;
        long chunkCpu = 0;
        int chunkCount = 0;
        try (SqliteArchive archive = SqliteArchive.open(file)) {
            if (!PRAGMAS.isBlank()) {
                java.lang.reflect.Field f = SqliteArchive.class.getDeclaredField("writer");
                f.setAccessible(true);
                java.sql.Connection w = (java.sql.Connection) f.get(archive);
                try (java.sql.Statement s = w.createStatement()) {
                    for (String pragma : PRAGMAS.split(";")) {
                        s.execute(pragma.matches("^[A-Z].*") ? pragma : "PRAGMA " + pragma);
                    }
                }
            }
            for (int i = 0; i < items.size(); i += BATCH) {
                List<ArchivedNotification> batch =
                        items.subList(i, Math.min(items.size(), i + BATCH));
                List<String> ids = new ArrayList<>(batch.size());
                for (ArchivedNotification a : batch) {
                    ids.add(a.notificationId());
                }
                long t0 = System.nanoTime();
                long c0 = cpu.getCurrentThreadCpuTime();
                archive.known(ArchiveBench.SERVICE, rin, ids);
                archive.store(
                        new SyncBatch(ArchiveBench.SERVICE, rin, batch, "probe " + i, false, null));
                long dc = cpu.getCurrentThreadCpuTime() - c0;
                wall += System.nanoTime() - t0;
                used += dc;
                chunkCpu += dc;
                chunkCount += batch.size();
                if (chunks && (chunkCount >= 20_000 || i + batch.size() == items.size())) {
                    System.out.printf(
                            Locale.ROOT,
                            "  up to %,7d: CPU %.1f µs each%n",
                            i + batch.size(),
                            chunkCpu / 1e3 / chunkCount);
                    chunkCpu = 0;
                    chunkCount = 0;
                }
            }
        }
        return new long[] {wall, used};
    }
}
