package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxPage;
import java.util.concurrent.CompletableFuture;

/**
 * Where the screen's pages come from: the local archive ({@link ArchivePages}), which the sync
 * keeps up to date; the service is never asked for a page. {@link #NONE} until the window knows
 * which service to read (before a login names it).
 */
public interface HistoryPages {

    /** Nothing to read yet: no page is asked for. */
    HistoryPages NONE =
            new HistoryPages() {
                @Override
                public boolean ready() {
                    return false;
                }

                @Override
                public CompletableFuture<InboxPage> page(PageQuery query) {
                    return CompletableFuture.failedFuture(
                            new IllegalStateException("nothing to read yet"));
                }
            };

    /** Whether a page can be asked for now. */
    boolean ready();

    /**
     * The page of {@code query}; completes on any thread. A failure completes it exceptionally, so
     * that it shows as the request's failure.
     */
    CompletableFuture<InboxPage> page(PageQuery query);

    /**
     * How far back the archive holds the history of a one-taxpayer {@code scope}, asked on any
     * thread; null when it cannot say or the scope is of several (nothing to worry the user with
     * then).
     */
    default CompletableFuture<Reach> reach(Scope scope) {
        return CompletableFuture.completedFuture(null);
    }
}
