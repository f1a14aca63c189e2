package app.ishaar.core.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import app.ishaar.core.model.NotificationQuery;
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
import java.util.List;
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
 * opens an English workbook (one taxpayer) and an Arabic one (two taxpayers) and converts each to
 * CSV (every sheet), to PDF and to flat OpenDocument XML; the assertions read those outputs:
 * headers in each language, readable messages, date cells, the attempts sheet, the direction of the
 * sheets, and no formula anywhere.
 *
 * <p>Three conversions in all (LibreOffice takes seconds to start), each of both files, with a
 * private LibreOffice profile. Needs {@code soffice} (Debian's {@code libreoffice-calc-nogui}) and
 * {@code pdftotext} ({@code poppler-utils}), which {@code .ci/run} installs: under CI ({@code
 * CI=true}) a missing one fails the test; elsewhere the test is skipped.
 *
 * <p>{@code -Dexport.screenshots=DIR} also writes the table of each PDF's first page as a PNG there
 * (the pictures in docs/export.md).
 */
class ReportInCalcTest {

    @TempDir static Path dir;

    private static Path en;
    private static Path ar;
    private static Path out;

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
        out = Files.createDirectories(dir.resolve("out"));
        // CSV: comma, double quote, UTF-8, cells as shown, formulas as formulas, every sheet to a
        // file of its own ("<name>-<sheet>.csv")
        soffice(
                soffice,
                "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,true,false,-1");
        soffice(soffice, "pdf");
        soffice(soffice, "fods");
        for (String name : List.of("report-en", "report-ar")) {
            run(
                    List.of(
                            pdftotext,
                            "-layout",
                            out.resolve(name + ".pdf").toString(),
                            out.resolve(name + ".txt").toString()));
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
                        ar.toString()));
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
        assertThat(rows.get(1).subList(0, 3))
                .containsExactly("2026-03-01 10:15:30", "Document validated", "E-mail");
        List<String> messages = rows.subList(1, rows.size()).stream().map(r -> r.get(8)).toList();
        assertThat(String.join("\n", messages)).doesNotContain("<html", "{\"event\"", "<p>");
        assertThat(messages.get(1)).startsWith("Dear Nile Trading,\nYour invoice INV-2026-0057");
        assertThat(messages.get(2))
                .startsWith("A document INV-2026-0061 was received from Misr Chemical Industries.");
        assertThat(messages.get(5))
                .as("a text that looks like a formula shows as text")
                .isEqualTo(ReportFixtures.FORMULA);

        List<List<String>> attempts = csv("report-en-Delivery attempts");
        assertThat(attempts.get(0))
                .containsExactly(
                        "Notification ID",
                        "Attempted (Africa/Cairo)",
                        "Status",
                        "Details",
                        "Status code");
        assertThat(attempts).hasSize(9);
        assertThat(attempts.get(4))
                .containsExactly(
                        "N-2026-000103",
                        "2026-03-03 16:05:40",
                        "Failed",
                        "ERP endpoint returned HTTP 503 Service Unavailable",
                        "error");
        assertThat(csv("report-en-About this export"))
                .contains(
                        List.of("Taxpayer", "Nile Trading (204918573)"),
                        List.of("Exported (Africa/Cairo)", "2026-03-15 12:00:00"),
                        List.of("Notifications", "7"),
                        List.of("Language", "Arabic"));

        String xml = fods("report-en");
        assertThat(xml).doesNotContain("table:formula=");
        assertThat(count(xml, "office:value-type=\"date\""))
                .as("date cells: sent, delivered, attempted, exported")
                .isEqualTo(7 + 4 + 8 + 1);
        assertThat(tableDirections(xml)).containsExactly("lr-tb", "lr-tb", "lr-tb");

        String pdf = pdfText("report-en");
        String row = line(pdf, "N-2026-000101");
        assertThat(row.indexOf("2026-03-01 10:15:30"))
                .as("left to right: the first column at the left, the codes at the right")
                .isLessThan(row.indexOf("Document validated"))
                .isLessThan(row.indexOf("delivered"));
        assertThat(pdf)
                .contains("Dear Nile Trading,", "Document validated")
                .doesNotContain("<html");
    }

    @Test
    void theArabicReportIsRightToLeftWithArabicHeadersAndATaxpayerColumn() throws Exception {
        List<List<String>> rows = csv("report-ar-الإشعارات");
        assertThat(rows.get(0))
                .startsWith("الممول", "تاريخ الإرسال (Africa/Cairo)", "النوع", "القناة", "العنوان")
                .endsWith(
                        "رمز الحالة", "تاريخ التحقق من الحالة (Africa/Cairo)", "رقم تسجيل الممول");
        assertThat(rows.get(1).subList(2, 4))
                .containsExactly("التحقق من صحة مستند", "بريد إلكتروني");
        assertThat(rows.get(1).get(0)).isEqualTo("Nile Trading (204918573)");
        assertThat(rows.get(7).get(0)).isEqualTo("شركة الدلتا للتجارة (318220475)");
        List<String> messages = rows.subList(1, rows.size()).stream().map(r -> r.get(9)).toList();
        assertThat(String.join("\n", messages)).doesNotContain("<html", "{\"event\"");
        assertThat(messages.get(0)).startsWith("السادة شركة النيل للتجارة،");

        List<List<String>> attempts = csv("report-ar-محاولات التسليم");
        assertThat(attempts.get(0))
                .containsExactly(
                        "الممول",
                        "معرّف الإشعار",
                        "وقت المحاولة (Africa/Cairo)",
                        "الحالة",
                        "التفاصيل",
                        "رمز الحالة",
                        "رقم تسجيل الممول");
        assertThat(attempts).hasSize(9);
        assertThat(csv("report-ar-عن هذا التصدير"))
                .contains(List.of("عدد الإشعارات", "7"), List.of("البحث", "INV-2026"));

        String xml = fods("report-ar");
        assertThat(xml).doesNotContain("table:formula=");
        assertThat(count(xml, "office:value-type=\"date\"")).isEqualTo(7 + 4 + 8 + 1);
        assertThat(tableDirections(xml)).containsExactly("rl-tb", "rl-tb", "rl-tb");

        // as printed: the first column (Taxpayer) at the right, the last ones (codes) at the left
        String pdf = pdfText("report-ar");
        String row = line(pdf, "N-2026-000101");
        assertThat(row.indexOf("delivered")).isLessThan(row.indexOf("Nile Trading (204918573)"));
        assertThat(row.strip()).endsWith("Nile Trading (204918573)");
        assertThat(pdf).contains("رمز الحالة", "رقم تسجيل الممول").doesNotContain("<html");
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
