package app.ishaar.core.export;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The report as CSV for spreadsheets (the desktop app's CSV): the notifications table of {@link
 * ReportColumns} in the UI's language, dates as {@code 2026-03-01 12:15:30} in the user's zone
 * (which spreadsheets read as dates; the headers name the zone), UTF-8 with a byte order mark so
 * that Excel reads the Arabic, and no cell a spreadsheet would run as a formula ({@link
 * FormulaGuard}). One table only: the delivery attempts and the About sheet are the workbook's.
 */
public final class CsvReportWriter implements NotificationSink {
    private static final CsvMapper MAPPER =
            CsvMapper.builder().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).build();

    private final Writer writer;
    private final SequenceWriter rows;
    private final ReportColumns columns;
    private final DateTimeFormatter dates;

    public CsvReportWriter(OutputStream out, ReportLabels labels, ExportScope scope)
            throws IOException {
        this.columns = new ReportColumns(labels, scope, ExportFormat.CSV);
        this.dates = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withZone(scope.zone());
        this.writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        writer.write('\uFEFF');
        List<String> headers = ReportColumns.headers(columns.notifications);
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(false).setLineSeparator("\r\n");
        for (int c = 0; c < headers.size(); c++) {
            schema.addColumn("c" + c);
        }
        this.rows = MAPPER.writer(schema.build()).writeValues(writer);
        // a row of its own, so that an empty export still has its header
        List<String> inert = new ArrayList<>();
        headers.forEach(h -> inert.add(FormulaGuard.neutralise(h)));
        rows.write(inert);
    }

    @Override
    public void write(List<Notification> notifications) throws IOException {
        write(null, notifications);
    }

    @Override
    public void write(Rin taxpayer, List<Notification> notifications) throws IOException {
        for (Notification n : notifications) {
            row(columns.notification(taxpayer, n, null, null));
        }
    }

    /** Archived notifications, each with when its status was checked and who deals with it. */
    @Override
    public void writeArchived(List<ArchivedNotification> archived) throws IOException {
        for (ArchivedNotification a : archived) {
            row(
                    columns.notification(
                            a.taxpayer(), a.notification(), a.statusCheckedAt(), a.handling()));
        }
    }

    private void row(Object[] values) throws IOException {
        List<String> cells = new ArrayList<>();
        for (Object o : values) {
            String cell = o == null ? "" : o instanceof Instant i ? dates.format(i) : o.toString();
            cells.add(FormulaGuard.neutralise(cell));
        }
        rows.write(cells);
    }

    @Override
    public void finish() throws IOException {
        rows.flush();
        writer.flush();
    }
}
