package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;

/**
 * The visits to one taxpayer's history: when the user last saw it, and so which notifications are
 * new (shown in bold) since then. This visit starts with its first page shown and is remembered as
 * the next visit's previous one; Mark as seen makes what was sent until then no longer new.
 */
public final class VisitsViewModel {
    private final I18n i18n;
    private final Clock clock;
    private final ObservableList<Notification> rows;
    private final Consumer<Instant> onSeen;

    /**
     * When the user last saw this history before now (null: never): what was sent after it is new.
     */
    private final ReadOnlyObjectWrapper<Instant> previousVisit =
            new ReadOnlyObjectWrapper<>(this, "previousVisit");

    /** This visit, from its first page shown (null until then): the next visit's previous one. */
    private Instant thisVisit;

    /**
     * What is new was sent after this: the previous visit, else (a first visit) this visit's start,
     * or the last Mark as seen; null until known.
     */
    private final ReadOnlyObjectWrapper<Instant> newSince =
            new ReadOnlyObjectWrapper<>(this, "newSince");

    /**
     * Whether {@link #newSince} is the remembered previous visit (not this one's start or a Mark as
     * seen).
     */
    private boolean newSinceIsLastVisit;

    private StringBinding newSinceText;

    /**
     * {@code lastVisit}: the remembered previous visit (null: none); {@code rows}: the shown page's
     * notifications; {@code onSeen}: told the moment of a Mark as seen, after this one took it.
     */
    VisitsViewModel(
            I18n i18n,
            Clock clock,
            Instant lastVisit,
            ObservableList<Notification> rows,
            Consumer<Instant> onSeen) {
        this.i18n = i18n;
        this.clock = clock;
        this.rows = rows;
        this.onSeen = onSeen;
        previousVisit.set(lastVisit);
        newSince.set(lastVisit);
        newSinceIsLastVisit = lastVisit != null;
    }

    /** When the user last saw this history before this visit; null for a first visit. */
    public ReadOnlyObjectProperty<Instant> previousVisitProperty() {
        return previousVisit.getReadOnlyProperty();
    }

    /** The visit to remember for this taxpayer: this one once it began, else the previous one. */
    Instant toRemember() {
        return thisVisit != null ? thisVisit : previousVisit.get();
    }

    /**
     * A page was shown at {@code at}: the first one begins this visit. Returns whether it did (the
     * visit to remember changed).
     */
    boolean pageShown(Instant at) {
        if (thisVisit != null) {
            return false;
        }
        thisVisit = at; // seen: remembered as the next visit's previous one
        if (newSince.get() == null) {
            newSince.set(thisVisit); // a first visit: what comes while the user is here is new
        }
        return true;
    }

    /**
     * Mark as seen: what was sent until now is no longer new, here and at the next visit (Since
     * your last visit starts from now too).
     */
    public void markSeen() {
        Instant now = clock.instant();
        thisVisit = now;
        newSinceIsLastVisit = false;
        newSince.set(now);
        previousVisit.set(now);
        onSeen.accept(now);
    }

    /**
     * After when a notification was sent to be new (bold): the user's last visit; on a first visit,
     * the start of this one (what came while the user was here); after Mark as seen, that moment.
     */
    public ReadOnlyObjectProperty<Instant> newSinceProperty() {
        return newSince.getReadOnlyProperty();
    }

    /**
     * Whether the notification was sent after {@link #newSinceProperty()}: since the last visit, or
     * while here.
     */
    public boolean isNew(Notification n) {
        Instant since = newSince.get();
        return since != null
                && n != null
                && n.receivedDateTime() != null
                && n.receivedDateTime().isAfter(since);
    }

    /** What the bold rows are, in the UI's language and zone, while the page shows one; else "". */
    public StringBinding newSinceText() {
        if (newSinceText == null) {
            newSinceText =
                    Bindings.createStringBinding(
                            () ->
                                    rows.stream().noneMatch(this::isNew)
                                            ? ""
                                            : i18n.get(
                                                    newSinceIsLastVisit
                                                            ? "history.newSince"
                                                            : "history.newSinceTime",
                                                    i18n.formatTimeToday(newSince.get(), clock)),
                            newSince,
                            rows,
                            i18n.languageProperty(),
                            i18n.latinDigitsProperty(),
                            i18n.zoneProperty());
        }
        return newSinceText;
    }

    /** What a bold row is, for a screen reader (the row's accessible help). */
    public String newRowHelp() {
        return newSinceIsLastVisit
                ? i18n.get("history.row.new")
                : i18n.get("history.row.newSinceTime", i18n.formatTimeToday(newSince.get(), clock));
    }
}
