package app.ishaar.ui.notifications;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Session;
import java.util.concurrent.CompletableFuture;

/**
 * Pages answered by a session's futures, for tests that decide by hand when and how each page comes
 * (a {@link FakeSession}): the screen's requests, supersession and failures, apart from where the
 * app reads (the archive, {@link ArchivePages}).
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
    public CompletableFuture<NotificationPage> page(NotificationQuery query) {
        try {
            return session.fetch(query);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
