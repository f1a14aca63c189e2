package app.ishaar.core.session;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.TokenInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One logged-in {@link Session} per taxpayer of one ERP client, shared by everything in the process
 * that works for that taxpayer (the desktop's list and screens, a sync, an export): the ERP
 * system's own taxpayer logs in without {@code onbehalfof} ({@code null} below), a represented one
 * with its RIN. It is the one owner of each taxpayer's session and refusal: the desktop's list
 * shows what it publishes ({@link #listen}, {@link #state}) and keeps no copy of its own.
 *
 * <ul>
 *   <li>A session's token is reused until shortly before it expires; the session renews it itself.
 *       Every login of the process passes the client's {@link LoginBudget} (installed in the {@link
 *       app.ishaar.core.service.http.ServiceClient}), so none is sent past the identity service's
 *       limit.
 *   <li>A login the identity service limited (429) is waited out by the service client's one retry
 *       policy, within its patience; what it gives up on fails the login here, not remembered: the
 *       next use asks again. Nothing here tries a login again by itself.
 *   <li>A refusal is remembered per taxpayer: a login refused for a reason of the service's own
 *       (not delegated, blocked, expired, wrong secret, a scope or request refused) and a 403 from
 *       its history. {@link #session} then fails at once with that same error, and no login is
 *       spent on an answer already given, until {@link #retry} or {@link #relogin}.
 *   <li>Once a token says the ERP client is an intermediary, its own entry ({@code null}) is the
 *       login itself ({@link SessionState.Phase#INTERMEDIARY}), which the service opens only on
 *       behalf of a taxpayer it acts for: never remembered as a refused taxpayer.
 *   <li>A session that could not be renewed (a second 401) is dropped ({@link
 *       SessionState.Phase#ENDED}); the next {@link #session} logs in afresh.
 * </ul>
 *
 * Thread-safe. The sessions handed out are handles that belong to this object: what their calls
 * meet reaches it (a refusal, an ended session), and closing one ends that taxpayer's session here;
 * {@link #close} logs every taxpayer out and wipes the secret.
 */
public final class TaxpayerSessions implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.session");

    /**
     * Opens a session (in the app: {@code ServiceClient::openSession}); it owns the credentials.
     */
    @FunctionalInterface
    public interface Opener {
        Session open(Environment environment, Credentials credentials);
    }

    /** A taxpayer's logged-in session with the token its login answered. */
    public record Login(Session session, TokenInfo token) {}

    private final Opener opener;
    private final Environment environment;
    private final Object lock = new Object();

    /** Per taxpayer; the key null for the ERP system's own (HashMap takes a null key). */
    private final Map<Rin, SessionEntry> entries = new HashMap<>();

    private final List<Consumer<SessionState>> listeners = new CopyOnWriteArrayList<>();
    private Credentials base;
    private boolean closed;

    /** A token said the ERP client is an intermediary: its own entry is the login itself. */
    private boolean intermediary;

    /**
     * @param credentials the client's ID, secret and scope (its {@code onBehalfOf} is not used);
     *     this object keeps its own copy, so the caller may wipe its own
     */
    public TaxpayerSessions(Opener opener, Environment environment, Credentials credentials) {
        this.opener = Objects.requireNonNull(opener, "opener");
        this.environment = Objects.requireNonNull(environment, "environment");
        Credentials c = Objects.requireNonNull(credentials, "credentials");
        this.base = new Credentials(c.clientId(), c.clientSecret().clone(), null, c.scope());
    }

    public Environment environment() {
        return environment;
    }

    public String clientId() {
        synchronized (lock) {
            return base.clientId();
        }
    }

    /**
     * The taxpayer's session, logged in: the one at hand while its token lasts (renewed by itself
     * when due), else a new login, shared by every caller asking meanwhile. Fails with the
     * remembered refusal at once when the taxpayer refused before; with the login's error otherwise
     * (a {@link ServiceException}, wrapped in a {@link java.util.concurrent.CompletionException}).
     *
     * @param taxpayer a represented taxpayer, or null for the ERP system's own
     */
    public CompletableFuture<Session> session(Rin taxpayer) {
        return login(taxpayer).thenApply(Login::session);
    }

    /** {@link #session}, with the token its login answered. */
    public CompletableFuture<Login> login(Rin who) {
        Session current;
        SessionEntry e;
        Session s;
        CompletableFuture<Login> out = new CompletableFuture<>();
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(loggedOut());
            }
            e = entries.computeIfAbsent(who, k -> new SessionEntry());
            if (e.refusal != null) {
                return CompletableFuture.failedFuture(e.refusal);
            }
            if (e.pending != null) {
                // a copy: a caller cancelling its own future drops nothing of the others'
                return e.pending.copy();
            }
            current = e.session;
            if (current == null) {
                e.pending = out;
                e.failure = null;
                e.ended = null;
                s = opener.open(environment, credentialsFor(who));
                e.opening = s;
            } else {
                s = null;
            }
        }
        if (current == null) {
            publish(who);
            login(who, e, s, out);
            return out.copy();
        }
        // the session at hand: login() answers from its token, or renews it when due
        current.login()
                .whenComplete(
                        (t, err) -> {
                            if (err == null) {
                                out.complete(new Login(handle(who, current), t));
                            } else {
                                failed(who, current, ServiceException.unwrap(err));
                                out.completeExceptionally(ServiceException.unwrap(err));
                            }
                        });
        return out;
    }

    /**
     * Where the taxpayer's session stands now (null: the ERP system's own).
     *
     * @see #listen
     */
    public SessionState state(Rin who) {
        synchronized (lock) {
            return stateLocked(who);
        }
    }

    /**
     * Tells {@code listener} of every change of a taxpayer's state from now on, on the thread that
     * made it, outside this object's lock: a screen hands it on to its own thread, where {@link
     * #state} says the latest (a change may have followed meanwhile).
     */
    public void listen(Consumer<SessionState> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** The taxpayer's session if it has one now; never logs in. */
    public Optional<Session> current(Rin who) {
        synchronized (lock) {
            SessionEntry e = entries.get(who);
            return e == null || e.session == null
                    ? Optional.empty()
                    : Optional.of(handleLocked(e, who, e.session));
        }
    }

    /** The refusal remembered for this taxpayer, if any. */
    public Optional<ServiceException> refusal(Rin taxpayer) {
        synchronized (lock) {
            SessionEntry e = entries.get(taxpayer);
            return e == null ? Optional.empty() : Optional.ofNullable(e.refusal);
        }
    }

    /** Whether a refusal is remembered for this taxpayer. */
    public boolean refused(Rin taxpayer) {
        return refusal(taxpayer).isPresent();
    }

    /** Forgets a refusal and asks again: the user's "Try again". */
    public CompletableFuture<Session> retry(Rin taxpayer) {
        return retryLogin(taxpayer).thenApply(Login::session);
    }

    /** {@link #retry}, with the token its login answered. */
    public CompletableFuture<Login> retryLogin(Rin taxpayer) {
        synchronized (lock) {
            SessionEntry e = entries.get(taxpayer);
            if (e != null) {
                e.refusal = null;
            }
        }
        publish(taxpayer);
        return login(taxpayer);
    }

    /**
     * Takes a session logged in elsewhere (the login dialog's) as the taxpayer's, so that no second
     * login is spent on it: the taxpayer's session before, if another, is closed, a login under way
     * dropped and a refusal forgotten. Fails (closing {@code s}) once this object is closed.
     *
     * @return the session as this object hands it out
     */
    public Session adopt(Rin who, Session s) {
        Objects.requireNonNull(s, "session");
        Session previous;
        CompletableFuture<Login> pending;
        Session opening;
        boolean ownNow;
        synchronized (lock) {
            if (closed) {
                s.close();
                throw new IllegalStateException("logged out");
            }
            SessionEntry e = entries.computeIfAbsent(who, k -> new SessionEntry());
            previous = e.session;
            pending = e.pending;
            opening = e.opening;
            e.session = s;
            e.token = s.tokenInfo().orElse(null);
            e.pending = null;
            e.opening = null;
            e.refusal = null;
            e.failure = null;
            e.ended = null;
            ownNow = tokenSaidLocked(e.token);
        }
        SessionEntry.drop(pending, opening);
        if (previous != null && previous != s) {
            previous.close();
        }
        publish(who);
        if (ownNow && who != null) {
            publish(null);
        }
        return handle(who, s);
    }

    /**
     * The holder of a session handed out closed it: it is closed and dropped, and the next {@link
     * #session} logs in afresh. Nothing happens when {@code s} is no longer the taxpayer's session.
     */
    void ended(Rin taxpayer, Session s) {
        synchronized (lock) {
            SessionEntry e = entries.get(taxpayer);
            if (e == null || e.session != s) {
                return;
            }
            e.session = null;
            e.token = null;
        }
        s.close();
        publish(taxpayer);
    }

    /**
     * Logs the taxpayer in again with {@code secret} (the user typed it again, or the stored one):
     * on success the client's secret becomes this one, the taxpayer's old session is closed and its
     * refusal forgotten; on failure nothing changes. This object wipes {@code secret}.
     *
     * @param secret the secret to log in with, or null for the client's current one (no other is at
     *     hand: the keychain holds none)
     */
    public CompletableFuture<Session> relogin(Rin taxpayer, char[] secret) {
        return reloginWithToken(taxpayer, secret).thenApply(Login::session);
    }

    /** {@link #relogin}, with the token its login answered. */
    public CompletableFuture<Login> reloginWithToken(Rin who, char[] secret) {
        Credentials fresh;
        synchronized (lock) {
            if (closed) {
                wipe(secret);
                return CompletableFuture.failedFuture(loggedOut());
            }
            char[] chosen = secret == null ? base.clientSecret() : secret;
            fresh = new Credentials(base.clientId(), chosen.clone(), onBehalfOf(who), base.scope());
            wipe(secret);
        }
        char[] kept = fresh.clientSecret().clone();
        Session s = opener.open(environment, fresh);
        CompletableFuture<Login> out = new CompletableFuture<>();
        s.login()
                .whenComplete(
                        (t, err) -> {
                            Session previous = null;
                            boolean taken = false;
                            synchronized (lock) {
                                if (err == null && !closed) {
                                    Credentials old = base;
                                    base = new Credentials(old.clientId(), kept, null, old.scope());
                                    old.wipe();
                                    SessionEntry e =
                                            entries.computeIfAbsent(who, k -> new SessionEntry());
                                    previous = e.session;
                                    e.session = s;
                                    e.token = t;
                                    e.refusal = null;
                                    e.failure = null;
                                    e.ended = null;
                                    tokenSaidLocked(t);
                                    taken = true;
                                }
                            }
                            if (!taken) {
                                java.util.Arrays.fill(kept, '\0');
                                s.close();
                                out.completeExceptionally(
                                        err != null ? ServiceException.unwrap(err) : loggedOut());
                                return;
                            }
                            if (previous != null && previous != s) {
                                previous.close();
                            }
                            publish(who);
                            if (who != null) {
                                publish(null); // the token may have said: an intermediary
                            }
                            out.complete(new Login(handle(who, s), t));
                        });
        return out;
    }

    /** Ends one taxpayer's session and forgets it (a taxpayer removed from the list). */
    public void end(Rin taxpayer) {
        SessionEntry e;
        synchronized (lock) {
            e = entries.remove(taxpayer);
        }
        if (e != null) {
            SessionEntry.drop(e.pending, e.opening);
            if (e.session != null) {
                e.session.close();
            }
        }
        publish(taxpayer);
    }

    /** The taxpayers with a session now (null for the ERP's own). */
    public List<Rin> loggedIn() {
        List<Rin> out = new ArrayList<>();
        synchronized (lock) {
            entries.forEach(
                    (who, e) -> Optional.ofNullable(e.session).ifPresent(s -> out.add(who)));
        }
        return out;
    }

    /** Logs every taxpayer out: closes every session, wipes the secret. Final. */
    @Override
    public void close() {
        List<SessionEntry> all;
        List<Rin> who;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(entries.values());
            who = new ArrayList<>(entries.keySet());
            entries.clear();
            base.wipe();
        }
        for (SessionEntry e : all) {
            if (e.pending != null) {
                e.pending.completeExceptionally(loggedOut());
            }
            if (e.opening != null) {
                e.opening.close();
            }
            if (e.session != null) {
                e.session.close();
            }
        }
        for (Rin r : who) {
            publish(r);
        }
    }

    private Credentials credentialsFor(Rin who) {
        return new Credentials(
                base.clientId(), base.clientSecret().clone(), onBehalfOf(who), base.scope());
    }

    private static void wipe(char[] secret) {
        if (secret != null) {
            java.util.Arrays.fill(secret, '\0');
        }
    }

    private static String onBehalfOf(Rin taxpayer) {
        return taxpayer == null ? null : taxpayer.value();
    }

    private static String describe(Rin taxpayer) {
        return taxpayer == null ? "the ERP's own taxpayer" : "taxpayer " + taxpayer;
    }

    private static SessionExpiredException loggedOut() {
        return new SessionExpiredException("logged out", null, null);
    }

    /** The login of a new session; what it ends with is the taxpayer's state. */
    private void login(Rin who, SessionEntry e, Session s, CompletableFuture<Login> out) {
        s.login()
                .whenComplete(
                        (t, err) -> {
                            Throwable c = err == null ? null : ServiceException.unwrap(err);
                            boolean taken = false;
                            boolean ownNow = false;
                            synchronized (lock) {
                                if (e.pending == out && !closed) {
                                    e.pending = null;
                                    e.opening = null;
                                    if (c == null) {
                                        e.session = s;
                                        e.token = t;
                                        ownNow = tokenSaidLocked(t);
                                        taken = true;
                                    } else if (remembersLocked(who, c)) {
                                        e.refusal = (ServiceException) c;
                                    } else if (!(c instanceof CancellationException)) {
                                        e.failure = c;
                                    }
                                }
                            }
                            publish(who);
                            if (ownNow && who != null) {
                                publish(null);
                            }
                            if (c != null) {
                                s.close();
                                out.completeExceptionally(c);
                            } else if (!taken) {
                                s.close();
                                out.completeExceptionally(loggedOut());
                            } else {
                                out.complete(new Login(handle(who, s), t));
                            }
                        });
    }

    /**
     * Whether {@code c} is an answer for the taxpayer which asking again would only repeat: a login
     * rejected for a reason the service named, or no access (403). Never for an intermediary's own
     * entry, which the service refuses whenever it is not on behalf of a taxpayer.
     */
    private boolean remembersLocked(Rin who, Throwable c) {
        if (who == null && intermediary) {
            return false;
        }
        return c instanceof NotPermittedException
                || c instanceof LoginRejectedException r
                        && r.reason() != LoginRejectedException.Reason.OTHER;
    }

    /** What a token says of the ERP client; returns whether it just said: an intermediary. */
    private boolean tokenSaidLocked(TokenInfo t) {
        if (t != null && t.saysIntermediary() && !intermediary) {
            intermediary = true;
            SessionEntry own = entries.get(null);
            if (own != null) {
                own.refusal = null;
                own.failure = null;
            }
            return true;
        }
        return false;
    }

    private SessionState stateLocked(Rin who) {
        if (closed) {
            return SessionState.idle(who);
        }
        SessionEntry e = entries.get(who);
        if (who == null && intermediary && !onBehalfOfSomeone(e)) {
            return new SessionState(null, SessionState.Phase.INTERMEDIARY, null, null, null);
        }
        if (e == null) {
            return SessionState.idle(who);
        }
        if (e.refusal != null) {
            return new SessionState(who, SessionState.Phase.REFUSED, null, null, e.refusal);
        }
        if (e.pending != null) {
            return new SessionState(who, SessionState.Phase.CONNECTING, null, null, null);
        }
        if (e.session != null) {
            return new SessionState(
                    who, SessionState.Phase.READY, handleLocked(e, who, e.session), e.token, null);
        }
        if (e.ended != null) {
            return new SessionState(who, SessionState.Phase.ENDED, null, null, e.ended);
        }
        if (e.failure != null) {
            return new SessionState(who, SessionState.Phase.FAILED, null, null, e.failure);
        }
        return SessionState.idle(who);
    }

    /**
     * Whether the ERP's own entry holds a session opened on behalf of a taxpayer: a login the
     * window adopted for a taxpayer its list did not name yet. That entry is then that taxpayer's,
     * not the intermediary's own login.
     */
    private static boolean onBehalfOfSomeone(SessionEntry e) {
        return e != null && e.session != null && e.session.key().onBehalfOf() != null;
    }

    /** Tells the listeners where the taxpayer stands now; never under the lock. */
    private void publish(Rin who) {
        if (listeners.isEmpty()) {
            return;
        }
        SessionState now = state(who);
        for (Consumer<SessionState> l : listeners) {
            try {
                l.accept(now);
            } catch (RuntimeException ex) {
                LOG.log(System.Logger.Level.WARNING, "a session listener failed", ex);
            }
        }
    }

    /** The session as handed out: its one handle. */
    private Session handle(Rin who, Session s) {
        synchronized (lock) {
            return handleLocked(entries.get(who), who, s);
        }
    }

    private Session handleLocked(SessionEntry e, Rin who, Session s) {
        if (e == null || e.session != s) {
            return new SharedSession(this, who, s);
        }
        if (e.handle == null || e.handle.delegate() != s) {
            e.handle = new SharedSession(this, who, s);
        }
        return e.handle;
    }

    /** What a shared session's call met: a refusal is remembered, an ended session dropped. */
    void failed(Rin taxpayer, Session s, Throwable c) {
        Rin who = taxpayer;
        Session drop = null;
        synchronized (lock) {
            SessionEntry e = entries.get(who);
            if (e == null || e.session != s) {
                return;
            }
            if (remembersLocked(who, c)) {
                e.refusal = (ServiceException) c;
                e.session = null;
                e.token = null;
                drop = s;
            } else if (c instanceof SessionExpiredException se) {
                e.session = null;
                e.token = null;
                e.ended = se;
                drop = s;
            }
        }
        if (drop != null) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "{0}: session dropped ({1})",
                    describe(who),
                    c.getMessage());
            drop.close();
            publish(who);
        }
    }
}
