package app.ishaar.core.export;

import app.ishaar.core.model.Notification;
import app.ishaar.core.service.http.DotNetDateTimes;
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
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * CSV (RFC 4180, UTF-8, header row), one row per notification, date-times as the service writes
 * them ({@code 2026-03-01T10:15:30.1234567Z}).
 *
 * <p>The shape for programs: the API's field names and the values as received (the desktop app's
 * CSV is a report instead: {@link CsvReportWriter}). With a byte order mark Excel reads it as UTF-8
 * (Arabic text). Each cell goes through a given text rule before it is written: {@link
 * FormulaGuard#neutralise} for any file a spreadsheet may open (the command line's CSV by default),
 * none for {@code --csv-raw}, which carries every value exactly as received.
 */
public final class CsvNotificationWriter implements NotificationSink {
    private static final CsvMapper MAPPER =
            CsvMapper.builder().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).build();

    private final Writer writer;
    private final SequenceWriter rows;
    private final UnaryOperator<String> cellText;

    /**
     * @param forSpreadsheets byte order mark, and no cell that a spreadsheet would run as a formula
     */
    public CsvNotificationWriter(OutputStream out, boolean forSpreadsheets) throws IOException {
        this(
                out,
                forSpreadsheets,
                forSpreadsheets ? FormulaGuard::neutralise : UnaryOperator.identity());
    }

    /**
     * @param byteOrderMark start with a UTF-8 byte order mark (for Excel)
     * @param cellText what each cell's text becomes before it is written (e.g. {@link
     *     FormulaGuard#neutralise})
     */
    public CsvNotificationWriter(
            OutputStream out, boolean byteOrderMark, UnaryOperator<String> cellText)
            throws IOException {
        this.writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        this.cellText = cellText;
        if (byteOrderMark) {
            writer.write('\uFEFF');
        }
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(false).setLineSeparator("\r\n");
        for (String h : ExportColumns.HEADERS) {
            schema.addColumn(h);
        }
        this.rows = MAPPER.writer(schema.build()).writeValues(writer);
        // written as a row of its own, so that an empty export still has its header
        rows.write(ExportColumns.HEADERS);
    }

    @Override
    public void write(List<Notification> notifications) throws IOException {
        for (Notification n : notifications) {
            List<String> cells = new ArrayList<>();
            for (Object o : ExportColumns.row(n)) {
                String cell =
                        o == null
                                ? ""
                                : o instanceof Instant i ? DotNetDateTimes.format(i) : o.toString();
                cells.add(cellText.apply(cell));
            }
            rows.write(cells);
        }
    }

    @Override
    public void finish() throws IOException {
        rows.flush();
        writer.flush();
    }
}
