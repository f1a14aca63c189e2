package app.ishaar.core.export;

import static app.ishaar.core.export.ReportFixtures.CAIRO;
import static app.ishaar.core.export.ReportFixtures.DELTA;
import static app.ishaar.core.export.ReportFixtures.FORMULA;
import static app.ishaar.core.export.ReportFixtures.NILE;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryFixture;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.report.SummaryReport;
import app.ishaar.core.report.SummarySource;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    void anEnglishWorkbookReadsLikeTheUiWithoutCodeColumnsTheWholeMessageLast() throws Exception {
        Path file =
                write(
                        dir.resolve("en.xlsx"),
                        ExportFormat.XLSX,
                        ReportFixtures.labels(AppLanguage.ENGLISH),
                        ReportFixtures.scope(NotificationQuery.ALL.withType("7")));
        try (ReadableWorkbook wb = new ReadableWorkbook(file.toFile())) {
            assertThat(wb.getSheets().map(Sheet::getName))
                    .as("no summary given: no Summary sheet")
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
                            "Status",
                            "Delivered (Africa/Cairo)",
                            "Attempts",
                            "Message (first line)",
                            "Notification ID",
                            "Language",
                            "Status checked (Africa/Cairo)",
                            "Whole message",
                            "Handling",
                            "Assigned to",
                            "Handling changed (Africa/Cairo)",
                            "Handling changed by",
                            "Last note");
            assertThat(rows).hasSize(8);
            assertThat(rows.get(1).subList(1, 5))
                    .containsExactly(
                            "Document validated",
                            "E-mail",
                            "accounts@nile-trading.example",
                            "Delivered");
            assertThat(rows.get(1).subList(8, 10)).containsExactly("N-2026-000101", "Arabic");
            // dates are date cells, in the user's zone (Cairo is two hours ahead in March)
            assertThat(raw.get(1).getCellAsDate(0))
                    .contains(LocalDateTime.parse("2026-03-01T10:15:30.123"));
            assertThat(raw.get(1).getCell(0).getType()).isEqualTo(CellType.NUMBER);
            assertThat(raw.get(3).getCellAsDate(5)).as("not delivered: no date").isEmpty();
            assertThat(raw.get(1).getCellAsNumber(6).orElseThrow().intValue()).isEqualTo(2);
            // the message's first line (after a greeting, the line that says what happened);
            // its whole text, as the detail pane reads it, in the last column
            assertThat(rows.get(1).get(7))
                    .isEqualTo(
                            "السادة شركة النيل للتجارة، تم التحقق من صحة المستند INV-2026-0042 بنجاح.");
            assertThat(rows.get(2).get(7))
                    .isEqualTo(SummaryReport.firstLine(ReportFixtures.ENGLISH_EMAIL))
                    .startsWith("Dear Nile Trading, Your invoice INV-2026-0057")
                    .doesNotContain("\n");
            assertThat(rows.get(1).get(11))
                    .startsWith("السادة شركة النيل للتجارة،\nتم التحقق من صحة المستند")
                    .doesNotContain("<", "color:red");
            assertThat(rows.get(3).get(11))
                    .startsWith(
                            "A document INV-2026-0061 was received from Misr Chemical Industries.\n")
                    .contains("\ninternalId: INV-2026-0061\n")
                    .doesNotContain("{", "\"");
            // a type and a status this client does not know: as the service sent them
            assertThat(rows.get(6).subList(1, 5))
                    .containsExactly("Tax Audit Scheduled", "SMS", "+20 100 123 4567", "queued");
            // a text that looks like a formula is a text cell, never run
            assertThat(raw.get(6).getCell(7).getType()).isEqualTo(CellType.STRING);
            assertThat(rows.get(6).get(7)).isEqualTo(FORMULA);
            assertThat(rows.get(6).get(11)).isEqualTo(FORMULA);

            List<List<String>> attempts = rows(wb.getSheet(1).orElseThrow());
            assertThat(attempts.get(0))
                    .containsExactly(
                            "Notification ID", "Attempted (Africa/Cairo)", "Status", "Details");
            assertThat(attempts).hasSize(9);
            assertThat(attempts.get(1))
                    .containsExactly(
                            "N-2026-000101",
                            attempts.get(1).get(1),
                            "Failed",
                            "452 4.2.2 Mailbox full");
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
            // the codes' legend: each name and the service's code, the known values and those met
            List<List<String>> legend =
                    about.subList(about.indexOf(List.of("Codes the service uses")), about.size());
            assertThat(legend)
                    .containsSubsequence(
                            List.of("Type"),
                            List.of("Document validated", "7"),
                            List.of("Tax Audit Scheduled", "12"),
                            List.of("Channel"),
                            List.of("E-mail", "email"),
                            List.of("Language"),
                            List.of("Arabic", "ar"),
                            List.of("Status"),
                            List.of("Failed", "error"),
                            List.of("queued", "queued"),
                            List.of("-cmd|' /C calc'!A0", "-cmd|' /C calc'!A0"));
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
                .contains("state=\"frozen\"", "ySplit=\"1\"", "<autoFilter ref=\"A1:Q8\"")
                .doesNotContain("rightToLeft", "<f>", "<f ");
        assertThat(attempts)
                .contains("state=\"frozen\"", "<autoFilter ref=\"A1:D9\"")
                .doesNotContain("<f>", "<f ");
        // printed: A4 landscape, one page wide, the header on each page, the columns up to the
        // Notification ID (not the language, the status check and the whole message)
        assertThat(notes)
                .contains(
                        "paperSize=\"9\"",
                        "fitToWidth=\"1\"",
                        "fitToHeight=\"0\"",
                        "orientation=\"landscape\"",
                        "<pageSetUpPr fitToPage=\"true\"");
        assertThat(part(file, "xl/workbook.xml"))
                .contains(
                        "name=\"_xlnm.Print_Area\" vbProcedure=\"false\">'Notifications'!$A$1:$I$8<",
                        "name=\"_xlnm.Print_Titles\" vbProcedure=\"false\">'Notifications'!$1:$1<");
        // the first line wraps in a narrow column, the whole message does not wrap
        assertThat(notes).contains("<col min=\"8\" max=\"8\" width=\"38.0\"");
        assertThat(notes).contains("<col min=\"12\" max=\"12\" width=\"82.0\"");
        assertThat(notes).containsPattern("<row r=\"3\"[^>]* ht=\"60.0\"");
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
                    .contains("اللغة", "تاريخ التحقق من الحالة (Africa/Cairo)", "نص الرسالة كاملًا")
                    .endsWith(
                            "المعالجة",
                            "مُسند إلى",
                            "تاريخ تغيير المعالجة (Africa/Cairo)",
                            "غيّر المعالجة",
                            "آخر ملاحظة")
                    .doesNotContain("رمز الحالة", "رمز النوع", "رقم تسجيل الممول");
            assertThat(rows.get(1).subList(0, 4))
                    .containsExactly(
                            "Nile Trading (204918573)",
                            rows.get(1).get(1),
                            "التحقق من صحة مستند",
                            "بريد إلكتروني");
            assertThat(rows.get(5).get(0)).isEqualTo("شركة الدلتا للتجارة (318220475)");
            List<List<String>> attempts = rows(wb.getSheet(1).orElseThrow());
            assertThat(attempts.get(0))
                    .containsExactly(
                            "الممول",
                            "معرّف الإشعار",
                            "وقت المحاولة (Africa/Cairo)",
                            "الحالة",
                            "التفاصيل");
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

    /** The rows of a sheet by their first cell (the first of each name). */
    static Map<String, List<String>> byName(List<List<String>> rows) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (List<String> r : rows) {
            if (!r.isEmpty()) {
                m.putIfAbsent(r.get(0), r);
            }
        }
        return m;
    }

    /** The counts of a Summary sheet's row, as numbers. */
    static List<Long> counts(List<String> row) {
        return row.subList(1, row.size()).stream()
                .filter(c -> !c.isEmpty())
                .map(Long::valueOf)
                .toList();
    }

    /**
     * Asserts that a Summary sheet's rows (as a spreadsheet shows them) hold the summary's numbers:
     * the totals, each taxpayer's counts, the reasons and the days.
     */
    static void assertSummarySheet(
            List<List<String>> sheet, Summary expected, ReportLabels labels) {
        Map<String, List<String>> rows = byName(sheet);
        Summary.Totals t = expected.totals();
        assertThat(counts(rows.get(labels.text("summary.all")))).containsExactly(t.all());
        for (Map.Entry<String, Long> e : t.byStatus().entrySet()) {
            assertThat(counts(rows.get(labels.status(e.getKey()))))
                    .as(e.getKey())
                    .containsExactly(e.getValue());
        }
        assertThat(counts(rows.get(labels.text("summary.received")))).containsExactly(t.received());
        assertThat(counts(rows.get(labels.text("summary.validated"))))
                .containsExactly(t.validated());
        assertThat(counts(rows.get(labels.text("summary.cancelled"))))
                .containsExactly(t.cancelled());
        assertThat(counts(rows.get(labels.text("summary.rejected"))))
                .as("the total's row comes before the table's header")
                .containsExactly(t.rejected());
        assertThat(counts(rows.get(labels.text("summary.pendingTooLong"))))
                .containsExactly(t.pendingTooLong());
        for (Summary.TaxpayerCounts c : expected.byTaxpayer()) {
            assertThat(counts(rows.get(new ExportScope.Taxpayer(c.rin(), c.name()).label())))
                    .containsExactly(c.failed(), c.rejected(), c.pendingTooLong(), c.all());
        }
        for (Summary.Reason r : expected.reasons()) {
            assertThat(counts(rows.get(r.reason()))).containsExactly(r.count());
        }
        for (Summary.Count c : expected.counts()) {
            assertThat(counts(rows.get(c.start().toString())).get(0))
                    .as("day %s", c.start())
                    .isEqualTo(c.all());
        }
    }

    @Test
    void aWorkbookGivenThePeriodsSummaryHasASummarySheetWithTheReportsNumbers() throws Exception {
        try (SqliteArchive a = SqliteArchive.temporary()) {
            SummaryFixture.fill(a);
            Path file =
                    ReportFixtures.weekWithSummary(
                            a, dir.resolve("week.xlsx"), AppLanguage.ENGLISH);
            Summary report = SummarySource.of(a, SummaryFixture.week());
            assertThat(report.totals().all()).as("the fixture's week").isEqualTo(12);
            try (ReadableWorkbook wb = new ReadableWorkbook(file.toFile())) {
                assertThat(wb.getSheets().map(Sheet::getName))
                        .containsExactly(
                                "Notifications",
                                "Delivery attempts",
                                "Summary",
                                "About this export");
                assertThat(rows(wb.getSheet(0).orElseThrow())).hasSize(1 + 12);
                List<List<String>> summary = rows(wb.getSheet(2).orElseThrow());
                assertThat(summary.get(0)).containsExactly("Notifications summary");
                assertThat(byName(summary).get("Period"))
                        .containsExactly(
                                "Period", "2026-03-02 00:00 – 2026-03-09 00:00 (Africa/Cairo)");
                assertSummarySheet(summary, report, ReportFixtures.labels(AppLanguage.ENGLISH));
                assertThat(byName(summary).get(SummaryFixture.SMS_TIMEOUT))
                        .containsExactly(SummaryFixture.SMS_TIMEOUT, "3");
                assertThat(byName(summary).get("Nile Trading (204918573)"))
                        .containsExactly("Nile Trading (204918573)", "2", "1", "1", "5");
            }
            assertThat(part(file, "xl/worksheets/sheet3.xml"))
                    .contains("orientation=\"portrait\"", "fitToWidth=\"1\"")
                    .doesNotContain("<f>", "<f ");
        }
    }

    @Test
    void anExportedRowOfAMarkedNotedNotificationCarriesItsHandlingAndItsLastNote()
            throws Exception {
        try (SqliteArchive a = SqliteArchive.temporary()) {
            SummaryFixture.fill(a);
            SummaryQuery week = SummaryFixture.week();
            ArchivedNotification first =
                    a.query(
                                    new InboxQuery(
                                            SummaryFixture.SANDBOX,
                                            Set.of(),
                                            NotificationQuery.ALL.withDates(
                                                    week.from(), week.to().minusNanos(1)),
                                            null,
                                            1,
                                            1))
                            .items()
                            .get(0);
            List<HandlingTarget> one =
                    List.of(HandlingTarget.of(first.taxpayer(), first.notificationId()));
            a.handle(SummaryFixture.SANDBOX, one, new HandlingEdit(null, "karim", "called them"));
            a.handle(SummaryFixture.SANDBOX, one, new HandlingEdit(null, null, "resent Monday"));
            a.handle(SummaryFixture.SANDBOX, one, HandlingEdit.mark(Handling.State.HANDLED));
            String me = a.person();

            Path xlsx =
                    ReportFixtures.weekWithSummary(
                            a, dir.resolve("week.xlsx"), AppLanguage.ENGLISH);
            List<List<String>> sheet;
            try (ReadableWorkbook wb = new ReadableWorkbook(xlsx.toFile())) {
                sheet = rows(wb.getSheet(0).orElseThrow());
            }
            Path csvFile = dir.resolve("all.csv");
            ArchiveExport.export(
                            a,
                            new InboxQuery(SummaryFixture.SANDBOX, Set.of(), null, null, 1, 1000),
                            NotificationSink.report(
                                    ExportFormat.CSV,
                                    ReportFixtures.labels(AppLanguage.ENGLISH),
                                    ReportFixtures.severalTaxpayers()),
                            csvFile,
                            Runnable::run,
                            null)
                    .get();
            List<List<String>> csv = csvRows(Files.readAllBytes(csvFile));
            for (List<List<String>> table : List.of(sheet, csv)) {
                Map<String, String> marked = row(table, first.notificationId());
                assertThat(marked)
                        .containsEntry("Handling", "Handled")
                        .containsEntry("Assigned to", "karim")
                        .containsEntry("Handling changed by", me)
                        .containsEntry("Last note", "resent Monday");
                assertThat(marked.get("Handling changed (Africa/Cairo)")).isNotBlank();
                int id = table.get(0).indexOf("Notification ID");
                int note = table.get(0).indexOf("Last note");
                assertThat(table.subList(1, table.size()))
                        .as("no other was noted")
                        .filteredOn(r -> !r.get(id).equals(first.notificationId()))
                        .hasSizeGreaterThan(1)
                        .allMatch(r -> note >= r.size() || r.get(note).isEmpty());
            }
        }
    }

    /** A table's row by its notification ID, each cell by its header. */
    private static Map<String, String> row(List<List<String>> table, String notificationId) {
        List<String> headers = table.get(0);
        int id = headers.indexOf("Notification ID");
        for (List<String> r : table.subList(1, table.size())) {
            if (id < r.size() && r.get(id).equals(notificationId)) {
                Map<String, String> cells = new LinkedHashMap<>();
                for (int c = 0; c < r.size() && c < headers.size(); c++) {
                    cells.put(headers.get(c), r.get(c));
                }
                return cells;
            }
        }
        throw new AssertionError("no row for " + notificationId);
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
                .endsWith(
                        "Taxpayer RIN",
                        "Handling",
                        "Assigned to",
                        "Handling changed (Africa/Cairo)",
                        "Handling changed by",
                        "Last note");
        assertThat(csv.subList(1, csv.size()).stream().map(r -> r.get(0)).toList())
                .containsExactly(
                        "Nile Trading (204918573)",
                        "شركة الدلتا للتجارة (318220475)",
                        "Nile Trading (204918573)",
                        "شركة الدلتا للتجارة (318220475)",
                        "Nile Trading (204918573)",
                        "شركة الدلتا للتجارة (318220475)",
                        "Nile Trading (204918573)");
        assertThat(csv.get(2).get(csv.get(0).indexOf("Taxpayer RIN"))).isEqualTo(DELTA.value());
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
                .endsWith(
                        "Status code",
                        "Status checked (Africa/Cairo)",
                        "Handling",
                        "Assigned to",
                        "Handling changed (Africa/Cairo)",
                        "Handling changed by",
                        "Last note");
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
            List<String> row = rows(wb.getSheet(0).orElseThrow()).get(1);
            assertThat(row.get(11))
                    .as("the whole message")
                    .hasSize(ReportColumns.MAX_CELL)
                    .endsWith("x…");
            assertThat(row.get(7)).as("its first line").hasSize(120).endsWith("x…");
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
