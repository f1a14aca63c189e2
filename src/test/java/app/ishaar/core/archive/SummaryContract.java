package app.ishaar.core.archive;

import static app.ishaar.core.report.SummaryFixture.DELTA;
import static app.ishaar.core.report.SummaryFixture.DELTA_NAME;
import static app.ishaar.core.report.SummaryFixture.GIZA;
import static app.ishaar.core.report.SummaryFixture.MAILBOX_FULL;
import static app.ishaar.core.report.SummaryFixture.NILE;
import static app.ishaar.core.report.SummaryFixture.NILE_NAME;
import static app.ishaar.core.report.SummaryFixture.SMS_TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryFixture;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.report.SummarySource;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A period summed up by the archive itself, over {@link SummaryFixture} whose counts are known. Run
 * once per kind of archive by a subclass that says how to make one.
 */
public abstract class SummaryContract {

    /** A new, empty archive for this test. */
    protected abstract Archive newArchive() throws Exception;

    @Test
    void totalsCountTheWeekInCairoByStatusAndType() throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            Summary.Totals t = SummarySource.of(a, SummaryFixture.week()).totals();
            assertThat(t.all()).isEqualTo(12);
            assertThat(t.status(Status.DELIVERED)).isEqualTo(5);
            assertThat(t.status(Status.ERROR)).isEqualTo(4);
            assertThat(t.status(Status.PENDING)).isEqualTo(2);
            assertThat(t.status(Status.BATCHED)).isEqualTo(1);
            assertThat(List.of(t.rejected(), t.validated(), t.cancelled(), t.received()))
                    .containsExactly(3L, 4L, 1L, 2L);
            assertThat(t.pendingTooLong()).isEqualTo(2);
        }
    }

    @Test
    void taxpayersComeMostFailedFirstWithTheirNames() throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            assertThat(SummarySource.of(a, SummaryFixture.week()).byTaxpayer())
                    .containsExactly(
                            new Summary.TaxpayerCounts(NILE, NILE_NAME, 5, 2, 1, 1),
                            new Summary.TaxpayerCounts(DELTA, DELTA_NAME, 4, 1, 2, 1),
                            new Summary.TaxpayerCounts(GIZA, null, 3, 1, 0, 0));
        }
    }

    @Test
    void reasonsCountEachFailedDeliveryOnceCommonestFirst() throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            assertThat(SummarySource.of(a, SummaryFixture.week()).reasons())
                    .containsExactly(
                            new Summary.Reason(SMS_TIMEOUT, 3),
                            new Summary.Reason(MAILBOX_FULL, 1));
        }
    }

    @Test
    void eachCairoDayCountsItsOwnNotificationsByStatus() throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            List<Summary.Count> days = SummarySource.of(a, SummaryFixture.week()).counts();
            assertThat(days)
                    .extracting(Summary.Count::start)
                    .containsExactly(
                            LocalDate.of(2026, 3, 2),
                            LocalDate.of(2026, 3, 3),
                            LocalDate.of(2026, 3, 4),
                            LocalDate.of(2026, 3, 5),
                            LocalDate.of(2026, 3, 6),
                            LocalDate.of(2026, 3, 7),
                            LocalDate.of(2026, 3, 8));
            assertThat(days)
                    .extracting(Summary.Count::all)
                    .containsExactly(3L, 1L, 3L, 2L, 1L, 1L, 1L);
            assertThat(days.get(0).status(Status.BATCHED)).isEqualTo(1);
            assertThat(days.get(0).status(Status.ERROR)).isEqualTo(1);
            assertThat(days.get(6).status(Status.PENDING)).isEqualTo(1);
        }
    }

    @Test
    void aSetOfTaxpayersCountsOnlyTheirs() throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            Summary s = SummarySource.of(a, SummaryFixture.week(Set.of(NILE, DELTA)));
            assertThat(s.totals().all()).isEqualTo(9);
            assertThat(s.byTaxpayer())
                    .extracting(Summary.TaxpayerCounts::rin)
                    .containsExactly(NILE, DELTA);
            assertThat(s.reasons())
                    .containsExactly(
                            new Summary.Reason(SMS_TIMEOUT, 2),
                            new Summary.Reason(MAILBOX_FULL, 1));
        }
    }

    @Test
    void anotherServiceOrPeriodCountsNothingOfThis() throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            Summary prod =
                    SummarySource.of(
                            a,
                            new SummaryQuery(
                                    SummaryFixture.PROD,
                                    Set.of(),
                                    SummaryFixture.FROM,
                                    SummaryFixture.TO,
                                    SummaryFixture.CAIRO,
                                    SummaryFixture.NOW));
            assertThat(prod.totals().all()).isEqualTo(1);
            assertThat(prod.reasons()).containsExactly(new Summary.Reason(SMS_TIMEOUT, 1));
            Summary none =
                    SummarySource.of(
                            a,
                            new SummaryQuery(
                                    new ServiceKey("https://elsewhere.example"),
                                    Set.of(),
                                    SummaryFixture.FROM,
                                    SummaryFixture.TO,
                                    SummaryFixture.CAIRO,
                                    SummaryFixture.NOW));
            assertThat(none.totals().all()).isZero();
            assertThat(none.byTaxpayer()).isEmpty();
            Summary later =
                    SummarySource.of(
                            a,
                            new SummaryQuery(
                                    SummaryFixture.SANDBOX,
                                    Set.of(),
                                    LocalDate.of(2026, 4, 1)
                                            .atStartOfDay(SummaryFixture.CAIRO)
                                            .toInstant(),
                                    LocalDate.of(2026, 5, 1)
                                            .atStartOfDay(SummaryFixture.CAIRO)
                                            .toInstant(),
                                    SummaryFixture.CAIRO,
                                    SummaryFixture.NOW));
            assertThat(later.totals().all()).isZero();
            assertThat(later.counts()).hasSize(30).allSatisfy(c -> assertThat(c.all()).isZero());
        }
    }

    @Test
    void aStatusFilterOfSeveralStatusesReadsTheRowsStillPendingOrBatchedTheSummaryCounts()
            throws Exception {
        try (Archive a = newArchive()) {
            SummaryFixture.fill(a);
            SummaryQuery week = SummaryFixture.week();
            app.ishaar.core.model.NotificationQuery late =
                    app.ishaar.core.model.NotificationQuery.ALL
                            .withDates(week.from(), week.pendingBefore().minusNanos(1))
                            .withStatus("pending, batched");
            InboxPage page = a.query(new InboxQuery(week.service(), Set.of(), late, null, 1, 50));
            assertThat(page.totalCount())
                    .isEqualTo(SummarySource.of(a, week).totals().pendingTooLong());
            assertThat(page.items())
                    .extracting(n -> n.notification().notificationId())
                    .containsExactlyInAnyOrder("N5", "D6");
            // the count without dates reads the tallies: the same statuses
            assertThat(
                            a.query(
                                            new InboxQuery(
                                                    week.service(),
                                                    Set.of(DELTA),
                                                    app.ishaar.core.model.NotificationQuery.ALL
                                                            .withStatus("batched,error"),
                                                    null,
                                                    1,
                                                    50))
                                    .totalCount())
                    .as("D1, D4, D5 failed; D6 batched")
                    .isEqualTo(4);
        }
    }
}
