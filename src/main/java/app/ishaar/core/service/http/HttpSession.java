package app.ishaar.core.service.http;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Endpoints;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * The session implementation: the token ({@link TokenKeeper}), the history's pages as paced,
 * retried exchanges ({@link Exchange}, {@link RetryPolicy}, {@link Pacer}), and the all-pages
 * reader ({@link PageReader}).
 */
public final class HttpSession implements Session {
    static final String NOTIFICATIONS_PATH = "api/v1.0/notifications/taxpayer";
    static final int MAX_PAGE_SIZE = 100;

    private final ClientContext ctx;
    private final Environment environment;
    private final Credentials credentials;
    private final SessionKey key;
    private final TokenKeeper tokens;

    public HttpSession(ClientContext ctx, Environment environment, Credentials credentials) {
        this.ctx = ctx;
        this.environment = environment;
        this.credentials = credentials;
        this.key = new SessionKey(environment, credentials.clientId(), credentials.onBehalfOf());
        this.tokens = new TokenKeeper(ctx, environment, credentials);
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
        tokens.current(null)
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
        TokenKeeper.Token t = tokens.peek();
        return t == null ? Optional.empty() : Optional.of(t.info);
    }

    @Override
    public Optional<String> accessToken() {
        TokenKeeper.Token t = tokens.peek();
        return t == null ? Optional.empty() : Optional.of(t.value);
    }

    @Override
    public void close() {
        tokens.close();
        credentials.wipe();
    }

    static HttpUrl url(String field, URI base) throws InvalidEndpointException {
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
        String host = environment.apiHost();
        new Exchange<>(
                        ctx,
                        ctx.pacer(false, host, credentials.clientId()),
                        new RetryPolicy(ctx.config(), true, true),
                        host,
                        new Fetch(url, pageNo, query.pageSize(), keepRaw),
                        scope,
                        out)
                .start();
        return out;
    }

    /** One page of the history as an {@link Exchange.Operation}: a GET with the session's token. */
    private final class Fetch implements Exchange.Operation<NotificationPage> {
        private final HttpUrl url;
        private final int pageNo;
        private final Integer pageSize;
        private final boolean keepRaw;
        private TokenKeeper.Token used;
        private TokenKeeper.Token rejected;

        Fetch(HttpUrl url, int pageNo, Integer pageSize, boolean keepRaw) {
            this.url = url;
            this.pageNo = pageNo;
            this.pageSize = pageSize;
            this.keepRaw = keepRaw;
        }

        @Override
        public CompletableFuture<Request> request(RetryPolicy.State st) {
            return tokens.current(rejected)
                    .handle(
                            (tok, e) -> {
                                if (e != null) {
                                    Throwable c = ServiceException.unwrap(e);
                                    if (st.relogged && c instanceof LoginRejectedException lr) {
                                        throw new java.util.concurrent.CompletionException(
                                                new SessionExpiredException(
                                                        "the new login was refused: " + lr.reason(),
                                                        lr.correlationId().orElse(null),
                                                        lr));
                                    }
                                    throw new java.util.concurrent.CompletionException(c);
                                }
                                used = tok;
                                return new Request.Builder()
                                        .url(url)
                                        .get()
                                        .tag(BodyLimit.class, BodyLimit.API)
                                        .header("Authorization", "Bearer " + tok.value)
                                        .build();
                            });
        }

        @Override
        public NotificationPage read(HttpResult r) throws ServiceException {
            return NotificationReader.read(r, pageNo, pageSize, keepRaw);
        }

        @Override
        public ServiceException refused(HttpResult r) {
            return Failures.forProtectedCall(r);
        }

        @Override
        public void tokenRefused() {
            rejected = used;
        }
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
