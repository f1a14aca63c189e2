package app.ishaar.ui.history;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;

/**
 * The check for new notifications of a shown page: now and then the service is asked how many
 * notifications match the page's filters, and the difference from the page's total is what arrived
 * meanwhile. It never changes the shown page by itself.
 */
public final class ArrivalsViewModel {
    private static final Logger LOG = System.getLogger(ArrivalsViewModel.class.getName());

    private final I18n i18n;
    private final Clock clock;

    /** The check under way: a page asked for meanwhile cancels it. */
    private final LatestTask checks;

    /**
     * How many more notifications match the filters than when the shown page came (0: none, or not
     * known).
     */
    private final ReadOnlyLongWrapper arrived = new ReadOnlyLongWrapper(this, "arrived");

    /** The shown page's total count (-1: no page shown), and when it came. */
    private long shownTotal = -1;

    private Instant shownAt;

    /**
     * When the service was last asked whether new notifications came (or the page came); whether it
     * is being asked.
     */
    private Instant lastCheck;

    private boolean checking;
    private StringBinding arrivedText;

    /** {@code fx}: where results are delivered (the FX thread's executor in the app). */
    ArrivalsViewModel(I18n i18n, Executor fx, Clock clock) {
        this.i18n = i18n;
        this.clock = clock;
        this.checks = new LatestTask(fx);
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
        lastCheck = at;
        shownTotal = total;
        arrived.set(0);
    }

    /** No page is shown any more (the session ended): nothing is known to have arrived. */
    void forget() {
        shownTotal = -1;
        arrived.set(0);
    }

    /**
     * A sync archived {@code added} notifications of this taxpayer that were new: they are counted
     * as arrived since the shown page came (whatever its filters; the sync knows the taxpayer's
     * history, not the page's). Nothing while no page is shown.
     */
    void synced(long added) {
        if (shownTotal < 0 || added <= 0) {
            return;
        }
        arrived.set(arrived.get() + added);
        if (arrivedText != null) {
            arrivedText.invalidate(); // since when: "today" may have become another day
        }
    }

    /** Cancels the check under way (a page is asked for, or the session ended). */
    void cancel() {
        checks.cancel();
    }

    /**
     * At most once in {@code every} after the shown page came, asks the service with {@code s} (one
     * notification's page) how many notifications match {@code shown}'s filters now. Asks nothing
     * with no session or no page shown, while a check is under way, or when the filters end in the
     * past, as nothing sent from now on could match them. A failed check is not shown: the next
     * one, or the next page, says what is wrong.
     */
    void check(Session s, NotificationQuery shown, Duration every) {
        if (s == null || shown == null || shownTotal < 0 || checking) {
            return;
        }
        Instant now = clock.instant();
        if (lastCheck != null && now.isBefore(lastCheck.plus(every))
                || shown.dateTo() != null && shown.dateTo().isBefore(now)) {
            return;
        }
        lastCheck = now;
        checking = true;
        long total = shownTotal;
        checks.run(
                PageRequests.request(s, shown.withPage(1).withPageSize(1)),
                (page, failure) -> {
                    checking = false;
                    if (failure != null) {
                        LOG.log(
                                Level.DEBUG,
                                "check for new notifications failed: {0}",
                                ServiceException.unwrap(failure).toString());
                    } else {
                        arrived.set(Math.max(0, page.totalCount() - total));
                        if (arrivedText != null) {
                            // since when: "today" may have become another day
                            arrivedText.invalidate();
                        }
                    }
                },
                // a page asked for meanwhile tells how many there are
                (page, failure) -> checking = false);
    }
}
