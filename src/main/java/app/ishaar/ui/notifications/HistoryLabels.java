package app.ishaar.ui.notifications;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.model.Channel;
import app.ishaar.core.model.Language;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.text.MessageText;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Localized names of the service's enumerated values. A value this client does not know is shown as
 * the service sent it: never blank, never a crash. For a type the service's own {@code typeName} is
 * used first, then the raw id.
 */
public final class HistoryLabels {
    /** The most of a message a cell shows on its one line. */
    static final int MESSAGE_CELL = 200;

    private final I18n i18n;
    private final Function<Notification, ListedTaxpayer> taxpayerOf;
    private final Function<Notification, Handling> handlingOf;
    private final Function<String, String> shownName;

    public HistoryLabels(I18n i18n) {
        this(i18n, n -> null);
    }

    /** {@code taxpayerOf}: whose a row is, for the Taxpayer column (null: not known). */
    public HistoryLabels(I18n i18n, Function<Notification, ListedTaxpayer> taxpayerOf) {
        this(i18n, taxpayerOf, n -> null, p -> p);
    }

    /**
     * {@code handlingOf}: who is dealing with a row, for the Handling column (null: no one marked
     * it); {@code shownName}: a person as the screen names them.
     */
    public HistoryLabels(
            I18n i18n,
            Function<Notification, ListedTaxpayer> taxpayerOf,
            Function<Notification, Handling> handlingOf,
            Function<String, String> shownName) {
        this.i18n = i18n;
        this.taxpayerOf = taxpayerOf;
        this.handlingOf = handlingOf;
        this.shownName = shownName;
    }

    /** A person as the screen names them (a shared archive's role by the name it was given). */
    public String person(String recorded) {
        return shownName.apply(recorded);
    }

    /** A row's handling, for the Handling column's icon; null when no one marked it. */
    Handling handlingOf(Notification n) {
        return handlingOf.apply(n);
    }

    /** "To handle", "Assigned to NAME", "Handled"; empty for a notification no one marked. */
    public String handling(Handling h) {
        if (h == null) {
            return "";
        }
        if (h.state() == Handling.State.HANDLED) {
            return i18n.get("handling.handled");
        }
        return h.assignedTo() == null || h.assignedTo().isBlank()
                ? i18n.get("handling.toHandle")
                : i18n.get("handling.assignedTo", person(h.assignedTo()));
    }

    public String type(Notification n) {
        return n == null ? "" : type(n.typeId(), n.typeName());
    }

    public String type(String typeId, String serviceName) {
        if (typeId != null && typeId.contains(",")) {
            return any(typeId, t -> type(t, null));
        }
        return NotificationType.fromId(typeId)
                .map(t -> i18n.get("type." + t.id()))
                .orElseGet(() -> notBlank(serviceName) ? serviceName : raw(typeId));
    }

    /** The names of several comma-separated values (a filter of any of them). */
    private static String any(String csv, java.util.function.UnaryOperator<String> name) {
        return java.util.Arrays.stream(csv.split(","))
                .map(String::strip)
                .filter(w -> !w.isEmpty())
                .map(name)
                .collect(java.util.stream.Collectors.joining(" / "));
    }

    public String status(String wire) {
        if (wire != null && wire.contains(",")) {
            return any(wire, this::status); // several statuses (a summary's link): any of them
        }
        return Status.fromWire(wire)
                .map(s -> i18n.get("status." + s.wire()))
                .orElseGet(() -> raw(wire));
    }

    public String channel(String wire) {
        return Channel.fromWire(wire)
                .map(c -> i18n.get("channel." + c.wire()))
                .orElseGet(() -> raw(wire));
    }

    public String language(String wire) {
        return Language.fromWire(wire)
                .map(l -> i18n.get("messageLanguage." + l.wire()))
                .orElseGet(() -> raw(wire));
    }

    /** The style class of a status badge: the known wire value, or {@code unknown}. */
    public static String statusStyle(String wire) {
        return Status.fromWire(wire).map(Status::wire).orElse("unknown");
    }

    /** A date and time as {@link I18n#formatDateTime} gives it; an absent one as a dash. */
    public String dateTime(Instant instant) {
        return instant == null ? "—" : i18n.formatDateTime(instant);
    }

    /** Attempt counts, page numbers: in the UI's digits. */
    public String number(long n) {
        return i18n.formatNumber(n);
    }

