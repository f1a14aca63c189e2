package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.Deliveries;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The notification screen over a scope of several taxpayers (All taxpayers), and its search in any
 * scope, without the FX toolkit, on a real SQLite archive filled with three generated taxpayers'
 * histories (the sandbox's intermediary of many taxpayers): results come through a queue the test
 * runs, as the FX thread would.
 */
class ScopeViewModelTest {
    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final int EACH = 30;
    static final ObjectMapper JSON = new ObjectMapper();

    static List<SandboxTaxpayer> firms;
    static List<List<ArchivedNotification>> histories = new ArrayList<>();

    @TempDir Path dir;
    SqliteArchive sqlite;
    CountingArchive archive;
    ExecutorService background;
    Deliveries fx;
    ManualTimer timer;
    HistoryViewModel vm;

    @BeforeAll
    static void generate() throws Exception {
        try (Sandbox s =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(9)
                                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                                .notificationsPerTaxpayer(EACH)
                                .represented(3)
                                .build())) {
            firms = s.accounts().get(4).taxpayers();
            for (SandboxTaxpayer t : firms) {
                histories.add(SandboxItems.history(s, t.rin(), Rin.of(t.rin())));
            }
        }
    }

    @AfterAll
    static void forget() {
        histories.clear();
    }

    static Rin rin(int i) {
        return Rin.of(firms.get(i).rin());
    }

    static List<ListedTaxpayer> list(int... which) {
        List<ListedTaxpayer> out = new ArrayList<>();
        for (int i : which) {
            out.add(ListedTaxpayer.represented(rin(i), firms.get(i).nameEn()));
        }
        return out;
    }

    @BeforeEach
    void open() throws Exception {
        sqlite = SqliteArchive.open(dir.resolve("archive.db"));
        for (int i = 0; i < firms.size(); i++) {
            sqlite.store(
                    new SyncBatch(SERVICE, rin(i), histories.get(i), "c", true, Instant.now()));
        }
        archive = new CountingArchive(sqlite);
        background = Executors.newFixedThreadPool(2);
        fx = new Deliveries();
        timer = new ManualTimer();
        vm =
                new HistoryViewModel(
                        new I18n(AppLanguage.ENGLISH),
                        fx,
                        null,
                        p -> {},
                        Clock.fixed(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC),
                        FileOpener.NONE,
                        timer,
                        Duration.ofMillis(250));
        vm.pager().pageSizeProperty().set(25);
        vm.readFrom(new ArchivePages(archive, SERVICE, background));
    }

    @AfterEach
    void close() throws Exception {
        CompletableFuture<Void> gate = archive.gate;
        if (gate != null) {
            gate.complete(null);
        }
        vm.endSession();
        background.shutdownNow();
        sqlite.close();
    }

    /** Sets the list (which reads page 1) and waits for the page. */
    void shown(ListedTaxpayer... listed) {
        int before = archive.queries.size();
        vm.scope(Scope.all(List.of(listed)));
        settle(before);
    }

    /** The taxpayer of a row shown, as the screen names it. */
    ListedTaxpayer of(Notification n) {
        return vm.taxpayerOf(n);
    }

    /** Waits until a read asked for after {@code before} queries has been shown. */
    void settle(int before) {
        fx.until(() -> archive.queries.size() > before && !vm.requests().loadingProperty().get());
    }

    @Test
    void allTaxpayersInOneTableNewestFirstPagedWithEachRowsTaxpayerName() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(3L * EACH);
        assertThat(vm.pager().totalPagesProperty().get()).isEqualTo(4);
        assertThat(vm.table().rows()).hasSize(25);
        List<Instant> times = vm.table().rows().stream().map(r -> r.receivedDateTime()).toList();
        assertThat(times).isSortedAccordingTo(Comparator.reverseOrder());
        Instant newest =
                histories.stream()
                        .flatMap(List::stream)
                        .map(n -> n.notification().receivedDateTime())
                        .max(Comparator.naturalOrder())
                        .orElseThrow();
        assertThat(times.get(0)).isEqualTo(newest);
        assertThat(vm.table().rows())
                .allSatisfy(
                        r ->
                                assertThat(of(r).name())
                                        .isEqualTo(
                                                firms.stream()
                                                        .filter(
                                                                f ->
                                                                        f.rin()
                                                                                .equals(
                                                                                        of(r).rin()
                                                                                                .value()))
                                                        .findFirst()
                                                        .orElseThrow()
                                                        .nameEn()));
        assertThat(vm.table().rows().stream().map(r -> of(r).rin()).distinct().count())
                .as("a page of all taxpayers mixes them")
                .isGreaterThan(1);

        int before = archive.queries.size();
        vm.pager().last();
        settle(before);
        assertThat(vm.pager().pageProperty().get()).isEqualTo(4);
        assertThat(vm.table().rows()).hasSize(3 * EACH - 75);
        vm.pager().next(); // past the last page: nothing asked
        assertThat(archive.queries).hasSize(before + 1);
    }

    @Test
    void oneTaxpayerTheTaxpayerFilterAndTheListNarrowIt() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));

        int before = archive.queries.size();
        vm.onlyProperty().set(rin(1));
        settle(before);
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(EACH);
        assertThat(vm.table().rows()).allMatch(r -> of(r).rin().equals(rin(1)));

        before = archive.queries.size();
        vm.onlyProperty().set(null);
        settle(before);
        before = archive.queries.size();
        vm.scope(Scope.all(list(0, 2)));
        settle(before);
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(2L * EACH);
        assertThat(vm.table().rows()).noneMatch(r -> of(r).rin().equals(rin(1)));

        // a taxpayer archived but no longer in the list is not shown
        before = archive.queries.size();
        vm.scope(Scope.all(list(1)));
        settle(before);
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(EACH);

        // an empty list shows nothing, without asking the archive
        before = archive.queries.size();
        vm.scope(Scope.all(List.of()));
        fx.until(() -> !vm.requests().loadingProperty().get());
        assertThat(vm.table().rows()).isEmpty();
        assertThat(vm.pager().totalCountProperty().get()).isZero();
        assertThat(archive.queries).hasSize(before);
    }

    @Test
    void theSixFiltersApplyAcrossTaxpayers() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        String status = vm.table().rows().get(0).status();
        long expected =
                histories.stream()
                        .flatMap(List::stream)
                        .filter(n -> n.notification().status().equals(status))
                        .count();
        int before = archive.queries.size();
        vm.filters().statusProperty().set(status);
        vm.filters().apply();
        settle(before);
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(expected);
        assertThat(vm.table().rows()).allMatch(r -> r.status().equals(status));
        assertThat(vm.pager().pageProperty().get()).isEqualTo(1);
    }

    @Test
    void aSearchIsReadOnceTypingPausesAndOnlyTheLatestCounts() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        ArchivedNotification wanted = histories.get(2).get(17);
        String id = wanted.notificationId();

        int before = archive.queries.size();
        for (int n = 4; n <= id.length(); n += 4) {
            vm.search().textProperty().set(id.substring(0, n));
        }
        vm.search().textProperty().set(id);
        fx.drain();
        assertThat(archive.queries).as("nothing read while typing").hasSize(before);
        assertThat(timer.running()).as("each keystroke cancels the pause before").isEqualTo(1);
        timer.elapse();
        settle(before);
        assertThat(archive.queries).as("one read for the whole search").hasSize(before + 1);
        assertThat(archive.queries.get(before).search()).isEqualTo(id);
        assertThat(vm.table().rows()).extracting(Notification::notificationId).contains(id);
        assertThat(vm.search().termsProperty().get()).isEqualTo(SearchText.terms(id));
        assertThat(vm.search().problemProperty().get()).isNull();

        // a search that cannot be run is said so, and the rows stay
        List<Notification> shownRows = List.copyOf(vm.table().rows());
        before = archive.queries.size();
        vm.search().textProperty().set("ab");
        timer.elapse();
        fx.until(() -> vm.search().problemProperty().get() != null);
        assertThat(vm.search().problemProperty().get()).isEqualTo(SearchText.Problem.TOO_SHORT);
        assertThat(vm.table().rows()).containsExactlyElementsOf(shownRows);
        assertThat(archive.queries).hasSize(before);

        // cleared: everything again
        vm.search().textProperty().set("  ");
        timer.elapse();
        settle(before);
        assertThat(vm.search().problemProperty().get()).isNull();
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(3L * EACH);
        assertThat(archive.queries.get(before).search()).isNull();
    }

    @Test
    void aScopeFiltersOrListChangedWhileTypingPausesReadWithTheSearchAsTyped() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        String id = histories.get(1).get(5).notificationId();

        // the scope changes before typing pauses: the page read has the search typed
        int before = archive.queries.size();
        vm.search().textProperty().set(id);
        vm.onlyProperty().set(rin(1));
        settle(before);
        timer.elapse();
        fx.drain();
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(id);
        assertThat(vm.table().rows()).extracting(Notification::notificationId).contains(id);
        assertThat(vm.pager().totalCountProperty().get()).isLessThan(EACH);
        assertThat(vm.search().termsProperty().get()).isEqualTo(SearchText.terms(id));

        // the same with the filters, then with the list
        String other = histories.get(1).get(9).notificationId();
        String status = histories.get(1).get(9).notification().status();
        before = archive.queries.size();
        vm.search().textProperty().set(other);
        vm.filters().statusProperty().set(status);
        vm.filters().apply();
        settle(before);
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(other);
        assertThat(vm.table().rows()).extracting(Notification::notificationId).contains(other);

        before = archive.queries.size();
        vm.onlyProperty().set(null);
        vm.filters().statusProperty().set(null);
        vm.filters().apply();
        settle(before);
        before = archive.queries.size();
        vm.search().textProperty().set(id);
        vm.scope(Scope.all(list(1, 2)));
        settle(before);
        timer.elapse();
        fx.drain();
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(id);
        assertThat(vm.table().rows()).extracting(Notification::notificationId).contains(id);
        assertThat(timer.running()).isZero();
    }

    @Test
    void aRefreshWhileNextIsLoadingReadsTheNextPage() throws Exception {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        archive.gate = new CompletableFuture<>();
        int before = archive.queries.size();
        vm.pager().next();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(2);
        vm.refresh(); // a sync changed the archive while page 2 is loading
        archive.gate.complete(null);
        fx.until(
                () ->
                        archive.queries.size() >= before + 2
                                && !vm.requests().loadingProperty().get());
        assertThat(archive.queries.get(archive.queries.size() - 1).page()).isEqualTo(2);
        assertThat(vm.pager().pageProperty().get()).isEqualTo(2);

        // with nothing loading, the page shown is read again
        int again = archive.queries.size();
        vm.refresh();
        settle(again);
        assertThat(archive.queries.get(again).page()).isEqualTo(2);
        assertThat(vm.pager().pageProperty().get()).isEqualTo(2);
    }

    @Test
    void aSecondNextWhileTheFirstIsLoadingGoesOneMorePage() throws Exception {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        archive.gate = new CompletableFuture<>();
        int before = archive.queries.size();
        vm.pager().next();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(2);
        vm.pager().next();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(3);
        archive.gate.complete(null);
        fx.until(
                () ->
                        archive.queries.size() >= before + 2
                                && !vm.requests().loadingProperty().get());
        assertThat(vm.pager().pageProperty().get()).isEqualTo(3);

        // and back the same way
        archive.gate = new CompletableFuture<>();
        int back = archive.queries.size();
        vm.pager().previous();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(2);
        vm.pager().previous();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(1);
        archive.gate.complete(null);
        fx.until(
                () -> archive.queries.size() >= back + 2 && !vm.requests().loadingProperty().get());
        assertThat(vm.pager().pageProperty().get()).isEqualTo(1);
    }

    @Test
    void aTotalCountedOnlyUpToALimitIsSaidAsMoreThanAndItsPagesGoOn() {
        archive.countedUpTo = 25;
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(25);
        assertThat(vm.pager().moreProperty().get()).isTrue();
        assertThat(vm.pager().totalPagesProperty().get()).isEqualTo(1);

        // past the counted pages, the next page is still read
        int before = archive.queries.size();
        vm.pager().next();
        settle(before);
        assertThat(vm.pager().pageProperty().get()).isEqualTo(2);
        assertThat(vm.table().rows()).hasSize(25);

        // counted whole again: the total is exact
        archive.countedUpTo = null;
        before = archive.queries.size();
        vm.pager().next();
        settle(before);
        assertThat(vm.pager().moreProperty().get()).isFalse();
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(3L * EACH);
    }

    /** A notification of taxpayer {@code i} newer than any it has, as a sync would bring it. */
    ArchivedNotification arrived(int i, String id) throws Exception {
        ObjectNode raw = (ObjectNode) JSON.readTree(histories.get(i).get(0).rawJson());
        raw.put("notificationId", id);
        raw.put("receivedDateTime", "2026-03-02T09:00:00Z");
        return ArchivedNotification.fromRaw(rin(i), raw.toString());
    }

    @Test
    void pagesLandingFasterThanTheScreenReadsThemStillShowAsTheyLand() throws Exception {
        shown(list(0).toArray(ListedTaxpayer[]::new));
        // a first sync lands its pages: the screen reads its page again after each
        CompletableFuture<Void> first = new CompletableFuture<>();
        archive.gate = first;
        sqlite.store(
                new SyncBatch(
                        SERVICE,
                        rin(0),
                        List.of(arrived(0, "landed-1")),
                        null,
                        true,
                        Instant.now()));
        vm.landed();
        archive.held.take(); // its read is under way
        // the next page lands before that read is done
        archive.gate = new CompletableFuture<>();
        sqlite.store(
                new SyncBatch(
                        SERVICE,
                        rin(0),
                        List.of(arrived(0, "landed-2")),
                        null,
                        true,
                        Instant.now()));
        vm.landed();

        first.complete(null);
        fx.until(
                () ->
                        vm.table().rows().stream()
                                .anyMatch(n -> n.notificationId().equals("landed-1")));
        assertThat(vm.table().rows().get(0).notificationId())
                .as("what landed first shows, though more landed while it was read")
                .isIn("landed-1", "landed-2");

        archive.gate.complete(null);
        fx.until(
                () ->
                        !vm.table().rows().isEmpty()
                                && vm.table().rows().get(0).notificationId().equals("landed-2"));
    }

    @Test
    void aRowThatChangesIsReplacedInPlaceAndStaysSelected() throws Exception {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        int index = 7;
        Notification row = vm.table().rows().get(index);
        Rin whose = of(row).rin();
        vm.table().select(row);

        ArchivedNotification item =
                histories.stream()
                        .flatMap(List::stream)
                        .filter(a -> a.notificationId().equals(row.notificationId()))
                        .findFirst()
                        .orElseThrow();
        ObjectNode changed = (ObjectNode) JSON.readTree(item.rawJson());
        String settled = "delivered".equals(row.status()) ? "error" : "delivered";
        changed.put("status", settled);
        sqlite.store(
                new SyncBatch(
                        SERVICE,
                        whose,
                        List.of(ArchivedNotification.fromRaw(whose, changed.toString())),
                        null,
                        true,
                        Instant.now()));

        List<String> changes = new ArrayList<>();
        vm.table()
                .rows()
                .addListener(
                        (ListChangeListener<Notification>)
                                c -> {
                                    while (c.next()) {
                                        changes.add(
                                                (c.wasReplaced() ? "replaced " : "changed ")
                                                        + c.getFrom()
                                                        + ".."
                                                        + c.getTo());
                                    }
                                });
        int asked = archive.queries.size();
        vm.landed(); // a sync changed the archive
        fx.until(() -> archive.queries.size() > asked && !changes.isEmpty());
        assertThat(changes).containsExactly("replaced " + index + ".." + (index + 1));
        assertThat(vm.table().rows().get(index).status()).isEqualTo(settled);
        assertThat(vm.table().selectedProperty().get()).isSameAs(vm.table().rows().get(index));
        assertThat(vm.table().selectedProperty().get().notificationId())
                .isEqualTo(row.notificationId());

        // another page: the selection is not on it, and its rows come in one change (the
        // table's selection and focus follow each change on their own)
        changes.clear();
        int before = archive.queries.size();
        vm.pager().next();
        settle(before);
        assertThat(vm.table().selectedProperty().get()).isNull();
        assertThat(changes).containsExactly("replaced 0.." + vm.table().rows().size());
    }

    @Test
    void anArchiveThatCannotBeReadIsSaidSoAndTheRowsStay() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        List<Notification> shownRows = List.copyOf(vm.table().rows());
        archive.failWith = new ArchiveException(ArchiveException.Reason.LOCKED, "locked", null);
        int before = archive.queries.size();
        vm.pager().next();
        settle(before);
        assertThat(vm.requests().errorProperty().get())
                .isInstanceOfSatisfying(
                        ArchiveException.class,
                        a -> assertThat(a.reason()).isEqualTo(ArchiveException.Reason.LOCKED));
        assertThat(vm.table().rows()).containsExactlyElementsOf(shownRows);
        assertThat(vm.pager().pageProperty().get()).isEqualTo(1);

        archive.failWith = null;
        before = archive.queries.size();
        vm.pager().next();
        settle(before);
        assertThat(vm.requests().errorProperty().get()).isNull();
        assertThat(vm.pager().pageProperty().get()).isEqualTo(2);
    }

    @Test
    void oneTaxpayersScreenSearchesItsOwnNotificationsOnly() {
        vm.scope(Scope.of(list(1).get(0)));
        int before = archive.queries.size();
        vm.refresh();
        settle(before);
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(EACH);
        // an ID of another taxpayer is not found here; one of its own is
        String elsewhere = histories.get(2).get(3).notificationId();
        before = archive.queries.size();
        vm.search().textProperty().set(elsewhere);
        timer.elapse();
        settle(before);
        assertThat(archive.queries.get(archive.queries.size() - 1).taxpayers())
                .containsExactly(rin(1));
        assertThat(vm.table().rows())
                .extracting(Notification::notificationId)
                .doesNotContain(elsewhere);
        String own = histories.get(1).get(3).notificationId();
        before = archive.queries.size();
        vm.search().textProperty().set(own);
        timer.elapse();
        settle(before);
        assertThat(vm.table().rows()).extracting(Notification::notificationId).contains(own);
        assertThat(vm.pager().totalText().get()).endsWith("found");
    }

    @Test
    void bestMatchIsAskedOnlyWithASearchAndReadsTheFirstPageAgain() {
        shown(list(0, 1, 2).toArray(ListedTaxpayer[]::new));
        // without a search, newest first whatever is chosen
        int before = archive.queries.size();
        vm.search().orderProperty().set(InboxQuery.Order.BEST);
        vm.refresh();
        settle(before);
        assertThat(archive.queries.get(archive.queries.size() - 1).order())
                .isEqualTo(InboxQuery.Order.NEWEST);

        String word = "notification";
        before = archive.queries.size();
        vm.search().textProperty().set(word);
        timer.elapse();
        settle(before);
        assertThat(archive.queries.get(archive.queries.size() - 1).order())
                .isEqualTo(InboxQuery.Order.BEST);
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(word);

        // the order changed with a search applied: its first page again, newest first
        vm.pager().next();
        before = archive.queries.size();
        vm.search().orderProperty().set(InboxQuery.Order.NEWEST);
        settle(before);
        InboxQuery last = archive.queries.get(archive.queries.size() - 1);
        assertThat(last.order()).isEqualTo(InboxQuery.Order.NEWEST);
        assertThat(last.page()).isEqualTo(1);
    }
}
