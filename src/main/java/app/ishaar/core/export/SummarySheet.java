package app.ishaar.core.export;

import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import java.io.IOException;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.PaperSize;
import org.dhatim.fastexcel.Worksheet;

/**
 * The workbook's Summary sheet: the period's summary as {@code ishaar report} gives it (the same
 * {@link Summary}): whose and which period, the totals by status and by type, the taxpayers needing
 * attention, why deliveries failed, and the counts of each day (week, month) by status. Counts are
 * number cells; printed on A4 portrait, one page wide.
 */
final class SummarySheet {
    private SummarySheet() {}

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /** The first column's width: names, reasons, days. */
    private static final int NAME_WIDTH = 44;

    /** The count columns' width. */
    private static final int COUNT_WIDTH = 14;

    private static final class Rows {
        private final Worksheet sheet;
        private final String side;
        private int row;

        Rows(Worksheet sheet, String side) {
            this.sheet = sheet;
            this.side = side;
        }

        void heading(String text) {
            row++;
            sheet.value(row, 0, text);
            sheet.style(row, 0).bold().fontSize(12).set();
            row++;
        }

        /** A table's header row: bold, on the header's fill, wrapped. */
        void header(List<String> names) {
            for (int c = 0; c < names.size(); c++) {
                sheet.value(row, c, names.get(c));
                sheet.style(row, c)
                        .bold()
                        .fillColor(TableSheet.HEADER_FILL)
                        .wrapText(true)
                        .verticalAlignment("center")
                        .set();
            }
            row++;
        }

        /** A name and its counts. */
        void counts(String name, long... counts) {
            sheet.value(row, 0, ReportColumns.fit(name));
            sheet.style(row, 0).wrapText(true).verticalAlignment("top").set();
            for (int c = 0; c < counts.length; c++) {
                sheet.value(row, c + 1, counts[c]);
            }
            row++;
        }

        /** A name and a text. */
        void text(String name, String value) {
            sheet.value(row, 0, name);
            sheet.style(row, 0).bold().verticalAlignment("top").set();
            sheet.inlineString(row, 1, ReportColumns.fit(value));
            sheet.style(row, 1).horizontalAlignment(side).verticalAlignment("top").set();
            row++;
        }

        void note(String text) {
            sheet.inlineString(row, 0, text);
            sheet.style(row, 0).italic().set();
            row++;
        }
    }

    static void write(Worksheet sheet, ReportLabels labels, Summary summary, ExportScope scope)
            throws IOException {
        if (labels.rightToLeft()) {
            sheet.rightToLeft();
        }
        SummaryQuery q = summary.query();
        Rows rows = new Rows(sheet, labels.rightToLeft() ? "right" : "left");
        sheet.value(0, 0, labels.text("summary.title"));
        sheet.style(0, 0).bold().fontSize(14).set();
        sheet.rowHeight(0, 22);
        rows.row = 1;

        List<String> whose = new ArrayList<>();
        for (ExportScope.Taxpayer t : scope.taxpayers()) {
            if (t.rin() != null && (q.taxpayers().isEmpty() || q.taxpayers().contains(t.rin()))) {
                whose.add(t.label());
            }
        }
        rows.text(
                labels.text("summary.taxpayers"),
                q.taxpayers().isEmpty() || whose.isEmpty()
                        ? labels.text("summary.allTaxpayers")
                        : String.join(", ", whose));
        rows.text(
                labels.text("summary.period"),
                q.from().atZone(q.zone()).format(TIME)
                        + " – "
                        + q.to().atZone(q.zone()).format(TIME)
                        + " ("
                        + q.zone().getId()
                        + ")");
        rows.note(labels.text("report.summary.note"));

        Summary.Totals t = summary.totals();
        rows.heading(labels.text("summary.totals"));
        rows.counts(labels.text("summary.all"), t.all());
        for (Map.Entry<String, Long> e : t.byStatus().entrySet()) {
            rows.counts(labels.status(e.getKey()), e.getValue());
        }
        rows.counts(labels.text("summary.received"), t.received());
        rows.counts(labels.text("summary.validated"), t.validated());
        rows.counts(labels.text("summary.cancelled"), t.cancelled());
        rows.counts(labels.text("summary.rejected"), t.rejected());
        rows.counts(labels.text("summary.pendingTooLong"), t.pendingTooLong());

        rows.heading(labels.text("summary.byTaxpayer"));
        if (summary.byTaxpayer().isEmpty()) {
            rows.note(labels.text("summary.nothingToDo"));
        } else {
            rows.header(
                    List.of(
                            labels.text("summary.taxpayer"),
                            labels.text("summary.failed"),
                            labels.text("summary.rejected"),
                            labels.text("summary.pendingTooLong"),
                            labels.text("summary.all")));
            for (Summary.TaxpayerCounts c : summary.byTaxpayer()) {
                rows.counts(
                        new ExportScope.Taxpayer(c.rin(), c.name()).label(),
                        c.failed(),
                        c.rejected(),
                        c.pendingTooLong(),
                        c.all());
            }
        }

        rows.heading(labels.text("summary.reasons"));
        if (summary.reasons().isEmpty()) {
            rows.note(labels.text("summary.none"));
        } else {
            rows.header(List.of(labels.text("summary.reason"), labels.text("summary.failed")));
            for (Summary.Reason r : summary.reasons()) {
                rows.counts(r.reason(), r.count());
            }
        }

        rows.heading(labels.text("summary.chart." + q.unit().name()));
        List<String> header = new ArrayList<>();
        header.add(labels.text("summary.time"));
        header.add(labels.text("summary.all"));
        for (Status s : Status.values()) {
            header.add(labels.text("status." + s.wire()));
        }
        rows.header(header);
        for (Summary.Count c : summary.counts()) {
            long[] n = new long[Status.values().length + 1];
            n[0] = c.all();
            for (int i = 0; i < Status.values().length; i++) {
                n[i + 1] = c.status(Status.values()[i]);
            }
            rows.counts(c.start().toString(), n);
        }

        sheet.width(0, NAME_WIDTH);
        for (int c = 1; c < header.size(); c++) {
            sheet.width(c, COUNT_WIDTH);
        }
        sheet.pageOrientation("portrait");
        sheet.paperSize(PaperSize.A4_PAPER);
        sheet.setFitToPage(true);
        sheet.fitToWidth((short) 1);
        sheet.fitToHeight((short) 0);
        sheet.finish();
    }
}
