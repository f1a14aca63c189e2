package app.ishaar.core.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.Handling.State;
import app.ishaar.core.archive.InboxQuery.HandlingFilter;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who is dealing with which notification, the same in every {@link Archive}: marks, assignments and
 * notes kept as a history that is never rewritten, the latest change giving the state; what is
 * marked on arrival; and all of it surviving what else happens to the archive (a sync settling a
 * status, a forget of another taxpayer, a mark that fails halfway, an archive of the schema
 * before). Run once per kind of archive by a subclass.
 */
public abstract class HandlingContractTest {

    protected static final ServiceKey SANDBOX = new ServiceKey("http://127.0.0.1:1/");
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
                                .seed(7)
                                .notificationsPerTaxpayer(500)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        giza = SandboxItems.history(sandbox, GIZA.value(), GIZA);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** A new, empty archive for this test. */
    protected abstract Archive newArchive() throws Exception;

    /** The archive {@link #newArchive} made last, opened once more (also while it is open). */
    protected abstract Archive openAgain() throws Exception;

    /** Takes the archive {@link #newArchive} made (closed) back to the schema before handling. */
    protected abstract void schemaAsBefore() throws Exception;

    /**
     * Makes the archive {@link #newArchive} made refuse any change of handling after the next
     * {@code n}, as a process killed halfway through would stop writing.
     */
    protected abstract void failChangesAfter(int n) throws Exception;

    protected static SyncBatch batch(Rin rin, List<ArchivedNotification> items) {
        return new SyncBatch(SANDBOX, rin, items, null, false, null);
    }

