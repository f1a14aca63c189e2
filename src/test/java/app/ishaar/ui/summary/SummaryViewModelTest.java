package app.ishaar.ui.summary;

import static app.ishaar.core.report.SummaryFixture.CAIRO;
import static app.ishaar.core.report.SummaryFixture.DELTA;
import static app.ishaar.core.report.SummaryFixture.GIZA;
import static app.ishaar.core.report.SummaryFixture.MAILBOX_FULL;
import static app.ishaar.core.report.SummaryFixture.NILE;
import static app.ishaar.core.report.SummaryFixture.SMS_TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryFixture;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.ArchivePages;
import app.ishaar.ui.notifications.ExportViewModel;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.notifications.Scope;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary beside the notification screen over an archive whose counts are known ({@link
 * SummaryFixture}: the week of Monday 2 March 2026 in Cairo, seen on the next Monday), without the
 * FX toolkit: the archive is read and answers delivered on the calling thread. Each count's link
 * opens the screen's table on exactly the rows it counted.
 */
class SummaryViewModelTest {

    private static final Executor NOW = Runnable::run;
    private static final Clock MONDAY_AFTER = Clock.fixed(SummaryFixture.NOW, CAIRO);

    private SqliteArchive archive;
    private HistoryViewModel screen;
    private SummaryViewModel summary;

    @BeforeEach
    void open() throws Exception {
        archive = SqliteArchive.temporary();
        SummaryFixture.fill(archive);
        I18n i18n = new I18n(AppLanguage.ENGLISH);
        i18n.zoneProperty().set(CAIRO);
        screen =
                new HistoryViewModel(
                        i18n,
                        NOW,
                        null,
                        p -> {},
                        MONDAY_AFTER,
                        FileOpener.NONE,
                        d -> new CompletableFuture<>(), // a search is read with the page only
                        Duration.ofMillis(250));
        screen.scope(
                Scope.all(
                        List.of(
                                ListedTaxpayer.represented(NILE, SummaryFixture.NILE_NAME),
                                ListedTaxpayer.represented(DELTA, SummaryFixture.DELTA_NAME),
                                ListedTaxpayer.represented(GIZA, ""))));
        screen.readFrom(new ArchivePages(archive, SummaryFixture.SANDBOX, NOW));
        summary = new SummaryViewModel(screen, MONDAY_AFTER, NOW);
        summary.periodProperty().set(SummaryViewModel.Period.LAST_WEEK);
    }

    @AfterEach
    void close() throws Exception {
        archive.close();
    }

    private Summary shown() {
        screen.layout().summaryShownProperty().set(true);
        return summary.summaryProperty().get();
    }

    private long tableCount() {
        return screen.pager().totalCountProperty().get();
    }

    @Test
    void lastWeekIsSummedUpAsCountedByHandOnceTheSummaryShows() {
        assertThat(summary.summaryProperty().get()).as("not read while the table shows").isNull();

        Summary s = shown();

        assertThat(s.query().from()).isEqualTo(SummaryFixture.FROM);
        assertThat(s.query().to()).isEqualTo(SummaryFixture.TO);
        Summary.Totals t = s.totals();
        assertThat(t.all()).isEqualTo(12);
        assertThat(t.status(Status.DELIVERED)).isEqualTo(5);
        assertThat(t.status(Status.ERROR)).isEqualTo(4);
        assertThat(t.status(Status.PENDING)).isEqualTo(2);
        assertThat(t.status(Status.BATCHED)).isEqualTo(1);
        assertThat(List.of(t.rejected(), t.validated(), t.cancelled(), t.received()))
                .containsExactly(3L, 4L, 1L, 2L);
        assertThat(t.pendingTooLong()).isEqualTo(2);
        assertThat(s.byTaxpayer())
                .extracting(Summary.TaxpayerCounts::rin)
                .as("most failed first, then most rejected")
                .containsExactly(NILE, DELTA, GIZA);
        assertThat(s.reasons())
                .containsExactly(
                        new Summary.Reason(SMS_TIMEOUT, 3), new Summary.Reason(MAILBOX_FULL, 1));
        assertThat(s.counts())
                .extracting(Summary.Count::all)
                .containsExactly(3L, 1L, 3L, 2L, 1L, 1L, 1L);
    }

    /** Marks the first {@code n} notifications of the taxpayer with this state. */
    private void mark(
            app.ishaar.core.model.Rin taxpayer, int n, app.ishaar.core.archive.Handling.State state)
            throws Exception {
        var items =
                archive.query(
                                new app.ishaar.core.archive.InboxQuery(
                                        SummaryFixture.SANDBOX,
                                        java.util.Set.of(taxpayer),
                                        null,
                                        null,
                                        1,
                                        n))
                        .items();
        archive.handle(
                SummaryFixture.SANDBOX,
                items.stream()
                        .map(
                                a ->
                                        app.ishaar.core.archive.HandlingTarget.of(
                                                a.taxpayer(), a.notificationId()))
                        .toList(),
                app.ishaar.core.archive.HandlingEdit.mark(state));
    }

