package app.ishaar.ui.fakes;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A session whose login the test completes by hand (or that answers at once with {@link #answer}).
 */
public final class FakeSession implements Session {
    private final Environment environment;
    private final Credentials credentials;
    public final CompletableFuture<TokenInfo> loginCall = new CompletableFuture<>();
    public final AtomicInteger loginCalls = new AtomicInteger();
    public volatile boolean closed;

    /** Every page asked for, in order, with the future each was answered with. */
    public final List<NotificationQuery> fetched = new CopyOnWriteArrayList<>();

    public final List<CompletableFuture<NotificationPage>> pages = new CopyOnWriteArrayList<>();

    /**
     * When set, pages are answered when the test completes them ({@link #pages}); at once (empty)
     * otherwise.
     */
    public volatile boolean holdPages;

    /** When set, asking for a page throws it (a request that cannot even be made). */
    public volatile RuntimeException fetchThrows;

    private volatile TokenInfo token;

    public FakeSession(Environment environment, Credentials credentials) {
        this.environment = environment;
        this.credentials = credentials;
        loginCall.thenAccept(t -> token = t);
    }

    /**
     * A token that does not say whether the ERP system is an intermediary (as older tokens do not).
     */
    public static TokenInfo token(String rin, String name, Instant expiresAt) {
        return token(rin, name, expiresAt, null);
    }

    /** A token whose {@code IsIntermediary} says {@code intermediary} (null: it does not say). */
    public static TokenInfo token(
            String rin, String name, Instant expiresAt, Boolean intermediary) {
        return new TokenInfo(
                rin,
                name,
                "Demo ERP",
                "client",
                intermediary,
                null,
                List.of("B2B"),
                "InvoicingAPI",
                expiresAt);
    }

    public Credentials credentials() {
        return credentials;
    }

    @Override
    public SessionKey key() {
        return new SessionKey(environment, credentials.clientId(), credentials.onBehalfOf());
    }

    @Override
    public Environment environment() {
        return environment;
    }

    @Override
    public CompletableFuture<TokenInfo> login() {
        loginCalls.incrementAndGet();
        return loginCall;
    }

    @Override
    public Optional<TokenInfo> tokenInfo() {
        return closed ? Optional.empty() : Optional.ofNullable(token);
    }

    @Override
    public CompletableFuture<NotificationPage> fetch(NotificationQuery query) {
        if (closed) {
            return CompletableFuture.failedFuture(
                    new SessionExpiredException("closed", null, null));
        }
        if (fetchThrows != null) {
            throw fetchThrows;
        }
        int page = query.pageNo() == null ? 1 : query.pageNo();
        CompletableFuture<NotificationPage> answer =
                holdPages
                        ? new CompletableFuture<>()
                        : CompletableFuture.completedFuture(
                                new NotificationPage(
                                        List.of(),
                                        0,
                                        0,
                                        page,
                                        query.pageSize() == null ? 0 : query.pageSize()));
        fetched.add(query);
        pages.add(answer);
        return answer;
    }

    @Override
    public CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
        return CompletableFuture.failedFuture(new SessionExpiredException("fake", null, null));
    }

    @Override
    public void close() {
        closed = true;
        token = null;
        credentials.wipe();
    }
}
