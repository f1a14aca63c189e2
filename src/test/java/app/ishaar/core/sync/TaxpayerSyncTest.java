package app.ishaar.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.NetworkException;
import app.ishaar.testing.MutableClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class TaxpayerSyncTest {
    static final ServiceKey SERVICE = new ServiceKey("https://api.invoicing.eta.gov.eg");
    static final Rin RIN = Rin.of("204918573");

    final MemoryArchive archive = new MemoryArchive();

    /** "now" a little after the history's newest notification, so the window counts. */
    SyncOptions options(FakeHistory h) {
        return new SyncOptions(
                10,
                4,
                Duration.ofHours(1),
                Clock.fixed(FakeHistory.BASE.plusSeconds(h.size() + 60), ZoneOffset.UTC));
    }

    TaxpayerSync.Outcome sync(FakeHistory h) throws Exception {
        return new TaxpayerSync(archive, SERVICE, RIN, h, options(h), null).run();
    }

    /** The archive holds the service's history exactly, each notification in its latest form. */
    void assertArchiveEqualsHistory(FakeHistory h) {
        Map<String, ArchivedNotification> archived = archive.of(SERVICE, RIN);
        assertEquals(h.size(), archived.size(), "as many archived as the service has");
        for (Notification n : h.all()) {
            ArchivedNotification a = archived.get(n.notificationId());
            assertTrue(a != null, n.notificationId() + " archived");
            assertEquals(n, a.notification());
            assertEquals(FakeHistory.raw(n), a.rawJson(), "kept as the service sent it");
        }
    }

    @Test
    void aFirstSyncReadsTheWholeHistoryAndTheNextOnlyItsTop() throws Exception {
        FakeHistory h = new FakeHistory(995);
        TaxpayerSync.Outcome first = sync(h);
        assertEquals(995, first.added());
        assertEquals(100, first.requests(), "each page once");
        assertArchiveEqualsHistory(h);
        assertTrue(archive.syncState(SERVICE, RIN).complete());

        int before = h.requests.get();
        TaxpayerSync.Outcome again = sync(h);
        assertEquals(0, again.added());
        assertEquals(1, h.requests.get() - before, "nothing new: one page");

        for (int i = 0; i < 25; i++) {
            h.arrive("delivered");
        }
        before = h.requests.get();
        TaxpayerSync.Outcome next = sync(h);
        assertEquals(25, next.added());
        assertEquals(3, h.requests.get() - before, "the 25 new ones' three pages");
        assertArchiveEqualsHistory(h);
    }

    @Test
    void exactlyOnceWhileNotificationsArriveDuringTheFirstSync() throws Exception {
        FakeHistory h = new FakeHistory(2000);
        AtomicInteger answers = new AtomicInteger();
        h.beforeAnswer =
                x -> {
                    if (answers.incrementAndGet() % 3 == 0) {
                        x.arrive("delivered");
                        x.arrive("delivered");
                    }
                };
        TaxpayerSync.Outcome o = sync(h);
        assertTrue(archive.syncState(SERVICE, RIN).complete());
        assertTrue(o.added() >= 2000, "the history as it was when the sync began, at least");
        assertEquals(0, o.updated());
        h.beforeAnswer = x -> {};
        int arrived = h.size();
        TaxpayerSync.Outcome next = sync(h);
        assertEquals(arrived, o.added() + next.added(), "every one added once, none twice");
        assertArchiveEqualsHistory(h);
    }

    @Test
    void pendingNotificationsWithinTheWindowTakeTheirSettledForm() throws Exception {
        FakeHistory h = new FakeHistory(300);
        Notification young = h.arrive("pending");
        Notification batched = h.arrive("batched");
        for (int i = 0; i < 30; i++) {
            h.arrive("delivered");
        }
        sync(h);
        h.settle(young.notificationId(), "delivered");
        h.settle(batched.notificationId(), "error");
        TaxpayerSync.Outcome o = sync(h);
        assertEquals(0, o.added());
        assertEquals(2, o.updated());
        assertArchiveEqualsHistory(h);
        assertEquals(4, o.requests(), "read down to the oldest unsettled one, no further");
    }

    @Test
    void aNotificationPendingForThreeDaysIsAskedForDailyByItsDateAndTakenWhenItSettles()
            throws Exception {
        FakeHistory h = threeDaysPending(archive, this::archived);
        assertArchiveEqualsHistory(h);
    }

    /** The same in the embedded archive, which keeps the time a status was confirmed itself. */
    @Test
    void aNotificationPendingForThreeDaysSettlesInTheEmbeddedArchiveWithItsTimeConfirmed()
            throws Exception {
        try (SqliteArchive a = SqliteArchive.temporary()) {
            threeDaysPending(
                    a,
                    n -> {
                        try {
                            for (int p = 1; p <= 4; p++) {
                                for (ArchivedNotification x :
                                        a.query(
                                                        new InboxQuery(
                                                                SERVICE,
                                                                Set.of(RIN),
                                                                null,
                                                                null,
                                                                p,
                                                                100))
                                                .items()) {
                                    if (x.notificationId().equals(n.notificationId())) {
                                        return x;
                                    }
                                }
                            }
                        } catch (ArchiveException e) {
                            throw new AssertionError(e);
                        }
                        throw new AssertionError("not archived: " + n.notificationId());
                    });
        }
    }

    private static FakeHistory threeDaysPending(
            Archive archive, Function<Notification, ArchivedNotification> archived)
            throws Exception {
        Function<Notification, Instant> checkedAt = n -> archived.apply(n).statusCheckedAt();
        FakeHistory h = new FakeHistory(300);
        Notification stuck = h.arrive("pending");
        for (int i = 0; i < 30; i++) {
            h.arrive("delivered");
        }
        MutableClock clock = new MutableClock(FakeHistory.BASE.plusSeconds(h.size() + 60));
        SyncOptions options = new SyncOptions(10, 4, Duration.ofHours(24), clock);
        Instant firstSync = clock.instant();
        new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        assertEquals(firstSync, checkedAt.apply(stuck), "confirmed pending when first read");

        // a day and a half later it is still pending: past the window, asked for by its date
        clock.advance(Duration.ofHours(36));
        Instant secondSync = clock.instant();
        int before = h.requests.get();
        TaxpayerSync.Outcome o = new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        assertEquals(0, o.updated());
        assertEquals(1, h.byDate.size(), "one page of its date");
        assertEquals(2, h.requests.get() - before, "the top page and its date's");
        assertEquals("pending", archived.apply(stuck).notification().status());
        assertEquals(secondSync, checkedAt.apply(stuck), "still pending, as of this sync");

        // an hour later: confirmed less than a day ago, not asked again
        clock.advance(Duration.ofHours(1));
        new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        assertEquals(1, h.byDate.size());
        assertEquals(secondSync, checkedAt.apply(stuck));

        // three days after it was sent it settled: the next daily check takes it
        h.settle(stuck.notificationId(), "delivered");
        clock.set(stuck.receivedDateTime().plus(Duration.ofDays(3)));
        o = new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        assertEquals(1, o.updated());
        assertEquals(2, h.byDate.size());
        assertEquals("delivered", archived.apply(stuck).notification().status());
        assertEquals(clock.instant(), checkedAt.apply(stuck));
        return h;
    }

    @Test
    void aNotificationPendingForLongerThanTheRecheckPeriodIsLeftAsLastConfirmed() throws Exception {
        FakeHistory h = new FakeHistory(50);
        Notification stuck = h.arrive("batched");
        for (int i = 0; i < 15; i++) {
            h.arrive("delivered");
        }
        MutableClock clock = new MutableClock(FakeHistory.BASE.plusSeconds(h.size() + 60));
        SyncOptions options = new SyncOptions(10, 4, Duration.ofHours(24), clock);
        new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        for (int day = 2; day <= 14; day++) {
            clock.set(stuck.receivedDateTime().plus(Duration.ofDays(day)).minusSeconds(60));
            new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        }
        assertEquals(13, h.byDate.size(), "daily from the second day to the fourteenth");
        Instant last = checkedAt(stuck);
        clock.set(stuck.receivedDateTime().plus(Duration.ofDays(15)));
        new TaxpayerSync(archive, SERVICE, RIN, h, options, null).run();
        assertEquals(13, h.byDate.size(), "not after fourteen days");
        assertEquals(last, checkedAt(stuck), "and says when it was last confirmed");
        assertEquals("batched", archived(stuck).notification().status());
    }

    ArchivedNotification archived(Notification n) {
        return archive.of(SERVICE, RIN).get(n.notificationId());
    }

    Instant checkedAt(Notification n) {
        return archived(n).statusCheckedAt();
    }

    @Test
    void anInterruptedFirstSyncNeverLooksCompleteAndTheNextCompletesIt() throws Exception {
        FakeHistory h = new FakeHistory(1000);
        h.failAtRequest = 37;
        assertThrows(NetworkException.class, () -> sync(h));
        assertFalse(archive.syncState(SERVICE, RIN).complete());
        int stored = archive.of(SERVICE, RIN).size();
        assertTrue(stored > 0 && stored < 1000, "part of the history: " + stored);

        h.failAtRequest = -1;
        for (int i = 0; i < 15; i++) {
            h.arrive("delivered");
        }
        int before = h.requests.get();
        TaxpayerSync.Outcome o = sync(h);
        assertEquals(1015 - stored, o.added());
        assertTrue(
                h.requests.get() - before < 80,
                "only the missing pages are read: " + (h.requests.get() - before));
        assertArchiveEqualsHistory(h);
        assertTrue(archive.syncState(SERVICE, RIN).complete());
    }

    @Test
    void aProcessKilledBetweenTwoPagesLeavesWhatItCommittedAndTheNextSyncCompletesIt()
            throws Exception {
        FakeHistory h = new FakeHistory(500);
        int killed = 0;
        for (int kill = 15; kill < 100; kill += 20) {
            archive.failAfterNotifications = kill;
            assertThrows(ArchiveException.class, () -> sync(h));
            killed++;
            assertFalse(archive.syncState(SERVICE, RIN).complete(), "killed " + killed);
            h.arrive("delivered");
        }
        archive.failAfterNotifications = -1;
        sync(h);
        assertArchiveEqualsHistory(h);
    }

    @Test
    void pagesAreReadWhileOthersAreStoredButNoFurtherAheadThanTheBuffer() throws Exception {
        FakeHistory h = new FakeHistory(1000);
        int pages = 100;
        AtomicInteger mostAhead = new AtomicInteger();
        // each store waits until the reading has gone as far ahead as it may (or read everything),
        // as an archive slower than the network would
        archive.beforeStore =
                () -> {
                    int stored = archive.of(SERVICE, RIN).size() / 10;
                    int allowed = Math.min(pages, stored + TaxpayerSync.BUFFERED);
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    while (h.requests.get() < allowed && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    mostAhead.accumulateAndGet(h.requests.get() - stored, Math::max);
                };
        TaxpayerSync.Outcome o = sync(h);
        assertEquals(1000, o.added());
        assertEquals(pages, o.requests(), "each page once");
        assertArchiveEqualsHistory(h);
        assertTrue(mostAhead.get() > 2, "pages are read while one is stored: " + mostAhead.get());
        assertTrue(
                mostAhead.get() <= TaxpayerSync.BUFFERED,
                "at most the buffer's pages read ahead of the archive: " + mostAhead.get());
    }

    @Test
    void theNextPageIsAskedForWhileAPageIsMadeReadyToBeStored() throws Exception {
        // one page in flight, as the desktop's; making a page's stored forms (compressing,
        // indexing) takes a while, and the service is not kept waiting for it
        FakeHistory h = new FakeHistory(100);
        int pages = 10;
        AtomicInteger prepared = new AtomicInteger();
        AtomicInteger overlapped = new AtomicInteger();
        AtomicBoolean waitedInVain = new AtomicBoolean();
        archive.beforePrepare =
                () -> {
                    // with one page in flight, in order: the n-th page's forms are made n-th;
                    // the first page is read alone, the last has no next
                    int page = prepared.incrementAndGet();
                    if (page < 2 || page >= pages || waitedInVain.get()) {
                        return;
                    }
                    long deadline = System.nanoTime() + 5_000_000_000L;
                    while (h.requests.get() <= page && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    if (h.requests.get() > page) {
                        overlapped.incrementAndGet();
                    } else {
                        waitedInVain.set(true);
                    }
                };
        TaxpayerSync.Outcome o =
                new TaxpayerSync(archive, SERVICE, RIN, h, options(h).withConcurrency(1), null)
                        .run();
        assertEquals(100, o.added());
        assertEquals(pages, o.requests(), "each page once");
        assertArchiveEqualsHistory(h);
        assertEquals(
                pages - 2,
                overlapped.get(),
                "each next page asked for while the one before was made ready to be stored");
    }

    @Test
    void aNotificationThatShowsUpBelowTheTopIsNotMissed() throws Exception {
        FakeHistory h = new FakeHistory(400);
        sync(h);
        h.insertOld(250, "late-one");
        h.arrive("delivered");
        TaxpayerSync.Outcome o = sync(h);
        assertEquals(2, o.added());
        assertArchiveEqualsHistory(h);
    }

    @Test
    void anEmptyHistorySyncsComplete() throws Exception {
        FakeHistory h = new FakeHistory(0);
        TaxpayerSync.Outcome o = sync(h);
        assertEquals(0, o.added());
        assertTrue(archive.syncState(SERVICE, RIN).complete());
        h.arrive("delivered");
        assertEquals(1, sync(h).added());
    }
}
