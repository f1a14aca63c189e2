package app.ishaar.ui.main;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerEntry.State;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The taxpayers' logins in the main window: the environment and the credentials of the window's
 * login (a {@code char[]} secret) from which a session is opened for each taxpayer chosen, one
 * login at a time each (trying again drops the one before), its failure kept with that taxpayer,
 * the others' sessions untouched. A login the service refused for a reason of its own is marked, so
 * that choosing the taxpayer again does not ask again. Each session owns its own copy of the
 * credentials; {@link #wipe} clears the window's.
 */
final class TaxpayerLogins {
    private static final System.Logger LOG = System.getLogger(TaxpayerLogins.class.getName());

    private final SessionOpener opener;
    private final Predicate<TaxpayerEntry> listed;
    private final Consumer<TaxpayerEntry> connected;
    private Environment environment;
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

    /** A login opened the window: its environment and credentials, kept until the log out. */
    void opened(Environment environment, Credentials base) {
        this.environment = environment;
        this.base = base;
    }

    /** Where the window's sessions are opened; null until a login opened the window. */
    Environment environment() {
        return environment;
    }

    Credentials base() {
        return base;
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
        entry.connecting();
        Session s = opener.open(environment, base.onBehalfOf(entry.rin()));
        entry.login()
                .run(
                        s.login(),
                        (token, error) -> {
                            if (!listed.test(entry)) {
                                s.close();
                                return;
                            }
                            if (error != null) {
                                s.close();
                                Throwable cause = ServiceException.unwrap(error);
                                entry.failed(
                                        describe(entry, error),
                                        cause instanceof LoginRejectedException r
                                                && r.reason()
                                                        != LoginRejectedException.Reason.OTHER);
                                LOG.log(
                                        System.Logger.Level.INFO,
                                        "taxpayer {0}: {1}",
                                        entry.rin(),
                                        cause.getMessage());
                                return;
                            }
                            entry.attach(s, token, null);
                            connected.accept(entry);
                        },
                        // superseded (tried again), or the taxpayer removed or logged out
                        // meanwhile
                        (token, error) -> s.close());
    }

    /** A re-login succeeded: its credentials open the sessions from now on. */
    void renewBase(Credentials fresh) {
        Credentials old = base;
        base = fresh;
        old.wipe();
    }

    /** Logged out: the secret is wiped. */
    void wipe() {
        base.wipe();
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
