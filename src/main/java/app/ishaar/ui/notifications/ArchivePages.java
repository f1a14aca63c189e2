package app.ishaar.ui.notifications;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.export.ArchiveExport;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The screen's pages read from the local archive: one taxpayer of one service, the six filters and
 * page as an {@link InboxQuery} without a search, newest first as the service orders them. Read on
 * {@code background}, never on the FX thread. It reads whatever the sync has archived so far: a
 * taxpayer whose first sync is under way shows its newest notifications as they land, and {@link
 * #reach()} says how far back they go.
 */
public final class ArchivePages implements HistoryPages {

    private final Archive archive;
    private final ServiceKey service;
    private final Rin taxpayer;
    private final Executor background;
    private final Supplier<String> name;

    /**
     * Each page asked for gets the next number, so that a superseded page read late does not
     * replace the times of one asked after it (pages are read on a pool, not in turn).
     */
    private final AtomicLong asked = new AtomicLong();

    /** The number of the page whose times {@link #checked} holds. */
    private long checkedOf;

    /** When the service last confirmed each status of that page, by notification ID. */
    private Map<String, Instant> checked = Map.of();

    public ArchivePages(Archive archive, ServiceKey service, Rin taxpayer, Executor background) {
        this(archive, service, taxpayer, background, () -> null);
    }

    /** {@code name}: the taxpayer's name as the list shows it (null: none), for its exports. */
    public ArchivePages(
            Archive archive,
            ServiceKey service,
            Rin taxpayer,
            Executor background,
            Supplier<String> name) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.taxpayer = Objects.requireNonNull(taxpayer, "taxpayer");
        this.background = Objects.requireNonNull(background, "background");
        this.name = Objects.requireNonNull(name, "name");
    }

    /** Whether this reads {@code taxpayer}'s history of {@code service}. */
    public boolean reads(ServiceKey service, Rin taxpayer) {
        return this.service.equals(service) && this.taxpayer.equals(taxpayer);
    }

    /** The taxpayer whose history this reads. */
    public Rin taxpayer() {
        return taxpayer;
    }

    /**
     * When the archive last synced this taxpayer, read on the background executor; null when never
     * or when the archive cannot say.
     */
    CompletableFuture<Instant> lastSynced() {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return archive.syncState(service, taxpayer).lastSynced();
                    } catch (ArchiveException | RuntimeException e) {
                        return null;
                    }
                },
                background);
    }

    /** The taxpayer as a report names it, with the name the list shows now. */
    ExportScope.Taxpayer named() {
        String n = name.get();
        return new ExportScope.Taxpayer(taxpayer, n == null || n.isBlank() ? null : n);
    }

    /**
     * Writes every notification of {@code query}'s filters (all pages) through {@code sinks} to
     * {@code target}, the way the inbox's export does (see {@link ArchiveExport}).
     */
    CompletableFuture<Long> export(
            NotificationQuery query,
            NotificationSink.Factory sinks,
            Path target,
            NotificationExporter.Progress progress) {
        return ArchiveExport.export(
                archive,
                new InboxQuery(service, Set.of(taxpayer), query, null, 1, ArchiveExport.CHUNK),
                sinks,
                target,
                background,
                progress);
    }

    @Override
    public boolean ready() {
        return true;
    }

    @Override
    public CompletableFuture<NotificationPage> page(NotificationQuery query) {
        long number = asked.incrementAndGet();
        return CompletableFuture.supplyAsync(() -> read(query, number), background);
    }

    /** Of the page read last: empty for a notification archived before the archive kept it. */
    @Override
    public synchronized Optional<Instant> statusCheckedAt(String notificationId) {
        return Optional.ofNullable(checked.get(notificationId));
    }

    /**
     * The archive's answer as the service's page would be; its status-checked times are kept unless
     * a page asked after it ({@code number}) was read first.
     */
    private NotificationPage read(NotificationQuery query, long number) {
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
        Map<String, Instant> times = new HashMap<>();
        for (ArchivedNotification a : page.items()) {
            if (a.statusCheckedAt() != null) {
                times.put(a.notificationId(), a.statusCheckedAt());
            }
        }
        synchronized (this) {
            if (number > checkedOf) {
                checkedOf = number;
                checked = times;
            }
        }
        return new NotificationPage(
                page.items().stream().map(ArchivedNotification::notification).toList(),
                page.totalPages(),
                page.totalCount(),
                pageNo,
                size);
    }

    /**
     * Whether the archive holds the whole history, else how far back it reaches: the oldest
     * notification it holds of the taxpayer (the sync brings the newest page first).
     */
    @Override
    public CompletableFuture<Reach> reach() {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        if (archive.syncState(service, taxpayer).complete()) {
                            return Reach.COMPLETE;
                        }
                        long held = oneOf(1).totalCount();
                        InboxPage oldest =
                                held == 0 ? null : oneOf((int) Math.min(held, Integer.MAX_VALUE));
                        return new Reach(
                                false,
                                oldest == null || oldest.items().isEmpty()
                                        ? null
                                        : oldest.items().get(0).notification().receivedDateTime());
                    } catch (ArchiveException | RuntimeException e) {
                        return null;
                    }
                },
                background);
    }

    /** The taxpayer's {@code n}th newest notification, unfiltered, as a page of one. */
    private InboxPage oneOf(int n) throws ArchiveException {
        return archive.query(new InboxQuery(service, Set.of(taxpayer), null, null, n, 1));
    }
}
