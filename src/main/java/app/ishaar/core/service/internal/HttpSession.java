package app.ishaar.core.service.internal;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Endpoints;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * The session implementation: token in memory, renewal ahead of expiry, one re-login on 401,
 * retries.
 */
public final class HttpSession implements Session {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.service.session");
    static final String NOTIFICATIONS_PATH = "api/v1.0/notifications/taxpayer";
    static final int MAX_PAGE_SIZE = 100;

    /**
     * Longer than any token lifetime a service would give (a year); anything beyond is not
     * believed.
     */
    static final long MAX_LIFETIME_SECONDS = 366L * 24 * 3600;

    /** A token and when to renew it. No toString: the value must never be printed. */
    private static final class Token {
        final String value;
        final TokenInfo info;
        final Instant renewAt;

        Token(String value, TokenInfo info, Instant renewAt) {
            this.value = value;
            this.info = info;
            this.renewAt = renewAt;
        }

        @Override
        public String toString() {
            return "Token[expiresAt=" + info.expiresAt() + "]";
        }
    }

    /** Retry bookkeeping of one operation. */
    private static final class Attempts {
        int transientRetries;
        int rateRetries;
        boolean relogged;
        boolean keepRaw;
        Token rejected;
    }

    private final ClientContext ctx;
    private final Environment environment;
    private final Credentials credentials;
    private final SessionKey key;
    private final CancelScope loginScope = new CancelScope();
    private final Object lock = new Object();
    private Token token;
    private CompletableFuture<Token> inflight;
    private volatile CompletableFuture<Void> waitingForGate;
    private boolean closed;

    public HttpSession(ClientContext ctx, Environment environment, Credentials credentials) {
        this.ctx = ctx;
        this.environment = environment;
        this.credentials = credentials;
        this.key = new SessionKey(environment, credentials.clientId(), credentials.onBehalfOf());
    }

    @Override
    public SessionKey key() {
        return key;
    }

    @Override
    public Environment environment() {
        return environment;
    }

    @Override
    public CompletableFuture<TokenInfo> login() {
        CompletableFuture<TokenInfo> out = new CompletableFuture<>();
        currentToken(null)
                .whenComplete(
                        (t, e) -> {
                            if (e != null) {
                                out.completeExceptionally(ServiceException.unwrap(e));
                            } else {
                                out.complete(t.info);
                            }
                        });
        return out;
    }

    @Override
    public Optional<TokenInfo> tokenInfo() {
        synchronized (lock) {
            return token == null ? Optional.empty() : Optional.of(token.info);
        }
    }

    @Override
    public Optional<String> accessToken() {
        synchronized (lock) {
            return token == null ? Optional.empty() : Optional.of(token.value);
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            token = null;
        }
        loginScope.cancel();
        CompletableFuture<Void> gate = waitingForGate;
        if (gate != null) {
            gate.cancel(false); // gives up its place in the login budget's line
        }
        credentials.wipe();
    }

    // ---------------------------------------------------------------- tokens

