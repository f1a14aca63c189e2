package app.ishaar.ui.history;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The history's pages read from the local archive: one taxpayer of one service, the history's six
 * filters and page as an {@link InboxQuery} without a search, newest first as the service orders
 * them. Read on {@code background}, never on the FX thread.
 */
public final class ArchivePages implements HistoryPages {

    private final Archive archive;
    private final ServiceKey service;
    private final Rin taxpayer;
    private final Executor background;

    public ArchivePages(Archive archive, ServiceKey service, Rin taxpayer, Executor background) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.taxpayer = Objects.requireNonNull(taxpayer, "taxpayer");
        this.background = Objects.requireNonNull(background, "background");
    }

    /**
     * The archive's pages of this taxpayer if the archive holds its synced history (a first sync
     * completed), asked on {@code background}; empty when it does not, or cannot say (the service's
     * pages then, as without an archive).
     */
    public static CompletableFuture<Optional<HistoryPages>> ifSynced(
            Archive archive, ServiceKey service, Rin taxpayer, Executor background) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return archive.syncState(service, taxpayer).complete()
                                ? Optional.of(
                                        new ArchivePages(archive, service, taxpayer, background))
                                : Optional.empty();
                    } catch (ArchiveException | RuntimeException e) {
                        return Optional.empty();
                    }
                },
                background);
    }

    /** The taxpayer whose history this reads. */
    public Rin taxpayer() {
        return taxpayer;
    }

    @Override
    public boolean ready() {
        return true;
    }

    @Override
    public CompletableFuture<NotificationPage> page(NotificationQuery query) {
        return CompletableFuture.supplyAsync(() -> read(query), background);
    }

    /** The archive's answer as the service's page would be. */
    NotificationPage read(NotificationQuery query) {
        int pageNo = query.pageNo() == null ? 1 : query.pageNo();
        int size = query.pageSize() == null ? PagerViewModel.DEFAULT_PAGE_SIZE : query.pageSize();
        InboxPage page;
        try {
            page =
                    archive.query(
                            new InboxQuery(service, Set.of(taxpayer), query, null, pageNo, size));
        } catch (ArchiveException e) {
            throw new CompletionException(e);
        }
        return new NotificationPage(
                page.items().stream().map(ArchivedNotification::notification).toList(),
                page.totalPages(),
                page.totalCount(),
                pageNo,
                size);
    }

    @Override
    public boolean fromArchive() {
        return true;
    }
}