    protected static InboxPage page(Archive a, HandlingFilter f, int size) throws Exception {
        return a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, size).withHandling(f));
    }

    protected static List<HandlingTarget> targets(List<ArchivedNotification> items) {
        return items.stream()
                .map(x -> HandlingTarget.of(x.taxpayer(), x.notificationId()))
                .toList();
    }

    private static ArchivedNotification find(Archive a, ArchivedNotification n) throws Exception {
        for (int p = 1; ; p++) {
            InboxPage page =
                    a.query(new InboxQuery(SANDBOX, Set.of(n.taxpayer()), null, null, p, 200));
            for (ArchivedNotification x : page.items()) {
                if (x.notificationId().equals(n.notificationId())) {
                    return x;
                }
            }
            if (p >= page.totalPages()) {
                throw new AssertionError("not archived: " + n.notificationId());
            }
        }
    }

    @Test
    void marksAssignmentsAndNotesAreKeptAsAHistoryTheLatestGivingTheState() throws Exception {
        try (Archive a = newArchive()) {
            a.store(batch(NILE, nile));
            a.store(batch(GIZA, giza));
            String me = a.person();
            assertThat(me).isNotBlank();
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount())
                    .as("old notifications are not swept in by the first sync")
                    .isZero();

            List<ArchivedNotification> some = List.of(nile.get(3), giza.get(10), nile.get(40));
            HandlingResult r = a.handle(SANDBOX, targets(some), HandlingEdit.mark(State.TO_HANDLE));
            assertThat(r.changed()).isEqualTo(3);
            assertThat(r.overtaken()).isEmpty();
            a.handle(SANDBOX, targets(some.subList(0, 1)), new HandlingEdit(null, me, null));
            a.handle(
                    SANDBOX,
                    targets(some.subList(0, 1)),
                    new HandlingEdit(null, null, "called the buyer: resend on Monday"));
            a.handle(SANDBOX, targets(some.subList(1, 2)), new HandlingEdit(null, "someone", "x"));
            a.handle(SANDBOX, targets(some.subList(2, 3)), HandlingEdit.mark(State.HANDLED));

            InboxPage toHandle = page(a, HandlingFilter.TO_HANDLE, 10);
            assertThat(toHandle.totalCount()).isEqualTo(2);
            assertThat(toHandle.items())
                    .extracting(ArchivedNotification::notificationId)
                    .as("newest first")
                    .containsExactlyElementsOf(newestFirst(List.of(nile.get(3), giza.get(10))));
            assertThat(page(a, HandlingFilter.ASSIGNED_TO_ME, 10).items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactly(nile.get(3).notificationId());
            // the latest note read with it, for the exports
            assertThat(find(a, nile.get(3)).handling().lastNote())
                    .isEqualTo("called the buyer: resend on Monday");
            assertThat(find(a, giza.get(10)).handling().lastNote()).isEqualTo("x");
            assertThat(find(a, nile.get(40)).handling().lastNote()).isNull();
            assertThat(page(a, HandlingFilter.HANDLED, 10).items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactly(nile.get(40).notificationId());
            assertThat(page(a, HandlingFilter.ALL, 10).totalCount()).isEqualTo(1000);
            assertThat(a.toHandle(SANDBOX))
                    .as("per taxpayer, for the list and the summary")
                    .containsExactly(java.util.Map.entry(NILE, 1L), java.util.Map.entry(GIZA, 1L));
            // with the other questions: of some taxpayers, a filter, a search
            InboxPage ofGiza =
                    a.query(
                            new InboxQuery(SANDBOX, Set.of(GIZA), null, null, 1, 10)
                                    .withHandling(HandlingFilter.TO_HANDLE));
            assertThat(ofGiza.totalCount()).isEqualTo(1);
            assertThat(ofGiza.items().get(0).notificationId())
                    .isEqualTo(giza.get(10).notificationId());
            String status = nile.get(3).notification().status();
            InboxPage byStatus =
                    a.query(
                            new InboxQuery(
                                            SANDBOX,
                                            Set.of(),
                                            app.ishaar.core.model.NotificationQuery.ALL.withStatus(
                                                    status),
                                            null,
                                            1,
                                            10)
                                    .withHandling(HandlingFilter.TO_HANDLE));
            assertThat(byStatus.items())
                    .extracting(ArchivedNotification::notificationId)
                    .contains(nile.get(3).notificationId())
                    .hasSize((int) byStatus.totalCount());
            InboxPage searched =
                    a.query(
                            new InboxQuery(
                                            SANDBOX,
                                            Set.of(),
                                            null,
                                            nile.get(3).notificationId(),
                                            1,
                                            10)
                                    .withHandling(HandlingFilter.TO_HANDLE));
            assertThat(searched.items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactly(nile.get(3).notificationId());
            assertThat(
                            a.query(
                                            new InboxQuery(
                                                            SANDBOX,
                                                            Set.of(),
                                                            null,
                                                            nile.get(3).notificationId(),
                                                            1,
                                                            10)
                                                    .withHandling(HandlingFilter.HANDLED))
                                    .totalCount())
                    .isZero();

            Handling h = find(a, nile.get(3)).handling();
            assertThat(h.state()).isEqualTo(State.TO_HANDLE);
            assertThat(h.assignedTo()).isEqualTo(me);
            assertThat(h.changedBy()).isEqualTo(me);
            assertThat(find(a, nile.get(5)).handling()).as("never marked").isNull();

            List<HandlingChange> history = a.history(SANDBOX, NILE, nile.get(3).notificationId());
            assertThat(history).hasSize(3);
            assertThat(history)
                    .extracting(HandlingChange::state)
                    .containsExactly(State.TO_HANDLE, null, null);
            assertThat(history.get(2).note()).isEqualTo("called the buyer: resend on Monday");
            assertThat(history.get(1).after()).isEqualTo(history.get(0).id());
            assertThat(history.get(2).after()).isEqualTo(history.get(1).id());
            assertThat(h.lastChange()).isEqualTo(history.get(2).id());

            // taken away, then done: the history grows, nothing in it changes
            a.handle(
                    SANDBOX,
                    targets(some.subList(0, 1)),
                    new HandlingEdit(State.HANDLED, "", null));
            assertThat(find(a, nile.get(3)).handling().assignedTo()).isNull();
            assertThat(a.history(SANDBOX, NILE, nile.get(3).notificationId()))
                    .hasSize(4)
                    .startsWith(history.toArray(HandlingChange[]::new));
        }
        try (Archive a = openAgain()) {
            assertThat(page(a, HandlingFilter.HANDLED, 10).totalCount()).isEqualTo(2);
            assertThat(a.history(SANDBOX, GIZA, giza.get(10).notificationId()))
                    .extracting(HandlingChange::assignedTo)
                    .containsExactly(null, "someone");
        }
    }

    @Test
    void badChangesAreRefusedWholeAndChangeNothing() throws Exception {
        try (Archive a = newArchive()) {
            a.store(batch(NILE, nile));
            List<HandlingTarget> withUnknown =
                    List.of(
                            HandlingTarget.of(NILE, nile.get(0).notificationId()),
                            HandlingTarget.of(null, "no-such-notification"));
            assertThatThrownBy(
                            () -> a.handle(SANDBOX, withUnknown, HandlingEdit.mark(State.HANDLED)))
                    .isInstanceOf(ArchiveException.class)
                    .hasMessageContaining("no-such-notification")
                    .extracting(e -> ((ArchiveException) e).reason())
                    .isEqualTo(ArchiveException.Reason.NOT_FOUND);
            assertThat(a.history(SANDBOX, NILE, nile.get(0).notificationId())).isEmpty();
            assertThatThrownBy(() -> new HandlingEdit(null, null, "x".repeat(2001)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("2000");
            assertThat(new HandlingEdit(null, null, "ب".repeat(2000)).note()).hasSize(2000);
        }
    }

    @Test
    void aMarkOfAThousandIsOneTransaction() throws Exception {
        List<ArchivedNotification> all = new ArrayList<>(nile);
        all.addAll(giza);
        try (Archive a = newArchive()) {
            a.store(batch(NILE, nile));
            a.store(batch(GIZA, giza));
            a.handle(SANDBOX, targets(all.subList(0, 10)), HandlingEdit.mark(State.HANDLED));
        }
        failChangesAfter(600);
        try (Archive a = openAgain()) {
            assertThatThrownBy(
                            () ->
                                    a.handle(
                                            SANDBOX,
                                            targets(all),
                                            new HandlingEdit(State.TO_HANDLE, null, "all of them")))
                    .isInstanceOf(ArchiveException.class);
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount())
                    .as("nothing of the mark that failed halfway")
                    .isZero();
            assertThat(page(a, HandlingFilter.HANDLED, 10).totalCount()).isEqualTo(10);
            assertThat(a.history(SANDBOX, NILE, nile.get(0).notificationId())).hasSize(1);
        }
        failChangesAfter(-1);
        try (Archive a = openAgain()) {
            HandlingResult r =
                    a.handle(SANDBOX, targets(all), new HandlingEdit(State.TO_HANDLE, null, "all"));
            assertThat(r.changed()).isEqualTo(1000);
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount()).isEqualTo(1000);
        }
    }

    @Test
    void twoPeopleAtOnceBothChangesAreKeptTheLatestIsTheStateAndTheOvertakenIsTold()
            throws Exception {
        try (Archive first = newArchive();
                Archive second = openAgain()) {
            first.store(batch(NILE, nile));
            first.handle(SANDBOX, targets(nile.subList(0, 1)), HandlingEdit.mark(State.TO_HANDLE));
            // both look at it
            ArchivedNotification seenByFirst = find(first, nile.get(0));
            ArchivedNotification seenBySecond = find(second, nile.get(0));
            HandlingResult one =
                    first.handle(
                            SANDBOX,
                            List.of(HandlingTarget.seen(seenByFirst)),
                            HandlingEdit.mark(State.HANDLED));
            assertThat(one.overtaken()).isEmpty();
            HandlingResult two =
                    second.handle(
                            SANDBOX,
                            List.of(HandlingTarget.seen(seenBySecond)),
                            new HandlingEdit(State.TO_HANDLE, null, "not done: the buyer refused"));
            assertThat(two.changed()).isEqualTo(1);
            assertThat(two.overtaken()).hasSize(1);
            HandlingResult.Overtaken o = two.overtaken().get(0);
            assertThat(o.seen()).isEqualTo(seenBySecond.handling().lastChange());
            List<HandlingChange> history =
                    first.history(SANDBOX, NILE, nile.get(0).notificationId());
            assertThat(history).hasSize(3);
            assertThat(o.unseen()).isEqualTo(history.get(1).id());
            assertThat(o.unseenBy()).isEqualTo(first.person());
            assertThat(find(first, nile.get(0)).handling().state())
                    .as("the latest change is the state")
                    .isEqualTo(State.TO_HANDLE);
        }
    }

    @Test
    void whatArrivesIsMarkedByTheRuleOnlyWhenNewerThanItsStart() throws Exception {
        Instant start = nile.get(250).notification().receivedDateTime();
        try (Archive a = newArchive()) {
            a.handleOnArrival(HandlingRule.DEFAULT.from(start));
            a.store(batch(NILE, nile));
            List<String> expected =
                    nile.stream()
                            .filter(x -> x.notification().receivedDateTime().isAfter(start))
                            .filter(
                                    x ->
                                            Set.of("8", "9").contains(x.notification().typeId())
                                                    || "error".equals(x.notification().status()))
                            .map(ArchivedNotification::notificationId)
                            .toList();
            assertThat(expected).isNotEmpty();
            assertThat(page(a, HandlingFilter.TO_HANDLE, 500).items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyElementsOf(expected);

            // a status settling into a failure later: marked then
            ArchivedNotification pending =
                    nile.stream()
                            .filter(x -> x.notification().receivedDateTime().isAfter(start))
                            .filter(x -> "pending".equals(x.notification().status()))
                            .filter(x -> !Set.of("8", "9").contains(x.notification().typeId()))
                            .findFirst()
                            .orElseThrow();
            a.store(batch(NILE, List.of(withStatus(pending, "error"))));
            assertThat(find(a, pending).handling().state()).isEqualTo(State.TO_HANDLE);

            // one someone marked handled is not marked again by the sync
            ArchivedNotification done = find(a, pending);
            a.handle(SANDBOX, List.of(HandlingTarget.seen(done)), HandlingEdit.mark(State.HANDLED));
            a.store(batch(NILE, List.of(withStatus(pending, "error").checkedAt(Instant.now()))));
            assertThat(find(a, pending).handling().state()).isEqualTo(State.HANDLED);

            // a rule of nothing marks nothing
            a.forget(SANDBOX, NILE);
            a.handleOnArrival(HandlingRule.NONE.from(start));
            a.store(batch(NILE, nile));
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount()).isZero();
        }
    }

    @Test
    void handlingSurvivesASyncSettlingAStatusAndAForgetOfAnotherTaxpayer() throws Exception {
        try (Archive a = newArchive()) {
            a.store(batch(NILE, nile));
            a.store(batch(GIZA, giza));
            ArchivedNotification pending =
                    nile.stream()
                            .filter(x -> "pending".equals(x.notification().status()))
                            .findFirst()
                            .orElseThrow();
            ArchivedNotification moving = nile.get(20);
            List<ArchivedNotification> marked = List.of(pending, moving, nile.get(30));
            a.handle(SANDBOX, targets(marked), new HandlingEdit(State.TO_HANDLE, "amira", "look"));
            a.handle(SANDBOX, targets(giza.subList(0, 5)), HandlingEdit.mark(State.HANDLED));
            List<HandlingChange> before = a.history(SANDBOX, NILE, pending.notificationId());

            // the sync: a status settles, and a notification comes with another received time
            a.store(
                    batch(
                            NILE,
                            List.of(withStatus(pending, "delivered"), receivedLater(moving, 7))));
            assertThat(find(a, pending).notification().status()).isEqualTo("delivered");
            assertThat(find(a, pending).handling().assignedTo()).isEqualTo("amira");
            assertThat(a.history(SANDBOX, NILE, pending.notificationId())).isEqualTo(before);
            assertThat(find(a, moving).handling()).isNotNull();
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyInAnyOrderElementsOf(
                            marked.stream().map(ArchivedNotification::notificationId).toList());

            // another taxpayer forgotten: its handling goes with it, Nile's stays
            a.forget(SANDBOX, GIZA);
            assertThat(page(a, HandlingFilter.HANDLED, 10).totalCount()).isZero();
            assertThat(a.history(SANDBOX, GIZA, giza.get(0).notificationId())).isEmpty();
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount()).isEqualTo(3);
            assertThat(a.history(SANDBOX, NILE, pending.notificationId())).isEqualTo(before);
        }
    }

    @Test
    void anArchiveOfTheSchemaBeforeIsBroughtUpToDateWithoutSweepingItsNotificationsIn()
            throws Exception {
        try (Archive a = newArchive()) {
            a.handleOnArrival(HandlingRule.NONE);
            a.store(batch(NILE, nile));
        }
        schemaAsBefore();
        try (Archive a = openAgain()) {
            assertThat(page(a, HandlingFilter.ALL, 10).totalCount()).isEqualTo(500);
            a.store(batch(NILE, nile.subList(0, 100))); // the sync goes on, the default rule
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount())
                    .as("what was archived before is not swept in")
                    .isZero();
            a.handle(SANDBOX, targets(nile.subList(0, 2)), new HandlingEdit(null, null, "n"));
            assertThat(page(a, HandlingFilter.TO_HANDLE, 10).totalCount()).isEqualTo(2);
        }
        try (Archive a = openAgain()) {
            assertThat(a.history(SANDBOX, NILE, nile.get(1).notificationId()))
                    .extracting(HandlingChange::note)
                    .containsExactly("n");
        }
    }

    private static List<String> newestFirst(List<ArchivedNotification> items) {
        return items.stream()
                .sorted(
                        (x, y) ->
                                y.notification()
                                        .receivedDateTime()
                                        .compareTo(x.notification().receivedDateTime()))
                .map(ArchivedNotification::notificationId)
                .toList();
    }

    protected static ArchivedNotification withStatus(ArchivedNotification n, String status)
            throws Exception {
        return ArchivedNotification.fromRaw(
                n.taxpayer(),
                n.rawJson()
                        .replace(
                                "\"status\":\"" + n.notification().status() + "\"",
                                "\"status\":\"" + status + "\""));
    }

    /** The same notification sent again with a received time {@code seconds} later. */
    private static ArchivedNotification receivedLater(ArchivedNotification n, int seconds)
            throws Exception {
        String raw = n.rawJson();
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(raw);
        String was = json.get("receivedDateTime").asText();
        Instant later = java.time.OffsetDateTime.parse(was).toInstant().plusSeconds(seconds);
        ((com.fasterxml.jackson.databind.node.ObjectNode) json)
                .put("receivedDateTime", later.toString());
        return ArchivedNotification.fromRaw(n.taxpayer(), json.toString());
    }
}