    /**
     * The token to use: the current one unless it is due for renewal or is {@code rejected}; else
     * the one login in flight (shared by every caller), starting it if none is.
     */
    private CompletableFuture<Token> currentToken(Token rejected) {
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(
                        new SessionExpiredException("the session was closed", null, null));
            }
            Token t = token;
            if (t != null && t != rejected && ctx.config().clock().instant().isBefore(t.renewAt)) {
                return CompletableFuture.completedFuture(t);
            }
            if (t != null && t == rejected) {
                token = null;
            }
            CompletableFuture<Token> current = inflight;
            if (current == null) {
                CompletableFuture<Token> f = new CompletableFuture<>();
                CompletableFuture<Token> raw = new CompletableFuture<>();
                inflight = f;
                current = f;
                // the token is stored before any waiter hears of it
                raw.whenComplete(
                        (nt, e) -> {
                            synchronized (lock) {
                                if (inflight == f) {
                                    inflight = null;
                                }
                                if (nt != null && !closed) {
                                    token = nt;
                                }
                            }
                            if (e != null) {
                                f.completeExceptionally(ServiceException.unwrap(e));
                            } else {
                                f.complete(nt);
                            }
                        });
                LOG.log(
                        Level.INFO,
                        "logging in to {0} as {1}{2}",
                        environment.authHost(),
                        credentials.clientId(),
                        credentials.onBehalfOf() == null
                                ? ""
                                : " on behalf of " + credentials.onBehalfOf());
                loginAttempt(raw, new Attempts());
            }
            return current;
        }
    }

    /** Waits for the process's login gate, then sends the login. */
    private void loginAttempt(CompletableFuture<Token> out, Attempts st) {
        CompletableFuture<Void> gate = ctx.loginGate().beforeLogin(credentials.clientId());
        waitingForGate = gate;
        if (loginScope.isCancelled()) {
            gate.cancel(false);
        }
        gate.whenComplete(
                (v, e) -> {
                    if (loginScope.isCancelled() || e != null) {
                        out.completeExceptionally(
                                new SessionExpiredException("the session was closed", null, null));
                    } else {
                        sendLogin(out, st);
                    }
                });
    }

    private void sendLogin(CompletableFuture<Token> out, Attempts st) {
        Request request;
        try {
            request = loginRequest();
        } catch (ServiceException e) {
            out.completeExceptionally(e);
            return;
        }
        String host = environment.authHost();
        ctx.transport()
                .execute(request, loginScope)
                .whenComplete(
                        (r, ex) -> {
                            if (ex != null) {
                                Throwable c = ServiceException.unwrap(ex);
                                if (c instanceof IOException io) {
                                    out.completeExceptionally(Failures.network(io, host));
                                } else if (c instanceof CancellationException) {
                                    out.completeExceptionally(
                                            new SessionExpiredException(
                                                    "the session was closed", null, null));
                                } else {
                                    out.completeExceptionally(c);
                                }
                                return;
                            }
                            try {
                                if (r.status() == 200) {
                                    out.complete(readToken(r));
                                } else if (r.status() == 429
                                        && st.rateRetries < ctx.config().maxRetries()) {
                                    Duration wait = rateWait(r, ++st.rateRetries);
                                    ctx.loginGate()
                                            .rateLimited(
                                                    credentials.clientId(),
                                                    wait != null
                                                            ? wait
                                                            : Failures.retryAfter(
                                                                    r, ctx.config().clock()));
                                    if (wait == null) {
                                        out.completeExceptionally(tooLong(r));
                                    } else {
                                        LOG.log(
                                                Level.INFO,
                                                "login rate-limited; waiting {0} ms",
                                                wait.toMillis());
                                        ctx.delay(wait, loginScope, () -> loginAttempt(out, st));
                                    }
                                } else if (r.status() == 429) {
                                    Duration asked = Failures.retryAfter(r, ctx.config().clock());
                                    ctx.loginGate()
                                            .rateLimited(
                                                    credentials.clientId(),
                                                    asked != null
                                                            ? asked
                                                            : ctx.backoff(st.rateRetries + 1));
                                    out.completeExceptionally(
                                            new ServiceUnavailableException(
                                                    429, "too many requests", r.correlationId()));
                                } else {
                                    ServiceException e = Failures.forLogin(r);
                                    if (e instanceof LoginRejectedException lr) {
                                        LOG.log(
                                                Level.INFO,
                                                "login rejected: {0} ({1})",
                                                lr.rawError(),
                                                lr.reason());
                                    }
                                    out.completeExceptionally(e);
                                }
                            } catch (ServiceException e) {
                                out.completeExceptionally(e);
                            } catch (RuntimeException e) {
                                out.completeExceptionally(
                                        new UnexpectedResponseException(
                                                r.status(),
                                                BodyKind.OTHER,
                                                e.getClass().getSimpleName(),
                                                r.correlationId(),
                                                null));
                            }
                        });
    }

    private Request loginRequest() throws InvalidEndpointException {
        HttpUrl url =
                url("auth-url", environment.authUrl())
                        .newBuilder()
                        .addPathSegments("connect/token")
                        .build();
        FormBody.Builder form = new FormBody.Builder().add("grant_type", "client_credentials");
        if (credentials.scope() != null) {
            form.add("scope", credentials.scope());
        }
        Request.Builder b =
                new Request.Builder()
                        .url(url)
                        .post(form.build())
                        .header(
                                "Authorization",
                                okhttp3.Credentials.basic(
                                        credentials.clientId(),
                                        new String(credentials.clientSecret()),
                                        StandardCharsets.UTF_8));
        if (credentials.onBehalfOf() != null) {
            b.header("onbehalfof", credentials.onBehalfOf());
        }
        return b.build();
    }

    private Token readToken(HttpResult r) throws UnexpectedResponseException {
        JsonNode body = Bodies.readJson(r);
        String value = Bodies.text(body, "access_token");
        if (value == null || value.isBlank()) {
            throw new UnexpectedResponseException(
                    r.status(),
                    BodyKind.MISSING_MEMBERS,
                    "no access_token",
                    r.correlationId(),
                    null);
        }
        Instant now = ctx.config().clock().instant();
        long expiresIn = body.path("expires_in").asLong(3600);
        // a lifetime that is not a sane number of seconds (0, negative, "Infinity", 10^20) is read
        // as the documented hour
        if (expiresIn <= 0 || expiresIn > MAX_LIFETIME_SECONDS) {
            expiresIn = 3600;
        }
        TokenInfo info =
                TokenClaims.info(
                        value,
                        Bodies.text(body, "scope"),
                        credentials.scope(),
                        now.plusSeconds(expiresIn));
        // the earlier of exp and expires_in: either may be the stricter
        Instant expiresAt = info.expiresAt();
        if (expiresAt == null || expiresAt.isAfter(now.plusSeconds(expiresIn))) {
            expiresAt = now.plusSeconds(expiresIn);
        }
        Duration lifetime = Duration.between(now, expiresAt);
        if (lifetime.isNegative()) {
            lifetime = Duration.ZERO;
        }
        Duration ahead = ctx.config().refreshAhead();
        if (ahead.compareTo(lifetime.dividedBy(2)) > 0) {
            ahead = lifetime.dividedBy(2);
        }
        LOG.log(
                Level.INFO,
                "logged in as {0}; token valid until {1}",
                credentials.clientId(),
                info.expiresAt());
        return new Token(value, info, expiresAt.minus(ahead));
    }

    private HttpUrl url(String field, URI base) throws InvalidEndpointException {
        // re-checked here too: an Environment built by hand must not send anything over plain HTTP
        // off loopback
        URI checked = Endpoints.validate(field, base.toString());
        HttpUrl u = HttpUrl.parse(checked.toString());
        if (u == null) {
            throw new InvalidEndpointException(
                    field, base.toString(), InvalidEndpointException.Reason.MALFORMED);
        }
        return u;
    }

    // ---------------------------------------------------------------- fetch

    @Override
    public CompletableFuture<NotificationPage> fetch(NotificationQuery query) {
        return fetch(query, false);
    }

    @Override
    public CompletableFuture<NotificationPage> fetchRaw(NotificationQuery query) {
        return fetch(query, true);
    }

    private CompletableFuture<NotificationPage> fetch(NotificationQuery query, boolean keepRaw) {
        CompletableFuture<NotificationPage> out = new CompletableFuture<>();
        CancelScope scope = CancelScope.of(out);
        HttpUrl url;
        try {
            url = notificationsUrl(query);
        } catch (InvalidEndpointException e) {
            out.completeExceptionally(e);
            return out;
        }
        int pageNo = query.pageNo() == null ? 1 : query.pageNo();
        Attempts attempts = new Attempts();
        attempts.keepRaw = keepRaw;
        fetchAttempt(url, pageNo, query.pageSize(), scope, out, attempts);
        return out;
    }

    HttpUrl notificationsUrl(NotificationQuery q) throws InvalidEndpointException {
        HttpUrl.Builder b =
                url("base-url", environment.baseUrl())
                        .newBuilder()
                        .addPathSegments(NOTIFICATIONS_PATH);
        if (q.dateFrom() != null) {
            b.addQueryParameter("dateFrom", DotNetDateTimes.formatQuery(q.dateFrom()));
        }
        if (q.dateTo() != null) {
            b.addQueryParameter("dateTo", DotNetDateTimes.formatQuery(q.dateTo()));
        }
        addIfSet(b, "type", q.type());
        addIfSet(b, "language", q.language());
        addIfSet(b, "status", q.status());
        addIfSet(b, "channel", q.channel());
        if (q.pageNo() != null) {
            b.addQueryParameter("pageNo", Integer.toString(q.pageNo()));
        }
        if (q.pageSize() != null) {
            b.addQueryParameter("pageSize", Integer.toString(q.pageSize()));
        }
        return b.build();
    }

    private static void addIfSet(HttpUrl.Builder b, String name, String value) {
        if (value != null && !value.isBlank()) {
            b.addQueryParameter(name, value.trim());
        }
    }

    private void fetchAttempt(
            HttpUrl url,
            int pageNo,
            Integer pageSize,
            CancelScope scope,
            CompletableFuture<NotificationPage> out,
            Attempts st) {
        if (scope.isCancelled() || out.isDone()) {
            return;
        }
        String host = environment.apiHost();
        currentToken(st.rejected)
                .whenComplete(
                        (tok, e) -> {
                            if (e != null) {
                                Throwable c = ServiceException.unwrap(e);
                                if (st.relogged && c instanceof LoginRejectedException lr) {
                                    c =
                                            new SessionExpiredException(
                                                    "the new login was refused: " + lr.reason(),
                                                    lr.correlationId().orElse(null),
                                                    lr);
                                }
                                out.completeExceptionally(c);
                                return;
                            }
                            if (scope.isCancelled()) {
                                return;
                            }
                            Request request =
                                    new Request.Builder()
                                            .url(url)
                                            .get()
                                            .header("Authorization", "Bearer " + tok.value)
                                            .build();
                            ctx.transport()
                                    .execute(request, scope)
                                    .whenComplete(
                                            (r, ex) -> {
                                                if (ex != null) {
                                                    Throwable c = ServiceException.unwrap(ex);
                                                    if (c instanceof CancellationException) {
                                                        out.cancel(false);
                                                    } else if (c instanceof IOException io) {
                                                        NetworkException ne =
                                                                Failures.network(io, host);
                                                        if (Failures.retryable(ne)
                                                                && st.transientRetries
                                                                        < ctx.config()
                                                                                .maxRetries()) {
                                                            Duration wait =
                                                                    ctx.backoff(
                                                                            ++st.transientRetries);
                                                            LOG.log(
                                                                    Level.INFO,
                                                                    "connection to {0} lost; retry {1} in {2} ms",
                                                                    host,
                                                                    st.transientRetries,
                                                                    wait.toMillis());
                                                            ctx.delay(
                                                                    wait,
                                                                    scope,
                                                                    () ->
                                                                            fetchAttempt(
                                                                                    url, pageNo,
                                                                                    pageSize, scope,
                                                                                    out, st));
                                                        } else {
                                                            out.completeExceptionally(ne);
                                                        }
                                                    } else {
                                                        out.completeExceptionally(c);
                                                    }
                                                    return;
                                                }
                                                handleFetchAnswer(
                                                        r, tok, url, pageNo, pageSize, scope, out,
                                                        st);
                                            });
                        });
    }

    private void handleFetchAnswer(
            HttpResult r,
            Token tok,
            HttpUrl url,
            int pageNo,
            Integer pageSize,
            CancelScope scope,
            CompletableFuture<NotificationPage> out,
            Attempts st) {
        int s = r.status();
        try {
            if (s >= 200 && s < 300) {
                out.complete(NotificationReader.read(r, pageNo, pageSize, st.keepRaw));
            } else if (s == 401) {
                if (!st.relogged) {
                    st.relogged = true;
                    st.rejected = tok;
                    LOG.log(Level.INFO, "token refused (401); logging in again once");
                    fetchAttempt(url, pageNo, pageSize, scope, out, st);
                } else {
                    out.completeExceptionally(
                            new SessionExpiredException(
                                    "the renewed token was refused too", r.correlationId(), null));
                }
            } else if (s == 429) {
                if (st.rateRetries >= ctx.config().maxRetries()) {
                    out.completeExceptionally(
                            new ServiceUnavailableException(
                                    429,
                                    "still rate-limited after " + st.rateRetries + " waits",
                                    r.correlationId()));
                    return;
                }
                Duration wait = rateWait(r, ++st.rateRetries);
                if (wait == null) {
                    out.completeExceptionally(tooLong(r));
                    return;
                }
                LOG.log(Level.INFO, "rate-limited (429); waiting {0} ms", wait.toMillis());
                ctx.delay(wait, scope, () -> fetchAttempt(url, pageNo, pageSize, scope, out, st));
            } else if ((s == 502 || s == 503 || s == 504)
                    && st.transientRetries < ctx.config().maxRetries()) {
                Duration wait = ctx.backoff(++st.transientRetries);
                LOG.log(
                        Level.INFO,
                        "HTTP {0}; retry {1} in {2} ms",
                        s,
                        st.transientRetries,
                        wait.toMillis());
                ctx.delay(wait, scope, () -> fetchAttempt(url, pageNo, pageSize, scope, out, st));
            } else {
                out.completeExceptionally(Failures.forProtectedCall(r));
            }
        } catch (UnexpectedResponseException e) {
            out.completeExceptionally(e);
        } catch (RuntimeException e) {
            out.completeExceptionally(
                    new UnexpectedResponseException(
                            s,
                            BodyKind.OTHER,
                            e.getClass().getSimpleName(),
                            r.correlationId(),
                            null));
        }
    }

    /** The wait for a 429: Retry-After, else the backoff; null when Retry-After exceeds the cap. */
    private Duration rateWait(HttpResult r, int attempt) {
        Duration asked = Failures.retryAfter(r, ctx.config().clock());
        if (asked == null) {
            return ctx.backoff(attempt);
        }
        return asked.compareTo(ctx.config().maxRetryAfter()) > 0 ? null : asked;
    }

    private ServiceUnavailableException tooLong(HttpResult r) {
        Duration asked = Failures.retryAfter(r, ctx.config().clock());
        return new ServiceUnavailableException(
                429,
                "rate-limited; the service asks to wait "
                        + (asked == null ? "?" : asked.toSeconds())
                        + " s, more than "
                        + ctx.config().maxRetryAfter().toSeconds()
                        + " s",
                r.correlationId());
    }

    // ---------------------------------------------------------------- all pages

    @Override
    public CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
        int pageSize = query.pageSize() == null ? MAX_PAGE_SIZE : query.pageSize();
        NotificationQuery q = query.withPageSize(pageSize);
        PageReader reader = new PageReader(this::fetch, q, Math.max(1, concurrency), onPage);
        return reader.start();
    }
}
