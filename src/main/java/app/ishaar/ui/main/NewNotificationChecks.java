package app.ishaar.ui.main;

import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How often the window's histories ask whether new notifications came: the shown one every few
 * minutes (Settings), the others the user saw in this window (an intermediary's other taxpayers)
 * less often, for the list's counts, and only while their token lasts, so that a check never costs
 * a login (logins are limited per client).
 */
final class NewNotificationChecks {

    /**
     * The taxpayers not shown are checked for new notifications this many times less often than the
     * shown one.
     */
    static final int OTHERS_CHECKED_LESS_OFTEN = 5;

    /**
     * ...and only while their token has this much left: well before the session renews it (2
     * minutes ahead), so that no check of a taxpayer not shown costs a login.
     */
    static final Duration OTHERS_TOKEN_LEFT = Duration.ofMinutes(5);

    private final Clock clock;

    NewNotificationChecks(Clock clock) {
        this.clock = clock;
    }

    /** A tick of the window's clock: lets each history made so far check, if its time came. */
    void tick(List<TaxpayerEntry> entries, TaxpayerEntry shown, int checkMinutes) {
        if (checkMinutes <= 0) {
            return;
        }
        for (TaxpayerEntry x : entries) {
            Optional<HistoryViewModel> h = x.madeHistory();
            if (h.isEmpty()) {
                continue;
            }
            if (x == shown) {
                h.get().checkForNew(Duration.ofMinutes(checkMinutes));
            } else if (tokenOutlasts(x.session().orElse(null), OTHERS_TOKEN_LEFT)) {
                h.get()
                        .checkForNew(
                                Duration.ofMinutes(
                                        checkMinutes * (long) OTHERS_CHECKED_LESS_OFTEN));
            }
        }
    }

    private boolean tokenOutlasts(Session s, Duration left) {
        Optional<TokenInfo> t = s == null ? Optional.empty() : s.tokenInfo();
        return t.isPresent()
                && t.get().expiresAt() != null
                && t.get().expiresAt().isAfter(clock.instant().plus(left));
    }
}
