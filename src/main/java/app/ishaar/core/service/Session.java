package app.ishaar.core.service;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A logged-in session: one (environment, client id, represented taxpayer). Obtained from {@code
 * ServiceClient.openSession}. Thread-safe.
 *
 * <p>The token lives in memory only; it is reused until shortly before it expires and then renewed
 * ahead of time; a 401 from a protected call logs in again once and retries that call once; a
 * second 401 fails with {@link SessionExpiredException}. Concurrent calls during a renewal share
 * one login. Every future fails only with a {@link ServiceException} (wrapped in a {@link
 * java.util.concurrent.CompletionException}) or a {@link
 * java.util.concurrent.CancellationException}; cancelling a returned future cancels its HTTP call
 * and any retry wait.
 */
public interface Session extends AutoCloseable {

    SessionKey key();

    Environment environment();

    /** Logs in now unless a valid token is at hand; completes with what the token says. */
    CompletableFuture<TokenInfo> login();

    /** What the current token says, if there is one. */
    Optional<TokenInfo> tokenInfo();

    /**
     * The access token itself, for the one place a user explicitly asks to see it (the command
     * line's {@code login --show-token}). Never log it or put it in a message.
     */
    default Optional<String> accessToken() {
        return Optional.empty();
    }

    /** One page of the notification history. */
    CompletableFuture<NotificationPage> fetch(NotificationQuery query);

    /**
     * One page, as {@link #fetch} reads it, with each notification's JSON text as the service sent
     * it as well ({@link NotificationPage#rawItems()}): what the archive keeps.
     */
    default CompletableFuture<NotificationPage> fetchRaw(NotificationQuery query) {
        return CompletableFuture.failedFuture(
                new UnsupportedOperationException("this session does not keep the JSON text"));
    }

    /**
     * Every page of a query (its pageNo is ignored; pageSize used as given, or the service maximum
     * of 100 when null), fetched ahead with at most {@code concurrency} requests in flight, handed
     * to {@code onPage} strictly in the service's order (page 1 first), on a client thread.
     *
     * <p>The read ends on what it sees, never on the service's {@code totalPages}: at the first
     * page with fewer items than the page size, an empty page, or a page of items already
     * delivered. Each notification is delivered once (by {@code notificationId}): a page handed to
     * {@code onPage} holds only the items not delivered before, so it may be shorter than the
     * service's (pages made of repeats only are not handed on; page 1 always is, for its totals).
     * Completes with the number of notifications delivered. Cancelling stops cleanly: no further
     * onPage call.
     */
    CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage);

    /** The same, with the default concurrency of 4. */
    default CompletableFuture<Long> readAll(
            NotificationQuery query, Consumer<NotificationPage> onPage) {
        return readAll(query, 4, onPage);
    }

    /**
     * Drops the token and wipes the secret. Further calls fail with {@link
     * SessionExpiredException}.
     */
    @Override
    void close();
}
