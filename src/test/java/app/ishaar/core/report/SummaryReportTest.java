package app.ishaar.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.sqlite.SqliteArchive;
import org.junit.jupiter.api.Test;

class SummaryReportTest {

    @Test
    void aListedMessageIsItsFirstLineAfterItsGreetingAndNoLonger() {
        assertThat(
                        SummaryReport.firstLine(
                                "<html><body><p>Dear Nile Trading,</p><p>Your invoice INV-1 was"
                                        + " rejected.</p><p>Regards,<br/>ETA</p></body></html>"))
                .isEqualTo("Dear Nile Trading, Your invoice INV-1 was rejected.");
        assertThat(SummaryReport.firstLine("السادة شركة النيل،\nتم رفض الفاتورة INV-2\nمع التحية"))
                .isEqualTo("السادة شركة النيل، تم رفض الفاتورة INV-2");
        assertThat(SummaryReport.firstLine("x".repeat(300)))
                .hasSize(SummaryReport.FIRST_LINE)
                .endsWith("…");
        assertThat(SummaryReport.firstLine(null)).isEmpty();
    }

    @Test
    void theFailedAndTheRejectedOfThePeriodAreListedNewestFirstWithTheirReason() throws Exception {
        try (SqliteArchive a = SqliteArchive.temporary()) {
            SummaryFixture.fill(a);
            SummaryReport r = SummaryReport.read(a, SummaryFixture.week(), "Ishaar test");
            assertThat(r.failed().total()).isEqualTo(4);
            assertThat(r.failed().lines())
                    .extracting(SummaryReport.Line::reason)
                    .containsExactly(
                            SummaryFixture.SMS_TIMEOUT,
                            SummaryFixture.SMS_TIMEOUT,
                            SummaryFixture.SMS_TIMEOUT,
                            SummaryFixture.MAILBOX_FULL);
            assertThat(r.rejected().lines())
                    .extracting(SummaryReport.Line::firstLine)
                    .containsExactly(
                            "رفض فاتورتكم INV-7",
                            "رفض فاتورتكم INV-6",
                            "Your invoice INV-1 was rejected by Suez Cement Co.");
            assertThat(r.failed().lines())
                    .extracting(SummaryReport.Line::handling)
                    .as("no one has marked them")
                    .containsOnlyNulls();
        }
    }
}
