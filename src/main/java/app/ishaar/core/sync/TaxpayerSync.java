package app.ishaar.core.sync;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Brings one taxpayer's archive up to date with the service, exactly once.
 *
 * <p>Positions are counted from the oldest notification (see {@link Coverage}), where new
 * notifications do not move them. A sync makes sure that the archive holds every position of the
 * history as the service last reported its size, reading only the pages that hold positions it does
 * not, and stores each page in one transaction together with the positions now held (the
 * checkpoint). Before the first sync completes, that is the checkpoint's list of ranges; after it,
 * every position below the total of the last complete sync. An interrupted sync therefore resumes
 * from what was committed, and its archive never claims a position whose notification it lacks.
 * Each notification is keyed by its ID: one read twice (pages shift while notifications arrive) is
 * stored once; an unknown one where the archive should hold everything means the history changed
 * below the top (an insertion, a deletion), and the sync then reads all of it again rather than
 * trust its count.
 *
 * <p>Pending and batched notifications settle later. Each sync first reads from the newest down to
 * the oldest archived notification still pending or batched within {@link
 * SyncOptions#settleWindow()}, and takes each such notification's new form when it changed. One
 * still pending or batched after that window is asked for again by its date (a page of the few
 * notifications sent at that moment), once every {@link SyncOptions#recheckEvery()} until {@link
 * SyncOptions#recheckFor()} after it was sent. Every notification the sync reads is stored with the
 * time it was read, also when it came unchanged, so that the archive says when its status was last
 * confirmed ({@link ArchivedNotification#statusCheckedAt()}).
 */
public final class TaxpayerSync {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.sync");

    /** Rounds of reading the pages still missing before the sync gives up on a moving history. */
    static final int MAX_ROUNDS = 20;

    /**
     * Pages in flight or read and waiting to be stored, at most; also the most stored in one
     * transaction.
     */
    static final int BUFFERED = 16;

    /**
     * Dates asked for again in one sync at most, each one request or more: a service that left many
     * notifications pending (an outage) is asked about the rest by the next syncs, the ones
     * confirmed longest ago first, instead of by hundreds of requests at once.
     */
    static final int MAX_RECHECKS = 50;

    /** What happened: how many notifications were new, how many changed, the requests sent. */
    public record Outcome(int added, int updated, long serviceTotal, int requests) {}

    /**
     * Told how far a sync is: positions held of the history's total; on the thread that runs the
     * sync or on its writer's, one call at a time.
     */
    @FunctionalInterface
    public interface Progress {
        void held(Rin taxpayer, long held, long total);
    }

    private final Archive archive;
    private final ServiceKey service;
    private final Rin taxpayer;
    private final Session session;
    private final SyncOptions options;
    private final Progress progress;

    private Coverage coverage;
    private Coverage readNow = new Coverage();
    private boolean complete;
    private long completeCount;
    private long held;
    private final Map<String, String> unsettled = new HashMap<>();

    /** The unsettled notifications this sync has read (their form taken, or confirmed). */
    private final Set<String> reread = new HashSet<>();

    /** Unsettled notifications past the settle window, due to be asked for again by their date. */
    private final List<ArchivedNotification> due = new ArrayList<>();

    private long total = -1;
    private int added;
    private int updated;
    private int requests;

    public TaxpayerSync(
            Archive archive,
            ServiceKey service,
            Rin taxpayer,
            Session session,
            SyncOptions options,
            Progress progress) {
        this.archive = archive;
        this.service = service;
        this.taxpayer = taxpayer;
        this.session = session;
        this.options = options;
        this.progress = progress == null ? (r, h, t) -> {} : progress;
    }

    /**
     * Runs the sync. Fails with the service's error, the archive's, or {@link
     * HistoryMovingException}; whatever it committed before stays, and the next sync goes on from
     * there.
     */
    public Outcome run()
            throws ServiceException,
                    ArchiveException,
                    HistoryMovingException,
                    InterruptedException {
        archive.requireWritable(); // nothing fetched that could not be kept
        SyncState state = archive.syncState(service, taxpayer);
        SyncCheckpoint cp = SyncCheckpoint.parse(state.checkpoint());
        complete = state.complete() && cp != null && cp.count() != null;
        held = cp == null ? 0 : cp.held();
        if (complete) {
            completeCount = cp.count();
            coverage = new Coverage();
            coverage.add(0, completeCount);
        } else {
            coverage = new Coverage(cp == null || cp.covered() == null ? List.of() : cp.covered());
        }
        Instant bound = settleBound();

        // from the newest down, past the oldest notification that may still settle; the first page
        // also tells the history's size
        for (int p = 1; ; p++) {
            NotificationPage page = fetch(query(p));
            take(List.of(new Answer(p, page, prepared(page), null)));
            List<Notification> items = page.result();
            boolean last = items.size() < options.pageSize() || p >= page.totalPages();
            Instant oldest =
                    items.isEmpty() ? null : items.get(items.size() - 1).receivedDateTime();
            if (last || bound == null || oldest != null && oldest.isBefore(bound)) {
                break;
            }
        }

        // then every page holding a position not archived, below the size the history had by
        // now: notifications arriving meanwhile are taken when their pages are read anyway, else
        // by the next sync (a history that grows faster than pages are read is never chased)
        long target = total;
        boolean checked = false;
        for (int round = 0; ; round++) {
            List<Integer> pages = coverage.pagesFor(target, total, options.pageSize());
            if (pages.isEmpty() && held < coverage.size() && !checked) {
                // fewer archived than positions claimed: the history changed below its top (a
                // notification that showed up late), so only what this sync read is trusted
                LOG.log(
                        System.Logger.Level.INFO,
                        "taxpayer {0}: {1} archived for {2} positions; reading the history again",
                        taxpayer,
                        held,
                        coverage.size());
                checked = true;
                coverage = new Coverage(readNow.ranges());
                pages = coverage.pagesFor(target, total, options.pageSize());
            }
            if (pages.isEmpty()) {
                break;
            }
            if (round >= MAX_ROUNDS) {
                throw new HistoryMovingException(taxpayer, coverage.missing(target).size());
            }
            readPages(pages);
        }
        recheck();
        long count = coverage.heldFromOldest();
        archive.store(
                new SyncBatch(
                        service,
                        taxpayer,
                        List.of(),
                        SyncCheckpoint.complete(count, held).format(),
                        true,
                        options.clock().instant()));
        progress.held(taxpayer, total, total);
        return new Outcome(added, updated, total, requests);
    }

    /**
     * The archived notifications that may still settle, by ID with their text: those within the
     * window, whose oldest one's received time it returns (null when there is none), and those past
     * it that are due to be asked for again ({@link #due}).
     */
    private Instant settleBound() throws ArchiveException {
        Instant now = options.clock().instant();
        Instant since = now.minus(options.settleWindow());
        Instant recheckSince = now.minus(options.recheckFor());
        Instant confirmedBefore = now.minus(options.recheckEvery());
        Instant bound = null;
        for (ArchivedNotification a : archive.unsettled(service, taxpayer)) {
            Instant at = a.notification().receivedDateTime();
            if (at == null || at.isBefore(recheckSince)) {
                continue;
            }
            if (!at.isBefore(since)) {
                unsettled.put(a.notificationId(), a.rawJson());
                if (bound == null || at.isBefore(bound)) {
                    bound = at;
                }
            } else if (a.statusCheckedAt() == null
                    || !a.statusCheckedAt().isAfter(confirmedBefore)) {
                unsettled.put(a.notificationId(), a.rawJson());
                due.add(a);
            }
        }
        return bound;
    }

    /**
     * Asks for the due notifications that this sync has not read yet by their date: the page(s) of
     * what was sent within a second of each (the service filters by the date it was sent, and its
     * bounds' precision and inclusiveness are not documented), taking each one's new form, or
     * confirming the one archived. One the service no longer returns at its date stays as it is.
     */
    private void recheck() throws ServiceException, ArchiveException, InterruptedException {
        List<ArchivedNotification> left = new ArrayList<>();
        for (ArchivedNotification a : due) {
            if (!reread.contains(a.notificationId())) {
                left.add(a);
            }
        }
        if (left.isEmpty()) {
            return;
        }
        // the ones confirmed longest ago (or never) first; those sent within a second or two of
        // each other asked for in one range
        left.sort(
                java.util.Comparator.comparing(
                        (ArchivedNotification a) -> a.statusCheckedAt(),
                        java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())));
        List<Instant[]> ranges = new ArrayList<>();
        for (ArchivedNotification a : left) {
            Instant at = a.notification().receivedDateTime();
            Instant[] r = {at.minusSeconds(1), at.plusSeconds(1)};
            boolean merged = false;
            for (Instant[] x : ranges) {
                if (!r[0].isAfter(x[1]) && !r[1].isBefore(x[0])) {
                    x[0] = r[0].isBefore(x[0]) ? r[0] : x[0];
                    x[1] = r[1].isAfter(x[1]) ? r[1] : x[1];
                    merged = true;
                    break;
                }
            }
            if (!merged) {
                if (ranges.size() >= MAX_RECHECKS) {
                    break;
                }
                ranges.add(r);
            }
        }
        List<ArchivedNotification> upserts = new ArrayList<>();
        int changed = 0;
        for (Instant[] r : ranges) {
            NotificationQuery q =
                    NotificationQuery.ALL.withDates(r[0], r[1]).withPageSize(options.pageSize());
            for (int p = 1; ; p++) {
                NotificationPage page = fetch(q.withPage(p));
                List<Notification> items = page.result();
                List<ArchivedNotification> archived = prepared(page);
                for (int i = 0; i < items.size(); i++) {
                    String id = items.get(i).notificationId();
                    if (id == null || !unsettled.containsKey(id) || !reread.add(id)) {
                        continue;
                    }
                    String raw = page.rawItems().get(i);
                    if (!raw.equals(unsettled.get(id))) {
                        changed++;
                    }
                    upserts.add(archived.get(i));
                    unsettled.put(id, raw);
                }
                if (items.size() < options.pageSize() || p >= page.totalPages()) {
                    break;
                }
            }
        }
        if (left.size() > upserts.size()) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "taxpayer {0}: {1} unsettled notifications not found again at their date (or"
                            + " left for the next sync)",
                    taxpayer,
                    left.size() - upserts.size());
        }
        if (!upserts.isEmpty()) {
            Archive.StoreResult stored =
                    archive.store(new SyncBatch(service, taxpayer, upserts, null, false, null));
            updated += stored.updated();
            if (stored.updated() != changed) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "taxpayer {0}: the archive counted {1} changed of {2} asked for again",
                        taxpayer,
                        stored.updated(),
                        changed);
            }
        }
    }

    /** Notifications archived for the first time so far (also when the sync then failed). */
    public int added() {
        return added;
    }

    /** Archived notifications changed so far. */
    public int updated() {
        return updated;
    }

    private NotificationQuery query(int pageNo) {
        return NotificationQuery.ALL.withPageSize(options.pageSize()).withPage(pageNo);
    }

    /**
     * One page. The service client's retry policy alone waits out a rate limit (429) and retries a
     * transient failure, within its patience; what it gives up on ends the sync, and the next sync
     * goes on from what this one committed.
     */
    private NotificationPage fetch(NotificationQuery q)
            throws ServiceException, InterruptedException {
        requests++;
        try {
            return session.fetchRaw(q).get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw asServiceException(ServiceException.unwrap(e));
        }
    }

    private static ServiceException asServiceException(Throwable c) {
        if (c instanceof ServiceException se) {
            return se;
        }
        if (c instanceof RuntimeException re) {
            throw re;
        }
        throw new IllegalStateException(c);
    }

    /**
     * A page's answer, with its items as the archive stores them (made ahead, one for each of the
     * page's items), or what the request met.
     */
    private record Answer(
            int pageNo, NotificationPage page, List<ArchivedNotification> items, Throwable error) {}

    /** A page's answer is in: its place in flight is free while its stored forms are made. */
    private record Arrived(int pageNo) {}

    /**
     * The page's items as archived, each with what storing it needs made ahead by the archive (on
     * the thread that read the page, not the writer's), their status as of now.
     */
    private List<ArchivedNotification> prepared(NotificationPage page) {
        List<Notification> items = page.result();
        List<String> raws = page.rawItems();
        Instant now = options.clock().instant();
        List<ArchivedNotification> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(new ArchivedNotification(taxpayer, items.get(i), raws.get(i)).checkedAt(now));
        }
        return archive.prepare(out);
    }

    /**
     * Reads these pages with at most {@code concurrency} in flight, while a {@link PageWriter}
     * stores the pages read so far (in whatever order they came), several in one transaction with
     * the positions they hold in its checkpoint. A page's place in flight is free once its answer
     * is in, before its stored forms are made: the next request goes out while they are, so that
     * neither they nor the writer ever hold the reading back at a service's pace. At most {@link
     * #BUFFERED} pages are in flight or waiting to be stored at once (their forms being made counts
     * as waiting): a disk slower than the network holds the reading back.
     */
    private void readPages(List<Integer> pages)
            throws ServiceException, ArchiveException, InterruptedException {
        Deque<Integer> todo = new ArrayDeque<>(pages);
        LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
        Set<CompletableFuture<?>> running = new HashSet<>();
        PageWriter<Answer> writer = new PageWriter<>(this::take, BUFFERED, events);
        int inFlight = 0;
        int waiting = 0;
        try {
            while (!todo.isEmpty() || inFlight > 0 || waiting > 0) {
                while (inFlight < options.concurrency()
                        && inFlight + waiting < BUFFERED
                        && !todo.isEmpty()) {
                    issue(todo.poll(), events, running);
                    inFlight++;
                }
                Object event = events.take();
                if (event instanceof PageWriter.Stored stored) {
                    waiting -= stored.pages();
                    if (stored.failure() instanceof ArchiveException ae) {
                        throw ae;
                    } else if (stored.failure() instanceof RuntimeException re) {
                        throw re;
                    } else if (stored.failure() instanceof Error e) {
                        throw e;
                    }
                    continue;
                }
                if (event instanceof Arrived) {
                    inFlight--;
                    waiting++;
                    continue;
                }
                Answer a = (Answer) event;
                if (a.error() != null) {
                    throw asServiceException(a.error());
                }
                writer.add(a);
            }
        } finally {
            List<CompletableFuture<?>> left;
            synchronized (running) {
                left = new ArrayList<>(running);
            }
            for (CompletableFuture<?> f : left) {
                f.cancel(true);
            }
            // the pages read before a failure are stored still: the next sync need not read them
            writer.finish();
        }
    }

    private void issue(
            int pageNo, LinkedBlockingQueue<Object> answers, Set<CompletableFuture<?>> running) {
        synchronized (this) {
            requests++;
        }
        CompletableFuture<NotificationPage> f = session.fetchRaw(query(pageNo));
        synchronized (running) {
            running.add(f);
        }
        f.whenComplete(
                (page, e) -> {
                    synchronized (running) {
                        running.remove(f);
                    }
                    if (e != null) {
                        answers.add(new Answer(pageNo, null, null, ServiceException.unwrap(e)));
                        return;
                    }
                    answers.add(new Arrived(pageNo));
                    List<ArchivedNotification> items;
                    try {
                        items = prepared(page);
                    } catch (RuntimeException | Error failed) {
                        answers.add(new Answer(pageNo, null, null, failed));
                        return;
                    }
                    answers.add(new Answer(pageNo, page, items, null));
                });
    }

    /**
     * Stores what these pages bring that the archive lacks or holds in an older form, with the
     * positions they now hold, in one transaction. The pages are gone through in the order given,
     * each as if stored on its own: a notification new on one page is known on the next.
     */
    private void take(List<Answer> pages) throws ArchiveException {
        List<String> ids = new ArrayList<>(pages.size() * options.pageSize());
        for (Answer a : pages) {
            for (Notification n : a.page().result()) {
                if (n.notificationId() != null) {
                    ids.add(n.notificationId());
                }
            }
        }
        Set<String> known =
                ids.isEmpty()
                        ? new HashSet<>()
                        : new HashSet<>(archive.known(service, taxpayer, ids));
        List<ArchivedNotification> upserts = new ArrayList<>();
        int newHere = 0;
        int changedHere = 0;
        for (Answer a : pages) {
            NotificationPage page = a.page();
            total = Math.max(total, page.totalCount());
            List<Notification> items = page.result();
            List<String> raws = page.rawItems();
            List<ArchivedNotification> archived = a.items();
            long[] span =
                    Coverage.ofPage(
                            a.pageNo(), options.pageSize(), page.totalCount(), items.size());
            boolean moved = false;
            for (int i = 0; i < items.size(); i++) {
                Notification n = items.get(i);
                String id = n.notificationId();
                if (id == null) {
                    LOG.log(
                            System.Logger.Level.WARNING,
                            "a notification without an ID: not archived");
                    continue;
                }
                String raw = raws.get(i);
                if (known.add(id)) {
                    upserts.add(archived.get(i));
                    newHere++;
                    if (span != null && coverage.contains(span[1] - 1 - i)) {
                        moved = true;
                    }
                } else if (unsettled.containsKey(id)) {
                    // stored changed or not: unchanged, its status is confirmed as of now
                    if (!raw.equals(unsettled.get(id))) {
                        changedHere++;
                    }
                    upserts.add(archived.get(i));
                    unsettled.put(id, raw);
                    reread.add(id);
                }
            }
            if (moved) {
                // the archive lacks a notification where it should hold all: the history changed
                // below its top, so only what this sync read is trusted, and the rest is read again
                LOG.log(
                        System.Logger.Level.INFO,
                        "taxpayer {0}: the history changed below its newest notifications; reading"
                                + " it all again",
                        taxpayer);
                coverage = new Coverage(readNow.ranges());
            }
            if (span != null) {
                coverage.add(span[0], span[1]);
                readNow.add(span[0], span[1]);
            }
        }
        if (!upserts.isEmpty() || !complete) {
            long heldAfter = held + newHere;
            String checkpoint =
                    complete
                            ? SyncCheckpoint.complete(completeCount, heldAfter).format()
                            : SyncCheckpoint.partial(coverage, heldAfter).format();
            Archive.StoreResult r =
                    archive.store(
                            new SyncBatch(service, taxpayer, upserts, checkpoint, complete, null));
            held = heldAfter;
            added += r.added();
            updated += r.updated();
            if (r.added() != newHere || r.updated() != changedHere) {
                LOG.log(
                        System.Logger.Level.DEBUG,
                        "taxpayer {0}: the archive counted {1} new and {2} changed of {3} and {4}",
                        taxpayer,
                        r.added(),
                        r.updated(),
                        newHere,
                        changedHere);
            }
        }
        progress.held(taxpayer, Math.min(coverage.size(), total), total);
    }
}
