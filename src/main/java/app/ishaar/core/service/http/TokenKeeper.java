package app.ishaar.core.service.http;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import app.ishaar.core.support.Redaction;
import com.fasterxml.jackson.databind.JsonNode;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import okhttp3.FormBody;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * The token of one session: kept in memory, renewed ahead of its expiry, one login in flight shared
 * by every caller. Logins go through the same {@link Exchange} loop and {@link RetryPolicy} as
 * every call, paced per client ID at the identity service.
 */
final class TokenKeeper {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.service.session");

    /**
     * Longer than any token lifetime a service would give (a year); anything beyond is not
     * believed.
     */
    static final long MAX_LIFETIME_SECONDS = 366L * 24 * 3600;

    /** A token and when to renew it. No toString of the value: it must never be printed. */
    static final class Token {
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

    private final ClientContext ctx;
    private final Environment environment;
    private final Credentials credentials;
    private final CancelScope loginScope = new CancelScope();
    private final Object lock = new Object();
    private Token token;
    private CompletableFuture<Token> inflight;
    private volatile CompletableFuture<Void> waitingForGate;
    private boolean closed;

    TokenKeeper(ClientContext ctx, Environment environment, Credentials credentials) {
        this.ctx = ctx;
        this.environment = environment;
        this.credentials = credentials;
        // a service may echo the secret in its error text, which the log and stderr then show
        Redaction.hide(credentials.clientSecret());
    }

    Token peek() {
        synchronized (lock) {
            return token;
        }
    }

    void close() {
        synchronized (lock) {
            closed = true;
            token = null;
        }
        loginScope.cancel();
        CompletableFuture<Void> gate = waitingForGate;
        if (gate != null) {
            gate.cancel(false); // gives up its place in the login budget's line
        }
    }

    /**
     * The token to use: the current one unless it is due for renewal or is {@code rejected}; else
     * the one login in flight (shared by every caller), starting it if none is.
     */
    CompletableFuture<Token> current(Token rejected) {
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(closedError());
            }
            Token t = token;
            if (t != null && t != rejected && ctx.config().clock().instant().isBefore(t.renewAt)) {
                return CompletableFuture.completedFuture(t);
            }
            if (t != null && t == rejected) {
                token = null;
            }
            if (inflight != null) {
                return inflight;
            }
            CompletableFuture<Token> shared = new CompletableFuture<>();
            CompletableFuture<Token> raw = new CompletableFuture<>();
            inflight = shared;
            // the token is stored before any waiter hears of it
            raw.whenComplete(
                    (nt, e) -> {
                        synchronized (lock) {
                            if (inflight == shared) {
                                inflight = null;
                            }
                            if (nt != null && !closed) {
                                token = nt;
                            }
                        }
                        if (e != null) {
                            shared.completeExceptionally(ServiceException.unwrap(e));
                        } else {
                            shared.complete(nt);
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
            String host = environment.authHost();
            new Exchange<>(
                            ctx,
                            ctx.pacer(true, host, credentials.clientId()),
                            new RetryPolicy(ctx.config(), false, false),
                            host,
                            new Login(),
                            loginScope,
                            raw)
                    .start();
            return shared;
        }
    }

    private static SessionExpiredException closedError() {
        return new SessionExpiredException("the session was closed", null, null);
    }

    /** The login as an {@link Exchange.Operation}. */
    private final class Login implements Exchange.Operation<Token> {
        /** Waits for the process's login gate (the login budget), then makes the login. */
        @Override
        public CompletableFuture<Request> request(RetryPolicy.State st) {
            CompletableFuture<Void> gate = ctx.loginGate().beforeLogin(credentials.clientId());
            waitingForGate = gate;
            if (loginScope.isCancelled()) {
                gate.cancel(false);
            }
            return gate.handle(
                    (v, e) -> {
                        if (e != null || loginScope.isCancelled()) {
                            throw new CompletionException(closedError());
                        }
                        try {
                            return loginRequest();
                        } catch (InvalidEndpointException ex) {
                            throw new CompletionException(ex);
                        }
                    });
        }

        @Override
        public void rateLimited(Duration wait) {
            ctx.loginGate().rateLimited(credentials.clientId(), wait);
        }

        @Override
        public Token read(HttpResult r) throws ServiceException {
            return readToken(r);
        }

        @Override
        public ServiceException refused(HttpResult r) {
            ServiceException e = Failures.forLogin(r);
            if (e instanceof LoginRejectedException lr) {
                LOG.log(Level.INFO, "login rejected: {0} ({1})", lr.rawError(), lr.reason());
            }
            return e;
        }

        @Override
        public Throwable cancelled() {
            return closedError();
        }
    }

    private Request loginRequest() throws InvalidEndpointException {
        HttpUrl url =
                HttpSession.url("auth-url", environment.authUrl())
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
                        .tag(BodyLimit.class, BodyLimit.LOGIN)
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

    /**
     * The token of a 200 answer, and when to renew it.
     *
     * <p>The renewal is timed by this computer's clock from the lifetime the service gives ({@code
     * expires_in}, relative, so immune to a clock difference) and the token's {@code exp} when that
     * is the stricter. An {@code exp} already past by this clock says that the clocks differ, not
     * that the fresh token is dead: it is then left out, and the token is used for its lifetime by
     * this clock, or until the service refuses it (401, then one new login), instead of a login
     * before every request.
     */
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
        Instant byLifetime = now.plusSeconds(expiresIn);
        TokenInfo info =
                TokenClaims.info(
                        value, Bodies.text(body, "scope"), credentials.scope(), byLifetime);
        Instant expiresAt = byLifetime;
        Instant exp = info.expiresAt();
        if (exp != null && !exp.isAfter(now)) {
            LOG.log(
                    Level.WARNING,
                    "the new token''s expiry ({0}) is already past by this computer''s clock ({1}):"
                            + " the clocks differ; the token is timed by its lifetime of {2} s",
                    exp,
                    now,
                    expiresIn);
            // what the session shows and the app times its renewals by: this computer's clock
            info =
                    new TokenInfo(
                            info.taxRin(),
                            info.taxpayerName(),
                            info.erpName(),
                            info.clientId(),
                            info.intermediary(),
                            info.intermediaryRin(),
                            info.tags(),
                            info.scope(),
                            byLifetime);
        } else if (exp != null && exp.isBefore(byLifetime)) {
            expiresAt = exp;
        }
        Duration lifetime = Duration.between(now, expiresAt);
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
}
