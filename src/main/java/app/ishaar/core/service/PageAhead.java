package app.ishaar.core.service;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A page asked for ahead of the view that shows it: a login asks for the history's first page as
 * soon as its token is there, on the thread the token arrived on, while the app opens the window
 * that will show it. The window's own first request takes it when it asks for the same query (the
 * same filters, page and page size) with the same session; a window that asks for anything else
 * makes its own request, and the one asked ahead is cancelled. Thread-safe; taken at most once.
 */
public final class PageAhead {

    private final Session session;
    private final NotificationQuery query;
    private final CompletableFuture<NotificationPage> page;
    private final AtomicBoolean taken = new AtomicBoolean();

    private PageAhead(
            Session session, NotificationQuery query, CompletableFuture<NotificationPage> page) {
        this.session = session;
        this.query = query;
        this.page = page;
    }

    /** Asks the session for the page now. */
    public static PageAhead fetch(Session session, NotificationQuery query) {
        Objects.requireNonNull(query, "query");
        return new PageAhead(session, query, request(session, query));
    }

    /**
     * The session's answer for a page; a request that throws instead (a closed session) gives a
     * failed future, so that it is shown as the request's failure, wherever it was asked for.
     */
    public static CompletableFuture<NotificationPage> request(
            Session session, NotificationQuery query) {
        try {
            return session.fetch(query);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * The page's future, to the first caller asking for the same query with the same session; null
     * to anyone else (and to everyone once it is taken or discarded).
     */
    public CompletableFuture<NotificationPage> take(Session asking, NotificationQuery asked) {
        if (asking != session || !query.equals(asked)) {
            return null;
        }
        return taken.compareAndSet(false, true) ? page : null;
    }

    /** Cancels the request unless it was taken (harmless after). */
    public void discard() {
        if (taken.compareAndSet(false, true)) {
            page.cancel(true);
        }
    }
}
