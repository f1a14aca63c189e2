package app.ishaar.core.export;

import app.ishaar.core.model.Notification;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * An Excel workbook (fastexcel, streamed: rows are flushed page by page), one sheet, a bold frozen
 * header row, date-times as Excel date-times in UTC.
 */
public final class XlsxNotificationWriter implements NotificationSink {
    private static final String DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";

    private final Workbook workbook;
    private final Worksheet sheet;
    private int row = 1;

    public XlsxNotificationWriter(OutputStream out) {
        String v = app.ishaar.core.service.ServiceClient.version();
        this.workbook =
                new Workbook(
                        out,
                        "Ishaar",
                        v.matches("\\d+\\.\\d+.*")
                                ? v.replaceAll("^(\\d+\\.\\d+).*", "$1")
                                : "1.0");
        this.sheet = workbook.newWorksheet("Notifications");
        List<String> h = ExportColumns.HEADERS;
        for (int c = 0; c < h.size(); c++) {
            sheet.value(0, c, h.get(c));
            sheet.style(0, c).bold().set();
        }
        sheet.freezePane(0, 1);
        for (int c : ExportColumns.DATE_COLUMNS) {
            sheet.width(c, 20);
        }
    }

    @Override
    public void write(List<Notification> notifications) throws IOException {
        for (Notification n : notifications) {
            Object[] cells = ExportColumns.row(n);
            for (int c = 0; c < cells.length; c++) {
                Object o = cells[c];
                if (o == null) {
                    continue;
                }
                if (o instanceof Instant i) {
                    sheet.value(row, c, LocalDateTime.ofInstant(i, ZoneOffset.UTC));
                    sheet.style(row, c).format(DATE_FORMAT).set();
                } else if (o instanceof Integer k) {
                    sheet.value(row, c, k);
                } else {
                    sheet.value(row, c, o.toString());
                }
            }
            row++;
        }
        sheet.flush();
    }

    @Override
    public void finish() throws IOException {
        workbook.finish();
    }
}
