package app.ishaar.core.archive.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveContractTest;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveException.Reason;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract of every archive, on SQLite, and what is SQLite's own: the file and its faults. */
class SqliteArchiveTest extends ArchiveContractTest {

    @TempDir Path dir;

    @Override
    protected Archive newArchive() throws Exception {
        return SqliteArchive.open(dir.resolve("archive.db"));
    }

    @Override
    protected Archive openAgain() throws Exception {
        return SqliteArchive.open(dir.resolve("archive.db"));
    }

    @Override
    protected void indexAsBefore() throws Exception {
        try (Connection c =
                        DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("archive.db"));
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE notification_terms");
            s.execute("DROP TABLE notification_text");
            s.execute(
                    "CREATE VIRTUAL TABLE notification_text USING fts5 (words, backwards, tokenize"
                            + " = 'unicode61 remove_diacritics 0', content = '', contentless_delete"
                            + " = 1, detail = column)");
            s.execute(
                    "CREATE VIRTUAL TABLE notification_terms USING fts5vocab"
                            + " (notification_text, col)");
            // the schema of then: before the handling (6) too
            s.execute("DROP TABLE handling");
            s.execute("DROP TABLE handling_change");
            s.execute("ALTER TABLE taxpayer DROP COLUMN handling_since_ms");
            s.execute("DELETE FROM archive_schema_history WHERE version IN ('5', '6')");
        }
    }

    /** Written back: no copy of what was forgotten waits in the WAL. */
    @Override
    protected void forgotten(Archive a) throws Exception {
        assertThat(Files.size(dir.resolve("archive.db-wal"))).isZero();
    }

    /** A store writes its full-text entries at its end (TextEntries): a change before that. */
    @Test
    void aChangedNotificationIsFoundByItsNewWordsOnlyWithinAStoreAndAfterIt() throws Exception {
        ArchivedNotification x = nile.get(7);
        String message = x.notification().finalMessage();
        try (Archive a = newArchive()) {
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

    /**
     * Notifications whose stored form was made ahead (on a sync's fetch threads) are stored, read
     * back and found exactly as those the writer makes it for, in one store together.
     */
    @Test
    void notificationsPreparedAheadAreStoredReadAndFoundAsTheOthers() throws Exception {
        try (Archive a = newArchive()) {
            List<ArchivedNotification> ahead = a.prepare(nile.subList(0, 5));
            assertThat(ahead).allSatisfy(x -> assertThat(x.prepared()).isNotNull());
            assertThat(ahead).isEqualTo(nile.subList(0, 5));
            List<ArchivedNotification> mixed = new java.util.ArrayList<>(ahead);
            mixed.addAll(nile.subList(5, 10));
            assertThat(a.store(batch(SANDBOX, NILE, mixed, "one")).added()).isEqualTo(10);
            List<ArchivedNotification> read =
                    a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 50)).items();
            assertThat(read.stream().map(ArchivedNotification::rawJson))
                    .containsExactlyInAnyOrderElementsOf(
                            nile.subList(0, 10).stream()
                                    .map(ArchivedNotification::rawJson)
                                    .toList());
            for (ArchivedNotification x : nile.subList(0, 10)) {
                assertThat(found(a, x.notificationId())).containsExactly(x.notificationId());
            }
            // stored again unchanged, prepared or not: nothing added, nothing updated
            java.util.Collections.reverse(mixed);
            Archive.StoreResult again = a.store(batch(SANDBOX, NILE, mixed, "two"));
            assertThat(again.added() + again.updated()).isZero();
        }
    }

    private static ArchivedNotification withWord(ArchivedNotification x, String message, String w)
            throws Exception {
        String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(message);
        String marked = json.substring(0, json.length() - 1) + " " + w + "\"";
        return ArchivedNotification.fromRaw(NILE, x.rawJson().replace(json, marked));
    }

    private static List<String> found(Archive a, String search) throws Exception {
        return a.query(new InboxQuery(SANDBOX, Set.of(), null, search, 1, 50)).items().stream()
                .map(ArchivedNotification::notificationId)
                .toList();
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