    @Test
    void eachTaxpayersCountToHandleAndTheirTotalAreReadWithTheSummary() throws Exception {
        mark(NILE, 3, app.ishaar.core.archive.Handling.State.TO_HANDLE);
        mark(NILE, 1, app.ishaar.core.archive.Handling.State.HANDLED);
        mark(DELTA, 1, app.ishaar.core.archive.Handling.State.TO_HANDLE);

        shown();

        assertThat(summary.toHandle(NILE)).isEqualTo(2);
        assertThat(summary.toHandle(DELTA)).isEqualTo(1);
        assertThat(summary.toHandle(GIZA)).isZero();
        assertThat(summary.toHandleTotal()).isEqualTo(3);

        // of the scope's taxpayers only
        screen.scope(Scope.all(List.of(ListedTaxpayer.represented(NILE, "Nile"))));
        assertThat(summary.toHandleProperty().get()).containsOnlyKeys(NILE);
        assertThat(summary.toHandleTotal()).isEqualTo(2);

        // read again with the summary: a change since is seen the next time it is summed up
        mark(DELTA, 1, app.ishaar.core.archive.Handling.State.HANDLED);
        screen.scope(
                Scope.all(
                        List.of(
                                ListedTaxpayer.represented(NILE, "Nile"),
                                ListedTaxpayer.represented(DELTA, "Delta"))));
        assertThat(summary.toHandleTotal()).isEqualTo(2);
        assertThat(summary.toHandle(DELTA)).isZero();
    }

    @Test
    void aTaxpayersCountOpensTheTableOnExactlyTheRowsCounted() {
        Summary s = shown();
        Summary.TaxpayerCounts nile = s.byTaxpayer().get(0);
        Summary.TaxpayerCounts delta = s.byTaxpayer().get(1);

        summary.openFailed(NILE);
        assertThat(screen.layout().summaryShownProperty().get()).as("the table shows").isFalse();
        assertThat(tableCount()).isEqualTo(nile.failed()).isEqualTo(2);
        assertThat(screen.table().rows())
                .allMatch(n -> screen.taxpayerOf(n).rin().equals(NILE))
                .extracting(Notification::status)
                .containsOnly(Status.ERROR.wire());

        summary.openRejected(DELTA);
        assertThat(tableCount()).isEqualTo(delta.rejected()).isEqualTo(2);
        assertThat(screen.table().rows()).allMatch(n -> screen.taxpayerOf(n).rin().equals(DELTA));

        summary.openLate(NILE);
        assertThat(tableCount()).isEqualTo(nile.pendingTooLong()).isEqualTo(1);
        assertThat(screen.table().rows())
                .extracting(Notification::notificationId)
                .containsExactly("N5");

        // still batched after a day counts as still pending: the table shows both statuses
        summary.openLate(DELTA);
        assertThat(tableCount()).isEqualTo(delta.pendingTooLong()).isEqualTo(1);
        assertThat(screen.table().rows())
                .extracting(Notification::notificationId)
                .containsExactly("D6");
        assertThat(screen.filters().chips())
                .extracting(c -> c.text())
                .contains("Status: Pending / Batched");
    }

    @Test
    void aTotalOpensTheTableOnExactlyTheRowsCountedOfEveryTaxpayer() {
        Summary.Totals t = shown().totals();

        summary.openStatus(Status.DELIVERED.wire());
        assertThat(tableCount()).isEqualTo(t.status(Status.DELIVERED));
        assertThat(screen.onlyProperty().get()).as("every taxpayer's").isNull();

        summary.openType("9");
        assertThat(tableCount()).isEqualTo(t.rejected());

        summary.openLate(null);
        assertThat(tableCount())
                .as("N5 pending, D6 batched; G1 came less than a day ago")
                .isEqualTo(t.pendingTooLong())
                .isEqualTo(2);

        // the period's edges are the summary's: D6 came at its first instant, D4 and D5 outside
        summary.openStatus(Status.BATCHED.wire());
        assertThat(screen.table().rows())
                .extracting(Notification::notificationId)
                .containsExactly("D6");
    }

    @Test
    void aReasonOpensTheFailedDeliveriesThatGaveIt() {
        Summary s = shown();

        for (Summary.Reason r : s.reasons()) {
            summary.openReason(r.reason());
            assertThat(tableCount()).as(r.reason()).isEqualTo(r.count());
            assertThat(screen.search().applied()).isEqualTo(r.reason());
            assertThat(screen.table().rows())
                    .extracting(Notification::status)
                    .containsOnly(Status.ERROR.wire());
        }

        // a taxpayer's link after a reason's: the search goes, the counts stay exact
        summary.openFailed(GIZA);
        assertThat(screen.search().applied()).isNull();
        assertThat(tableCount()).isEqualTo(1);
    }

