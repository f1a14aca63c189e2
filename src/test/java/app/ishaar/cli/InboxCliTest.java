package app.ishaar.cli;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ishaar inbox} and {@code ishaar archive} on an archive filled from the sandbox's data. */
class InboxCliTest {

    static final Rin NILE = Rin.of("204918573");
    static final Rin GIZA = Rin.of("499201773");
    static final ObjectMapper JSON = new ObjectMapper();

    static Sandbox sandbox;
    static List<ArchivedNotification> nile;
    static List<ArchivedNotification> giza;

    @TempDir Path tmp;
    Path file;

    record Result(int code, String out, String err) {}

    @BeforeAll
    static void data() throws Exception {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(5)
                                .notificationsPerTaxpayer(120)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        giza = SandboxItems.history(sandbox, GIZA.value(), GIZA);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @BeforeEach
    void archive() throws Exception {
        file = tmp.resolve("archive.db");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            Instant done = Instant.parse("2026-03-01T08:00:00Z");
            a.store(new SyncBatch(ServiceKey.SANDBOX, NILE, nile, "cp", true, done));
            a.store(new SyncBatch(ServiceKey.SANDBOX, GIZA, giza, "cp", true, done));
        }
    }

    Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of("ISHAAR_ARCHIVE", file.toString())::get,
                        null,
                        ZoneId.of("UTC"),
                        ClientConfig.defaults(),
                        () -> null);
        int code = IshaarCli.run(io, args);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static void oneLine(Result r, int code, String says) {
        assertThat(r.code()).as(r.err()).isEqualTo(code);
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("ishaar: ").contains(says).doesNotContain("\tat ");
    }

    @Test
    void aTableOfTheNewestAcrossTaxpayers() {
        Result r = run("inbox", "--page-size", "10");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).startsWith("TAXPAYER");
        assertThat(lines).hasSize(12);
        assertThat(lines.get(11)).isEqualTo("page 1 of 24, 240 notifications in all");
        assertThat(r.out()).contains(NILE.value()).contains(GIZA.value());
    }

    @Test
    void jsonIsWhatTheServiceSentWithTheTaxpayerAdded() throws Exception {
        Result r = run("inbox", "--format", "json", "--all", "--taxpayer", "٢٠٤٩١٨٥٧٣");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode array = JSON.readTree(r.out());
        assertThat(array).hasSize(120);
        JsonNode first = array.get(0);
        assertThat(first.get("taxpayerRin").asText()).isEqualTo(NILE.value());
        assertThat(first.get("taxpayerName").isNull()).as("no name kept").isTrue();
        assertThat(first.get("statusCheckedAt").isNull()).as("archived without it").isTrue();
        assertThat(first.get("handling").isNull()).as("no one marked it").isTrue();
        ((com.fasterxml.jackson.databind.node.ObjectNode) first)
                .remove(List.of("taxpayerRin", "taxpayerName", "statusCheckedAt", "handling"));
        assertThat(first).isEqualTo(JSON.readTree(nile.get(0).rawJson()));
    }

    @Test
    void filtersAndSearchNarrowIt() throws Exception {
        Result r =
                run(
                        "inbox",
                        "--format",
                        "json",
                        "--all",
                        "--status",
                        "delivered",
                        "--language",
                        "en",
                        "--search",
                        "invoice");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode array = JSON.readTree(r.out());
        List<ArchivedNotification> all = new ArrayList<>(nile);
        all.addAll(giza);
        long expected =
                all.stream()
                        .filter(a -> a.notification().status().equals("delivered"))
                        .filter(a -> a.notification().language().equals("en"))
                        .filter(
                                a ->
                                        a.notification()
                                                .finalMessage()
                                                .toLowerCase()
                                                .contains("invoice"))
                        .count();
        assertThat(expected).isPositive();
        List<String> got = new ArrayList<>();
        array.forEach(n -> got.add(n.get("notificationId").asText()));
        List<String> want =
                all.stream()
                        .filter(a -> a.notification().status().equals("delivered"))
                        .filter(a -> a.notification().language().equals("en"))
                        .filter(a -> hasWordAround(a, "invoice"))
                        .map(ArchivedNotification::notificationId)
                        .toList();
        assertThat(got).as(extra(all, got, want)).containsExactlyInAnyOrderElementsOf(want);
    }

    @Test
    void bestMatchPutsTheNotificationWithEverySearchedWordFirst() throws Exception {
        // the oldest notification whose delivery failed on a full mailbox, and its invoice number
        ArchivedNotification sought = null;
        String invoice = null;
        List<ArchivedNotification> all = new ArrayList<>(nile);
        all.addAll(giza);
        all.sort(
                java.util.Comparator.comparing(
                        (ArchivedNotification a) -> a.notification().receivedDateTime()));
        for (ArchivedNotification a : all) {
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("INV-\\d{4}-\\d{6}")
                            .matcher(a.notification().finalMessage());
            boolean full =
                    a.notification().deliveryAttempts().stream()
                            .anyMatch(x -> "552 5.2.2 Mailbox full".equals(x.statusDetails()));
            if (full && m.find()) {
                sought = a;
                invoice = m.group();
                break;
            }
        }
        assertThat(sought).as("a full mailbox for an invoice's notification").isNotNull();
        Result newest = run("inbox", "--format", "json", "--search", "mailbox");
        assertThat(newest.code()).as(newest.err()).isZero();
        assertThat(JSON.readTree(newest.out()).get(0).get("notificationId").asText())
                .as("newest first, the sought one is buried")
                .isNotEqualTo(sought.notificationId());

        Result best =
                run(
                        "inbox",
                        "--format",
                        "json",
                        "--page-size",
                        "5",
                        "--search",
                        "mailbox " + invoice,
                        "--order",
                        "best");
        assertThat(best.code()).as(best.err()).isZero();
        JsonNode rows = JSON.readTree(best.out());
        assertThat(rows).hasSize(5);
        assertThat(rows.get(0).get("notificationId").asText()).isEqualTo(sought.notificationId());
    }

    @Test
    void orderIsNewestOrBestAndBestNeedsASearch() {
        oneLine(run("inbox", "--order", "best"), ExitCodes.USAGE, "give --search too");
        oneLine(run("inbox", "--order", "oldest"), ExitCodes.USAGE, "--order: newest or best");
        Result newest = run("inbox", "--page-size", "10", "--order", "newest");
        assertThat(newest.code()).as(newest.err()).isZero();
        assertThat(newest.out()).isEqualTo(run("inbox", "--page-size", "10").out());
    }

    static String extra(List<ArchivedNotification> all, List<String> got, List<String> want) {
        StringBuilder b = new StringBuilder();
        for (ArchivedNotification a : all) {
            if (got.contains(a.notificationId()) != want.contains(a.notificationId())) {
                b.append(a.notification().finalMessage())
                        .append(" | ")
                        .append(a.notification().address())
                        .append('\n');
            }
        }
        return b.toString();
    }

    /**
     * A word of the message (as shown), the address, the ID or an attempt's reason begins or ends
     * with {@code part}.
     */
    static boolean hasWordAround(ArchivedNotification a, String part) {
        String text =
                app.ishaar.core.text.PlainText.of(a.notification().finalMessage())
                        + " "
                        + a.notification().address()
                        + " "
                        + a.notification().notificationId()
                        + " "
                        + a.notification().deliveryAttempts().stream()
                                .map(x -> String.valueOf(x.statusDetails()))
                                .toList();
        for (String w : text.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{Nd}]+")) {
            if (w.startsWith(part) || w.endsWith(part)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void csvNeutralisesFormulasUnlessRaw() throws Exception {
        String evil =
                nile.get(0)
                        .rawJson()
                        .replaceFirst(
                                "\"address\":\"[^\"]*\"",
                                "\"address\":\"=HYPERLINK(\\\\\"http://x\\\\\")\"");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            a.store(
                    new SyncBatch(
                            ServiceKey.SANDBOX,
                            NILE,
                            List.of(ArchivedNotification.fromRaw(NILE, evil)),
                            null,
                            true,
                            null));
        }
        Result safe =
                run("inbox", "--format", "csv", "--page-size", "1", "--taxpayer", NILE.value());
        assertThat(safe.code()).as(safe.err()).isZero();
        assertThat(safe.out().lines().toList().get(0))
                .startsWith("taxpayerRin,taxpayerName,notificationId,");
        assertThat(safe.out()).contains("'=HYPERLINK(");
        Result raw =
                run(
                        "inbox",
                        "--format",
                        "csv",
                        "--csv-raw",
                        "--page-size",
                        "1",
                        "--taxpayer",
                        NILE.value());
        assertThat(raw.out()).contains(",\"=HYPERLINK(").doesNotContain("'=HYPERLINK(");
    }

    @Test
    void inboxAndInfoShowEachTaxpayersNameAndWhenTheServiceLastConfirmedAStatus() throws Exception {
        Instant checked = Instant.parse("2026-03-04T09:30:00Z");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            // a sync read them again unchanged on 4 March
            a.store(
                    new SyncBatch(
                            ServiceKey.SANDBOX,
                            NILE,
                            nile.stream().map(x -> x.checkedAt(checked)).toList(),
                            null,
                            true,
                            null));
        }
        Result named = run("archive", "name", NILE.value(), "  Nile Trading  ");
        assertThat(named.code()).as(named.err()).isZero();
        assertThat(named.out()).contains("taxpayer 204918573 is named Nile Trading");

        JsonNode array = JSON.readTree(run("inbox", "--format", "json", "--all").out());
        assertThat(array).hasSize(240);
        for (JsonNode n : array) {
            boolean nile = n.get("taxpayerRin").asText().equals(NILE.value());
            assertThat(n.get("taxpayerName").isNull()).isEqualTo(!nile);
            if (nile) {
                assertThat(n.get("taxpayerName").asText()).isEqualTo("Nile Trading");
                assertThat(n.get("statusCheckedAt").asText())
                        .isEqualTo("2026-03-04T09:30:00.0000000Z");
            } else {
                assertThat(n.get("statusCheckedAt").isNull()).isTrue();
            }
        }

        List<String> csv =
                run("inbox", "--format", "csv", "--taxpayer", NILE.value()).out().lines().toList();
        assertThat(csv.get(0))
                .startsWith("taxpayerRin,taxpayerName,")
                .endsWith(
                        ",statusCheckedAt,handlingState,handlingAssignedTo,handlingChangedAt,"
                                + "handlingChangedBy,lastNote");
        assertThat(csv.get(1))
                .startsWith(NILE.value() + ",\"Nile Trading\",")
                .endsWith(",\"2026-03-04T09:30:00.0000000Z\",,,,,");

        Result table = run("inbox", "--page-size", "5", "--taxpayer", NILE.value());
        assertThat(table.out().lines().toList().get(0)).contains("NAME", "CHECKED");
        assertThat(table.out().lines().toList().get(1))
                .startsWith(NILE.value() + "  Nile Trading ")
                .contains("2026-03-04 09:30");

        assertThat(run("archive", "info").out())
                .containsPattern(NILE.value() + " +Nile Trading +120 ")
                .containsPattern(GIZA.value() + " +- +120 ");
    }

    @Test
    void namesImportedFromACsvFileAreKeptAllOrNone() throws Exception {
        Path list = tmp.resolve("names.csv");
        Files.writeString(
                list,
                "\uFEFFRIN,Name\r\n"
                        + NILE.value()
                        + ",\"Nile Trading, S.A.E.\"\r\n"
                        + "٤٩٩٢٠١٧٧٣,شركة الجيزة للأغذية\r\n",
                StandardCharsets.UTF_8);
        Result r = run("archive", "names", "--import", list.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("kept the names of 2 taxpayers");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            assertThat(a.names())
                    .containsExactly(
                            Map.entry(NILE, "Nile Trading, S.A.E."),
                            Map.entry(GIZA, "شركة الجيزة للأغذية"));
        }
        assertThat(run("archive", "info").out()).contains("شركة الجيزة للأغذية");

        Path bad = tmp.resolve("bad.csv");
        Files.writeString(bad, NILE.value() + ",Someone else\n12345,Short RIN\n");
        oneLine(
                run("archive", "names", "--import", bad.toString()),
                ExitCodes.USAGE,
                "line 2: not a registration number (nine digits): 12345");
        Files.writeString(bad, NILE.value() + ",Someone else\n" + GIZA.value() + "\n");
        oneLine(
                run("archive", "names", "--import", bad.toString()),
                ExitCodes.USAGE,
                "line 2: no name for " + GIZA.value());
        oneLine(
                run("archive", "names", "--import", tmp.resolve("none.csv").toString()),
                ExitCodes.USAGE,
                "no file");
        oneLine(run("archive", "name", "12345", "x"), ExitCodes.USAGE, "nine digits");
        oneLine(
                run("archive", "name", NILE.value(), "a\u001b[2Jb"),
                ExitCodes.USAGE,
                "control characters");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            assertThat(a.names()).containsEntry(NILE, "Nile Trading, S.A.E.");
        }
        Result forgot = run("archive", "name", NILE.value(), "");
        assertThat(forgot.out()).contains("forgot the name of taxpayer " + NILE.value());
    }

    @Test
    void writesToAFileWhole() throws Exception {
        Path out = tmp.resolve("inbox.csv");
        Result r = run("inbox", "--all", "--format", "csv", "--output", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        try (var rows =
                new com.fasterxml.jackson.dataformat.csv.CsvMapper()
                        .readerForListOf(String.class)
                        .with(com.fasterxml.jackson.dataformat.csv.CsvParser.Feature.WRAP_AS_ARRAY)
                        .readValues(out.toFile())) {
            assertThat(rows.readAll()).hasSize(241);
        }
    }

    @Test
    void infoShowsEachTaxpayerAndForgetRemovesOne() {
        Result info = run("archive", "info");
        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out())
                .contains("service: sandbox")
                .containsPattern(NILE.value() + " +- +120 ")
                .contains("2026-03-01 08:00");
        Result forget = run("archive", "forget", "--taxpayer", NILE.value());
        assertThat(forget.code()).as(forget.err()).isZero();
        assertThat(forget.out()).contains("120 notifications removed");
        assertThat(run("archive", "info").out()).doesNotContain(NILE.value());
        oneLine(run("inbox", "--taxpayer", NILE.value()), ExitCodes.USAGE, "not in the archive");
    }

    @Test
    void badInputIsOneLineAndANonZeroExit() throws Exception {
        oneLine(run("inbox", "--search", "   "), ExitCodes.USAGE, "--search: the search is empty");
        oneLine(
                run("inbox", "--search", "x".repeat(10_000)),
                ExitCodes.USAGE,
                "at most 500 characters");
        oneLine(
                run("inbox", "--taxpayer", "123456789"),
                ExitCodes.USAGE,
                "123456789 is not in the archive");
        oneLine(run("inbox", "--taxpayer", "12345"), ExitCodes.USAGE, "nine digits");
        oneLine(run("inbox", "--status", "lost"), ExitCodes.USAGE, "--status");
        oneLine(run("inbox", "--page-size", "5000"), ExitCodes.USAGE, "--page-size");
        oneLine(
                run("inbox", "--archive", tmp.resolve("none.db").toString()),
                ExitCodes.USAGE,
                "no archive at");

        Path text = tmp.resolve("notes.txt");
        Files.writeString(text, "someone's notes, not an archive\n".repeat(100));
        oneLine(run("inbox", "--archive", text.toString()), ExitCodes.USAGE, "not an archive");
        assertThat(Files.readString(text)).startsWith("someone's notes");

        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute(
                    "INSERT INTO archive_schema_history (installed_rank, version, description, type,"
                            + " script, checksum, installed_by, execution_time, success)"
                            + " VALUES (99, '99', 'later', 'SQL', 'V99__later.sql', 0, '', 0, 1)");
        }
        oneLine(run("inbox"), ExitCodes.USAGE, "newer version of Ishaar");
    }

    @Test
    void anArchiveMarkWithoutItsSchemaHistoryIsNotAnArchiveAndLeftUntouched() throws Exception {
        // damaged: the mark is there, the schema's history is gone
        Path damaged = tmp.resolve("damaged.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + damaged);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA application_id = 1230194770"); // 0x49534852, "ISHR"
            s.execute("CREATE TABLE notification (id INTEGER PRIMARY KEY, raw TEXT)");
        }
        byte[] before = Files.readAllBytes(damaged);
        for (String[] args :
                new String[][] {
                    {"inbox", "--archive", damaged.toString()},
                    {"archive", "info", "--archive", damaged.toString()},
                    {
                        "archive",
                        "forget",
                        "--taxpayer",
                        NILE.value(),
                        "--archive",
                        damaged.toString()
                    }
                }) {
            Result r = run(args);
            oneLine(r, ExitCodes.USAGE, "not an archive of this app (left untouched)");
            assertThat(r.err()).doesNotContain("baseline").doesNotContain("Flyway");
        }
        // the mark alone, no table at all: damaged too
        Path markOnly = tmp.resolve("mark-only.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + markOnly);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA application_id = 1230194770");
        }
        byte[] markOnlyBefore = Files.readAllBytes(markOnly);
        oneLine(
                run("inbox", "--archive", markOnly.toString()),
                ExitCodes.USAGE,
                "not an archive of this app (left untouched)");
        assertThat(Files.readAllBytes(damaged)).isEqualTo(before);
        assertThat(Files.readAllBytes(markOnly)).isEqualTo(markOnlyBefore);
    }

    @Test
    void commandsThatReadNeverMakeAnArchiveOfAFileThatIsNotOne() throws Exception {
        Path empty = tmp.resolve("empty.db");
        Files.createFile(empty);
        Path foreign = tmp.resolve("other-program.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + foreign);
                Statement s = c.createStatement()) {
            s.execute("PRAGMA user_version = 7"); // an empty database another program made
        }
        byte[] foreignBefore = Files.readAllBytes(foreign);
        assertThat(foreignBefore).isNotEmpty();
        for (Path file : List.of(empty, foreign)) {
            byte[] before = Files.readAllBytes(file);
            for (String[] args :
                    new String[][] {
                        {"inbox", "--archive", file.toString()},
                        {"inbox", "--format", "json", "--archive", file.toString()},
                        {"archive", "info", "--archive", file.toString()}
                    }) {
                oneLine(run(args), ExitCodes.USAGE, "not an archive of this app (left untouched)");
                assertThat(Files.readAllBytes(file)).as(String.join(" ", args)).isEqualTo(before);
            }
            try (var siblings = Files.list(tmp)) {
                assertThat(siblings.map(p -> p.getFileName().toString()))
                        .noneMatch(n -> n.startsWith(file.getFileName() + "-"));
            }
        }
        // a sync makes its archive in an empty file, as before
        try (SqliteArchive made = SqliteArchive.open(empty)) {
            assertThat(made.file()).isEqualTo(empty);
        }
        assertThat(run("inbox", "--archive", empty.toString()).code()).isZero();
    }

    @Test
    void aLockedArchiveIsWaitedForThenReported() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement s = c.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            // WAL lets readers go on under another's write; an exclusive lock is what stops them
            Result r = run("archive", "forget", "--taxpayer", NILE.value());
            assertThat(r.code()).isNotZero();
            assertThat(r.err()).startsWith("ishaar: ").contains("another sync is writing");
            s.execute("ROLLBACK");
        }
    }
}
