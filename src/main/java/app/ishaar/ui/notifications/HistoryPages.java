package app.ishaar.ui.notifications;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where the screen's pages come from: the local archive ({@link ArchivePages}), which the sync
 * keeps up to date; the service is never asked for a page. {@link #NONE} until the window knows
 * which service and taxpayer to read (before a login names them).
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
                public CompletableFuture<NotificationPage> page(NotificationQuery query) {
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
    CompletableFuture<NotificationPage> page(NotificationQuery query);

    /**
     * When the service last confirmed the status of notification {@code notificationId} of the page
     * read last, as the archive keeps it; empty where not known. Asked on any thread.
     */
    default Optional<Instant> statusCheckedAt(String notificationId) {
        return Optional.empty();
    }

    /**
     * How far back the archive holds the history read, asked on any thread; null when it cannot say
     * (nothing to worry the user with then).
     */
    default CompletableFuture<Reach> reach() {
        return CompletableFuture.completedFuture(null);
    }
}
