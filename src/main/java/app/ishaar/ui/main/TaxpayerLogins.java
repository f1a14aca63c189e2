package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.session.SessionState;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The taxpayers' logins in the main window, on one {@link TaxpayerSessions} per login of the
 * window: one session per taxpayer, opened with the credentials of the window's login, the login's
 * own session adopted; one login at a time each, the others' sessions untouched. The sessions own
 * each taxpayer's session and refusal: what they publish is handed to the taxpayer's entry on the
 * FX thread, and the entry shows it. A login the service refused for a reason of its own is
 * remembered there, so that choosing the taxpayer again does not ask again. The sessions keep their
 * own copy of the credentials; {@link #wipe} logs every taxpayer out and clears the window's.
 */
final class TaxpayerLogins {
    private static final System.Logger LOG = System.getLogger(TaxpayerLogins.class.getName());

    private final SessionOpener opener;
    private final Executor fx;
    private final Predicate<TaxpayerEntry> listed;
    private final Function<Rin, Optional<TaxpayerEntry>> entryOf;
    private final Consumer<TaxpayerEntry> connected;
    private TaxpayerSessions sessions;
    private Credentials base;

    /**
     * @param fx the FX thread, where the entries are told what the sessions publish
     * @param listed whether the taxpayer is still in the window's list (a login that ends for one
     *     removed meanwhile closes its session)
     * @param entryOf the entry of a taxpayer as the sessions know it (null: the ERP's own)
     * @param connected told of a taxpayer that has a session now
     */
    TaxpayerLogins(
            SessionOpener opener,
            Executor fx,
            Predicate<TaxpayerEntry> listed,
            Function<Rin, Optional<TaxpayerEntry>> entryOf,
            Consumer<TaxpayerEntry> connected) {
        this.opener = opener;
        this.fx = fx;
        this.listed = listed;
        this.entryOf = entryOf;
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
        TaxpayerSessions mine = new TaxpayerSessions(opener::open, environment, base);
        this.sessions = mine;
        mine.listen(s -> fx.execute(() -> deliver(mine, s.taxpayer())));
        if (session != null) {
            mine.adopt(rin(first), session);
        }
        // at once, not a pulse later: the window shows its first taxpayer as it opens, and an
        // intermediary's own entry as the login it is
        show(first);
        entryOf.apply(null).ifPresent(this::show);
    }

    /** The sessions of the window's login (null before it); the sync logs in through them. */
    TaxpayerSessions sessions() {
        return sessions;
    }

    Environment environment() {
        return sessions == null ? null : sessions.environment();
    }

    /**
     * The taxpayer chosen in the list: logs in on its behalf, unless its session lasts, a login is
     * under way, the service refused it for a reason of its own, or it is an intermediary's own
     * login. Returns whether a login started.
     */
    boolean chosen(TaxpayerEntry entry) {
        switch (state(entry).phase()) {
            case READY, CONNECTING, REFUSED, INTERMEDIARY -> {
                // a login the service refused for a reason of its own (not delegated, blocked...)
                // is refused again: choosing the taxpayer shows why, and only Try again asks once
                // more, so that going through the list spends no logins of the service's limit per
                // client on answers already given
                return false;
            }
            default -> {
                connect(entry);
                return true;
            }
        }
    }

    /** Try again: logs in for a failed taxpayer, unless a login is under way. */
    void retry(TaxpayerEntry entry) {
        SessionState.Phase p = state(entry).phase();
        if (p != SessionState.Phase.CONNECTING && p != SessionState.Phase.INTERMEDIARY) {
            connect(entry);
        }
    }

    private void connect(TaxpayerEntry entry) {
        TaxpayerSessions mine = sessions;
        Rin rin = rin(entry);
        CompletableFuture<TaxpayerSessions.Login> login = mine.retryLogin(rin);
        show(entry);
        entry.login()
                .run(
                        login,
                        (l, error) -> {
                            if (!listed.test(entry)) {
                                if (l != null) {
                                    l.session().close();
                                }
                                return;
                            }
                            if (error != null) {
                                LOG.log(
                                        System.Logger.Level.INFO,
                                        "taxpayer {0}: {1}",
                                        entry.rin(),
                                        ServiceException.unwrap(error).getMessage());
                            }
                            show(entry);
                        },
                        // the taxpayer removed or logged out meanwhile
                        (l, error) -> {
                            if (l != null) {
                                l.session().close();
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

    /** Shows the taxpayer as the sessions say it stands now (on the FX thread). */
    void show(TaxpayerEntry entry) {
        if (sessions == null) {
            return;
        }
        boolean wasReady = entry.session().isPresent();
        entry.show(state(entry));
        if (!wasReady && entry.session().isPresent()) {
            connected.accept(entry);
        }
    }

    /** What the sessions published, on the FX thread: for this window's login only. */
    private void deliver(TaxpayerSessions from, Rin taxpayer) {
        if (from == sessions) {
            entryOf.apply(taxpayer).ifPresent(this::show);
        }
    }

    private SessionState state(TaxpayerEntry entry) {
        return sessions == null ? SessionState.idle(null) : sessions.state(rin(entry));
    }

    private static Rin rin(TaxpayerEntry entry) {
        return entry.rin() == null ? null : Rin.of(entry.rin());
    }
}
