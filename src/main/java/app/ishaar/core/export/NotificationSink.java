package app.ishaar.core.export;

import app.ishaar.core.model.Notification;
import java.io.IOException;
import java.util.List;

/** Receives notifications page by page and writes them to a stream it does not own. */
public interface NotificationSink {
    /**
     * Writes one page's notifications (the header is written before the first, even when empty).
     */
    void write(List<Notification> notifications) throws IOException;

    /**
     * Writes what remains (e.g. the workbook's closing parts) and flushes; the stream stays open.
     */
    void finish() throws IOException;

    /**
     * @param forSpreadsheets for CSV: see {@link
     *     CsvNotificationWriter#CsvNotificationWriter(java.io.OutputStream, boolean)}
     */
    static NotificationSink of(
            ExportFormat format, java.io.OutputStream out, boolean forSpreadsheets)
            throws IOException {
        return switch (format) {
            case CSV -> new CsvNotificationWriter(out, forSpreadsheets);
            case XLSX -> new XlsxNotificationWriter(out);
        };
    }
}
