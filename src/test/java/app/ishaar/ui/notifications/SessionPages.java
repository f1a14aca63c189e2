package app.ishaar.ui.notifications;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.service.Session;
import java.util.concurrent.CompletableFuture;

/**
 * Pages answered by a session's futures, for tests that decide by hand when and how each page comes
 * (a {@link FakeSession}): the screen's requests, supersession and failures, apart from where the
 * app reads (the archive, {@link ArchivePages}). The scope is not read: the session is one
 * taxpayer's.
 */
public final class SessionPages implements HistoryPages {
    private final Session session;

    public SessionPages(Session session) {
        this.session = session;
    }

    @Override
    public boolean ready() {
        return true;
    }

    @Override
    public CompletableFuture<InboxPage> page(PageQuery query) {
        try {
            return session.fetch(query.filters())
                    .thenApply(
                            p ->
                                    new InboxPage(
                                            p.result().stream()
                                                    .map(
                                                            n ->
                                                                    new ArchivedNotification(
                                                                            query.scope().single(),
                                                                            n,
                                                                            "{}"))
                                                    .toList(),
                                            p.totalCount(),
                                            query.pageNo(),
                                            query.filters().pageSize() == null
                                                    ? PagerViewModel.DEFAULT_PAGE_SIZE
                                                    : query.filters().pageSize()));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
