package app.ishaar.core.session;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** A session whose logins and fetches answer what the test scripted, in order. */
final class FakeSession implements Session {
    final Environment environment;
    final Credentials credentials;
    final Deque<Throwable> loginAnswers = new ArrayDeque<>();
    Throwable fetchAnswer;

    /** What its token says of the ERP system: an intermediary (true), not (false), or nothing. */
    Boolean intermediary;

    /** Set: its login waits for this instead of answering at once. */
    CompletableFuture<TokenInfo> held;

    int logins;
    boolean closed;
    private TokenInfo token;

    FakeSession(Environment environment, Credentials credentials) {
        this.environment = environment;
        this.credentials = credentials;
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
    public synchronized CompletableFuture<TokenInfo> login() {
        if (token != null) {
            return CompletableFuture.completedFuture(token);
        }
        logins++;
        if (held != null) {
            return held;
        }
        Throwable t = loginAnswers.poll();
        if (t != null) {
            return CompletableFuture.failedFuture(t);
        }
        token =
                new TokenInfo(
                        credentials.onBehalfOf(),
                        null,
                        null,
                        credentials.clientId(),
                        intermediary,
                        null,
                        List.of(),
                        null,
                        Instant.now().plusSeconds(3600));
        return CompletableFuture.completedFuture(token);
    }

    @Override
    public synchronized Optional<TokenInfo> tokenInfo() {
        return Optional.ofNullable(token);
    }

    @Override
    public CompletableFuture<NotificationPage> fetch(NotificationQuery query) {
        if (fetchAnswer != null) {
            return CompletableFuture.failedFuture(fetchAnswer);
        }
        return CompletableFuture.completedFuture(new NotificationPage(List.of(), 0, 0, 1, 100));
    }

    @Override
    public CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
        return CompletableFuture.completedFuture(0L);
    }

    @Override
    public synchronized void close() {
        closed = true;
        token = null;
    }
}
