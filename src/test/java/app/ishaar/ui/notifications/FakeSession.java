package app.ishaar.ui.notifications;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A Session whose answers the test controls: each fetch returns a pending future the test
 * completes.
 */
final class FakeSession implements Session {

    /**
     * A future that, like a call that has already been answered, ignores cancel (to test dropping
     * late results).
     */
    static final class StubbornFuture<T> extends CompletableFuture<T> {
        volatile boolean cancelRequested;

        @Override
        public boolean cancel(boolean mayInterrupt) {
            cancelRequested = true;
            return false;
        }
    }

    record Call(NotificationQuery query, CompletableFuture<NotificationPage> future) {}

    final List<Call> calls = new ArrayList<>();
    boolean stubborn;

    @Override
    public SessionKey key() {
        return new SessionKey(Environment.production(), "test", null);
    }

    @Override
    public Environment environment() {
        return Environment.production();
    }

    @Override
    public CompletableFuture<TokenInfo> login() {
        return new CompletableFuture<>();
    }

    @Override
    public Optional<TokenInfo> tokenInfo() {
        return Optional.empty();
    }

    @Override
    public CompletableFuture<NotificationPage> fetch(NotificationQuery query) {
        CompletableFuture<NotificationPage> f =
                stubborn ? new StubbornFuture<>() : new CompletableFuture<>();
        calls.add(new Call(query, f));
        return f;
    }

    @Override
    public CompletableFuture<Long> readAll(
            NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}

    Call last() {
        return calls.get(calls.size() - 1);
    }

    NotificationQuery lastQuery() {
        return last().query();
    }

    /** Answers the last call with a page of {@code count} notifications out of {@code total}. */
    void answerLast(long total, String idPrefix) {
        NotificationQuery q = lastQuery();
        last().future().complete(page(q, total, idPrefix));
    }

    static NotificationPage page(NotificationQuery q, long total, String idPrefix) {
        int size = q.pageSize() == null ? 50 : q.pageSize();
        int pageNo = q.pageNo() == null ? 1 : q.pageNo();
        int pages = (int) ((total + size - 1) / size);
        long first = (long) (pageNo - 1) * size;
        List<Notification> list = new ArrayList<>();
        for (long i = first; i < Math.min(total, first + size); i++) {
            list.add(notification(idPrefix + i, "7", "delivered"));
        }
        return new NotificationPage(list, pages, total, pageNo, size);
    }

    static Notification notification(String id, String type, String status) {
        Instant t = Instant.parse("2026-03-10T08:00:00Z");
        return new Notification(
                id,
                t,
                t.plusSeconds(5),
                type,
                "Document Validated",
                "Your document was validated",
                "email",
                "a@b.example",
                "en",
                status,
                List.of(new DeliveryAttempt(t.plusSeconds(5), "delivered", null)));
    }
}
