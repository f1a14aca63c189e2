package app.ishaar.core.export;

import app.ishaar.core.export.ReportColumns.Column;
import app.ishaar.core.export.ReportColumns.Kind;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.dhatim.fastexcel.PaperSize;
import org.dhatim.fastexcel.Position;
import org.dhatim.fastexcel.Worksheet;

/**
 * One table of a report's workbook, written row by row: a bold frozen header row with an
 * autofilter, real date cells in the user's zone, long texts wrapped in a row of readable height,
 * columns as wide as their texts, right to left for a right-to-left language, and printed (or
 * turned into PDF) one landscape A4 page wide with the header on every page and the page numbers at
 * the foot: the printed columns only ({@link ReportColumns#printed}), narrow enough to print at a
 * readable size.
 *
 * <p>A column's width is fixed when the sheet is first flushed (the widths precede the rows in the
 * file): from its header, its widest known value, and the rows written until then.
 */
final class TableSheet {
    static final String DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";
    static final String HEADER_FILL = "DDE5F0";

    /** Wrapped columns are this wide, in characters, unless their column says otherwise. */
    static final int WRAP_WIDTH = 60;

    /** A wrapped text shows at most this many lines in its row; the cell holds it all. */
    static final int MAX_LINES = 8;

    /** The height of a line of the default 11-point font, in points. */
    static final double LINE_HEIGHT = 15;

    /** Unique texts are at most this wide; longer ones show their start. */
    static final int MAX_TEXT_WIDTH = 20;

    /** A whole text on one line is this wide; it goes on into the empty cells beside it. */
    static final int WHOLE_WIDTH = 80;

    /** A header wraps between its words: its column is as wide as its longest word at least. */
    static final int HEADER_WIDTH = 12;

    private final Worksheet sheet;
    private final List<Column> columns;
    private final int printed;
    private final ZoneId zone;
    private final int[] widest;
    private final boolean rightToLeft;
    private boolean sized;
    private int row = 1;

    /**
     * @param printed how many columns, from the first, are printed
     */
    TableSheet(
            Worksheet sheet, List<Column> columns, int printed, boolean rightToLeft, ZoneId zone) {
        this.sheet = sheet;
        this.columns = columns;
        this.printed = printed;
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
            // a bold header is about a tenth wider than its letters; it wraps between its words
            widest[c] =
                    col.kind() == Kind.WRAPPED
                            ? wrapWidth(col)
                            : Math.max(col.width(), headerWidth(col.header()));
        }
        sheet.freezePane(0, 1);
        if (rightToLeft) {
            sheet.rightToLeft();
        }
        sheet.pageOrientation("landscape");
        sheet.paperSize(PaperSize.A4_PAPER);
        sheet.leftMargin(0.4f);
        sheet.rightMargin(0.4f);
        sheet.topMargin(0.5f);
        sheet.bottomMargin(0.6f);
        sheet.footer("&P / &N", Position.CENTER);
        sheet.setFitToPage(true);
        sheet.fitToWidth((short) 1);
        sheet.fitToHeight((short) 0);
        sheet.repeatRows(0);
    }

    /** The room a header needs: its longest word, or all of it when short. */
    static int headerWidth(String header) {
        int words = 0;
        for (String w : header.split("\\s+")) {
            words = Math.max(words, w.length());
        }
        int width = header.length() <= HEADER_WIDTH ? header.length() : words;
        return (int) Math.ceil(width * 1.1);
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
                if (kind == Kind.WHOLE) {
                    sheet.style(row, c).verticalAlignment("top").set();
                    continue;
                }
                if (kind == Kind.WRAPPED) {
                    lines = Math.max(lines, lines(s, widest[c]));
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

    /** A wrapped column's width: its own, else {@link #WRAP_WIDTH}. */
    private static int wrapWidth(Column col) {
        return col.width() > 0 ? col.width() : WRAP_WIDTH;
    }

    /** The lines a wrapped text takes in a column {@code width} characters wide. */
    static int lines(String text, int width) {
        int lines = 0;
        for (String paragraph : text.split("\n", -1)) {
            lines += Math.max(1, (paragraph.length() + width - 3) / (width - 2));
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
                        case WRAPPED -> widest[c];
                        case WHOLE -> WHOLE_WIDTH;
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
        if (printed < columns.size()) {
            // Excel's and Calc's own name for a sheet's print area
            sheet.addNamedRange(
                    sheet.range(0, 0, Math.max(0, row - 1), printed - 1), "_xlnm.Print_Area");
        }
        sheet.finish();
    }
}
