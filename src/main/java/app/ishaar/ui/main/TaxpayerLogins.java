package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.session.SessionRules;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerEntry.State;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The taxpayers' logins in the main window, on {@link TaxpayerSessions} in its {@link
 * SessionRules#INTERACTIVE interactive} rules: one session per taxpayer, opened with the
 * credentials of the window's login, the login's own session adopted; one login at a time each, its
 * failure kept with that taxpayer, the others' sessions untouched. A login the service refused for
 * a reason of its own is remembered, so that choosing the taxpayer again does not ask again. The
 * sessions keep their own copy of the credentials; {@link #wipe} logs every taxpayer out and clears
 * the window's.
 */
final class TaxpayerLogins {
    private static final System.Logger LOG = System.getLogger(TaxpayerLogins.class.getName());

    private final SessionOpener opener;
    private final Predicate<TaxpayerEntry> listed;
    private final Consumer<TaxpayerEntry> connected;
    private TaxpayerSessions sessions;
    private Credentials base;

    /**
     * @param listed whether the taxpayer is still in the window's list (a login that ends for one
     *     removed meanwhile closes its session)
     * @param connected told of a taxpayer that has a session now
     */
    TaxpayerLogins(
            SessionOpener opener,
            Predicate<TaxpayerEntry> listed,
            Consumer<TaxpayerEntry> connected) {
        this.opener = opener;
        this.listed = listed;
        this.connected = connected;
    }

    /**
     * A login opened the window: its environment and credentials open the taxpayers' sessions until
     * the log out; {@code first} takes the login's own session.
     */
    void opened(Environment environment, Credentials base, TaxpayerEntry first, Session session) {
        if (sessions != null) {
            sessions.close();
        }
        this.base = base;
        this.sessions =
                new TaxpayerSessions(opener::open, environment, base, SessionRules.INTERACTIVE);
        if (session != null) {
            sessions.adopt(rin(first), session);
        }
    }

    /** Where the window's sessions are opened; null until a login opened the window. */
    /** The sessions of the window's login (null before it); the sync logs in through them. */
    TaxpayerSessions sessions() {
        return sessions;
    }

    Environment environment() {
        return sessions == null ? null : sessions.environment();
    }

    /**
     * The taxpayer chosen in the list: logs in on its behalf, unless its session lasts, a login is
     * under way, or the service refused it for a reason of its own. Returns whether a login
     * started.
     */
    boolean chosen(TaxpayerEntry entry) {
        State state = entry.stateProperty().get();
        if (entry.session().isPresent() && !entry.endedProperty().get()
                || state == State.CONNECTING
                || state == State.FAILED && entry.isRefused()) {
            // a login the service refused for a reason of its own (not delegated, blocked, the
            // intermediary's own entry...) is refused again: choosing the taxpayer shows why, and
            // only Try again asks once more, so that going through the list spends no logins of the
            // service's limit per client on answers already given
            return false;
        }
        connect(entry);
        return true;
    }

    /** Try again: logs in for a failed taxpayer, unless a login is under way. */
    void retry(TaxpayerEntry entry) {
        if (entry.stateProperty().get() != State.CONNECTING) {
            connect(entry);
        }
    }

    private void connect(TaxpayerEntry entry) {
        TaxpayerSessions mine = sessions;
        Rin rin = rin(entry);
        // a session that could not be renewed is dropped: the login below is a fresh one
        entry.session().filter(s -> entry.endedProperty().get()).ifPresent(s -> mine.ended(rin, s));
        entry.connecting();
        entry.login()
                .run(
                        mine.retryLogin(rin),
                        (login, error) -> {
                            if (!listed.test(entry)) {
                                if (login != null) {
                                    mine.ended(rin, login.session());
                                }
                                return;
                            }
                            if (error != null) {
                                Throwable cause = ServiceException.unwrap(error);
                                entry.failed(describe(entry, error), mine.refused(rin));
                                LOG.log(
                                        System.Logger.Level.INFO,
                                        "taxpayer {0}: {1}",
                                        entry.rin(),
                                        cause.getMessage());
                                return;
                            }
                            entry.attach(login.session(), login.token());
                            connected.accept(entry);
                        },
                        // the taxpayer removed or logged out meanwhile
                        (login, error) -> {
                            if (login != null) {
                                mine.ended(rin, login.session());
                            }
                        });
    }

    /**
     * Logs the taxpayer in again with {@code secret} (wiped here), or the client's current secret
     * when null; on success that secret opens the sessions from now on.
     */
    CompletableFuture<TaxpayerSessions.Login> relogin(TaxpayerEntry entry, char[] secret) {
        return sessions.reloginWithToken(rin(entry), secret);
    }

    /** The taxpayer leaves the list: its session is closed and its login under way dropped. */
    void removed(TaxpayerEntry entry) {
        if (sessions != null) {
            sessions.end(rin(entry));
        }
    }

    /** Logged out: every session is closed, the secret wiped. */
    void wipe() {
        if (sessions != null) {
            sessions.close();
        }
        if (base != null) {
            base.wipe();
        }
    }

    private static Rin rin(TaxpayerEntry entry) {
        return entry.rin() == null ? null : Rin.of(entry.rin());
    }

    /**
     * A taxpayer's failure as the main window tells it. The login dialog's words for a login the
     * service found incomplete point at its "On behalf of" field; here that answer to the ERP's own
     * entry means an intermediary's system, which the service opens only on behalf of a taxpayer it
     * acts for (the window's other entries), so the user is told to choose one.
     */
    static Failure describe(TaxpayerEntry entry, Throwable error) {
        Failure f = Failure.describe(error, entry.rin());
        if (entry.isOwn()
                && ServiceException.unwrap(error) instanceof LoginRejectedException r
                && r.reason() == LoginRejectedException.Reason.BAD_REQUEST) {
            return new Failure(
                    "error.login.badRequestOwn", List.of(), f.detail(), f.correlationId());
        }
        return f;
    }
}
