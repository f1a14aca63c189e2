package app.ishaar.core.export;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.Summary;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Receives notifications page by page and writes them to a stream it does not own. {@link #close}
 * releases what the sink holds besides the stream (a report's spooled attempts), written or not.
 */
public interface NotificationSink extends Closeable {
    /**
     * Writes one page's notifications (the header is written before the first, even when empty).
     */
    void write(List<Notification> notifications) throws IOException;

    /**
     * Writes notifications of the taxpayer {@code taxpayer} (an export of several taxpayers names
     * each row's). A sink without a Taxpayer column writes them as {@link #write(List)} does.
     */
    default void write(Rin taxpayer, List<Notification> notifications) throws IOException {
        write(notifications);
    }

    /**
     * Writes archived notifications, each with its taxpayer, in their order; a report writes each
     * one's time the service last confirmed its status and who is dealing with it too. A sink
     * without those columns writes them as {@link #write(Rin, List)} does, a taxpayer's run at a
     * time.
     */
    default void writeArchived(List<ArchivedNotification> rows) throws IOException {
        int i = 0;
        while (i < rows.size()) {
            Rin taxpayer = rows.get(i).taxpayer();
            List<Notification> run = new ArrayList<>();
            while (i < rows.size() && rows.get(i).taxpayer().equals(taxpayer)) {
                run.add(rows.get(i++).notification());
            }
            write(taxpayer, run);
        }
    }

    /**
     * Gives the summary of the export's period ({@code ishaar report}'s totals, taxpayers, reasons
     * and counts), to be written with the rows. A sink without a Summary sheet (CSV) leaves it.
     */
    default void summary(Summary summary) {}

    /**
     * Writes what remains (e.g. the workbook's closing parts) and flushes; the stream stays open.
     */
    void finish() throws IOException;

    @Override
    default void close() throws IOException {}

    /** Opens a sink on the export's stream. */
    @FunctionalInterface
    interface Factory {
        NotificationSink open(OutputStream out) throws IOException;
    }

    /**
     * The shape for programs ({@link CsvNotificationWriter}).
     *
     * @param forSpreadsheets a byte order mark and no cell a spreadsheet would run as a formula
     */
    static Factory csvForPrograms(boolean forSpreadsheets) {
        return out -> new CsvNotificationWriter(out, forSpreadsheets);
    }

    /** A report in the labels' language: an XLSX workbook or a CSV file for spreadsheets. */
    static Factory report(ExportFormat format, ReportLabels labels, ExportScope scope) {
        return out ->
                switch (format) {
                    case CSV -> new CsvReportWriter(out, labels, scope);
                    case XLSX -> new XlsxReportWriter(out, labels, scope);
                };
    }
}
