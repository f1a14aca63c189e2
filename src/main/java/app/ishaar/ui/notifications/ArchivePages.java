package app.ishaar.ui.notifications;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.HandlingChange;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingResult;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.export.ArchiveExport;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.report.SummaryReport;
import app.ishaar.core.report.SummarySource;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The screen's pages read from the local archive of one service: a scope's taxpayers, the six
 * filters, the search and the order as an {@link InboxQuery}. Read on {@code background}, never on
 * the FX thread. It reads whatever the sync has archived so far: a taxpayer whose first sync is
 * under way shows its newest notifications as they land, and {@link #reach} says how far back they
 * go. It also records and reads who is dealing with the notifications (their handling).
 */
public final class ArchivePages implements HistoryPages {

    private final Archive archive;
    private final ServiceKey service;
    private final Executor background;
    private final HandlingNews news;

    public ArchivePages(Archive archive, ServiceKey service, Executor background) {
        this(archive, service, background, null);
    }

    /**
     * The same, hearing of changes of handling through the window's one subscription ({@code news};
     * null: a subscription of its own).
     */
    public ArchivePages(
            Archive archive, ServiceKey service, Executor background, HandlingNews news) {
        this.archive = Objects.requireNonNull(archive, "archive");
        this.service = Objects.requireNonNull(service, "service");
        this.background = Objects.requireNonNull(background, "background");
        this.news = news;
    }

    /** Where the archive is read: off the FX thread. */
    Executor background() {
        return background;
    }

    /** Whether this reads the archive of {@code service}. */
    public boolean reads(ServiceKey service) {
        return this.service.equals(service);
    }

    /**
     * When the archive last synced the scope's taxpayers (the longest ago of them: the rows read
     * are as of then at least), read on the background executor; null when one never synced or when
     * the archive cannot say.
     */
    CompletableFuture<Instant> lastSynced(Scope scope) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        Instant oldest = null;
                        for (Rin t : scope.rins()) {
                            Instant at = archive.syncState(service, t).lastSynced();
                            if (at == null) {
                                return null;
                            }
                            oldest = oldest == null || at.isBefore(oldest) ? at : oldest;
                        }
                        return oldest;
                    } catch (ArchiveException | RuntimeException e) {
                        return null;
                    }
                },
                background);
    }

    /**
     * The summary's question of {@code taxpayers} of this service in {@code [from, to)}, counted in
     * {@code zone} days, pending counted late from {@code now}; null for nobody (an empty set of
     * taxpayers would sum up every one).
     */
    public SummaryQuery summaryQuery(
            Set<Rin> taxpayers, Instant from, Instant to, ZoneId zone, Instant now) {
        return taxpayers.isEmpty()
                ? null
                : new SummaryQuery(service, taxpayers, from, to, zone, now);
    }

    /**
     * How many notifications each taxpayer of the service has to handle (a taxpayer with none left
     * out), counted by the archive in one question on the background executor.
     */
    public CompletableFuture<Map<Rin, Long>> toHandle() {
        return supply(() -> archive.toHandle(service));
    }

    /** The summary of {@code query}, summed up by the archive on the background executor. */
    public CompletableFuture<Summary> summary(SummaryQuery query) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return SummarySource.of(archive, query);
                    } catch (ArchiveException e) {
                        throw new CompletionException(e);
                    }
                },
                background);
    }

    /**
     * The report of {@code query} (the summary and the rows behind it), read on the background
     * executor; {@code version} is said on its cover.
     */
    public CompletableFuture<SummaryReport> report(SummaryQuery query, String version) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return SummaryReport.read(archive, query, version);
                    } catch (ArchiveException e) {
                        throw new CompletionException(e);
                    }
                },
                background);
    }

    /** The scope's taxpayers as a report names them. */
    static List<ExportScope.Taxpayer> named(Scope scope) {
        return scope.taxpayers().stream()
                .map(t -> new ExportScope.Taxpayer(t.rin(), t.name().isBlank() ? null : t.name()))
                .toList();
    }

    /**
     * Writes every notification of {@code query} (all pages) through {@code sinks} to {@code
     * target} (see {@link ArchiveExport}).
     */
    CompletableFuture<Long> export(
            PageQuery query,
            NotificationSink.Factory sinks,
            Path target,
            NotificationExporter.Progress progress) {
        if (query.scope().taxpayers().isEmpty()) {
            return CompletableFuture.completedFuture(0L);
        }
        return ArchiveExport.export(
                archive,
                inboxQuery(query, 1, ArchiveExport.CHUNK),
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
    public CompletableFuture<InboxPage> page(PageQuery query) {
        int size =
                query.filters().pageSize() == null
                        ? PagerViewModel.DEFAULT_PAGE_SIZE
                        : query.filters().pageSize();
        if (query.scope().taxpayers().isEmpty()) {
            // nobody's: an empty answer (an empty set of taxpayers would read every one)
            return CompletableFuture.completedFuture(
                    new InboxPage(List.of(), 0, query.pageNo(), size));
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return archive.query(inboxQuery(query, query.pageNo(), size));
                    } catch (ArchiveException e) {
                        throw new CompletionException(e);
                    }
                },
                background);
    }

    private InboxQuery inboxQuery(PageQuery q, int pageNo, int size) {
        return new InboxQuery(
                service,
                q.scope().rins(),
                q.filters(),
                q.search(),
                pageNo,
                size,
                q.order(),
                q.handling());
    }

    // ---- who is dealing with which notification ----

    /** Records one change of these notifications' handling (see {@link Archive#handle}). */
    CompletableFuture<HandlingResult> handle(List<HandlingTarget> targets, HandlingEdit edit) {
        return supply(
                () -> {
                    HandlingResult r = archive.handle(service, targets, edit);
                    if (news != null) {
                        news.recorded();
                    }
                    return r;
                });
    }

    /** A notification's changes of handling, oldest first. */
    CompletableFuture<List<HandlingChange>> history(Rin taxpayer, String notificationId) {
        return supply(() -> archive.history(service, taxpayer, notificationId));
    }

    /**
     * The people's names as the desktops show them, by who the archive records changes as: on a
     * shared archive the names the administrator gave the database roles ({@code ishaar archive
     * people}); none elsewhere.
     */
    CompletableFuture<Map<String, String>> people() {
        return supply(
                () ->
                        archive.opened() instanceof PostgresArchive pg
                                ? Map.copyOf(pg.people())
                                : Map.<String, String>of());
    }

    /** Who the archive records changes as (see {@link Archive#person}). */
    CompletableFuture<String> person() {
        return supply(archive::person);
    }

    /**
     * Calls {@code changed} (on a thread of its own) when anyone changes a handling in this
     * archive, until the handle the future gives is closed; subscribed off the calling thread (the
     * archive may be opened by it).
     */
    CompletableFuture<AutoCloseable> onHandlingChanged(Runnable changed) {
        if (news != null) {
            return CompletableFuture.completedFuture(news.listen(changed));
        }
        return supply(() -> archive.onHandlingChanged(changed));
    }

    private interface ArchiveCall<T> {
        T call() throws ArchiveException;
    }

    private <T> CompletableFuture<T> supply(ArchiveCall<T> call) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return call.call();
                    } catch (ArchiveException e) {
                        throw new CompletionException(e);
                    }
                },
                background);
    }

    /**
     * Whether the archive holds the whole history of a one-taxpayer scope, else how far back it
     * reaches: the oldest notification it holds of the taxpayer (the sync brings the newest page
     * first). Null for a scope of several.
     */
    @Override
    public CompletableFuture<Reach> reach(Scope scope) {
        Rin taxpayer = scope.single();
        if (taxpayer == null || scope.several()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        if (archive.syncState(service, taxpayer).complete()) {
                            return Reach.COMPLETE;
                        }
                        long held = oneOf(taxpayer, 1).totalCount();
                        InboxPage oldest =
                                held == 0
                                        ? null
                                        : oneOf(taxpayer, (int) Math.min(held, Integer.MAX_VALUE));
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
    private InboxPage oneOf(Rin taxpayer, int n) throws ArchiveException {
        return archive.query(new InboxQuery(service, Set.of(taxpayer), null, null, n, 1));
    }
}
