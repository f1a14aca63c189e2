package app.ishaar.ui.notifications;

import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.time.Instant;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;

/**
 * What arrived since the shown page came: the window's sync tells each taxpayer's history how many
 * new notifications it archived ({@link #synced}). It never changes the shown page by itself.
 */
public final class ArrivalsViewModel {
    private final I18n i18n;
    private final Clock clock;

    /**
     * How many more notifications match the filters than when the shown page came (0: none, or not
     * known).
     */
    private final ReadOnlyLongWrapper arrived = new ReadOnlyLongWrapper(this, "arrived");

    /** The shown page's total count (-1: no page shown), and when it came. */
    private long shownTotal = -1;

    private Instant shownAt;

    private StringBinding arrivedText;

    ArrivalsViewModel(I18n i18n, Clock clock) {
        this.i18n = i18n;
        this.clock = clock;
    }

    /**
     * How many more notifications match the filters now than when the shown page came: new ones
     * (or, filtered by status, ones whose status came to match). 0 when none or not known.
     */
    public ReadOnlyLongProperty arrivedProperty() {
        return arrived.getReadOnlyProperty();
    }

    /**
     * "3 new notifications since 10:15:02 AM" (its date too if not today), in the UI's language,
     * while some arrived; else "".
     */
    public StringBinding arrivedText() {
        if (arrivedText == null) {
            arrivedText =
                    Bindings.createStringBinding(
                            () ->
                                    arrived.get() <= 0 || shownAt == null
                                            ? ""
                                            : i18n.get(
                                                    "history.arrived",
                                                    arrived.get(),
                                                    i18n.formatTimeToday(
                                                            shownAt,
                                                            clock)), // (history.arrived.one for 1)
                            arrived,
                            i18n.languageProperty(),
                            i18n.latinDigitsProperty(),
                            i18n.zoneProperty());
        }
        return arrivedText;
    }

    /** A page with {@code total} matching notifications was shown at {@code at}: none arrived. */
    void pageShown(long total, Instant at) {
        shownAt = at;
        shownTotal = total;
        arrived.set(0);
    }

    /** No page is shown any more (the session ended): nothing is known to have arrived. */
    void forget() {
        shownTotal = -1;
        arrived.set(0);
    }

    /**
     * A sync that began at {@code started} archived {@code added} notifications of this taxpayer
     * that were new: they are counted as arrived since the shown page came (whatever its filters;
     * the sync knows the taxpayer's history, not the page's). Nothing while no page is shown, nor
     * for a sync that began before the page came (the page holds what it brought).
     */
    void synced(long added, Instant started) {
        if (shownTotal < 0 || added <= 0 || started == null || started.isBefore(shownAt)) {
            return;
        }
        arrived.set(arrived.get() + added);
        if (arrivedText != null) {
            arrivedText.invalidate(); // since when: "today" may have become another day
        }
    }
}
