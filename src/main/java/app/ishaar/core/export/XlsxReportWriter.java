package app.ishaar.core.export;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.Summary;
import app.ishaar.core.service.http.ServiceClient;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.List;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * The report as an Excel workbook (fastexcel, streamed: the notifications are flushed page by
 * page), in the UI's language: a Notifications sheet ({@link ReportColumns}), a Delivery attempts
 * sheet with one row per attempt, a Summary sheet when the export is given the period's summary
 * ({@link #summary}, {@link SummarySheet}), and an About sheet saying what was exported, with the
 * legend of the codes ({@link AboutSheet}); each table with a frozen, filtered header row and real
 * date cells ({@link TableSheet}). The workbook's properties carry the title and the taxpayer too.
 *
 * <p>The attempts arrive with their notifications but their sheet can only be written once the
 * notifications sheet is complete (one ZIP stream): they wait in a temporary file ({@link
 * RowSpool}), so memory stays bounded whatever the export's size.
 */
public final class XlsxReportWriter implements NotificationSink {
    private final Workbook workbook;
    private final ReportLabels labels;
    private final ExportScope scope;
    private final ReportColumns columns;
    private final TableSheet notifications;
    private final Worksheet attemptsSheet;
    private final RowSpool attempts;
    private Summary summary;

    public XlsxReportWriter(OutputStream out, ReportLabels labels, ExportScope scope)
            throws IOException {
        this.labels = labels;
        this.scope = scope;
        this.columns = new ReportColumns(labels, scope, ExportFormat.XLSX);
        this.workbook = new Workbook(out, "Ishaar", applicationVersion());
        String title = labels.text("report.title");
        String whose =
                String.join(
                        ", ", scope.taxpayers().stream().map(ExportScope.Taxpayer::label).toList());
        workbook.properties()
                .setTitle(whose.isEmpty() ? title : title + " — " + whose)
                .setSubject(whose)
                .setCompany("Ishaar");
        this.notifications =
                new TableSheet(
                        workbook.newWorksheet(sheetName("report.sheet.notifications")),
                        columns.notifications,
                        columns.printedNotifications(),
                        labels.rightToLeft(),
                        scope.zone());
        this.attemptsSheet = workbook.newWorksheet(sheetName("report.sheet.attempts"));
        this.attempts = new RowSpool();
    }

    @Override
    public void write(List<Notification> page) throws IOException {
        write(null, page);
    }

    @Override
    public void write(Rin taxpayer, List<Notification> page) throws IOException {
        for (Notification n : page) {
            row(taxpayer, n, null, null);
        }
        notifications.flush();
    }

    /** Archived notifications, each with when its status was checked and who deals with it. */
    @Override
    public void writeArchived(List<ArchivedNotification> page) throws IOException {
        for (ArchivedNotification a : page) {
            row(a.taxpayer(), a.notification(), a.statusCheckedAt(), a.handling());
        }
        notifications.flush();
    }

    private void row(Rin taxpayer, Notification n, Instant statusChecked, Handling handling)
            throws IOException {
        notifications.add(columns.notification(taxpayer, n, statusChecked, handling));
        for (Object[] a : columns.attempts(taxpayer, n)) {
            attempts.add(a);
        }
    }

    /** The period's summary, written on a Summary sheet before the About sheet. */
    @Override
    public void summary(Summary summary) {
        this.summary = summary;
    }

    @Override
    public void finish() throws IOException {
        notifications.finish();
        TableSheet attemptTable =
                new TableSheet(
                        attemptsSheet,
                        columns.attempts,
                        columns.attempts.size(),
                        labels.rightToLeft(),
                        scope.zone());
        int[] sinceFlush = {0};
        attempts.replay(
                cells -> {
                    attemptTable.add(cells);
                    if (++sinceFlush[0] == 1_000) {
                        sinceFlush[0] = 0;
                        attemptTable.flush();
                    }
                });
        attemptTable.finish();
        if (summary != null) {
            SummarySheet.write(
                    workbook.newWorksheet(sheetName("report.sheet.summary")),
                    labels,
                    summary,
                    scope);
        }
        AboutSheet.write(
                workbook.newWorksheet(sheetName("report.sheet.about")),
                labels,
                scope,
                columns.codes(),
                notifications.rows(),
                attempts.rows(),
                "Ishaar " + ServiceClient.version());
        workbook.finish();
        attempts.close();
    }

    /** Removes the spooled attempts, whether the workbook was finished or not. */
    @Override
    public void close() throws IOException {
        attempts.close();
    }

    /** A sheet name as Excel accepts it: at most 31 characters, none of {@code []:*?/\}. */
    private String sheetName(String key) {
        String name = labels.text(key).replaceAll("[\\[\\]:*?/\\\\]", " ").strip();
        return name.length() > 31 ? name.substring(0, 31) : name;
    }

    /** "1.4" for version 1.4.2; Excel wants a major and a minor number. */
    private static String applicationVersion() {
        String v = ServiceClient.version();
        return v.matches("\\d+\\.\\d+.*") ? v.replaceAll("^(\\d+\\.\\d+).*", "$1") : "1.0";
    }
}
