package app.ishaar.core.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryFixture;
import app.ishaar.core.report.SummarySource;
import app.ishaar.ui.i18n.AppLanguage;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports as a person sees them in a real spreadsheet application: LibreOffice Calc, headless,
 * opens an English workbook (one taxpayer), an Arabic one (two taxpayers) and an Arabic one of an
 * archive's week given the week's summary, and converts each to CSV (every sheet), to PDF and to
 * flat OpenDocument XML; the assertions read those outputs: headers in each language and no code
 * columns, readable messages, date cells, the attempts sheet, the direction of the sheets, the
 * Notifications sheet printed one page wide at a readable size, the Summary sheet's numbers equal
 * to the report's, and no formula anywhere.
 *
 * <p>Three conversions in all (LibreOffice takes seconds to start), each of both files, with a
 * private LibreOffice profile. Needs {@code soffice} (Debian's {@code libreoffice-calc-nogui}) and
 * {@code pdftotext} ({@code poppler-utils}), and Carlito ({@code fonts-crosextra-carlito}), which
 * {@code .ci/run} installs: under CI ({@code CI=true}) a missing one fails the test; elsewhere the
 * test is skipped.
 *
 * <p>{@code -Dexport.screenshots=DIR} also writes the table of each PDF's first page as a PNG there
 * (the pictures in docs/export.md).
 */
class ReportInCalcTest {

    @TempDir static Path dir;

    private static Path en;
    private static Path ar;
    private static Path week;
    private static Path out;

    /** The week's summary as {@code ishaar report} reads it from the archive exported. */
    private static Summary weekSummary;

    @BeforeAll
    static void convert() throws Exception {
        String soffice = tool("soffice");
        String pdftotext = tool("pdftotext");
        en =
                ReportTest.write(
                        dir.resolve("report-en.xlsx"),
                        ExportFormat.XLSX,
                        ReportFixtures.labels(AppLanguage.ENGLISH),
                        ReportFixtures.scope(NotificationQuery.ALL.withLanguage("ar")));
        ar =
                ReportTest.write(
                        dir.resolve("report-ar.xlsx"),
                        ExportFormat.XLSX,
                        ReportFixtures.labels(AppLanguage.ARABIC),
                        ReportFixtures.severalTaxpayers());
        try (SqliteArchive archive = SqliteArchive.temporary()) {
            SummaryFixture.fill(archive);
            week =
                    ReportFixtures.weekWithSummary(
                            archive, dir.resolve("report-week.xlsx"), AppLanguage.ARABIC);
            weekSummary = SummarySource.of(archive, SummaryFixture.week());
        }
        out = Files.createDirectories(dir.resolve("out"));
        // CSV: comma, double quote, UTF-8, cells as shown, formulas as formulas, every sheet to a
        // file of its own ("<name>-<sheet>.csv")
        soffice(
                soffice,
                "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,true,false,-1");
        soffice(soffice, "pdf");
        soffice(soffice, "fods");
        for (String name : List.of("report-en", "report-ar", "report-week")) {
            run(
                    List.of(
                            pdftotext,
                            "-layout",
                            out.resolve(name + ".pdf").toString(),
                            out.resolve(name + ".txt").toString()));
            run(
                    List.of(
                            pdftotext,
                            "-bbox",
                            "-f",
                            "1",
                            "-l",
                            "1",
                            out.resolve(name + ".pdf").toString(),
                            out.resolve(name + "-words.html").toString()));
        }
        String shots = System.getProperty("export.screenshots");
        if (shots != null && !shots.isBlank()) {
            Path target = Files.createDirectories(Path.of(shots));
            for (String lang : List.of("en", "ar")) {
                run(
                        List.of(
                                tool("pdftoppm"),
                                "-png",
                                "-r",
                                "200",
                                "-f",
                                "1",
                                "-l",
                                "1",
                                "-singlefile",
                                out.resolve("report-" + lang + ".pdf").toString(),
                                target.resolve("export-pdf-" + lang).toString()));
                trim(target.resolve("export-pdf-" + lang + ".png"));
            }
        }
    }

    /** Crops a page's picture to what is printed on it, with a small margin. */
    private static void trim(Path png) throws IOException {
        BufferedImage page = ImageIO.read(png.toFile());
        int left = page.getWidth();
        int top = page.getHeight();
        int right = 0;
        int bottom = 0;
        for (int y = 0; y < page.getHeight(); y++) {
            for (int x = 0; x < page.getWidth(); x++) {
                if ((page.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    left = Math.min(left, x);
                    right = Math.max(right, x);
                    top = Math.min(top, y);
                    bottom = Math.max(bottom, y);
                }
            }
        }
        int m = 12;
        int x0 = Math.max(0, left - m);
        int y0 = Math.max(0, top - m);
        BufferedImage cropped =
                page.getSubimage(
                        x0,
                        y0,
                        Math.min(page.getWidth(), right + m) - x0,
                        Math.min(page.getHeight(), bottom + m) - y0);
        ImageIO.write(cropped, "png", png.toFile());
    }

    /** A tool's path; skipped where it is missing, except under CI, where that is a failure. */
    private static String tool(String name) {
        for (String d :
                System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        String why = name + " not found: install libreoffice-calc-nogui and poppler-utils";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(why + " (.ci/run installs them)");
        }
        Assumptions.abort(why);
        return null;
    }

    private static void soffice(String soffice, String format) throws Exception {
        run(
                List.of(
                        soffice,
                        "-env:UserInstallation=" + dir.resolve("profile").toUri(),
                        "--headless",
                        "--norestore",
                        "--convert-to",
                        format,
                        "--outdir",
                        out.toString(),
                        en.toString(),
                        ar.toString(),
                        week.toString()));
    }

    private static void run(List<String> command) throws Exception {
        Path log = dir.resolve("tool.log");
        Process p =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(command.get(0) + " did not finish: " + Files.readString(log));
        }
        assertThat(p.exitValue()).as(command + ": " + Files.readString(log)).isZero();
    }

    private List<List<String>> csv(String name) throws IOException {
        Path file = out.resolve(name + ".csv");
        assertThat(file).as("the sheet converted").exists();
        CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it =
                m.readerForListOf(String.class)
                        .readValues(Files.readString(file, StandardCharsets.UTF_8))) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    /** The PDF's text, laid out as on the page, without the direction marks pdftotext adds. */
    private String pdfText(String name) throws IOException {
        return Files.readString(out.resolve(name + ".txt"), StandardCharsets.UTF_8)
                .replaceAll("[\\u202A-\\u202E\\u200E\\u200F]", "");
    }

    private String fods(String name) throws IOException {
        return Files.readString(out.resolve(name + ".fods"), StandardCharsets.UTF_8);
    }

    @Test
    void theEnglishReportShowsEnglishHeadersReadableMessagesAndDates() throws Exception {
        List<List<String>> rows = csv("report-en-Notifications");
        assertThat(rows.get(0))
                .as("no column repeats another as a code")
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
        assertThat(rows.get(1).subList(0, 3))
                .containsExactly("2026-03-01 10:15:30", "Document validated", "E-mail");
        List<String> firstLines = rows.subList(1, rows.size()).stream().map(r -> r.get(7)).toList();
        List<String> messages = rows.subList(1, rows.size()).stream().map(r -> r.get(11)).toList();
        assertThat(String.join("\n", firstLines + "\n" + messages))
                .doesNotContain("<html", "{\"event\"", "<p>");
        assertThat(firstLines.get(1))
                .startsWith("Dear Nile Trading, Your invoice INV-2026-0057")
                .doesNotContain("\n");
        assertThat(messages.get(1)).startsWith("Dear Nile Trading,\nYour invoice INV-2026-0057");
        assertThat(messages.get(2))
                .startsWith("A document INV-2026-0061 was received from Misr Chemical Industries.");
        assertThat(firstLines.get(5))
                .as("a text that looks like a formula shows as text")
                .isEqualTo(ReportFixtures.FORMULA);

        List<List<String>> attempts = csv("report-en-Delivery attempts");
        assertThat(attempts.get(0))
                .containsExactly(
                        "Notification ID", "Attempted (Africa/Cairo)", "Status", "Details");
        assertThat(attempts).hasSize(9);
        assertThat(attempts.get(4))
                .containsExactly(
                        "N-2026-000103",
                        "2026-03-03 16:05:40",
                        "Failed",
                        "ERP endpoint returned HTTP 503 Service Unavailable");
        assertThat(csv("report-en-About this export"))
                .contains(
                        List.of("Taxpayer", "Nile Trading (204918573)"),
                        List.of("Exported (Africa/Cairo)", "2026-03-15 12:00:00"),
                        List.of("Notifications", "7"),
                        List.of("Language", "Arabic"),
                        List.of("Codes the service uses", ""),
                        List.of("Document validated", "7"),
                        List.of("E-mail", "email"),
                        List.of("Failed", "error"));

        String xml = fods("report-en");
        assertThat(xml).doesNotContain("table:formula=");
        assertThat(count(xml, "office:value-type=\"date\""))
                .as("date cells: sent, delivered, attempted, exported")
                .isEqualTo(7 + 4 + 8 + 1);
        assertThat(tableDirections(xml)).containsExactly("lr-tb", "lr-tb", "lr-tb");

        List<String> pages = pages("report-en");
        String row = line(pages.get(0), "N-2026-000101");
        assertThat(row.indexOf("2026-03-01 10:15:30"))
                .as("left to right: the first column at the left, the ID at the right")
                .isLessThan(row.indexOf("Document validated"))
                .isLessThan(row.indexOf("N-2026-000101"));
        assertThat(pages.get(0))
                .contains("Dear Nile Trading,", "Document validated")
                .doesNotContain("<html");
        assertPrintedToFit(pages, "report-en", 8.5);
    }

    /**
     * The Notifications sheet printed: landscape A4, every row on the first page with its first and
     * last printed columns (one page wide), the whole messages and the columns after the ID not
     * printed, the next sheet on the next page, and the text at least {@code points} high.
     */
    private void assertPrintedToFit(List<String> pages, String name, double points)
            throws Exception {
        String info = capture(List.of(tool("pdfinfo"), out.resolve(name + ".pdf").toString()));
        assertThat(info).containsPattern("Page size: +841\\.\\d+ x 595\\.\\d+ pts \\(A4\\)");
        Map<String, double[]> words = words(name);
        for (int i = 1; i <= 7; i++) {
            assertThat(words).as("on the first page").containsKey("N-2026-00010" + i);
        }
        assertThat(words).as("the first date column on the same page").containsKey("10:15:30");
        assertThat(pages.get(0))
                .doesNotContain(
                        "Whole message",
                        "Last note",
                        "Status checked",
                        "internalId",
                        "452 4.2.2 Mailbox full",
                        "Egyptian Tax Authority");
        assertThat(pages.get(1))
                .as("the attempts sheet starts the next page")
                .contains("452 4.2.2 Mailbox full");
        // pdftotext's box of a word is its font's height, 1.22 times its size for Carlito,
        // LibreOffice's stand-in for the workbook's Calibri (fonts-crosextra-carlito)
        double[] id = words.get("N-2026-000101");
        assertThat((id[3] - id[1]) / 1.22)
                .as("the printed text's size in points (4 before the columns were narrowed)")
                .isGreaterThanOrEqualTo(points);
    }

    /** The words of a PDF's first page and their boxes (xMin, yMin, xMax, yMax), the first each. */
    private Map<String, double[]> words(String name) throws IOException {
        Matcher m =
                Pattern.compile(
                                "<word xMin=\"([\\d.]+)\" yMin=\"([\\d.]+)\""
                                        + " xMax=\"([\\d.]+)\" yMax=\"([\\d.]+)\">([^<]*)</word>")
                        .matcher(
                                Files.readString(
                                        out.resolve(name + "-words.html"), StandardCharsets.UTF_8));
        Map<String, double[]> words = new HashMap<>();
        while (m.find()) {
            double[] box = new double[4];
            for (int i = 0; i < 4; i++) {
                box[i] = Double.parseDouble(m.group(i + 1));
            }
            words.putIfAbsent(m.group(5), box);
        }
        return words;
    }

    private List<String> pages(String name) throws IOException {
        return List.of(pdfText(name).split("\f"));
    }

    private static String capture(List<String> command) throws Exception {
        run(command);
        return Files.readString(dir.resolve("tool.log"), StandardCharsets.UTF_8);
    }

    @Test
    void theArabicReportIsRightToLeftWithArabicHeadersAndATaxpayerColumn() throws Exception {
        List<List<String>> rows = csv("report-ar-الإشعارات");
        assertThat(rows.get(0))
                .startsWith("الممول", "تاريخ الإرسال (Africa/Cairo)", "النوع", "القناة", "العنوان")
                .contains("اللغة", "تاريخ التحقق من الحالة (Africa/Cairo)", "نص الرسالة كاملًا")
                .endsWith(
                        "المعالجة",
                        "مُسند إلى",
                        "تاريخ تغيير المعالجة (Africa/Cairo)",
                        "غيّر المعالجة",
                        "آخر ملاحظة")
                .doesNotContain("رمز الحالة", "رمز النوع", "رمز القناة", "رمز اللغة")
                .doesNotContain("رقم تسجيل الممول");
        assertThat(rows.get(1).subList(2, 4))
                .containsExactly("التحقق من صحة مستند", "بريد إلكتروني");
        assertThat(rows.get(1).get(0)).isEqualTo("Nile Trading (204918573)");
        assertThat(rows.get(7).get(0)).isEqualTo("شركة الدلتا للتجارة (318220475)");
        List<String> messages = rows.subList(1, rows.size()).stream().map(r -> r.get(12)).toList();
        assertThat(String.join("\n", messages)).doesNotContain("<html", "{\"event\"");
        assertThat(messages.get(0)).startsWith("السادة شركة النيل للتجارة،\n");
        assertThat(rows.get(1).get(8)).startsWith("السادة شركة النيل للتجارة، تم التحقق");

        List<List<String>> attempts = csv("report-ar-محاولات التسليم");
        assertThat(attempts.get(0))
                .containsExactly(
                        "الممول",
                        "معرّف الإشعار",
                        "وقت المحاولة (Africa/Cairo)",
                        "الحالة",
                        "التفاصيل");
        assertThat(attempts).hasSize(9);
        assertThat(csv("report-ar-عن هذا التصدير"))
                .contains(
                        List.of("عدد الإشعارات", "7"),
                        List.of("البحث", "INV-2026"),
                        List.of("فشل التسليم", "error"));

        String xml = fods("report-ar");
        assertThat(xml).doesNotContain("table:formula=");
        assertThat(count(xml, "office:value-type=\"date\"")).isEqualTo(7 + 4 + 8 + 1);
        assertThat(tableDirections(xml)).containsExactly("rl-tb", "rl-tb", "rl-tb");

        // as printed: the first column (Taxpayer) at the right, the last printed (ID) at the left
        List<String> pages = pages("report-ar");
        Map<String, double[]> words = words("report-ar");
        assertThat(words.get("N-2026-000101")[0])
                .isLessThan(words.get("10:15:30")[0])
                .isLessThan(words.get("Nile")[0]);
        assertThat(pages.get(0)).contains("الممول").doesNotContain("<html");
        assertPrintedToFit(pages, "report-ar", 7.5);
    }

    @Test
    void theSummarySheetHoldsTheReportsTotalsForTheSameArchive() throws Exception {
        ReportLabels arabic = ReportFixtures.labels(AppLanguage.ARABIC);
        List<List<String>> summary = csv("report-week-الملخص");
        assertThat(summary.get(0).get(0)).isEqualTo("ملخص الإشعارات");
        ReportTest.assertSummarySheet(summary, weekSummary, arabic);
        assertThat(ReportTest.byName(summary).get("كل الإشعارات")).startsWith("كل الإشعارات", "12");
        assertThat(ReportTest.byName(summary).get(SummaryFixture.SMS_TIMEOUT))
                .startsWith(SummaryFixture.SMS_TIMEOUT, "3");
        assertThat(csv("report-week-الإشعارات")).hasSize(1 + 12);

        String xml = fods("report-week");
        assertThat(xml).doesNotContain("table:formula=");
        assertThat(tableDirections(xml)).containsExactly("rl-tb", "rl-tb", "rl-tb", "rl-tb");
        assertThat(pdfText("report-week")).contains("ملخص", "أسباب فشل التسليم");
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private static String line(String text, String containing) {
        return text.lines()
                .filter(l -> l.contains(containing))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line with " + containing + ":\n" + text));
    }

    /** The writing mode of each sheet (table) style, in the order the sheets use them. */
    private static List<String> tableDirections(String fods) {
        List<String> modes = new ArrayList<>();
        Matcher m =
                Pattern.compile(
                                "<style:style style:name=\"(ta\\d+)\" style:family=\"table\"[^>]*>"
                                        + "\\s*<style:table-properties[^>]*?style:writing-mode=\"([a-z-]+)\"")
                        .matcher(fods);
        while (m.find()) {
            modes.add(m.group(2));
        }
        return modes;
    }
}
