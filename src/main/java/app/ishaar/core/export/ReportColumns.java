package app.ishaar.core.export;

import app.ishaar.core.archive.Handling;
import app.ishaar.core.model.Channel;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Language;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.SummaryReport;
import app.ishaar.core.text.MessageText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two tables of a report, shared by its XLSX and CSV forms: the notifications as the UI shows
 * them (headers, types, statuses, channels and languages in the UI's language, dates in the user's
 * zone), and one row per delivery attempt (the workbook's only). With several taxpayers both start
 * with a Taxpayer column.
 *
 * <p>The CSV for spreadsheets keeps its columns: the message as the detail pane reads it, then the
 * codes in columns of their own at the right and, with several taxpayers, the taxpayer's RIN. The
 * workbook is a data file to read and print: no column repeats another as a code (its About sheet
 * has the codes' legend, {@link #codes}), the message is its readable first line, and its whole
 * text is in a column of its own at the end, which is not printed.
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
        /** A whole text on one line (wrap off), for reading in its cell, not for printing. */
        WHOLE,
        DATE,
        NUMBER
    }

    /**
     * @param width the known widest value, in characters (0: measured from the rows)
     */
    record Column(String header, Kind kind, int width) {}

    private final ReportLabels labels;
    private final boolean workbook;
    private final boolean several;
    private final Map<Rin, ExportScope.Taxpayer> taxpayers;
    final List<Column> notifications = new ArrayList<>();
    final List<Column> attempts = new ArrayList<>();

    /** How many of the notifications' columns, from the first, are printed. */
    private int printed;

    /**
     * The codes' legend, by the header of the column they stand for: each code and the name the
     * report gives it; every value the app knows, and any other met in the rows.
     */
    private final Map<String, Map<String, String>> codes = new LinkedHashMap<>();

    /**
     * @param format the workbook's columns ({@link ExportFormat#XLSX}) or the CSV's
     */
    ReportColumns(ReportLabels labels, ExportScope scope, ExportFormat format) {
        this.labels = labels;
        this.workbook = format == ExportFormat.XLSX;
        this.several = scope.severalTaxpayers();
        this.taxpayers = scope.byRin();
        String zone = scope.zone().getId();
        int taxpayerWidth =
                scope.taxpayers().stream().mapToInt(t -> t.label().length()).max().orElse(0);
        if (workbook) {
            workbookColumns(zone, taxpayerWidth);
        } else {
            csvColumns(zone, taxpayerWidth);
        }
        for (NotificationType t : NotificationType.values()) {
            code("history.column.type", t.id(), labels.type(t.id(), null));
        }
        for (Channel c : Channel.values()) {
            code("history.column.channel", c.wire(), labels.channel(c.wire()));
        }
        for (Language l : Language.values()) {
            code("history.column.language", l.wire(), labels.language(l.wire()));
        }
        for (Status st : Status.values()) {
            code("history.column.status", st.wire(), labels.status(st.wire()));
        }
    }

    /**
     * The workbook's: what a person reads and prints first, then, not printed ({@link
     * #printedNotifications}), the message's language (its first line shows it), when the service
     * last confirmed the status, and the whole message. Long names wrap, so that the printed
     * columns fit a landscape page at a readable size.
     */
    private void workbookColumns(String zone, int taxpayerWidth) {
        if (several) {
            // name (RIN) on two lines rather than one wide column
            Column taxpayer =
                    new Column(
                            labels.text("report.column.taxpayer"),
                            Kind.WRAPPED,
                            Math.min(taxpayerWidth + 1, TAXPAYER_WIDTH));
            notifications.add(taxpayer);
            attempts.add(taxpayer);
        }
        notifications.add(
                new Column(labels.text("report.column.sent", zone), Kind.DATE, DATE_WIDTH));
        notifications.add(
                new Column(
                        labels.text("history.column.type"),
                        Kind.WRAPPED,
                        Math.min(widest("type.") + 1, TYPE_WIDTH)));
        notifications.add(shared("history.column.channel", widest("channel.")));
        notifications.add(new Column(labels.text("history.column.address"), Kind.TEXT, 0));
        notifications.add(shared("history.column.status", widest("status.")));
        notifications.add(
                new Column(labels.text("report.column.delivered", zone), Kind.DATE, DATE_WIDTH));
        notifications.add(new Column(labels.text("history.column.attempts"), Kind.NUMBER, 3));
        notifications.add(
                new Column(labels.text("report.column.firstLine"), Kind.WRAPPED, FIRST_LINE_WIDTH));
        notifications.add(new Column(labels.text("report.column.notificationId"), Kind.TEXT, 0));
        notifications.add(shared("history.column.language", widest("messageLanguage.")));
        notifications.add(
                new Column(
                        labels.text("report.column.statusChecked", zone), Kind.DATE, DATE_WIDTH));
        notifications.add(new Column(labels.text("report.column.wholeMessage"), Kind.WHOLE, 0));
        printed = notifications.size() - 3;
        handlingColumns(zone);

        attempts.add(new Column(labels.text("report.column.notificationId"), Kind.TEXT, 0));
        attempts.add(new Column(labels.text("report.attempt.time", zone), Kind.DATE, DATE_WIDTH));
        attempts.add(shared("history.column.status", widest("status.")));
        attempts.add(new Column(labels.text("report.attempt.details"), Kind.WRAPPED, 0));
    }

    /** The CSV's, as they always were: the codes at the right, for filtering by code. */
    private void csvColumns(String zone, int taxpayerWidth) {
        if (several) {
            notifications.add(shared("report.column.taxpayer", taxpayerWidth));
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
        if (several) {
            notifications.add(shared("report.column.taxpayerRin", Rin.LENGTH));
        }
        printed = notifications.size();
        // after every column it had, so that those read by position stay where they were
        handlingColumns(zone);
    }

    /**
     * Who is dealing with it, at the right of both forms (not printed in the workbook): its state
     * in words, to whom it is assigned, its latest change's time and author, and its latest note;
     * empty when no one has marked it.
     */
    private void handlingColumns(String zone) {
        notifications.add(
                shared(
                        "report.column.handling",
                        Math.max(
                                labels.text("handling.toHandle").length(),
                                labels.text("handling.handled").length())));
        notifications.add(shared("report.column.assignedTo", 0));
        notifications.add(
                new Column(
                        labels.text("report.column.handlingChanged", zone), Kind.DATE, DATE_WIDTH));
        notifications.add(shared("report.column.handlingChangedBy", 0));
        notifications.add(
                new Column(
                        labels.text("report.column.lastNote"),
                        workbook ? Kind.WHOLE : Kind.WRAPPED,
                        0));
    }

    /** How many of the notifications' columns, from the first, are printed. */
    int printedNotifications() {
        return printed;
    }

    private void code(String column, String code, String name) {
        if (code != null && !code.isBlank()) {
            codes.computeIfAbsent(labels.text(column), k -> new LinkedHashMap<>())
                    .putIfAbsent(code.strip(), name);
        }
    }

    /**
     * The legend of the codes the workbook leaves out: by column (Type, Channel, Language, Status),
     * each code and its name in the report; the known values, then those met in the rows so far.
     */
    Map<String, Map<String, String>> codes() {
        return codes;
    }

    /** The workbook's message column, its first line, wraps at this width. */
    static final int FIRST_LINE_WIDTH = 36;

    /** The workbook's Type column wraps at this width. */
    static final int TYPE_WIDTH = 18;

    /** The workbook's Taxpayer column wraps at this width. */
    static final int TAXPAYER_WIDTH = 18;

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
     * statusChecked} too (read from the service now, or archived before the archive kept it), and
     * {@code handling} (no one has marked it, or it was read from the service).
     */
    Object[] notification(
            Rin taxpayer, Notification n, java.time.Instant statusChecked, Handling handling) {
        List<Object> cells = new ArrayList<>(notifications.size());
        if (several) {
            cells.add(taxpayerLabel(taxpayer));
        }
        String type = labels.type(n.typeId(), n.typeName());
        String message = fit(MessageText.forReport(n.finalMessage()));
        cells.add(n.receivedDateTime());
        cells.add(type);
        cells.add(labels.channel(n.channel()));
        cells.add(n.address());
        if (workbook) {
            code("history.column.type", n.typeId(), type);
            code("history.column.channel", n.channel(), labels.channel(n.channel()));
            code("history.column.language", n.language(), labels.language(n.language()));
            code("history.column.status", n.status(), labels.status(n.status()));
            cells.add(labels.status(n.status()));
            cells.add(n.deliveredDateTime());
            cells.add((long) n.deliveryAttempts().size());
            cells.add(SummaryReport.firstLine(n.finalMessage()));
            cells.add(n.notificationId());
            cells.add(labels.language(n.language()));
            cells.add(statusChecked);
            cells.add(message);
        } else {
            cells.add(labels.language(n.language()));
            cells.add(labels.status(n.status()));
            cells.add(n.deliveredDateTime());
            cells.add((long) n.deliveryAttempts().size());
            cells.add(message);
            cells.add(n.notificationId());
            cells.add(n.typeId());
            cells.add(n.channel());
            cells.add(n.language());
            cells.add(n.status());
            cells.add(statusChecked);
            if (several) {
                cells.add(taxpayer == null ? null : taxpayer.value());
            }
        }
        if (handling == null) {
            cells.addAll(java.util.Collections.nCopies(5, null));
        } else {
            cells.add(
                    labels.text(
                            handling.state() == Handling.State.HANDLED
                                    ? "handling.handled"
                                    : "handling.toHandle"));
            cells.add(handling.assignedTo());
            cells.add(handling.changedAt());
            cells.add(handling.changedBy());
            cells.add(fit(handling.lastNote()));
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
            code("history.column.status", a.status(), labels.status(a.status()));
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
