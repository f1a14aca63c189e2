package app.ishaar.core.archive.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.Archive.StoreResult;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveException.Reason;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteArchiveTest {

    static final ServiceKey SANDBOX = new ServiceKey("http://127.0.0.1:1/");
    static final ServiceKey PROD = new ServiceKey("https://api.invoicing.eta.gov.eg");
    static final Rin NILE = Rin.of("204918573");
    static final Rin GIZA = Rin.of("499201773");

    static Sandbox sandbox;
    static List<ArchivedNotification> nile;
    static List<ArchivedNotification> giza;

    @TempDir Path dir;

    @BeforeAll
    static void data() throws Exception {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(11)
                                .notificationsPerTaxpayer(300)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        giza = SandboxItems.history(sandbox, GIZA.value(), GIZA);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    static SyncBatch batch(ServiceKey s, Rin rin, List<ArchivedNotification> items, String cp) {
        return new SyncBatch(s, rin, items, cp, false, null);
    }

    @Test
    void storesAndReadsBackNewestFirstAcrossTaxpayers() throws Exception {
        try (SqliteArchive a = SqliteArchive.open(dir.resolve("archive.db"))) {
            assertThat(a.store(batch(SANDBOX, NILE, nile, "n1")))
                    .isEqualTo(new StoreResult(300, 0));
            assertThat(a.store(batch(SANDBOX, GIZA, giza, "g1")))
                    .isEqualTo(new StoreResult(300, 0));

            InboxPage first = a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 50));
            assertThat(first.totalCount()).isEqualTo(600);
            assertThat(first.items()).hasSize(50);
            List<ArchivedNotification> all = new ArrayList<>(nile);
            all.addAll(giza);
            all.sort(
                    Comparator.comparing(
                                    (ArchivedNotification x) -> x.notification().receivedDateTime())
                            .reversed());
            assertThat(first.items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyElementsOf(
                            all.subList(0, 50).stream()
                                    .map(ArchivedNotification::notificationId)
                                    .toList());
            // as received, unknown members and all
            assertThat(first.items().get(0).rawJson()).isEqualTo(find(all.get(0)).rawJson());
            assertThat(first.items().get(0).notification()).isEqualTo(all.get(0).notification());

            InboxPage onlyGiza = a.query(new InboxQuery(SANDBOX, Set.of(GIZA), null, null, 2, 100));
            assertThat(onlyGiza.totalCount()).isEqualTo(300);
            assertThat(onlyGiza.items()).hasSize(100).allMatch(x -> x.taxpayer().equals(GIZA));

            InboxPage other = a.query(new InboxQuery(PROD, Set.of(), null, null, 1, 10));
            assertThat(other.totalCount()).isZero();
        }
    }

    private static ArchivedNotification find(ArchivedNotification n) {
        return n;
    }

    @Test
    void filtersAsTheServiceDoes() throws Exception {
        try (SqliteArchive a = SqliteArchive.open(dir.resolve("archive.db"))) {
            a.store(batch(SANDBOX, NILE, nile, null));
            Instant from = nile.get(200).notification().receivedDateTime();
            Instant to = nile.get(20).notification().receivedDateTime();
            NotificationQuery f =
                    NotificationQuery.ALL
                            .withDates(from, to)
                            .withStatus("delivered")
                            .withLanguage("ar");
            InboxPage p = a.query(new InboxQuery(SANDBOX, Set.of(NILE), f, null, 1, 100));
            List<String> expected =
                    nile.subList(20, 201).stream()
                            .filter(x -> x.notification().status().equals("delivered"))
                            .filter(x -> x.notification().language().equals("ar"))
                            .map(ArchivedNotification::notificationId)
                            .toList();
            assertThat(expected).isNotEmpty();
            assertThat(p.totalCount()).isEqualTo(expected.size());
            assertThat(p.items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyElementsOf(expected);
            for (String type : List.of("1", "7", "9")) {
                for (String channel : List.of("email", "sms", "push", "system")) {
                    long n =
                            nile.stream()
                                    .filter(x -> x.notification().typeId().equals(type))
                                    .filter(x -> x.notification().channel().equals(channel))
                                    .count();
                    NotificationQuery g = NotificationQuery.ALL.withType(type).withChannel(channel);
                    assertThat(
                                    a.query(new InboxQuery(SANDBOX, Set.of(), g, null, 1, 10))
                                            .totalCount())
                            .as("type %s channel %s", type, channel)
                            .isEqualTo(n);
                }
            }
        }
    }

    @Test
    void aSettledStatusReplacesThePendingOneAndTheCheckpointGoesWithIt() throws Exception {
        try (SqliteArchive a = SqliteArchive.open(dir.resolve("archive.db"))) {
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(SyncState.NONE);
            a.store(batch(SANDBOX, NILE, nile, "page 3"));
            List<ArchivedNotification> unsettled = a.unsettled(SANDBOX, NILE);
            assertThat(unsettled)
                    .isNotEmpty()
                    .allMatch(
                            x -> Set.of("pending", "batched").contains(x.notification().status()));
            ArchivedNotification p = unsettled.get(0);
            String settled =
                    p.rawJson()
                            .replace(
                                    "\"status\":\"" + p.notification().status() + "\"",
                                    "\"status\":\"delivered\"");
            ArchivedNotification now = ArchivedNotification.fromRaw(NILE, settled);
            Instant done = Instant.parse("2026-03-02T10:00:00Z");
            StoreResult r =
                    a.store(
                            new SyncBatch(
                                    SANDBOX, NILE, List.of(now, nile.get(5)), "end", true, done));
            assertThat(r).isEqualTo(new StoreResult(0, 1));
            assertThat(a.unsettled(SANDBOX, NILE)).hasSize(unsettled.size() - 1);
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(new SyncState("end", true, done));
            // a later batch without a checkpoint keeps it; complete stays complete
            a.store(new SyncBatch(SANDBOX, NILE, List.of(), null, false, null));
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(new SyncState("end", true, done));
            assertThat(a.known(SANDBOX, NILE, List.of(p.notificationId(), "no-such-id")))
                    .containsExactly(p.notificationId());
        }
    }

    @Test
    void aChangedNotificationIsFoundByItsNewWordsOnlyWithinABatchAndAfterIt() throws Exception {
        ArchivedNotification x = nile.get(7);
        String message = x.notification().finalMessage();
        try (SqliteArchive a = SqliteArchive.open(dir.resolve("archive.db"))) {
            // the same notification twice in one store: its index entry is still to be written
            a.store(
                    batch(
                            SANDBOX,
                            NILE,
                            List.of(
                                    nile.get(3),
                                    withWord(x, message, "quokkaalpha"),
                                    nile.get(9),
                                    withWord(x, message, "quokkabeta")),
                            "one"));
            assertThat(found(a, "quokkaalpha")).isEmpty();
            assertThat(found(a, "quokkabeta")).containsExactly(x.notificationId());
            // and in a later store, when its entry is in the index
            a.store(batch(SANDBOX, NILE, List.of(withWord(x, message, "quokkagamma")), "two"));
            assertThat(found(a, "quokkabeta")).isEmpty();
            assertThat(found(a, "quokkagamma")).containsExactly(x.notificationId());
            assertThat(found(a, "kagamma")).containsExactly(x.notificationId());
            assertThat(found(a, nile.get(9).notificationId()))
                    .containsExactly(nile.get(9).notificationId());
        }
    }

    private static ArchivedNotification withWord(ArchivedNotification x, String message, String w)
            throws Exception {
        String json =
                com.fasterxml.jackson.databind.json.JsonMapper.builder()
                        .build()
                        .writeValueAsString(message);
        String marked = json.substring(0, json.length() - 1) + " " + w + "\"";
        return ArchivedNotification.fromRaw(NILE, x.rawJson().replace(json, marked));
    }

    private static List<String> found(SqliteArchive a, String search) throws Exception {
        return a.query(new InboxQuery(SANDBOX, Set.of(), null, search, 1, 50)).items().stream()
                .map(ArchivedNotification::notificationId)
                .toList();
    }

    @Test
    void keepsWhatItHoldsAcrossOpeningsAndSummarises() throws Exception {
        Path file = dir.resolve("archive.db");
        Instant done = Instant.parse("2026-03-02T10:00:00Z");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            a.store(new SyncBatch(SANDBOX, NILE, nile, "x", true, done));
            a.store(batch(PROD, GIZA, giza.subList(0, 10), "y"));
        }
        try (SqliteArchive a = SqliteArchive.open(file)) {
            assertThat(a.services()).containsExactly(SANDBOX, PROD);
            List<TaxpayerSummary> s = a.summaries();
            assertThat(s).hasSize(2);
            TaxpayerSummary n =
                    s.stream().filter(x -> x.taxpayer().equals(NILE)).findFirst().orElseThrow();
            assertThat(n.count()).isEqualTo(300);
            assertThat(n.newest())
                    .isEqualTo(truncated(nile.get(0).notification().receivedDateTime()));
            assertThat(n.oldest())
                    .isEqualTo(truncated(nile.get(299).notification().receivedDateTime()));
            assertThat(n.lastSynced()).isEqualTo(done);
            assertThat(n.complete()).isTrue();
        }
    }

    private static Instant truncated(Instant i) {
        return i.truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }

    @Test
    void forgetsATaxpayerAndAServiceForGood() throws Exception {
        Path file = dir.resolve("archive.db");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            a.store(batch(SANDBOX, NILE, nile, "x"));
            a.store(batch(SANDBOX, GIZA, giza, "y"));
            a.store(batch(PROD, NILE, nile.subList(0, 5), "z"));
            String marker = nile.get(0).notification().address();
            assertThat(a.forget(SANDBOX, NILE)).isEqualTo(300);
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(SyncState.NONE);
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 10)).totalCount())
                    .isEqualTo(300);
            assertThat(a.forget(PROD)).isEqualTo(5);
            assertThat(a.services()).containsExactly(SANDBOX);
            assertThat(a.forget(SANDBOX, GIZA)).isEqualTo(300);
            assertThat(a.services()).isEmpty();
            assertThat(marker).isNotBlank();
            // written back: no copy of what was forgotten waits in the WAL
            assertThat(Files.size(file.resolveSibling("archive.db-wal"))).isZero();
        }
    }

    @Test
    void isReadableByItsOwnerOnly() throws Exception {
        Path file = dir.resolve("sub/dir/archive.db");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            a.store(batch(SANDBOX, NILE, nile.subList(0, 3), "x"));
            for (String name : List.of("archive.db", "archive.db-wal", "archive.db-shm")) {
                assertThat(
                                PosixFilePermissions.toString(
                                        Files.getPosixFilePermissions(file.resolveSibling(name))))
                        .as(name)
                        .isEqualTo("rw-------");
            }
        }
    }

    @Test
    void refusesAForeignOrDamagedFileAndLeavesItAsItWas() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a database at all, but a person's notes\n".repeat(200));
        byte[] before = Files.readAllBytes(text);
        assertThatThrownBy(() -> SqliteArchive.open(text))
                .isInstanceOf(ArchiveException.class)
                .extracting(e -> ((ArchiveException) e).reason())
                .isEqualTo(Reason.NOT_AN_ARCHIVE);
        assertThat(Files.readAllBytes(text)).isEqualTo(before);

        Path other = dir.resolve("other.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE contacts (name TEXT)");
            s.execute("INSERT INTO contacts VALUES ('someone')");
        }
        byte[] db = Files.readAllBytes(other);
        assertThatThrownBy(() -> SqliteArchive.open(other))
                .extracting(e -> ((ArchiveException) e).reason())
                .isEqualTo(Reason.NOT_AN_ARCHIVE);
        assertThat(Files.readAllBytes(other)).isEqualTo(db);

        Path damaged = dir.resolve("damaged.db");
        try (SqliteArchive a = SqliteArchive.open(damaged)) {
            a.store(batch(SANDBOX, NILE, nile, "x"));
        }
        byte[] bytes = Files.readAllBytes(damaged);
        for (int i = 4096; i < bytes.length; i += 7) {
            bytes[i] = (byte) 0x5A;
        }
        Files.write(damaged, bytes);
        assertThatThrownBy(
                        () ->
                                SqliteArchive.open(damaged)
                                        .query(
                                                new InboxQuery(
                                                        SANDBOX, Set.of(), null, "invoice", 1, 10)))
                .extracting(e -> ((ArchiveException) e).reason())
                .isEqualTo(Reason.NOT_AN_ARCHIVE);
        assertThat(Files.readAllBytes(damaged)).isEqualTo(bytes);
    }

    @Test
    void refusesAnArchiveOfANewerVersion() throws Exception {
        Path file = dir.resolve("archive.db");
        SqliteArchive.open(file).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute(
                    "INSERT INTO archive_schema_history (installed_rank, version, description, type,"
                            + " script, checksum, installed_by, execution_time, success)"
                            + " VALUES (99, '99', 'from the future', 'SQL', 'V99__future.sql', 0, '', 0, 1)");
        }
        assertThatThrownBy(() -> SqliteArchive.open(file))
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining("newer version of Ishaar")
                .extracting(e -> ((ArchiveException) e).reason())
                .isEqualTo(Reason.NEWER_VERSION);
    }

    @Test
    void cannotBeMadeWhereNothingCanBeWritten() throws Exception {
        Path notADir = dir.resolve("a-file");
        Files.writeString(notADir, "x");
        assertThatThrownBy(() -> SqliteArchive.open(notADir.resolve("archive.db")))
                .extracting(e -> ((ArchiveException) e).reason())
                .isEqualTo(Reason.NOT_WRITABLE);
    }

    @Test
    void waitsForAnotherWriterThenSaysItIsLocked() throws Exception {
        Path file = dir.resolve("archive.db");
        try (SqliteArchive a = SqliteArchive.open(file, Duration.ofMillis(300));
                Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = other.createStatement()) {
            s.execute("PRAGMA busy_timeout = 5000");
            s.execute("BEGIN IMMEDIATE");
            assertThatThrownBy(() -> a.store(batch(SANDBOX, NILE, nile, "x")))
                    .extracting(e -> ((ArchiveException) e).reason())
                    .isEqualTo(Reason.LOCKED);
            // reading goes on meanwhile
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 10)).totalCount())
                    .isZero();
            s.execute("COMMIT");
            assertThat(a.store(batch(SANDBOX, NILE, nile, "x")).added()).isEqualTo(300);
        }
    }

    @Test
    void aFullDiskRollsTheWholeBatchBack() throws Exception {
        Path file = dir.resolve("archive.db");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            a.store(batch(SANDBOX, NILE, nile.subList(0, 10), "before"));
            try (Statement s = a.writerForTests().createStatement()) {
                s.execute("PRAGMA max_page_count = " + (pages(a) + 3));
            }
            assertThatThrownBy(() -> a.store(batch(SANDBOX, NILE, nile, "after")))
                    .isInstanceOf(ArchiveException.class)
                    .hasMessageContaining("no space left")
                    .extracting(e -> ((ArchiveException) e).reason())
                    .isEqualTo(Reason.DISK_FULL);
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 100)).totalCount())
                    .isEqualTo(10);
            assertThat(a.syncState(SANDBOX, NILE).checkpoint()).isEqualTo("before");
        }
    }

    private static long pages(SqliteArchive a) throws Exception {
        try (Statement s = a.writerForTests().createStatement();
                var r = s.executeQuery("PRAGMA page_count")) {
            r.next();
            return r.getLong(1);
        }
    }

    static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
