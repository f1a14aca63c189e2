package app.ishaar.core.export;

import app.ishaar.core.model.NotificationQuery;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.Worksheet;

/**
 * The report's About sheet: what was exported, so that the file says what it is when read a week
 * later. A title, then one name and value a row: the taxpayer(s), when, how many notifications and
 * attempts, each filter (All where none), the search, the time zone, the application. Then the
 * legend of the codes the service uses for what the Notifications sheet names (type, channel,
 * language, status), for those who filter or compare by code.
 */
final class AboutSheet {
    private AboutSheet() {}

    private record Line(String name, Object value) {}

    static void write(
            Worksheet sheet,
            ReportLabels labels,
            ExportScope scope,
            Map<String, Map<String, String>> codes,
            long notifications,
            long attempts,
            String application)
            throws IOException {
        String zone = scope.zone().getId();
        String all = labels.text("filter.any");
        NotificationQuery q = scope.query();
        List<Line> lines = new ArrayList<>();
        List<ExportScope.Taxpayer> taxpayers = scope.taxpayers();
        for (int i = 0; i < taxpayers.size(); i++) {
            String name =
                    i > 0
                            ? ""
                            : labels.text(
                                    taxpayers.size() > 1
                                            ? "report.about.taxpayers"
                                            : "report.about.taxpayer");
            lines.add(new Line(name, taxpayers.get(i).label()));
        }
        lines.add(new Line(labels.text("report.about.exportedAt", zone), scope.exportedAt()));
        lines.add(new Line(labels.text("report.about.count"), notifications));
        lines.add(new Line(labels.text("report.about.attempts"), attempts));
        lines.add(
                new Line(
                        labels.text("report.about.from", zone),
                        q.dateFrom() == null ? all : q.dateFrom()));
        lines.add(
                new Line(
                        labels.text("report.about.to", zone),
                        q.dateTo() == null ? all : q.dateTo()));
        lines.add(
                new Line(
                        labels.text("history.column.type"),
                        q.type() == null ? all : labels.type(q.type(), null)));
        lines.add(
                new Line(
                        labels.text("history.column.channel"),
                        q.channel() == null ? all : labels.channel(q.channel())));
        lines.add(
                new Line(
                        labels.text("history.column.language"),
                        q.language() == null ? all : labels.language(q.language())));
        lines.add(
                new Line(
                        labels.text("history.column.status"),
                        q.status() == null ? all : labels.status(q.status())));
        lines.add(
                new Line(
                        labels.text("report.about.search"),
                        scope.search() == null || scope.search().isBlank()
                                ? labels.text("report.about.none")
                                : scope.search()));
        lines.add(new Line(labels.text("report.about.zone"), zone));
        lines.add(new Line(labels.text("report.about.app"), application));

        if (labels.rightToLeft()) {
            sheet.rightToLeft();
        }
        sheet.value(0, 0, labels.text("report.title"));
        sheet.style(0, 0).bold().fontSize(14).set();
        sheet.rowHeight(0, 22);
        String side = labels.rightToLeft() ? "right" : "left"; // values at the reading side
        int nameWidth = 12;
        int valueWidth = ReportColumns.DATE_WIDTH;
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            int r = i + 2;
            sheet.value(r, 0, line.name());
            sheet.style(r, 0).bold().verticalAlignment("top").set();
            nameWidth = Math.max(nameWidth, (int) Math.ceil(line.name().length() * 1.1));
            Object v = line.value();
            if (v instanceof Instant t) {
                sheet.value(r, 1, LocalDateTime.ofInstant(t, scope.zone()));
                sheet.style(r, 1).format(TableSheet.DATE_FORMAT).horizontalAlignment(side).set();
            } else if (v instanceof Long n) {
                sheet.value(r, 1, n);
                sheet.style(r, 1).horizontalAlignment(side).set();
            } else {
                String s = ReportColumns.fit(String.valueOf(v));
                sheet.inlineString(r, 1, s);
                sheet.style(r, 1)
                        .wrapText(true)
                        .verticalAlignment("top")
                        .horizontalAlignment(side)
                        .set();
                valueWidth = Math.max(valueWidth, Math.min(TableSheet.WRAP_WIDTH, s.length()));
            }
        }
        int r = lines.size() + 3;
        sheet.value(r, 0, labels.text("report.about.codes"));
        sheet.style(r, 0).bold().fontSize(12).set();
        for (Map.Entry<String, Map<String, String>> column : codes.entrySet()) {
            r++;
            sheet.value(r, 0, column.getKey());
            sheet.style(r, 0).bold().set();
            for (Map.Entry<String, String> code : column.getValue().entrySet()) {
                r++;
                String name = ReportColumns.fit(code.getValue());
                sheet.value(r, 0, name); // few distinct values: the shared strings table
                sheet.value(r, 1, code.getKey());
                sheet.style(r, 1).horizontalAlignment(side).set();
                nameWidth = Math.max(nameWidth, Math.min(TableSheet.WRAP_WIDTH, name.length()));
            }
        }
        sheet.width(0, nameWidth + 2);
        sheet.width(1, valueWidth + 2);
        sheet.finish();
    }
}
