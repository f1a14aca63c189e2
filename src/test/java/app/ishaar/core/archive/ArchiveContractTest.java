package app.ishaar.core.archive;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive.StoreResult;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Archive} does, whatever holds it: store, order, filters, settled statuses,
 * checkpoints, summaries across openings, forget. Run once per kind of archive (SQLite, PostgreSQL)
 * by a subclass that says how to make a new one and open it again.
 */
public abstract class ArchiveContractTest {

    protected static final ServiceKey SANDBOX = new ServiceKey("http://127.0.0.1:1/");
    protected static final ServiceKey PROD = new ServiceKey("https://api.invoicing.eta.gov.eg");
    protected static final Rin NILE = Rin.of("204918573");
    protected static final Rin GIZA = Rin.of("499201773");

    protected static Sandbox sandbox;
    protected static List<ArchivedNotification> nile;
    protected static List<ArchivedNotification> giza;

    @BeforeAll
    static void data() throws Exception {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(11)
                                .notificationsPerTaxpayer(300)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        giza = SandboxItems.history(sandbox, GIZA.value(), GIZA);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    protected static SyncBatch batch(
            ServiceKey s, Rin rin, List<ArchivedNotification> items, String cp) {
        return new SyncBatch(s, rin, items, cp, false, null);
    }

    /** A new, empty archive for this test. */
    protected abstract Archive newArchive() throws Exception;

    /** The archive {@link #newArchive} made last, opened again. */
    protected abstract Archive openAgain() throws Exception;

    /** Checks that forgotten notifications left no copy where this kind of archive keeps data. */
    protected void forgotten(Archive a) throws Exception {}

    @Test
    void storesAndReadsBackNewestFirstAcrossTaxpayers() throws Exception {
        try (Archive a = newArchive()) {
            assertThat(a.store(batch(SANDBOX, NILE, nile, "n1")))
                    .isEqualTo(new StoreResult(300, 0));
            assertThat(a.store(batch(SANDBOX, GIZA, giza, "g1")))
                    .isEqualTo(new StoreResult(300, 0));

            InboxPage first = a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 50));
            assertThat(first.totalCount()).isEqualTo(600);
            assertThat(first.items()).hasSize(50);
            List<ArchivedNotification> all = new ArrayList<>(nile);
            all.addAll(giza);
            all.sort(
                    Comparator.comparing(
                                    (ArchivedNotification x) -> x.notification().receivedDateTime())
                            .reversed());
            assertThat(first.items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyElementsOf(
                            all.subList(0, 50).stream()
                                    .map(ArchivedNotification::notificationId)
                                    .toList());
            // as received, unknown members and all
            assertThat(first.items().get(0).rawJson()).isEqualTo(find(all.get(0)).rawJson());
            assertThat(first.items().get(0).notification()).isEqualTo(all.get(0).notification());

            InboxPage onlyGiza = a.query(new InboxQuery(SANDBOX, Set.of(GIZA), null, null, 2, 100));
            assertThat(onlyGiza.totalCount()).isEqualTo(300);
            assertThat(onlyGiza.items()).hasSize(100).allMatch(x -> x.taxpayer().equals(GIZA));

            InboxPage other = a.query(new InboxQuery(PROD, Set.of(), null, null, 1, 10));
            assertThat(other.totalCount()).isZero();
        }
    }

    private static ArchivedNotification find(ArchivedNotification n) {
        return n;
    }

