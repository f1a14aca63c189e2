package app.ishaar.ui.main;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.ui.login.LoginViewModel.LoginResult;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.util.function.Supplier;

/**
 * A login opening the main window, whether another may open it again, and its logout closing it:
 * each part of the window (its settings, title, taxpayers and their logins, offline state, sync)
 * told of the login and of the logout.
 */
record WindowLifecycle(
        Relogin relogin,
        WindowSettings settings,
        WindowTitle title,
        TaxpayerListViewModel taxpayers,
        TaxpayerLogins logins,
        OfflineViewModel offline,
        MainWindowSync sync,
        Supplier<ServiceKey> service,
        TaxpayerHistories histories,
        HistoryViewModel allTaxpayers) {

    /**
     * Whether {@code login} is the window's own again: the same profile (so the same environment
     * and client ID), the same represented taxpayers and the same keychain choice. Then the
     * window's screens (each taxpayer's filters, page size, columns) are the ones the login would
     * build anew, and need not be.
     */
    boolean sameAs(LoginResult login) {
        Profile profile = settings.profile();
        Environment environment = logins.environment();
        return login.profile().id().equals(profile.id())
                && login.environment().kind() == title.environmentKind()
                && (environment == null || login.environment().equals(environment))
                && login.profile().rememberSecret() == profile.rememberSecret()
                && login.profile().taxpayers().equals(profile.taxpayers());
    }

    /** The window's parts told of {@code login}; returns the taxpayer it shows first. */
    TaxpayerEntry open(LoginResult login) {
        relogin.cancel();
        settings.opened(login.profile());
        Credentials base = login.credentials();
        title.opened(login.environment().apiHost());
        TokenInfo t = login.token();
        TaxpayerEntry own = taxpayers.own();
        RepresentedTaxpayer ownSaid = login.profile().ownAsLoggedIn();
        if (login.offline() && ownSaid != null) {
            // no token to say whose history the own taxpayer's is: as the last login's said
            own.ownAsTokenNamesIt(ownSaid.rin(), ownSaid.name());
        }
        // offline: no session; the taxpayer last shown, read from the archive
        TaxpayerEntry first =
                login.offline()
                        ? taxpayers.find(login.profile().lastTaxpayerRin()).orElse(own)
                        : taxpayers.loggedIn(base.onBehalfOf(), t);
        RepresentedTaxpayer ownNow = own.asTokenNamedIt();
        if (!login.offline() && ownNow != null && !ownNow.equals(ownSaid)) {
            settings.save(settings.profile().withOwnAsLoggedIn(ownNow)); // for working offline
        }
        logins.opened(login.environment(), base, first, login.session());
        offline.opened(login, service.get());
        // a history kept from the window's last login reads the archive if it now holds the
        // taxpayer's synced history (its first sync completed since): offline it has no other
        for (TaxpayerEntry e : taxpayers.entries()) {
            e.madeHistory().ifPresent(h -> histories.choose(e, h));
        }
        histories.read(allTaxpayers);
        if (t != null && t.saysOwnTaxpayerOnly() && taxpayers.entries().size() == 1) {
            settings.ownTaxpayerOnly(); // nothing but its own taxpayer to list
        }
        return first;
    }

    /**
     * The logout: every session closed and every secret wiped, everything the service sent released
     * (each history screen keeps only its preferences), the settings written.
     */
    void close() {
        relogin.cancel();
        sync.close();
        offline.closed();
        taxpayers.dismissUndo(); // the next session's list offers no undo of this one's removal
        for (TaxpayerEntry e : taxpayers.entries()) {
            e.dispose();
        }
        allTaxpayers.endSession();
        logins.wipe();
        title.clearTimeLeft();
        settings.flush();
    }
}
