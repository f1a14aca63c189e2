package app.ishaar.ui.notifications;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.model.Rin;
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
            CompletableFuture<app.ishaar.core.model.NotificationPage> asked =
                    session.fetch(query.filters());
            CompletableFuture<InboxPage> page =
                    asked.thenApply(
                            p ->
                                    new InboxPage(
                                            p.result().stream()
                                                    .map(
                                                            n ->
                                                                    new ArchivedNotification(
                                                                            whose(query), n, "{}"))
                                                    .toList(),
                                            p.totalCount(),
                                            query.pageNo(),
                                            query.filters().pageSize() == null
                                                    ? PagerViewModel.DEFAULT_PAGE_SIZE
                                                    : query.filters().pageSize()));
            // a page superseded is cancelled: the session's request with it
            page.whenComplete(
                    (p, e) -> {
                        if (page.isCancelled()) {
                            asked.cancel(true);
                        }
                    });
            return page;
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The scope's one taxpayer; the session's own when the test set none. */
    private static Rin whose(PageQuery query) {
        Rin one = query.scope().single();
        return one != null ? one : Rin.of(SandboxFixture.RIN);
    }
}
