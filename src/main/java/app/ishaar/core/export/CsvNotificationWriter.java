package app.ishaar.core.export;

import app.ishaar.core.model.Notification;
import app.ishaar.core.service.internal.DotNetDateTimes;
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
import java.util.regex.Pattern;

/**
 * CSV (RFC 4180, UTF-8, header row), one row per notification, date-times as the service writes
 * them ({@code 2026-03-01T10:15:30.1234567Z}).
 *
 * <p>A file for spreadsheets (the desktop app's export) starts with a UTF-8 byte order mark, so
 * that Excel reads it as UTF-8 (Arabic text), and has no cell a spreadsheet would run as a formula:
 * the texts come from the service (messages, addresses, details), and a cell such as {@code
 * =HYPERLINK(…)} or {@code @SUM(…)} would otherwise be evaluated when the file is opened (CSV
 * injection). Such a cell is written with a leading apostrophe, which spreadsheets read as "text
 * follows". Plain numbers ({@code +201001234567}, {@code -5}) are left alone. The command line's
 * CSV is for programs and carries every value exactly as received.
 */
public final class CsvNotificationWriter implements NotificationSink {
    private static final CsvMapper MAPPER =
            CsvMapper.builder().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).build();

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?\\d+([.,]\\d+)*");

    private final Writer writer;
    private final SequenceWriter rows;
    private final boolean forSpreadsheets;

    /**
     * @param forSpreadsheets byte order mark, and no cell that a spreadsheet would run as a formula
     */
    public CsvNotificationWriter(OutputStream out, boolean forSpreadsheets) throws IOException {
        this.writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        this.forSpreadsheets = forSpreadsheets;
        if (forSpreadsheets) {
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
                cells.add(forSpreadsheets ? inert(cell) : cell);
            }
            rows.write(cells);
        }
    }

    /**
     * The cell as a spreadsheet will show it without evaluating it: a would-be formula gets a
     * leading apostrophe.
     */
    static String inert(String cell) {
        if (cell.isEmpty()) {
            return cell;
        }
        char c = cell.charAt(0);
        boolean trigger =
                c == '='
                        || c == '+'
                        || c == '-'
                        || c == '@'
                        || c == '\t'
                        || c == '\r'
                        || c == '\uFF1D'
                        || c == '\uFF0B'
                        || c == '\uFF0D'
                        || c == '\uFF20'; // their full-width forms too
        return trigger && !PLAIN_NUMBER.matcher(cell).matches() ? "'" + cell : cell;
    }

    @Override
    public void finish() throws IOException {
        rows.flush();
        writer.flush();
    }
}
