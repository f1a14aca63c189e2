package app.ishaar.core.export;

import app.ishaar.core.export.ReportColumns.Column;
import app.ishaar.core.export.ReportColumns.Kind;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.dhatim.fastexcel.Worksheet;

/**
 * One table of a report's workbook, written row by row: a bold frozen header row with an
 * autofilter, real date cells in the user's zone, long texts wrapped in a row of readable height,
 * columns as wide as their texts, right to left for a right-to-left language, and printed (or
 * turned into PDF) one page wide with the header on every page.
 *
 * <p>A column's width is fixed when the sheet is first flushed (the widths precede the rows in the
 * file): from its header, its widest known value, and the rows written until then.
 */
final class TableSheet {
    static final String DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";
    static final String HEADER_FILL = "DDE5F0";

    /** Wrapped columns are this wide, in characters. */
    static final int WRAP_WIDTH = 60;

    /** A wrapped text shows at most this many lines in its row; the cell holds it all. */
    static final int MAX_LINES = 8;

    /** The height of a line of the default 11-point font, in points. */
    static final double LINE_HEIGHT = 15;

    /** Unique texts are at most this wide; longer ones show their start. */
    static final int MAX_TEXT_WIDTH = 40;

    private final Worksheet sheet;
    private final List<Column> columns;
    private final ZoneId zone;
    private final int[] widest;
    private final boolean rightToLeft;
    private boolean sized;
    private int row = 1;

    TableSheet(Worksheet sheet, List<Column> columns, boolean rightToLeft, ZoneId zone) {
        this.sheet = sheet;
        this.columns = columns;
        this.zone = zone;
        this.widest = new int[columns.size()];
        this.rightToLeft = rightToLeft;
        for (int c = 0; c < columns.size(); c++) {
            Column col = columns.get(c);
            sheet.value(0, c, col.header());
            sheet.style(0, c)
                    .bold()
                    .fillColor(HEADER_FILL)
                    .verticalAlignment("center")
                    .wrapText(true)
                    .set();
            // a bold header is about a tenth wider than its letters
            widest[c] = Math.max(col.width(), (int) Math.ceil(col.header().length() * 1.1));
        }
        sheet.freezePane(0, 1);
        if (rightToLeft) {
            sheet.rightToLeft();
        }
        sheet.pageOrientation("landscape");
        sheet.setFitToPage(true);
        sheet.fitToWidth((short) 1);
        sheet.fitToHeight((short) 0);
        sheet.repeatRows(0);
    }

    /** Rows written so far, the header not counted. */
    int rows() {
        return row - 1;
    }

    void add(Object[] cells) {
        int lines = 1;
        for (int c = 0; c < cells.length; c++) {
            Object o = cells[c];
            Kind kind = columns.get(c).kind();
            if (o == null || (o instanceof String s && s.isEmpty())) {
                continue;
            }
            if (o instanceof Instant i) {
                sheet.value(row, c, LocalDateTime.ofInstant(i, zone));
                sheet.style(row, c).format(DATE_FORMAT).verticalAlignment("top").set();
                continue;
            }
            if (o instanceof Long n) {
                sheet.value(row, c, n);
                widen(c, String.valueOf(n).length());
            } else if (kind == Kind.SHARED) {
                sheet.value(row, c, (String) o); // few distinct values: the shared strings table
                widen(c, ((String) o).length());
            } else {
                String s = (String) o;
                sheet.inlineString(row, c, s); // one per row: not kept in memory for the workbook
                if (kind == Kind.WRAPPED) {
                    lines = Math.max(lines, lines(s));
                    sheet.style(row, c).wrapText(true).verticalAlignment("top").set();
                    continue;
                }
                widen(c, s.length());
            }
            if (rightToLeft && !(o instanceof Long)) {
                // names, codes and IDs at the reading side, as the headers are
                sheet.style(row, c).verticalAlignment("top").horizontalAlignment("right").set();
            } else {
                sheet.style(row, c).verticalAlignment("top").set();
            }
        }
        if (lines > 1) {
            sheet.rowHeight(row, Math.min(lines, MAX_LINES) * LINE_HEIGHT);
        }
        row++;
    }

    private void widen(int c, int length) {
        if (!sized && length > widest[c]) {
            widest[c] = length;
        }
    }

    /** The lines a wrapped text takes in its column. */
    static int lines(String text) {
        int lines = 0;
        for (String paragraph : text.split("\n", -1)) {
            lines += Math.max(1, (paragraph.length() + WRAP_WIDTH - 3) / (WRAP_WIDTH - 2));
            if (lines >= MAX_LINES) {
                return MAX_LINES;
            }
        }
        return lines;
    }

    private void size() {
        if (sized) {
            return;
        }
        sized = true;
        for (int c = 0; c < columns.size(); c++) {
            Kind kind = columns.get(c).kind();
            int w =
                    switch (kind) {
                        case WRAPPED -> Math.max(WRAP_WIDTH, widest[c]);
                        case TEXT -> Math.min(MAX_TEXT_WIDTH, widest[c]);
                        default -> widest[c];
                    };
            sheet.width(c, w + 2);
        }
    }

    void flush() throws IOException {
        size();
        sheet.flush();
    }

    /** The autofilter over the header and every row, then the sheet's closing part. */
    void finish() throws IOException {
        size();
        sheet.setAutoFilter(0, 0, Math.max(0, row - 1), columns.size() - 1);
        sheet.finish();
    }
}