    @Test
    void anotherPeriodOrAnotherScopeIsSummedUpAgain() {
        shown();
        summary.periodProperty().set(SummaryViewModel.Period.THIS_WEEK);
        assertThat(summary.summaryProperty().get().totals().all())
                .as("this week: D4 only, Monday 9 March at 01:00")
                .isEqualTo(1);

        summary.periodProperty().set(SummaryViewModel.Period.CHOSEN);
        summary.chosenFromProperty().set(LocalDate.of(2026, 3, 2));
        summary.chosenToProperty().set(LocalDate.of(2026, 3, 4));
        assertThat(summary.summaryProperty().get().totals().all()).isEqualTo(7);

        screen.scope(Scope.of(ListedTaxpayer.represented(GIZA, "")));
        assertThat(summary.summaryProperty().get().totals().all()).isEqualTo(2);

        summary.chosenToProperty().set(LocalDate.of(2026, 3, 1));
        assertThat(summary.problemProperty().get()).isEqualTo(SummaryViewModel.Problem.ORDER);
        assertThat(summary.summaryProperty().get().totals().all())
                .as("the summary before stays")
                .isEqualTo(2);

        screen.scope(Scope.NONE);
        summary.chosenToProperty().set(LocalDate.of(2026, 3, 8));
        assertThat(summary.summaryProperty().get()).as("nobody's: nothing").isNull();
    }

    @Test
    void theWeekBeginsOnMondayInTheUsersZone() {
        summary.periodProperty().set(SummaryViewModel.Period.THIS_WEEK);
        Instant[] r = summary.range();
        assertThat(r[0]).isEqualTo(SummaryFixture.TO);
        assertThat(r[1]).isEqualTo(Instant.parse("2026-03-15T22:00:00Z"));
        summary.periodProperty().set(SummaryViewModel.Period.THIS_MONTH);
        assertThat(summary.range()[0]).isEqualTo(Instant.parse("2026-02-28T22:00:00Z"));
    }

    @Test
    void theReportOfTheSummaryIsAPdfOfItsScopeAndPeriodWrittenWhereTheLastExportWent(
            @TempDir Path dir) throws Exception {
        Summary s = shown();
        assertThat(screen.newExport().reportable())
                .as("the table at any time: no period to report")
                .isFalse();

        ExportViewModel report = screen.newReport(s.query().from(), s.query().to());
        assertThat(report.formatProperty().get()).isEqualTo(ExportViewModel.Format.PDF);
        assertThat(report.suggestedFileName()).startsWith("report-").endsWith(".pdf");
        Path pdf = dir.resolve("week.pdf");
        report.start(pdf);

        assertThat(report.stateProperty().get()).isEqualTo(ExportViewModel.State.DONE);
        assertThat(report.writtenProperty().get()).isEqualTo(12);
        String text =
                new String(
                        new ProcessBuilder("pdftotext", "-enc", "UTF-8", pdf.toString(), "-")
                                .start()
                                .getInputStream()
                                .readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8);
        assertThat(text).contains(SummaryFixture.NILE_NAME, MAILBOX_FULL, "Failed deliveries");
        assertThat(screen.prefs().exportFolder()).isEqualTo(dir.toString());

        // the table's export offers the report once its rows have a period
        summary.openFailed(NILE);
        ExportViewModel export = screen.newExport();
        assertThat(export.reportable()).isTrue();
        assertThat(export.formatProperty().get())
                .as("the last export's format")
                .isEqualTo(ExportViewModel.Format.PDF);
    }

    @Test
    void aSyncThatBringsNotificationsSumsUpAgainWhileTheSummaryShows() throws Exception {
        assertThat(shown().totals().all()).isEqualTo(12);
        ObjectNode n = new ObjectMapper().createObjectNode();
        n.put("notificationId", "G4");
        n.put("receivedDateTime", "2026-03-05T09:00:00Z");
        n.put("typeId", "9");
        n.put("finalMessage", "Invoice INV-13 was rejected.");
        n.put("channel", "email");
        n.put("language", "en");
        n.put("status", "delivered");
        n.putArray("deliveryAttempts");
        archive.store(
                new SyncBatch(
                        SummaryFixture.SANDBOX,
                        GIZA,
                        List.of(ArchivedNotification.fromRaw(GIZA, n.toString())),
                        "cp",
                        true,
                        null));

        screen.synced(1, SummaryFixture.NOW);

        assertThat(summary.summaryProperty().get().totals().all()).isEqualTo(13);
        assertThat(summary.summaryProperty().get().totals().rejected()).isEqualTo(4);
    }
}
