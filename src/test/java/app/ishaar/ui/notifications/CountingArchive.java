package app.ishaar.ui.notifications;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.HandlingChange;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingResult;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/** A real archive that records the inbox's queries, and can be made to fail them. */
final class CountingArchive implements Archive {
    private final Archive archive;
    final List<InboxQuery> queries = new CopyOnWriteArrayList<>();
    volatile ArchiveException failWith;

    /** When set, totals are counted up to this many, as a search's are past the archive's limit. */
    volatile Integer countedUpTo;

    /** When set, queries wait for it to complete: a read still loading. */
    volatile CompletableFuture<Void> gate;

    /** The queries that came to the gate, as they come. */
    final BlockingQueue<InboxQuery> held = new LinkedBlockingQueue<>();

    CountingArchive(Archive archive) {
        this.archive = archive;
    }

    @Override
    public InboxPage query(InboxQuery query) throws ArchiveException {
        queries.add(query);
        CompletableFuture<Void> g = gate;
        if (g != null) {
            held.add(query);
            g.join();
        }
        if (failWith != null) {
            throw failWith;
        }
        InboxPage page = archive.query(query);
        Integer limit = countedUpTo;
        if (limit == null || page.totalCount() <= limit) {
            return page;
        }
        return new InboxPage(page.items(), limit, true, page.page(), page.pageSize());
    }

    @Override
    public SyncState syncState(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return archive.syncState(service, taxpayer);
    }

    @Override
    public StoreResult store(SyncBatch batch) throws ArchiveException {
        return archive.store(batch);
    }

    @Override
    public Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException {
        return archive.known(service, taxpayer, ids);
    }

    @Override
    public List<ArchivedNotification> unsettled(ServiceKey service, Rin taxpayer)
            throws ArchiveException {
        return archive.unsettled(service, taxpayer);
    }

    @Override
    public List<ServiceKey> services() throws ArchiveException {
        return archive.services();
    }

    @Override
    public List<TaxpayerSummary> summaries() throws ArchiveException {
        return archive.summaries();
    }

    @Override
    public long forget(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return archive.forget(service, taxpayer);
    }

    @Override
    public long forget(ServiceKey service) throws ArchiveException {
        return archive.forget(service);
    }

    @Override
    public long pruneBefore(java.time.Instant cutOff) throws ArchiveException {
        return archive.pruneBefore(cutOff);
    }

    /** When set, a change of handling fails with it (nothing recorded). */
    volatile ArchiveException failHandleWith;

    /** Who hears of changes of handling ({@link #tellChanged}). */
    final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    @Override
    public String person() throws ArchiveException {
        return archive.person();
    }

    @Override
    public HandlingResult handle(
            ServiceKey service, List<HandlingTarget> targets, HandlingEdit edit)
            throws ArchiveException {
        if (failHandleWith != null) {
            throw failHandleWith;
        }
        return archive.handle(service, targets, edit);
    }

    @Override
    public List<HandlingChange> history(ServiceKey service, Rin taxpayer, String notificationId)
            throws ArchiveException {
        return archive.history(service, taxpayer, notificationId);
    }

    @Override
    public AutoCloseable onHandlingChanged(Runnable changed) {
        listeners.add(changed);
        return () -> listeners.remove(changed);
    }

    /** Says a change of handling was made (a colleague's, on a shared archive), on this thread. */
    void tellChanged() {
        listeners.forEach(Runnable::run);
    }

    @Override
    public void close() throws ArchiveException {
        archive.close();
    }
}
