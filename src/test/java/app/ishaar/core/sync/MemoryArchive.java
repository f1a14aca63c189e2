package app.ishaar.core.sync;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An archive in memory for the sync's tests: each store is all or nothing, and {@link
 * #failAfterNotifications} makes the store that would write past that many more notifications fail
 * before it writes anything, as a process killed at that moment (counted in notifications, however
 * the sync groups its pages into transactions). {@link #beforeStore} runs before each store, {@link
 * #beforePrepare} before each page's stored forms are made.
 */
final class MemoryArchive implements Archive {
    record Key(ServiceKey service, Rin taxpayer) {}

    final Map<Key, Map<String, ArchivedNotification>> rows = new HashMap<>();
    final Map<Key, SyncState> states = new HashMap<>();
    int stores;
    int failAfterNotifications = -1;
    volatile Runnable beforeStore = () -> {};

    /** Runs before each page's stored forms are made ({@link #prepare}), on the caller's thread. */
    volatile Runnable beforePrepare = () -> {};

    @Override
    public synchronized SyncState syncState(ServiceKey service, Rin taxpayer) {
        return states.getOrDefault(new Key(service, taxpayer), SyncState.NONE);
    }

    @Override
    public List<ArchivedNotification> prepare(List<ArchivedNotification> items) {
        beforePrepare.run();
        return items;
    }

    @Override
    public synchronized StoreResult store(SyncBatch batch) throws ArchiveException {
        beforeStore.run();
        if (failAfterNotifications >= 0) {
            if (batch.upserts().size() > failAfterNotifications) {
                failAfterNotifications = 0;
                throw new ArchiveException(ArchiveException.Reason.FAILED, "killed", null);
            }
            failAfterNotifications -= batch.upserts().size();
        }
        stores++;
        Key k = new Key(batch.service(), batch.taxpayer());
        Map<String, ArchivedNotification> m = rows.computeIfAbsent(k, x -> new LinkedHashMap<>());
        int added = 0;
        int updated = 0;
        for (ArchivedNotification a : batch.upserts()) {
            ArchivedNotification before = m.put(a.notificationId(), a);
            if (before == null) {
                added++;
            } else if (!before.rawJson().equals(a.rawJson())) {
                updated++;
            }
        }
        SyncState old = states.getOrDefault(k, SyncState.NONE);
        states.put(
                k,
                new SyncState(
                        batch.checkpoint() != null ? batch.checkpoint() : old.checkpoint(),
                        old.complete() || batch.complete(),
                        batch.finishedAt() != null ? batch.finishedAt() : old.lastSynced()));
        return new StoreResult(added, updated);
    }

    @Override
    public synchronized Set<String> known(
            ServiceKey service, Rin taxpayer, Collection<String> ids) {
        Map<String, ArchivedNotification> m =
                rows.getOrDefault(new Key(service, taxpayer), Map.of());
        Set<String> out = new HashSet<>();
        for (String id : ids) {
            if (m.containsKey(id)) {
                out.add(id);
            }
        }
        return out;
    }

    @Override
    public synchronized List<ArchivedNotification> unsettled(ServiceKey service, Rin taxpayer) {
        List<ArchivedNotification> out = new ArrayList<>();
        for (ArchivedNotification a :
                rows.getOrDefault(new Key(service, taxpayer), Map.of()).values()) {
            String s = a.notification().status();
            if ("pending".equals(s) || "batched".equals(s)) {
                out.add(a);
            }
        }
        return out;
    }

    synchronized Map<String, ArchivedNotification> of(ServiceKey service, Rin taxpayer) {
        return new HashMap<>(rows.getOrDefault(new Key(service, taxpayer), Map.of()));
    }

    @Override
    public InboxPage query(InboxQuery query) {
        throw new UnsupportedOperationException();
    }

    @Override
    public synchronized List<ServiceKey> services() {
        return rows.keySet().stream().map(Key::service).distinct().toList();
    }

    @Override
    public synchronized List<TaxpayerSummary> summaries() {
        List<TaxpayerSummary> out = new ArrayList<>();
        rows.forEach(
                (k, m) ->
                        out.add(
                                new TaxpayerSummary(
                                        k.service(),
                                        k.taxpayer(),
                                        m.size(),
                                        null,
                                        null,
                                        states.getOrDefault(k, SyncState.NONE).lastSynced(),
                                        states.getOrDefault(k, SyncState.NONE).complete())));
        return out;
    }

    @Override
    public synchronized long forget(ServiceKey service, Rin taxpayer) {
        states.remove(new Key(service, taxpayer));
        Map<String, ArchivedNotification> m = rows.remove(new Key(service, taxpayer));
        return m == null ? 0 : m.size();
    }

    @Override
    public synchronized long forget(ServiceKey service) {
        long n = 0;
        for (Key k : new ArrayList<>(rows.keySet())) {
            if (k.service().equals(service)) {
                n += forget(service, k.taxpayer());
            }
        }
        return n;
    }

    @Override
    public synchronized long pruneBefore(java.time.Instant cutOff) {
        long n = 0;
        for (Map<String, ArchivedNotification> m : rows.values()) {
            int before = m.size();
            m.values()
                    .removeIf(
                            a ->
                                    a.notification().receivedDateTime() != null
                                            && a.notification()
                                                    .receivedDateTime()
                                                    .isBefore(cutOff));
            n += before - m.size();
        }
        return n;
    }

    @Override
    public void close() {}
}
