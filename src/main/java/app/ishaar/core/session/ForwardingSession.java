package app.ishaar.core.session;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** A session that hands every call to another, letting a subclass watch the calls' outcomes. */
abstract class ForwardingSession implements Session {
    private final Session delegate;

    ForwardingSession(Session delegate) {
        this.delegate = delegate;
    }

    Session delegate() {
        return delegate;
    }

    /** Sees each call's future; returns the one to hand to the caller. */
    protected abstract <T> CompletableFuture<T> watch(CompletableFuture<T> call);

    @Override
    public SessionKey key() {
        return delegate.key();
    }

    @Override
    public Environment environment() {
        return delegate.environment();
    }

    @Override
    public CompletableFuture<TokenInfo> login() {
        return watch(delegate.login());
    }

    @Override
    public Optional<TokenInfo> tokenInfo() {
        return delegate.tokenInfo();
    }

    @Override
    public Optional<String> accessToken() {
        return delegate.accessToken();
    }

    @Override
    public CompletableFuture<NotificationPage> fetch(NotificationQuery query) {
        return watch(delegate.fetch(query));
    }

    @Override
    public CompletableFuture<NotificationPage> fetchRaw(NotificationQuery query) {
        return watch(delegate.fetchRaw(query));
    }

    @Override
    public CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
        return watch(delegate.readAll(query, concurrency, onPage));
    }
}
