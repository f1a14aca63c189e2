package app.ishaar.core.export;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.text.MessageText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The two tables of a report, shared by its XLSX and CSV forms: the notifications as the UI shows
 * them (headers, types, statuses, channels and languages in the UI's language, the message as the
 * detail pane reads it, dates in the user's zone), the codes in columns of their own at the right;
 * and one row per delivery attempt. With several taxpayers both start with a Taxpayer column and
 * end with the taxpayer's RIN.
 *
 * <p>A row's cells are Strings, Instants (date-times), Longs (counts) or null (empty).
 */
final class ReportColumns {

    /** A spreadsheet cell holds at most this many characters (Excel's limit). */
    static final int MAX_CELL = 32_767;

    /** How a column's cells are written and sized. */
    enum Kind {
        /** Few distinct values (names, codes): shared by the workbook. */
        SHARED,
        /** A value per row (IDs, addresses): written in its cell. */
        TEXT,
        /** Long text that wraps (messages, details). */
        WRAPPED,
        DATE,
        NUMBER
    }

    /**
     * @param width the known widest value, in characters (0: measured from the rows)
     */
    record Column(String header, Kind kind, int width) {}

    private final ReportLabels labels;
    private final boolean several;
    private final Map<Rin, ExportScope.Taxpayer> taxpayers;
    final List<Column> notifications = new ArrayList<>();
    final List<Column> attempts = new ArrayList<>();

    ReportColumns(ReportLabels labels, ExportScope scope) {
        this.labels = labels;
        this.several = scope.severalTaxpayers();
        this.taxpayers = scope.byRin();
        String zone = scope.zone().getId();
        int taxpayerWidth =
                scope.taxpayers().stream().mapToInt(t -> t.label().length()).max().orElse(0);
        if (several) {
            notifications.add(shared("report.column.taxpayer", taxpayerWidth));
            attempts.add(shared("report.column.taxpayer", taxpayerWidth));
        }
        notifications.add(
                new Column(labels.text("report.column.sent", zone), Kind.DATE, DATE_WIDTH));
        notifications.add(shared("history.column.type", widest("type.")));
        notifications.add(shared("history.column.channel", widest("channel.")));
        notifications.add(new Column(labels.text("history.column.address"), Kind.TEXT, 0));
        notifications.add(shared("history.column.language", widest("messageLanguage.")));
        notifications.add(shared("history.column.status", widest("status.")));
        notifications.add(
                new Column(labels.text("report.column.delivered", zone), Kind.DATE, DATE_WIDTH));
        notifications.add(new Column(labels.text("history.column.attempts"), Kind.NUMBER, 3));
        notifications.add(new Column(labels.text("report.column.message"), Kind.WRAPPED, 0));
        notifications.add(new Column(labels.text("report.column.notificationId"), Kind.TEXT, 0));
        notifications.add(shared("report.column.typeCode", 4));
        notifications.add(shared("report.column.channelCode", 6));
        notifications.add(shared("report.column.languageCode", 2));
        notifications.add(shared("report.column.statusCode", 9));
        // at the right, beside the codes: a column for the few that compare it
        notifications.add(
                new Column(
                        labels.text("report.column.statusChecked", zone), Kind.DATE, DATE_WIDTH));

        attempts.add(new Column(labels.text("report.column.notificationId"), Kind.TEXT, 0));
        attempts.add(new Column(labels.text("report.attempt.time", zone), Kind.DATE, DATE_WIDTH));
        attempts.add(shared("history.column.status", widest("status.")));
        attempts.add(new Column(labels.text("report.attempt.details"), Kind.WRAPPED, 0));
        attempts.add(shared("report.column.statusCode", 9));
        if (several) {
            notifications.add(shared("report.column.taxpayerRin", Rin.LENGTH));
            attempts.add(shared("report.column.taxpayerRin", Rin.LENGTH));
        }
    }

    /** "2026-03-01 12:15:30". */
    static final int DATE_WIDTH = 19;

    private Column shared(String key, int width) {
        return new Column(labels.text(key), Kind.SHARED, width);
    }

    private int widest(String family) {
        return labels.family(family).stream().mapToInt(String::length).max().orElse(0);
    }

    static List<String> headers(List<Column> columns) {
        return columns.stream().map(Column::header).toList();
    }

    /**
     * A notification's row; {@code taxpayer} may be null (a single taxpayer's history), {@code
     * statusChecked} too (read from the service now, or archived before the archive kept it).
     */
    Object[] notification(Rin taxpayer, Notification n, java.time.Instant statusChecked) {
        List<Object> cells = new ArrayList<>(notifications.size());
        if (several) {
            cells.add(taxpayerLabel(taxpayer));
        }
        cells.add(n.receivedDateTime());
        cells.add(labels.type(n.typeId(), n.typeName()));
        cells.add(labels.channel(n.channel()));
        cells.add(n.address());
        cells.add(labels.language(n.language()));
        cells.add(labels.status(n.status()));
        cells.add(n.deliveredDateTime());
        cells.add((long) n.deliveryAttempts().size());
        cells.add(fit(MessageText.forReport(n.finalMessage())));
        cells.add(n.notificationId());
        cells.add(n.typeId());
        cells.add(n.channel());
        cells.add(n.language());
        cells.add(n.status());
        cells.add(statusChecked);
        if (several) {
            cells.add(taxpayer == null ? null : taxpayer.value());
        }
        return cells.toArray();
    }

    /** The rows of a notification's delivery attempts, in the order the service lists them. */
    List<Object[]> attempts(Rin taxpayer, Notification n) {
        List<Object[]> rows = new ArrayList<>(n.deliveryAttempts().size());
        for (DeliveryAttempt a : n.deliveryAttempts()) {
            List<Object> cells = new ArrayList<>(attempts.size());
            if (several) {
                cells.add(taxpayerLabel(taxpayer));
            }
            cells.add(n.notificationId());
            cells.add(a.attemptDateTime());
            cells.add(labels.status(a.status()));
            cells.add(fit(MessageText.forReport(a.statusDetails())));
            cells.add(a.status());
            if (several) {
                cells.add(taxpayer == null ? null : taxpayer.value());
            }
            rows.add(cells.toArray());
        }
        return rows;
    }

    private String taxpayerLabel(Rin rin) {
        if (rin == null) {
            return null;
        }
        ExportScope.Taxpayer t = taxpayers.get(rin);
        return t == null ? rin.value() : t.label();
    }

    /** A text cut to what a spreadsheet cell holds. */
    static String fit(String text) {
        if (text == null || text.length() <= MAX_CELL) {
            return text;
        }
        return text.substring(0, MAX_CELL - 1) + "…";
    }
}
