package app.ishaar.ui.main;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A taxpayer's login in the main window: one at a time each (trying again drops the one before),
 * its failure kept with that taxpayer, the others' sessions untouched. A login the service refused
 * for a reason of its own is marked, so that choosing the taxpayer again does not ask again.
 */
final class TaxpayerLogins {
    private static final System.Logger LOG = System.getLogger(TaxpayerLogins.class.getName());

    private final SessionOpener opener;
    private final Predicate<TaxpayerEntry> listed;
    private final Consumer<TaxpayerEntry> connected;

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

    void connect(TaxpayerEntry entry, Environment environment, Credentials credentials) {
        entry.connecting();
        Session s = opener.open(environment, credentials);
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
