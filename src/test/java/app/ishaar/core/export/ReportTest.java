package app.ishaar.core.export;

import static app.ishaar.core.export.ReportFixtures.CAIRO;
import static app.ishaar.core.export.ReportFixtures.DELTA;
import static app.ishaar.core.export.ReportFixtures.FORMULA;
import static app.ishaar.core.export.ReportFixtures.NILE;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.ui.i18n.AppLanguage;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report forms' content, read back with a workbook reader and from the file's XML. */
class ReportTest {

    @TempDir Path dir;

    /** Writes the fixtures' notifications, the first four of NILE and the rest of DELTA. */
    static Path write(Path file, ExportFormat format, ReportLabels labels, ExportScope scope)
            throws IOException {
        List<Notification> all = ReportFixtures.notifications();
        try (AtomicFileWriter f = AtomicFileWriter.open(file);
                NotificationSink sink =
                        NotificationSink.report(format, labels, scope).open(f.stream())) {
            sink.write(NILE, all.subList(0, 4));
            sink.write(DELTA, all.subList(4, all.size()));
            sink.finish();
            f.commit();
        }
        return file;
    }

    static List<List<String>> rows(Sheet sheet) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        for (Row r : sheet.read()) {
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < r.getCellCount(); c++) {
                cells.add(r.getCellText(c));
            }
            rows.add(cells);
        }
        return rows;
    }

    static String part(Path xlsx, String name) throws IOException {
        try (ZipFile zip = new ZipFile(xlsx.toFile())) {
            return new String(
                    zip.getInputStream(zip.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void anEnglishWorkbookReadsLikeTheUiWithTheCodesAtTheRight() throws Exception {
        Path file =
                write(
                        dir.resolve("en.xlsx"),
                        ExportFormat.XLSX,
                        ReportFixtures.labels(AppLanguage.ENGLISH),
                        ReportFixtures.scope(NotificationQuery.ALL.withType("7")));
        try (ReadableWorkbook wb = new ReadableWorkbook(file.toFile())) {
            assertThat(wb.getSheets().map(Sheet::getName))
                    .containsExactly("Notifications", "Delivery attempts", "About this export");
            Sheet sheet = wb.getSheet(0).orElseThrow();
            List<Row> raw = sheet.read();
            List<List<String>> rows = rows(sheet);
            assertThat(rows.get(0))
                    .containsExactly(
                            "Sent (Africa/Cairo)",
                            "Type",
                            "Channel",
                            "Address",
                            "Language",
                            "Status",
                            "Delivered (Africa/Cairo)",
                            "Attempts",
                            "Message",
                            "Notification ID",
                            "Type code",
                            "Channel code",
                            "Language code",
                            "Status code",
                            "Status checked (Africa/Cairo)");
            assertThat(rows).hasSize(8);
            assertThat(rows.get(1).subList(1, 6))
                    .containsExactly(
                            "Document validated",
                            "E-mail",
                            "accounts@nile-trading.example",
                            "Arabic",
                            "Delivered");
            assertThat(rows.get(1).subList(9, 14))
                    .containsExactly("N-2026-000101", "7", "email", "ar", "delivered");
            // dates are date cells, in the user's zone (Cairo is two hours ahead in March)
            assertThat(raw.get(1).getCellAsDate(0))
                    .contains(LocalDateTime.parse("2026-03-01T10:15:30.123"));
            assertThat(raw.get(1).getCell(0).getType()).isEqualTo(CellType.NUMBER);
            assertThat(raw.get(3).getCellAsDate(6)).as("not delivered: no date").isEmpty();
            assertThat(raw.get(1).getCellAsNumber(7).orElseThrow().intValue()).isEqualTo(2);
            // the message as the detail pane reads it
            assertThat(rows.get(1).get(8))
                    .startsWith("السادة شركة النيل للتجارة،\nتم التحقق من صحة المستند")
                    .doesNotContain("<", "color:red");
            assertThat(rows.get(2).get(8))
                    .startsWith("Dear Nile Trading,\nYour invoice INV-2026-0057")
                    .doesNotContain("<html");
            assertThat(rows.get(3).get(8))
                    .startsWith(
                            "A document INV-2026-0061 was received from Misr Chemical Industries.\n")
                    .contains("\ninternalId: INV-2026-0061\n")
                    .doesNotContain("{", "\"");
            // a type and a status this client does not know: as the service sent them
            assertThat(rows.get(6).subList(1, 6))
                    .containsExactly(
                            "Tax Audit Scheduled", "SMS", "+20 100 123 4567", "Arabic", "queued");
            // a text that looks like a formula is a text cell, never run
            assertThat(raw.get(6).getCell(8).getType()).isEqualTo(CellType.STRING);
            assertThat(rows.get(6).get(8)).isEqualTo(FORMULA);

            List<List<String>> attempts = rows(wb.getSheet(1).orElseThrow());
            assertThat(attempts.get(0))
                    .containsExactly(
                            "Notification ID",
                            "Attempted (Africa/Cairo)",
                            "Status",
                            "Details",
                            "Status code");
            assertThat(attempts).hasSize(9);
            assertThat(attempts.get(1))
                    .containsExactly(
                            "N-2026-000101",
                            attempts.get(1).get(1),
                            "Failed",
                            "452 4.2.2 Mailbox full",
                            "error");
            assertThat(wb.getSheet(1).orElseThrow().read().get(1).getCellAsDate(1))
                    .contains(LocalDateTime.parse("2026-03-01T10:15:50"));
            assertThat(attempts.stream().map(r -> r.get(0)).toList())
                    .containsSubsequence("N-2026-000103", "N-2026-000103", "N-2026-000104");

            List<List<String>> about = rows(wb.getSheet(2).orElseThrow());
            assertThat(about.get(0).get(0)).isEqualTo("Notification history");
            assertThat(about)
                    .contains(
                            List.of("Taxpayer", "Nile Trading (204918573)"),
                            List.of("Notifications", "7"),
                            List.of("Delivery attempts", "8"),
                            List.of("Type", "Document validated"),
                            List.of("Status", "All"),
                            List.of("Search", "None"),
                            List.of("Time zone", "Africa/Cairo"));
            assertThat(
                            wb.getSheet(2).orElseThrow().read().stream()
                                    .filter(r -> r.getCellText(0).equals("Exported (Africa/Cairo)"))
                                    .findFirst()
                                    .orElseThrow()
                                    .getCellAsDate(1))
                    .as("exported at, in the user's zone")
                    .contains(LocalDateTime.parse("2026-03-15T12:00:00"));
        }
        String notes = part(file, "xl/worksheets/sheet1.xml");
        String attempts = part(file, "xl/worksheets/sheet2.xml");
        assertThat(notes)
                .contains("state=\"frozen\"", "ySplit=\"1\"", "<autoFilter ref=\"A1:O8\"")
                .doesNotContain("rightToLeft", "<f>", "<f ");
        assertThat(attempts)
                .contains("state=\"frozen\"", "<autoFilter ref=\"A1:E9\"")
                .doesNotContain("<f>", "<f ");
        // the message column wraps at a readable width; a long message's row is several lines
        // high, not one line hundreds of characters wide
        assertThat(notes).contains("<col min=\"9\" max=\"9\" width=\"62.0\"");
        assertThat(notes).containsPattern("<row r=\"6\"[^>]* ht=\"105.0\"");
        assertThat(part(file, "docProps/core.xml"))
                .contains(
                        "<dc:title>Notification history &#x2014; Nile Trading (204918573)</dc:title>");
    }

    @Test
    void anArabicWorkbookOfSeveralTaxpayersIsRightToLeftWithATaxpayerColumn() throws Exception {
        Path file =
                write(
                        dir.resolve("ar.xlsx"),
                        ExportFormat.XLSX,
                        ReportFixtures.labels(AppLanguage.ARABIC),
                        ReportFixtures.severalTaxpayers());
        try (ReadableWorkbook wb = new ReadableWorkbook(file.toFile())) {
            assertThat(wb.getSheets().map(Sheet::getName))
                    .containsExactly("الإشعارات", "محاولات التسليم", "عن هذا التصدير");
            List<List<String>> rows = rows(wb.getSheet(0).orElseThrow());
            assertThat(rows.get(0))
                    .startsWith("الممول", "تاريخ الإرسال (Africa/Cairo)", "النوع", "القناة")
                    .endsWith(
                            "رمز الحالة",
                            "تاريخ التحقق من الحالة (Africa/Cairo)",
                            "رقم تسجيل الممول");
            assertThat(rows.get(1).subList(0, 4))
                    .containsExactly(
                            "Nile Trading (204918573)",
                            rows.get(1).get(1),
                            "التحقق من صحة مستند",
                            "بريد إلكتروني");
            assertThat(rows.get(5).get(0)).isEqualTo("شركة الدلتا للتجارة (318220475)");
            assertThat(rows.get(5).get(rows.get(5).size() - 1)).isEqualTo(DELTA.value());
            List<List<String>> attempts = rows(wb.getSheet(1).orElseThrow());
            assertThat(attempts.get(0)).startsWith("الممول", "معرّف الإشعار");
            assertThat(attempts.get(attempts.size() - 1))
                    .startsWith("شركة الدلتا للتجارة (318220475)", "N-2026-000107");
            List<List<String>> about = rows(wb.getSheet(2).orElseThrow());
            assertThat(about)
                    .contains(
                            List.of("الممولون", "Nile Trading (204918573)"),
                            List.of("", "شركة الدلتا للتجارة (318220475)"),
                            List.of("الحالة", "فشل التسليم"),
                            List.of("البحث", "INV-2026"));
        }
        for (int s = 1; s <= 3; s++) {
            assertThat(part(file, "xl/worksheets/sheet" + s + ".xml"))
                    .as("sheet %d", s)
                    .contains("rightToLeft=\"true\"")
                    .doesNotContain("<f>", "<f ");
        }
    }

    @Test
    void archivedRowsOfSeveralTaxpayersEachNameTheirTaxpayer() throws Exception {
        List<Notification> all = ReportFixtures.notifications();
        List<ArchivedNotification> rows = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            rows.add(
                    new ArchivedNotification(i % 2 == 0 ? NILE : DELTA, all.get(i), "{}")
                            .checkedAt(i == 1 ? Instant.parse("2026-03-04T08:00:00Z") : null));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (NotificationSink sink =
                NotificationSink.report(
                                ExportFormat.CSV,
                                ReportFixtures.labels(AppLanguage.ENGLISH),
                                ReportFixtures.severalTaxpayers())
                        .open(out)) {
            sink.writeArchived(rows);
            sink.finish();
        }
        List<List<String>> csv = csvRows(out.toByteArray());
        assertThat(csv.get(0))
                .startsWith("Taxpayer", "Sent (Africa/Cairo)")
                .endsWith("Taxpayer RIN");
        assertThat(csv.subList(1, csv.size()).stream().map(r -> r.get(0)).toList())
                .containsExactly(
                        "Nile Trading (204918573)",
                        "شركة الدلتا للتجارة (318220475)",
                        "Nile Trading (204918573)",
                        "شركة الدلتا للتجارة (318220475)",
                        "Nile Trading (204918573)",
                        "شركة الدلتا للتجارة (318220475)",
                        "Nile Trading (204918573)");
        assertThat(csv.get(2).get(csv.get(2).size() - 1)).isEqualTo(DELTA.value());
        // when the archive last had each one's status from the service: empty when unknown
        int checked = csv.get(0).indexOf("Status checked (Africa/Cairo)");
        assertThat(checked).isEqualTo(csv.get(0).indexOf("Status code") + 1);
        assertThat(csv.get(2).get(checked)).isEqualTo("2026-03-04 10:00:00");
        assertThat(csv.get(1).get(checked)).isEmpty();
    }

    private static List<List<String>> csvRows(byte[] bytes) throws IOException {
        CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it =
                m.readerForListOf(String.class)
                        .readValues(
                                new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8))) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void csvForSpreadsheetsIsTheSameTableWithDatesInTheZoneAndNoFormula() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (NotificationSink sink =
                NotificationSink.report(
                                ExportFormat.CSV,
                                ReportFixtures.labels(AppLanguage.ENGLISH),
                                ReportFixtures.scope(NotificationQuery.ALL))
                        .open(out)) {
            sink.write(ReportFixtures.notifications());
            sink.finish();
        }
        byte[] bytes = out.toByteArray();
        assertThat(bytes).startsWith(0xEF, 0xBB, 0xBF);
        CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it =
                m.readerForListOf(String.class)
                        .readValues(
                                new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8))) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(8);
        assertThat(rows.get(0))
                .startsWith("Sent (Africa/Cairo)", "Type")
                .endsWith("Status code", "Status checked (Africa/Cairo)");
        assertThat(rows.get(1).subList(0, 3))
                .containsExactly("2026-03-01 10:15:30", "Document validated", "E-mail");
        assertThat(rows.get(3).get(8)).doesNotContain("{\"event\"").contains("internalId: ");
        assertThat(rows.get(6).get(8)).isEqualTo("'" + FORMULA);
        assertThat(rows.get(6).get(3))
                .as("spaces make it a formula to a spreadsheet")
                .isEqualTo("'+20 100 123 4567");
        assertThat(rows.get(4).get(3)).as("a plain number stays").isEqualTo("+201001234567");
    }

    @Test
    void theSpooledAttemptsLeaveNothingBehindWrittenOrAbandoned() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = spools(tmp);
        write(
                dir.resolve("done.xlsx"),
                ExportFormat.XLSX,
                ReportFixtures.labels(AppLanguage.ENGLISH),
                ReportFixtures.scope(NotificationQuery.ALL));
        try (NotificationSink sink =
                NotificationSink.report(
                                ExportFormat.XLSX,
                                ReportFixtures.labels(AppLanguage.ENGLISH),
                                ReportFixtures.scope(NotificationQuery.ALL))
                        .open(new ByteArrayOutputStream())) {
            sink.write(ReportFixtures.notifications());
            assertThat(spools(tmp)).hasSize(before.size() + 1);
            // abandoned (a failed or cancelled export): closed without finishing
        }
        assertThat(spools(tmp)).containsExactlyInAnyOrderElementsOf(before);
    }

    private static List<Path> spools(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("ishaar-export-")).toList();
        }
    }

    @Test
    void aMessageLongerThanACellHoldsIsCutAndAnEmptyExportHasItsHeaders() throws Exception {
        String huge = "x".repeat(40_000);
        Notification n =
                new Notification(
                        "N-1",
                        Instant.parse("2026-03-01T00:00:00Z"),
                        null,
                        "4",
                        null,
                        huge,
                        "push",
                        "d",
                        "en",
                        "pending",
                        List.of(new DeliveryAttempt(null, null, null)));
        Path file = dir.resolve("huge.xlsx");
        try (AtomicFileWriter f = AtomicFileWriter.open(file);
                NotificationSink sink =
                        NotificationSink.report(
                                        ExportFormat.XLSX,
                                        ReportFixtures.labels(AppLanguage.ENGLISH),
                                        ExportScope.of(null, null, Instant.EPOCH, CAIRO))
                                .open(f.stream())) {
            sink.write(List.of(n));
            sink.finish();
            f.commit();
        }
        try (ReadableWorkbook wb = new ReadableWorkbook(file.toFile())) {
            String cell = rows(wb.getSheet(0).orElseThrow()).get(1).get(8);
            assertThat(cell).hasSize(ReportColumns.MAX_CELL).endsWith("x…");
            assertThat(rows(wb.getSheet(1).orElseThrow())).hasSize(2);
        }

        Path empty = dir.resolve("empty.xlsx");
        try (AtomicFileWriter f = AtomicFileWriter.open(empty);
                NotificationSink sink =
                        NotificationSink.report(
                                        ExportFormat.XLSX,
                                        ReportFixtures.labels(AppLanguage.ARABIC),
                                        ReportFixtures.scope(NotificationQuery.ALL))
                                .open(f.stream())) {
            sink.finish();
            f.commit();
        }
        try (ReadableWorkbook wb = new ReadableWorkbook(empty.toFile())) {
            assertThat(rows(wb.getSheet(0).orElseThrow())).hasSize(1);
            assertThat(rows(wb.getSheet(1).orElseThrow())).hasSize(1);
            assertThat(rows(wb.getSheet(2).orElseThrow())).contains(List.of("عدد الإشعارات", "0"));
        }
    }
}