    @Test
    void filtersAsTheServiceDoes() throws Exception {
        try (Archive a = newArchive()) {
            a.store(batch(SANDBOX, NILE, nile, null));
            Instant from = nile.get(200).notification().receivedDateTime();
            Instant to = nile.get(20).notification().receivedDateTime();
            NotificationQuery f =
                    NotificationQuery.ALL
                            .withDates(from, to)
                            .withStatus("delivered")
                            .withLanguage("ar");
            InboxPage p = a.query(new InboxQuery(SANDBOX, Set.of(NILE), f, null, 1, 100));
            List<String> expected =
                    nile.subList(20, 201).stream()
                            .filter(x -> x.notification().status().equals("delivered"))
                            .filter(x -> x.notification().language().equals("ar"))
                            .map(ArchivedNotification::notificationId)
                            .toList();
            assertThat(expected).isNotEmpty();
            assertThat(p.totalCount()).isEqualTo(expected.size());
            assertThat(p.items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyElementsOf(expected);
            for (String type : List.of("1", "7", "9")) {
                for (String channel : List.of("email", "sms", "push", "system")) {
                    long n =
                            nile.stream()
                                    .filter(x -> x.notification().typeId().equals(type))
                                    .filter(x -> x.notification().channel().equals(channel))
                                    .count();
                    NotificationQuery g = NotificationQuery.ALL.withType(type).withChannel(channel);
                    assertThat(
                                    a.query(new InboxQuery(SANDBOX, Set.of(), g, null, 1, 10))
                                            .totalCount())
                            .as("type %s channel %s", type, channel)
                            .isEqualTo(n);
                }
            }
        }
    }

    @Test
    void aSettledStatusReplacesThePendingOneAndTheCheckpointGoesWithIt() throws Exception {
        try (Archive a = newArchive()) {
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(SyncState.NONE);
            a.store(batch(SANDBOX, NILE, nile, "page 3"));
            List<ArchivedNotification> unsettled = a.unsettled(SANDBOX, NILE);
            assertThat(unsettled)
                    .isNotEmpty()
                    .allMatch(
                            x -> Set.of("pending", "batched").contains(x.notification().status()));
            ArchivedNotification p = unsettled.get(0);
            String settled =
                    p.rawJson()
                            .replace(
                                    "\"status\":\"" + p.notification().status() + "\"",
                                    "\"status\":\"delivered\"");
            ArchivedNotification now = ArchivedNotification.fromRaw(NILE, settled);
            Instant done = Instant.parse("2026-03-02T10:00:00Z");
            StoreResult r =
                    a.store(
                            new SyncBatch(
                                    SANDBOX, NILE, List.of(now, nile.get(5)), "end", true, done));
            assertThat(r).isEqualTo(new StoreResult(0, 1));
            assertThat(a.unsettled(SANDBOX, NILE)).hasSize(unsettled.size() - 1);
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(new SyncState("end", true, done));
            // a later batch without a checkpoint keeps it; complete stays complete
            a.store(new SyncBatch(SANDBOX, NILE, List.of(), null, false, null));
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(new SyncState("end", true, done));
            assertThat(a.known(SANDBOX, NILE, List.of(p.notificationId(), "no-such-id")))
                    .containsExactly(p.notificationId());
        }
    }

    @Test
    void eachNotificationSaysWhenTheServiceLastSentItsStatus() throws Exception {
        Instant first = Instant.parse("2026-03-01T09:00:00Z");
        Instant again = Instant.parse("2026-03-04T09:00:00Z");
        try (Archive a = newArchive()) {
            a.store(batch(SANDBOX, NILE, nile.subList(0, 50), null));
            a.store(
                    batch(
                            SANDBOX,
                            NILE,
                            nile.subList(50, 300).stream().map(x -> x.checkedAt(first)).toList(),
                            null));
            ArchivedNotification p =
                    a.unsettled(SANDBOX, NILE).stream()
                            .filter(x -> !nile.subList(0, 50).contains(x))
                            .findFirst()
                            .orElseThrow();
            assertThat(p.statusCheckedAt()).isEqualTo(first);
            // archived before the archive kept it: unknown
            assertThat(page(a, 1).get(0).statusCheckedAt()).isNull();

            // sent again unchanged: confirmed then, not counted as changed
            assertThat(a.store(batch(SANDBOX, NILE, List.of(p.checkedAt(again)), null)))
                    .isEqualTo(new StoreResult(0, 0));
            assertThat(checkedAt(a, p)).isEqualTo(again);
            // changed: its new form, checked when it came
            Instant settledAt = again.plusSeconds(3600);
            ArchivedNotification settled =
                    ArchivedNotification.fromRaw(
                                    NILE,
                                    p.rawJson()
                                            .replace(
                                                    "\"status\":\""
                                                            + p.notification().status()
                                                            + "\"",
                                                    "\"status\":\"delivered\""))
                            .checkedAt(settledAt);
            assertThat(a.store(batch(SANDBOX, NILE, List.of(settled), null)))
                    .isEqualTo(new StoreResult(0, 1));
            assertThat(checkedAt(a, p)).isEqualTo(settledAt);
        }
        try (Archive a = openAgain()) {
            assertThat(page(a, 1).get(0).statusCheckedAt()).isNull();
        }
    }

    private static List<ArchivedNotification> page(Archive a, int page) throws Exception {
        return a.query(new InboxQuery(SANDBOX, Set.of(NILE), null, null, page, 100)).items();
    }

    private static Instant checkedAt(Archive a, ArchivedNotification n) throws Exception {
        for (int p = 1; p <= 3; p++) {
            for (ArchivedNotification x : page(a, p)) {
                if (x.notificationId().equals(n.notificationId())) {
                    return x.statusCheckedAt();
                }
            }
        }
        throw new AssertionError("not archived: " + n.notificationId());
    }

    @Test
    void keepsTaxpayersNamesReplacedAndForgottenAcrossOpenings() throws Exception {
        try (Archive a = newArchive()) {
            assertThat(a.names()).isEmpty();
            a.name(Map.of(NILE, "  Nile Trading  ", GIZA, "Giza Foods"));
            a.name(Map.of(GIZA, "شركة الجيزة للأغذية"));
        }
        try (Archive a = openAgain()) {
            assertThat(a.names())
                    .containsExactly(
                            Map.entry(NILE, "Nile Trading"),
                            Map.entry(GIZA, "شركة الجيزة للأغذية"));
            a.name(Map.of(NILE, " "));
            assertThat(a.names()).containsOnlyKeys(GIZA);
        }
    }

    @Test
    void keepsWhatItHoldsAcrossOpeningsAndSummarises() throws Exception {
        Instant done = Instant.parse("2026-03-02T10:00:00Z");
        try (Archive a = newArchive()) {
            a.store(new SyncBatch(SANDBOX, NILE, nile, "x", true, done));
            a.store(batch(PROD, GIZA, giza.subList(0, 10), "y"));
        }
        try (Archive a = openAgain()) {
            assertThat(a.services()).containsExactly(SANDBOX, PROD);
            List<TaxpayerSummary> s = a.summaries();
            assertThat(s).hasSize(2);
            TaxpayerSummary n =
                    s.stream().filter(x -> x.taxpayer().equals(NILE)).findFirst().orElseThrow();
            assertThat(n.count()).isEqualTo(300);
            assertThat(n.newest())
                    .isEqualTo(truncated(nile.get(0).notification().receivedDateTime()));
            assertThat(n.oldest())
                    .isEqualTo(truncated(nile.get(299).notification().receivedDateTime()));
            assertThat(n.lastSynced()).isEqualTo(done);
            assertThat(n.complete()).isTrue();
        }
    }

    private static Instant truncated(Instant i) {
        return i.truncatedTo(java.time.temporal.ChronoUnit.MICROS);
    }

    @Test
    void forgetsATaxpayerAndAServiceForGood() throws Exception {
        try (Archive a = newArchive()) {
            a.store(batch(SANDBOX, NILE, nile, "x"));
            a.store(batch(SANDBOX, GIZA, giza, "y"));
            a.store(batch(PROD, NILE, nile.subList(0, 5), "z"));
            String marker = nile.get(0).notification().address();
            assertThat(a.forget(SANDBOX, NILE)).isEqualTo(300);
            assertThat(a.syncState(SANDBOX, NILE)).isEqualTo(SyncState.NONE);
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 10)).totalCount())
                    .isEqualTo(300);
            assertThat(a.forget(PROD)).isEqualTo(5);
            assertThat(a.services()).containsExactly(SANDBOX);
            assertThat(a.forget(SANDBOX, GIZA)).isEqualTo(300);
            assertThat(a.services()).isEmpty();
            assertThat(marker).isNotBlank();
            forgotten(a);
        }
    }

    private static Instant received(ArchivedNotification n) {
        return n.notification().receivedDateTime();
    }

    @Test
    void keepingNDaysForgetsWhatWasReceivedBeforeTheCutOffAndKeepsCountsAndSearchConsistent()
            throws Exception {
        try (Archive a = newArchive()) {
            a.store(new SyncBatch(SANDBOX, NILE, nile, "n", true, null));
            a.store(new SyncBatch(SANDBOX, GIZA, giza, "g", true, null));
            List<ArchivedNotification> all = new ArrayList<>(nile);
            all.addAll(giza);
            List<Instant> times = all.stream().map(ArchiveContractTest::received).sorted().toList();
            Instant cutOff = times.get(times.size() / 3).plusNanos(1_000);
            List<ArchivedNotification> old =
                    all.stream().filter(n -> received(n).isBefore(cutOff)).toList();
            List<ArchivedNotification> kept =
                    all.stream().filter(n -> !received(n).isBefore(cutOff)).toList();
            assertThat(old).isNotEmpty();
            assertThat(kept).isNotEmpty();

            assertThat(a.pruneBefore(cutOff)).isEqualTo(old.size());

            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 10)).totalCount())
                    .as("the tallied total")
                    .isEqualTo(kept.size());
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(NILE), null, null, 1, 500)).items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyInAnyOrderElementsOf(
                            kept.stream()
                                    .filter(n -> n.taxpayer().equals(NILE))
                                    .map(ArchivedNotification::notificationId)
                                    .toList());
            String status = kept.get(0).notification().status();
            NotificationQuery byStatus = NotificationQuery.ALL.withStatus(status);
            assertThat(
                            a.query(new InboxQuery(SANDBOX, Set.of(), byStatus, null, 1, 10))
                                    .totalCount())
                    .as("a filter's total")
                    .isEqualTo(
                            kept.stream()
                                    .filter(n -> status.equals(n.notification().status()))
                                    .count());
            String gone = old.get(0).notificationId();
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, gone, 1, 10)).items())
                    .as("the search finds none of those forgotten")
                    .extracting(ArchivedNotification::notificationId)
                    .doesNotContain(gone);
            String stays = kept.get(0).notificationId();
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, stays, 1, 10)).items())
                    .extracting(ArchivedNotification::notificationId)
                    .contains(stays);

            assertThat(a.pruneBefore(cutOff)).as("nothing more to forget").isZero();
            assertThat(a.pruneBefore(Instant.EPOCH)).isZero();
            // a sync state stays: the next sync goes on from its checkpoint
            assertThat(a.syncState(SANDBOX, NILE).complete()).isTrue();
        }
    }

    /**
     * Makes the search index of the archive {@link #newArchive} made (closed) as a version before
     * the delivery attempts' reasons and the Arabic stems were indexed left it (no words at all
     * here), with its schema history saying it has not been reindexed.
     */
    protected abstract void indexAsBefore() throws Exception;

    @Test
    void aSearchFindsFailedAttemptsByTheirReasonAlsoInAnArchiveIndexedBefore() throws Exception {
        Set<String> mailbox = mentioning("mailbox");
        Set<String> full = mentioning("mailbox full");
        assertThat(full).as("the sandbox's mailboxes fill up").hasSizeGreaterThan(3);
        assertThat(mailbox).hasSizeGreaterThan(full.size());
        try (Archive a = newArchive()) {
            a.store(batch(SANDBOX, NILE, nile, "n1"));
            assertThat(found(a, "mailbox")).isEqualTo(mailbox);
        }
        indexAsBefore();
        try (Archive a = openAgain()) {
            assertThat(found(a, "mailbox")).as("reindexed on opening").isEqualTo(mailbox);
            assertThat(found(a, "Mailbox full")).isEqualTo(full);
        }
    }

    /** The IDs of Nile's notifications whose message or delivery attempts say this. */
    private static Set<String> mentioning(String words) {
        Set<String> out = new java.util.TreeSet<>();
        for (ArchivedNotification n : nile) {
            String all =
                    n.notification().finalMessage()
                            + " "
                            + n.notification().deliveryAttempts().stream()
                                    .map(x -> String.valueOf(x.statusDetails()))
                                    .toList();
            if (all.toLowerCase(java.util.Locale.ROOT).contains(words)) {
                out.add(n.notificationId());
            }
        }
        return out;
    }

    private static Set<String> found(Archive a, String search) throws ArchiveException {
        Set<String> out = new java.util.TreeSet<>();
        for (ArchivedNotification n :
                a.query(new InboxQuery(SANDBOX, Set.of(), null, search, 1, 1000)).items()) {
            out.add(n.notificationId());
        }
        return out;
    }

    @Test
    void pagesReadByKeyAreThePagesCountedFromTheNewest() throws Exception {
        try (Archive a = newArchive()) {
            a.store(batch(SANDBOX, NILE, nile.subList(50, 300), "n1"));
            a.store(batch(SANDBOX, GIZA, giza, "g1"));
            NotificationQuery delivered = NotificationQuery.ALL.withStatus("delivered");
            for (InboxQuery shape :
                    List.of(
                            new InboxQuery(SANDBOX, Set.of(), null, null, 1, 1),
                            new InboxQuery(SANDBOX, Set.of(NILE), delivered, null, 1, 7),
                            new InboxQuery(SANDBOX, Set.of(), null, "invoice", 1, 3))) {
                List<String> all = ids(a, shape.withPage(1), 1000);
                int pages = (all.size() + shape.pageSize() - 1) / shape.pageSize();
                assertThat(pages).as("a deep fixture").isGreaterThan(20);
                // forward one page at a time (each from the key the page before ended at), then
                // jumps: deep, back, near the end, back to the start
                List<Integer> asked = new ArrayList<>();
                for (int p = 1; p <= Math.min(pages, 520); p++) {
                    asked.add(p);
                }
                asked.addAll(List.of(pages / 2, pages / 2 - 1, pages, pages - 1, 3, 2, 1, pages));
                for (int p : asked) {
                    InboxPage page = a.query(shape.withPage(p));
                    int from = (p - 1) * shape.pageSize();
                    assertThat(page.items())
                            .as("%s, page %d", shape, p)
                            .extracting(ArchivedNotification::notificationId)
                            .containsExactlyElementsOf(
                                    all.subList(
                                            from, Math.min(all.size(), from + shape.pageSize())));
                }
            }
            // a sync adds notifications newer than all of them: every page moves, none is read
            // from a key seen before
            InboxQuery one = new InboxQuery(SANDBOX, Set.of(), null, null, 500, 1);
            assertThat(a.query(one).items()).hasSize(1);
            a.store(batch(SANDBOX, NILE, nile.subList(0, 50), "n2"));
            List<String> after = ids(a, one.withPage(1), 1000);
            assertThat(after).hasSize(600);
            for (int p : List.of(500, 501, 2, 1)) {
                assertThat(a.query(one.withPage(p)).items())
                        .extracting(ArchivedNotification::notificationId)
                        .containsExactly(after.get(p - 1));
            }
        }
    }

    private static List<String> ids(Archive a, InboxQuery q, int size) throws ArchiveException {
        return a
                .query(
                        new InboxQuery(
                                q.service(),
                                q.taxpayers(),
                                q.filters(),
                                q.search(),
                                1,
                                size,
                                q.order()))
                .items()
                .stream()
                .map(ArchivedNotification::notificationId)
                .toList();
    }
}
