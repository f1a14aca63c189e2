package app.ishaar.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as a PDF in both languages, read back as text by poppler's pdftotext (as a reader's
 * copy and paste would): the totals, the taxpayers' names (the Arabic one in logical order, that is
 * shaped and ordered for display yet extracted as typed), the reasons and the listed messages.
 */
class SummaryPdfTest {

    @TempDir Path tmp;

    static SummaryLabels labels(AppLanguage language) {
        return SummaryLabels.of(new I18n(language)::get, language.rightToLeft());
    }

    private Path pdf(AppLanguage language) throws Exception {
        return pdf(language, false);
    }

    /**
     * @param marked the newest failed delivery to handle and assigned to Karim, the newest
     *     rejection handled
     */
    private Path pdf(AppLanguage language, boolean marked) throws Exception {
        Path file =
                tmp.resolve(
                        "summary-"
                                + language.name().toLowerCase()
                                + (marked ? "-marked" : "")
                                + ".pdf");
        try (SqliteArchive a = SqliteArchive.temporary()) {
            SummaryFixture.fill(a);
            if (marked) {
                SummaryReport before = SummaryReport.read(a, SummaryFixture.week(), "");
                mark(a, before.failed().lines().get(0), new HandlingEdit(null, "Karim", null));
                mark(
                        a,
                        before.rejected().lines().get(0),
                        HandlingEdit.mark(Handling.State.HANDLED));
            }
            SummaryReport r = SummaryReport.read(a, SummaryFixture.week(), "Ishaar 0.1.0");
            try (OutputStream out = Files.newOutputStream(file)) {
                SummaryPdf.write(r, labels(language), out);
            }
        }
        // kept for looking at the pages: -Dsummary.pdf.dir=target/summary-pdf
        String keep = System.getProperty("summary.pdf.dir");
        if (keep != null) {
            Files.createDirectories(Path.of(keep));
            Files.copy(
                    file,
                    Path.of(keep).resolve(file.getFileName()),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    /** Marks the archived notification a listed line stands for (found by its time). */
    private static void mark(SqliteArchive a, SummaryReport.Line line, HandlingEdit edit)
            throws Exception {
        for (ArchivedNotification n :
                a.query(
                                new InboxQuery(
                                        SummaryFixture.SANDBOX,
                                        Set.of(line.taxpayer()),
                                        null,
                                        null,
                                        1,
                                        1000))
                        .items()) {
            if (n.notification().receivedDateTime().equals(line.received())) {
                a.handle(
                        SummaryFixture.SANDBOX,
                        List.of(HandlingTarget.of(n.taxpayer(), n.notificationId())),
                        edit);
                return;
            }
        }
        throw new AssertionError("not archived: " + line);
    }

    static String text(Path pdf) throws Exception {
        Process p =
                new ProcessBuilder("pdftotext", "-enc", "UTF-8", pdf.toString(), "-")
                        .redirectErrorStream(true)
                        .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        // the Arabic letters come out in the shapes drawn (presentation forms), the runs marked
        // with embeddings: the letters as typed, without the marks, are what a reader copies
        return java.text.Normalizer.normalize(
                        new String(out, StandardCharsets.UTF_8), java.text.Normalizer.Form.NFKC)
                .replaceAll("[\u202A-\u202E\u200E\u200F]", "");
    }

    static int pages(Path pdf) throws Exception {
        Process p = new ProcessBuilder("pdfinfo", pdf.toString()).redirectErrorStream(true).start();
        String info = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(info).containsPattern("Page size: +595\\.2\\d+ x 841\\.8\\d+ pts \\(A4\\)");
        return Integer.parseInt(info.replaceAll("(?s).*Pages:\\s+(\\d+).*", "$1"));
    }

    @Test
    void theEnglishReportHoldsTheTotalsTheNamesTheReasonsAndTheMessages() throws Exception {
        Path file = pdf(AppLanguage.ENGLISH);
        String text = text(file);
        assertThat(text).contains("Notifications summary", "Africa/Cairo", "Ishaar 0.1.0");
        assertThat(text).contains("All notifications", "Failed", "Rejections");
        assertThat(text.replaceAll("\\s+", " ")).contains("12 2 1 5 4").contains("2 4 1 3");
        assertThat(text).contains("Nile Trading", "204918573", SummaryFixture.DELTA_NAME);
        assertThat(text).contains(SummaryFixture.SMS_TIMEOUT, SummaryFixture.MAILBOX_FULL);
        // its first line wraps beside the Handling column
        assertThat(text).contains("Your invoice INV-1 was rejected by Suez Cement");
        assertThat(text).doesNotContain("Reason: Wrong invoice amount");
        assertThat(text).contains("Page 1 of " + pages(file));
    }

    @Test
    void theListsSayWhoIsDealingWithEachOne() throws Exception {
        String unmarked = text(pdf(AppLanguage.ENGLISH));
        assertThat(unmarked).contains("Handling").doesNotContain("To handle", "Handled");
        String text = text(pdf(AppLanguage.ENGLISH, true));
        assertThat(text).contains("To handle", "Assigned to Karim", "Handled");
        String arabic = text(pdf(AppLanguage.ARABIC, true));
        assertThat(arabic).contains("المعالجة", "للمعالجة", "تمت المعالجة", "Karim");
    }

    @Test
    void theArabicReportIsShapedYetReadsBackInLogicalOrder() throws Exception {
        Path file = pdf(AppLanguage.ARABIC);
        String text = text(file);
        assertThat(text).contains("ملخص الإشعارات", "كل الإشعارات", "أسباب فشل التسليم");
        assertThat(text).contains(SummaryFixture.DELTA_NAME);
        assertThat(text).contains("رفض فاتورتكم INV-6");
        assertThat(text).contains(SummaryFixture.SMS_TIMEOUT);
        pages(file);
    }
}
