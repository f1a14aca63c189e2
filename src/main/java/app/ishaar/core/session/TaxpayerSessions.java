package app.ishaar.core.session;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.TokenInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One logged-in {@link Session} per taxpayer of one ERP client, shared by everything in the process
 * that works for that taxpayer (the desktop's history, a sync, an export): the ERP system's own
 * taxpayer logs in without {@code onbehalfof} ({@code null} below), a represented one with its RIN.
 *
 * <ul>
 *   <li>A session's token is reused until shortly before it expires; the session renews it itself.
 *       Every login of the process passes the client's {@link LoginBudget} (installed in the {@link
 *       app.ishaar.core.service.ServiceClient}), so none is sent past the identity service's limit.
 *   <li>A login the identity service limited (429) is tried again when the budget allows, without
 *       end: a taxpayer is never given up because the limit was reached.
 *   <li>A refusal is remembered per taxpayer: a login refused for a reason of the service's own
 *       (not delegated, blocked, expired, wrong secret, a scope or request refused) and a 403 from
 *       its history. {@link #session} then fails at once with that same error, and no login is
 *       spent on an answer already given, until {@link #retry} or {@link #relogin}.
 *   <li>A session that could not be renewed (a second 401) is dropped; the next {@link #session}
 *       logs in afresh.
 * </ul>
 *
 * Thread-safe. The sessions handed out belong to this object: closing one ends that taxpayer's
 * session here ({@link #end}); {@link #close} logs every taxpayer out and wipes the secret. The
 * {@link Mode} says who waits for a login and who watches the sessions' calls: background work
 * ({@link Mode#SHARED}, the rules above) or a user at the desktop ({@link Mode#INTERACTIVE}).
 */
public final class TaxpayerSessions implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.session");

    /** The first wait before a rate-limited login is tried again; it doubles up to a minute. */
    static final Duration FIRST_LIMITED_WAIT = Duration.ofSeconds(1);

    static final Duration MAX_LIMITED_WAIT = Duration.ofMinutes(1);

    /**
     * Opens a session (in the app: {@code ServiceClient::openSession}); it owns the credentials.
     */
    @FunctionalInterface
    public interface Opener {
        Session open(Environment environment, Credentials credentials);
    }

    /** Who waits for the logins, and who watches what the sessions' calls meet. */
    public enum Mode {
        /**
         * Background work (a sync, the command line): a rate-limited login is waited out without
         * end; a 403 from any call is remembered as a refusal, besides the login's; each session is
         * handed out as one handle (the same object each time) that reports its calls' refusals and
         * endings here.
         */
        SHARED,
        /**
         * A user waiting at the desktop: a rate-limited login fails at once (the user sees it and
         * may try again); only a login the service rejected for a reason of its own is remembered
         * as a refusal; the sessions handed out are the opened ones themselves, whose holder
         * watches their calls and reports an ended one ({@link #ended}).
         */
        INTERACTIVE
    }

    /** A taxpayer's logged-in session with the token its login answered. */
    public record Login(Session session, TokenInfo token) {}

    private final Opener opener;
    private final Environment environment;
    private final Mode mode;
    private final Object lock = new Object();
    private final Map<Who, Entry> entries = new HashMap<>();
    private volatile Duration firstLimitedWait = FIRST_LIMITED_WAIT;
    private Credentials base;
    private boolean closed;

    /** A taxpayer as a map key: null for the ERP system's own. */
    private record Who(Rin rin) {
        String onBehalfOf() {
            return rin == null ? null : rin.value();
        }

        @Override
        public String toString() {
            return rin == null ? "the ERP's own taxpayer" : "taxpayer " + rin;
        }
    }

    /** A taxpayer's state: its session, the login under way, or the refusal remembered. */
    private static final class Entry {
        Session session;

        /** The handle of {@link #session} handed out in {@link Mode#SHARED}, made once. */
        SharedSession handle;

        CompletableFuture<Login> pending;
        ServiceException refusal;
    }

    /**
     * @param credentials the client's ID, secret and scope (its {@code onBehalfOf} is not used);
     *     this object keeps its own copy, so the caller may wipe its own
     */
    public TaxpayerSessions(Opener opener, Environment environment, Credentials credentials) {
        this(opener, environment, credentials, Mode.SHARED);
    }

    /**
     * @param credentials the client's ID, secret and scope (its {@code onBehalfOf} is not used);
     *     this object keeps its own copy, so the caller may wipe its own
     */
    public TaxpayerSessions(
            Opener opener, Environment environment, Credentials credentials, Mode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
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
    public CompletableFuture<Login> login(Rin taxpayer) {
        Who who = new Who(taxpayer);
        Session current;
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(loggedOut());
            }
            Entry e = entries.computeIfAbsent(who, k -> new Entry());
            if (e.refusal != null) {
                return CompletableFuture.failedFuture(e.refusal);
            }
            if (e.pending != null) {
                return e.pending;
            }
            current = e.session;
            if (current == null) {
                CompletableFuture<Login> out = new CompletableFuture<>();
                e.pending = out;
                Session s = opener.open(environment, credentialsFor(who));
                login(who, e, s, out, firstLimitedWait);
                return out;
            }
        }
        // the session at hand: login() answers from its token, or renews it when due
        Session s = current;
        CompletableFuture<Login> out = new CompletableFuture<>();
        s.login()
                .whenComplete(
                        (t, err) -> {
                            if (err == null) {
                                out.complete(new Login(handle(who, s), t));
                            } else {
                                failed(who, s, ServiceException.unwrap(err));
                                out.completeExceptionally(ServiceException.unwrap(err));
                            }
                        });
        return out;
    }

    /** Shortens the first wait after a rate-limited login (tests). */
    void firstLimitedWait(Duration d) {
        firstLimitedWait = d;
    }

    /** The taxpayer's session if it has one now; never logs in. */
    public Optional<Session> current(Rin taxpayer) {
        Who who = new Who(taxpayer);
        synchronized (lock) {
            Entry e = entries.get(who);
            return e == null || e.session == null
                    ? Optional.empty()
                    : Optional.of(handleLocked(e, who, e.session));
        }
    }

    /** The refusal remembered for this taxpayer, if any. */
    public Optional<ServiceException> refusal(Rin taxpayer) {
        synchronized (lock) {
            Entry e = entries.get(new Who(taxpayer));
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
            Entry e = entries.get(new Who(taxpayer));
            if (e != null) {
                e.refusal = null;
            }
        }
        return login(taxpayer);
    }

    /**
     * Takes a session logged in elsewhere (the login dialog's, with its first page asked for ahead)
     * as the taxpayer's, so that no second login is spent on it: the taxpayer's session before, if
     * another, is closed, a login under way dropped and a refusal forgotten. Fails (closing {@code
     * s}) once this object is closed.
     *
     * @return the session as this object hands it out
     */
    public Session adopt(Rin taxpayer, Session s) {
        Objects.requireNonNull(s, "session");
        Who who = new Who(taxpayer);
        Session previous;
        CompletableFuture<Login> pending;
        synchronized (lock) {
            if (closed) {
                s.close();
                throw new IllegalStateException("logged out");
            }
            Entry e = entries.computeIfAbsent(who, k -> new Entry());
            previous = e.session;
            pending = e.pending;
            e.session = s;
            e.pending = null;
            e.refusal = null;
        }
        if (pending != null) {
            pending.cancel(false);
        }
        if (previous != null && previous != s) {
            previous.close();
        }
        return handle(who, s);
    }

    /**
     * The holder of a session handed out in {@link Mode#INTERACTIVE} saw it end (it could not be
     * renewed): it is closed and dropped, and the next {@link #session} logs in afresh. Nothing
     * happens when {@code s} is no longer the taxpayer's session.
     */
    public void ended(Rin taxpayer, Session s) {
        end(new Who(taxpayer), s);
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
    public CompletableFuture<Login> reloginWithToken(Rin taxpayer, char[] secret) {
        Who who = new Who(taxpayer);
        Credentials fresh;
        synchronized (lock) {
            if (closed) {
                if (secret != null) {
                    java.util.Arrays.fill(secret, '\0');
                }
                return CompletableFuture.failedFuture(loggedOut());
            }
            char[] chosen = secret == null ? base.clientSecret() : secret;
            fresh =
                    new Credentials(
                            base.clientId(), chosen.clone(), who.onBehalfOf(), base.scope());
            if (secret != null) {
                java.util.Arrays.fill(secret, '\0');
            }
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
                                    Entry e = entries.computeIfAbsent(who, k -> new Entry());
                                    previous = e.session;
                                    e.session = s;
                                    e.refusal = null;
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
                            out.complete(new Login(handle(who, s), t));
                        });
        return out;
    }

    /** Ends one taxpayer's session and forgets it (a taxpayer removed from the list). */
    public void end(Rin taxpayer) {
        Entry e;
        synchronized (lock) {
            e = entries.remove(new Who(taxpayer));
        }
        if (e != null) {
            if (e.pending != null) {
                e.pending.cancel(false);
            }
            if (e.session != null) {
                e.session.close();
            }
        }
    }

    /** The taxpayers with a session now (null for the ERP's own). */
    public List<Rin> loggedIn() {
        List<Rin> out = new ArrayList<>();
        synchronized (lock) {
            entries.forEach(
                    (who, e) -> {
                        if (e.session != null) {
                            out.add(who.rin());
                        }
                    });
        }
        return out;
    }

    /** Logs every taxpayer out: closes every session, wipes the secret. Final. */
    @Override
    public void close() {
        List<Entry> all;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(entries.values());
            entries.clear();
            base.wipe();
        }
        for (Entry e : all) {
            if (e.pending != null) {
                e.pending.completeExceptionally(loggedOut());
            }
            if (e.session != null) {
                e.session.close();
            }
        }
    }

    // ---- internals ----------------------------------------------------------------------------

    private Credentials credentialsFor(Who who) {
        return new Credentials(
                base.clientId(), base.clientSecret().clone(), who.onBehalfOf(), base.scope());
    }

    private static SessionExpiredException loggedOut() {
        return new SessionExpiredException("logged out", null, null);
    }

    /**
     * One login of a new session, tried again without end while the service limits logins ({@link
     * Mode#SHARED}).
     */
    private void login(
            Who who, Entry e, Session s, CompletableFuture<Login> out, Duration limitedWait) {
        s.login()
                .whenComplete(
                        (t, err) -> {
                            Throwable c = err == null ? null : ServiceException.unwrap(err);
                            if (mode == Mode.SHARED
                                    && c instanceof ServiceUnavailableException su
                                    && su.rateLimited()) {
                                synchronized (lock) {
                                    if (closed || e.pending != out) {
                                        s.close();
                                        return;
                                    }
                                }
                                LOG.log(
                                        System.Logger.Level.INFO,
                                        "login for {0} limited by the service; trying again in {1} s",
                                        who,
                                        limitedWait.toSeconds());
                                Duration next = limitedWait.multipliedBy(2);
                                CompletableFuture.delayedExecutor(
                                                limitedWait.toMillis(), TimeUnit.MILLISECONDS)
                                        .execute(
                                                () ->
                                                        login(
                                                                who,
                                                                e,
                                                                s,
                                                                out,
                                                                next.compareTo(MAX_LIMITED_WAIT) > 0
                                                                        ? MAX_LIMITED_WAIT
                                                                        : next));
                                return;
                            }
                            boolean taken = false;
                            synchronized (lock) {
                                if (e.pending == out && !closed) {
                                    e.pending = null;
                                    if (c == null) {
                                        e.session = s;
                                        taken = true;
                                    } else if (refuses(c)) {
                                        e.refusal = (ServiceException) c;
                                    }
                                }
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

    /** An answer the service gave for this taxpayer, which asking again would only repeat. */
    static boolean isRefusal(Throwable c) {
        return c instanceof NotPermittedException
                || c instanceof LoginRejectedException r
                        && r.reason() != LoginRejectedException.Reason.OTHER;
    }

    /** Whether this object remembers {@code c} as the taxpayer's refusal (see {@link Mode}). */
    private boolean refuses(Throwable c) {
        return mode == Mode.SHARED
                ? isRefusal(c)
                : c instanceof LoginRejectedException r
                        && r.reason() != LoginRejectedException.Reason.OTHER;
    }

    /** The session as handed out: itself ({@link Mode#INTERACTIVE}) or its one handle. */
    private Session handle(Who who, Session s) {
        if (mode == Mode.INTERACTIVE) {
            return s;
        }
        synchronized (lock) {
            Entry e = entries.get(who);
            return e == null ? new SharedSession(this, who, s) : handleLocked(e, who, s);
        }
    }

    private Session handleLocked(Entry e, Who who, Session s) {
        if (mode == Mode.INTERACTIVE) {
            return s;
        }
        if (e.session != s) {
            return new SharedSession(this, who, s);
        }
        if (e.handle == null || e.handle.delegate() != s) {
            e.handle = new SharedSession(this, who, s);
        }
        return e.handle;
    }

    /** What a shared session's call met: a refusal is remembered, an ended session dropped. */
    void failed(Who who, Session s, Throwable c) {
        Session drop = null;
        synchronized (lock) {
            Entry e = entries.get(who);
            if (e == null || e.session != s) {
                return;
            }
            if (isRefusal(c)) {
                e.refusal = (ServiceException) c;
                e.session = null;
                drop = s;
            } else if (c instanceof SessionExpiredException) {
                e.session = null;
                drop = s;
            }
        }
        if (drop != null) {
            LOG.log(System.Logger.Level.INFO, "{0}: session dropped ({1})", who, c.getMessage());
            drop.close();
        }
    }

    void end(Who who, Session s) {
        Entry e;
        synchronized (lock) {
            e = entries.get(who);
            if (e == null || e.session != s) {
                return;
            }
            e.session = null;
        }
        s.close();
    }

    /** The handle of a shared session: its calls' refusals and endings reach the owner. */
    private static final class SharedSession extends ForwardingSession {
        private final TaxpayerSessions owner;
        private final Who who;

        SharedSession(TaxpayerSessions owner, Who who, Session session) {
            super(session);
            this.owner = owner;
            this.who = who;
        }

        @Override
        protected <T> CompletableFuture<T> watch(CompletableFuture<T> call) {
            call.whenComplete(
                    (v, err) -> {
                        if (err != null) {
                            owner.failed(who, delegate(), ServiceException.unwrap(err));
                        }
                    });
            return call;
        }

        @Override
        public void close() {
            owner.end(who, delegate());
        }
    }
}
