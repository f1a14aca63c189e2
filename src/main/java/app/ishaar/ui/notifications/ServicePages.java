package app.ishaar.ui.notifications;

import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Session;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** The history's pages asked of the service with the taxpayer's session, while it has one. */
final class ServicePages implements HistoryPages {

    private final Supplier<Session> session;

    ServicePages(Supplier<Session> session) {
        this.session = session;
    }

    @Override
    public boolean ready() {
        return session.get() != null;
    }

    @Override
    public CompletableFuture<NotificationPage> page(NotificationQuery query) {
        return PageRequests.request(session.get(), query);
    }

    @Override
    public boolean fromArchive() {
        return false;
    }
}