    /**
     * The text of a notification's cell in the history table's column {@code columnId} (sent, type,
     * … attempts).
     */
    public String cell(String columnId, Notification n) {
        return switch (columnId) {
            case "sent" -> dateTime(n.receivedDateTime());
            case "type" -> type(n);
            case "channel" -> channel(n.channel());
            case "address" -> raw(n.address());
            case "language" -> language(n.language());
            case "status" -> status(n.status());
            case "delivered" -> dateTime(n.deliveredDateTime());
            case "attempts" -> number(n.deliveryAttempts().size());
            case "taxpayer" -> taxpayerCell(taxpayerOf.apply(n));
            case "handling" -> handling(handlingOf.apply(n));
            case "message" -> messageCell(n.finalMessage());
            default -> throw new IllegalArgumentException("no such column: " + columnId);
        };
    }

    /** The Taxpayer cell: the name the list gives, or the RIN alone where it gives none. */
    private String taxpayerCell(ListedTaxpayer t) {
        if (t == null) {
            return "";
        }
        return t.name().isBlank() ? i18n.localDigits(t.rin().value()) : t.name();
    }

    /**
     * The Message cells' texts of the pages read last, by message, made on the thread that read
     * them ({@link #prepare}): an HTML e-mail or a system message's JSON read on the FX thread as
     * each page is shown cost it a sixth of a page's work.
     */
    private final Map<String, String> messageCells = new ConcurrentHashMap<>();

    /** Pages' worth of Message cells kept: the page shown and those read beside it. */
    private static final int MESSAGE_CELLS_KEPT = 1_000;

    /**
     * Makes the Message cells' texts of a page read (on the thread that read it, before the page is
     * shown).
     */
    void prepare(InboxPage page) {
        if (messageCells.size() > MESSAGE_CELLS_KEPT) {
            messageCells.clear();
        }
        for (ArchivedNotification a : page.items()) {
            String message = a.notification().finalMessage();
            if (message != null) {
                messageCells.computeIfAbsent(message, HistoryLabels::messageLine);
            }
        }
    }

    /** The message's readable text on one line, as much as a cell shows. */
    private String messageCell(String message) {
        String prepared = message == null ? null : messageCells.get(message);
        return prepared != null ? prepared : messageLine(message);
    }

    private static String messageLine(String message) {
        String line = MessageText.oneLine(message);
        return line.length() > MESSAGE_CELL ? line.substring(0, MESSAGE_CELL) + "…" : line;
    }

    /**
     * A row as text, the cells of the given columns as the table shows them, tab-separated: what a
     * spreadsheet or a mail takes from the clipboard (a tab or line break inside a cell becomes a
     * space).
     */
    public String row(Notification n, List<String> columnIds) {
        StringBuilder b = new StringBuilder();
        for (String id : columnIds) {
            if (!b.isEmpty()) {
                b.append('\t');
            }
            b.append(cell(id, n).replaceAll("[\\t\\r\\n\\u2028\\u2029]+", " "));
        }
        return b.toString();
    }

    /**
     * Rows as shown, one a line, in the order given (the table's): each its cells in the given
     * columns' order, tab-separated ({@link #row}), ready for a spreadsheet; null for none.
     */
    public String rows(List<Notification> rows, List<String> columnIds) {
        return rows.isEmpty()
                ? null
                : String.join("\n", rows.stream().map(n -> row(n, columnIds)).toList());
    }

    /**
     * The given notifications' IDs, one a line ("Copy notification ID" on several rows); null for
     * none.
     */
    public static String ids(List<Notification> rows) {
        return rows.isEmpty()
                ? null
                : String.join("\n", rows.stream().map(Notification::notificationId).toList());
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    /** A raw value as sent; an absent one as a dash, so a cell is never blank. */
    static String raw(String s) {
        return notBlank(s) ? s.strip() : "—";
    }

    /** A taxpayer as the Taxpayer column shows it: "name (RIN)", or the RIN alone. */
    public String taxpayer(String name, Rin rin) {
        String digits = i18n.localDigits(rin.value());
        return name == null || name.isBlank() ? digits : i18n.get("inbox.taxpayer", name, digits);
    }

    /** Why a search cannot be run; "" when it can. */
    public String searchProblem(SearchText.Problem p) {
        if (p == null) {
            return "";
        }
        return switch (p) {
            case EMPTY -> i18n.get("inbox.search.empty");
            case TOO_SHORT -> i18n.get("inbox.search.tooShort", SearchText.MIN_TERM);
            case TOO_LONG -> i18n.get("inbox.search.tooLong", SearchText.MAX_LENGTH);
        };
    }
}
