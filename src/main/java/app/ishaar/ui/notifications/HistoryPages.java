package app.ishaar.ui.notifications;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import java.util.concurrent.CompletableFuture;

/**
 * Where a taxpayer's history pages come from: the service, page by page with the taxpayer's session
 * ({@link ServicePages}), or the local archive once it holds the taxpayer's synced history ({@link
 * ArchivePages}). The history's requests go through the one chosen for its taxpayer; the query is
 * the same six filters and page either way, and either answers newest first.
 */
public interface HistoryPages {

    /** Whether a page can be asked for now (the service needs a session; the archive does not). */
    boolean ready();

    /**
     * The page of {@code query}; completes on any thread. A failure completes it exceptionally, so
     * that it shows as the request's failure.
     */
    CompletableFuture<NotificationPage> page(NotificationQuery query);

    /**
     * Whether the pages are the archive's (shown without a session, kept up to date by the sync).
     */
    boolean fromArchive();
}
