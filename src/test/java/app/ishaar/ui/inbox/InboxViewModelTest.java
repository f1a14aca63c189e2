package app.ishaar.ui.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
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
 * The inbox's logic without the FX toolkit, on a real SQLite archive filled with three generated
 * taxpayers' histories (the sandbox's intermediary of many taxpayers): results come through a queue
 * the test runs, as the FX thread would.
 */
class InboxViewModelTest {
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
    InboxViewModel vm;

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

    static List<InboxTaxpayer> list(int... which) {
        List<InboxTaxpayer> out = new ArrayList<>();
        for (int i : which) {
            out.add(InboxTaxpayer.represented(rin(i), firms.get(i).nameEn()));
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
                new InboxViewModel(
                        archive, SERVICE, background, fx, timer, Duration.ofMillis(250), 25);
    }

    @AfterEach
    void close() throws Exception {
        CompletableFuture<Void> gate = archive.gate;
        if (gate != null) {
            gate.complete(null);
        }
        vm.dispose();
        background.shutdownNow();
        sqlite.close();
    }

    /** Sets the list (which reads page 1) and waits for the page. */
    void shown(InboxTaxpayer... listed) {
        int before = archive.queries.size();
        vm.taxpayersProperty().set(List.of(listed));
        settle(before);
    }

    /** Waits until a read asked for after {@code before} queries has been shown. */
    void settle(int before) {
        fx.until(() -> archive.queries.size() > before && !vm.loadingProperty().get());
    }

    @Test
    void allTaxpayersInOneTableNewestFirstPagedWithEachRowsTaxpayerName() {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        assertThat(vm.totalCountProperty().get()).isEqualTo(3L * EACH);
        assertThat(vm.totalPagesProperty().get()).isEqualTo(4);
        assertThat(vm.rows()).hasSize(25);
        List<Instant> times =
                vm.rows().stream().map(r -> r.notification().receivedDateTime()).toList();
        assertThat(times).isSortedAccordingTo(Comparator.reverseOrder());
        Instant newest =
                histories.stream()
                        .flatMap(List::stream)
                        .map(n -> n.notification().receivedDateTime())
                        .max(Comparator.naturalOrder())
                        .orElseThrow();
        assertThat(times.get(0)).isEqualTo(newest);
        assertThat(vm.rows())
                .allSatisfy(
                        r ->
                                assertThat(r.taxpayerName())
                                        .isEqualTo(
                                                firms.stream()
                                                        .filter(
                                                                f ->
                                                                        f.rin()
                                                                                .equals(
                                                                                        r.taxpayer()
                                                                                                .value()))
                                                        .findFirst()
                                                        .orElseThrow()
                                                        .nameEn()));
        assertThat(vm.rows().stream().map(InboxRow::taxpayer).distinct().count())
                .as("a page of all taxpayers mixes them")
                .isGreaterThan(1);

        int before = archive.queries.size();
        vm.last();
        settle(before);
        assertThat(vm.pageProperty().get()).isEqualTo(4);
        assertThat(vm.rows()).hasSize(3 * EACH - 75);
        vm.next(); // past the last page: nothing asked
        assertThat(archive.queries).hasSize(before + 1);
    }

    @Test
    void oneTaxpayerTheTaxpayerFilterAndTheListNarrowIt() {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));

        int before = archive.queries.size();
        vm.scopeProperty().set(InboxScope.of(rin(1)));
        settle(before);
        assertThat(vm.totalCountProperty().get()).isEqualTo(EACH);
        assertThat(vm.rows()).allMatch(r -> r.taxpayer().equals(rin(1)));

        before = archive.queries.size();
        vm.scopeProperty().set(InboxScope.ALL);
        settle(before);
        before = archive.queries.size();
        vm.taxpayerFilterProperty().set(Set.of(rin(0), rin(2)));
        settle(before);
        assertThat(vm.totalCountProperty().get()).isEqualTo(2L * EACH);
        assertThat(vm.rows()).noneMatch(r -> r.taxpayer().equals(rin(1)));

        // a taxpayer archived but no longer in the list is not shown
        before = archive.queries.size();
        vm.taxpayerFilterProperty().set(Set.of());
        vm.taxpayersProperty().set(list(1));
        settle(before);
        assertThat(vm.totalCountProperty().get()).isEqualTo(EACH);

        // an empty list shows nothing, without asking the archive
        before = archive.queries.size();
        vm.taxpayersProperty().set(List.of());
        fx.drain();
        assertThat(vm.rows()).isEmpty();
        assertThat(vm.totalCountProperty().get()).isZero();
        assertThat(archive.queries).hasSize(before);
    }

    @Test
    void theSixFiltersApplyAcrossTaxpayers() {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        String status = vm.rows().get(0).notification().status();
        long expected =
                histories.stream()
                        .flatMap(List::stream)
                        .filter(n -> n.notification().status().equals(status))
                        .count();
        int before = archive.queries.size();
        vm.filtersProperty().set(NotificationQuery.ALL.withStatus(status));
        settle(before);
        assertThat(vm.totalCountProperty().get()).isEqualTo(expected);
        assertThat(vm.rows()).allMatch(r -> r.notification().status().equals(status));
        assertThat(vm.pageProperty().get()).isEqualTo(1);
    }

    @Test
    void aSearchIsReadOnceTypingPausesAndOnlyTheLatestCounts() {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        ArchivedNotification wanted = histories.get(2).get(17);
        String id = wanted.notificationId();

        int before = archive.queries.size();
        for (int n = 4; n <= id.length(); n += 4) {
            vm.searchTextProperty().set(id.substring(0, n));
        }
        vm.searchTextProperty().set(id);
        fx.drain();
        assertThat(archive.queries).as("nothing read while typing").hasSize(before);
        assertThat(timer.running()).as("each keystroke cancels the pause before").isEqualTo(1);
        timer.elapse();
        settle(before);
        assertThat(archive.queries).as("one read for the whole search").hasSize(before + 1);
        assertThat(archive.queries.get(before).search()).isEqualTo(id);
        assertThat(vm.rows()).extracting(InboxRow::notificationId).contains(id);
        assertThat(vm.searchTermsProperty().get()).isEqualTo(SearchText.terms(id));
        assertThat(vm.searchProblemProperty().get()).isNull();

        // a search that cannot be run is said so, and the rows stay
        List<InboxRow> shownRows = List.copyOf(vm.rows());
        before = archive.queries.size();
        vm.searchTextProperty().set("ab");
        timer.elapse();
        fx.until(() -> vm.searchProblemProperty().get() != null);
        assertThat(vm.searchProblemProperty().get()).isEqualTo(SearchText.Problem.TOO_SHORT);
        assertThat(vm.rows()).containsExactlyElementsOf(shownRows);
        assertThat(archive.queries).hasSize(before);

        // cleared: everything again
        vm.searchTextProperty().set("  ");
        timer.elapse();
        settle(before);
        assertThat(vm.searchProblemProperty().get()).isNull();
        assertThat(vm.totalCountProperty().get()).isEqualTo(3L * EACH);
        assertThat(archive.queries.get(before).search()).isNull();
    }

    @Test
    void aScopeFiltersOrListChangedWhileTypingPausesReadWithTheSearchAsTyped() {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        String id = histories.get(1).get(5).notificationId();

        // the scope changes before typing pauses: the page read has the search typed
        int before = archive.queries.size();
        vm.searchTextProperty().set(id);
        vm.scopeProperty().set(InboxScope.of(rin(1)));
        settle(before);
        timer.elapse();
        fx.drain();
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(id);
        assertThat(vm.rows()).extracting(InboxRow::notificationId).contains(id);
        assertThat(vm.totalCountProperty().get()).isLessThan(EACH);
        assertThat(vm.searchTermsProperty().get()).isEqualTo(SearchText.terms(id));

        // the same with the filters, then with the list
        String other = histories.get(1).get(9).notificationId();
        String status = histories.get(1).get(9).notification().status();
        before = archive.queries.size();
        vm.searchTextProperty().set(other);
        vm.filtersProperty().set(NotificationQuery.ALL.withStatus(status));
        settle(before);
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(other);
        assertThat(vm.rows()).extracting(InboxRow::notificationId).contains(other);

        before = archive.queries.size();
        vm.scopeProperty().set(InboxScope.ALL);
        vm.filtersProperty().set(NotificationQuery.ALL);
        settle(before);
        before = archive.queries.size();
        vm.searchTextProperty().set(id);
        vm.taxpayersProperty().set(list(1, 2));
        settle(before);
        timer.elapse();
        fx.drain();
        assertThat(archive.queries.get(archive.queries.size() - 1).search()).isEqualTo(id);
        assertThat(vm.rows()).extracting(InboxRow::notificationId).contains(id);
        assertThat(timer.running()).isZero();
    }

    @Test
    void aRefreshWhileNextIsLoadingReadsTheNextPage() throws Exception {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        archive.gate = new CompletableFuture<>();
        int before = archive.queries.size();
        vm.next();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(2);
        vm.refresh(); // a sync changed the archive while page 2 is loading
        archive.gate.complete(null);
        fx.until(() -> archive.queries.size() >= before + 2 && !vm.loadingProperty().get());
        assertThat(archive.queries.get(archive.queries.size() - 1).page()).isEqualTo(2);
        assertThat(vm.pageProperty().get()).isEqualTo(2);

        // with nothing loading, the page shown is read again
        int again = archive.queries.size();
        vm.refresh();
        settle(again);
        assertThat(archive.queries.get(again).page()).isEqualTo(2);
        assertThat(vm.pageProperty().get()).isEqualTo(2);
    }

    @Test
    void aSecondNextWhileTheFirstIsLoadingGoesOneMorePage() throws Exception {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        archive.gate = new CompletableFuture<>();
        int before = archive.queries.size();
        vm.next();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(2);
        vm.next();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(3);
        archive.gate.complete(null);
        fx.until(() -> archive.queries.size() >= before + 2 && !vm.loadingProperty().get());
        assertThat(vm.pageProperty().get()).isEqualTo(3);

        // and back the same way
        archive.gate = new CompletableFuture<>();
        int back = archive.queries.size();
        vm.previous();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(2);
        vm.previous();
        assertThat(archive.held.poll(30, TimeUnit.SECONDS).page()).isEqualTo(1);
        archive.gate.complete(null);
        fx.until(() -> archive.queries.size() >= back + 2 && !vm.loadingProperty().get());
        assertThat(vm.pageProperty().get()).isEqualTo(1);
    }

    @Test
    void aTotalCountedOnlyUpToALimitIsSaidAsMoreThanAndItsPagesGoOn() {
        archive.countedUpTo = 25;
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        assertThat(vm.totalCountProperty().get()).isEqualTo(25);
        assertThat(vm.moreThanTotalProperty().get()).isTrue();
        assertThat(vm.totalPagesProperty().get()).isEqualTo(1);

        // past the counted pages, the next page is still read
        int before = archive.queries.size();
        vm.next();
        settle(before);
        assertThat(vm.pageProperty().get()).isEqualTo(2);
        assertThat(vm.rows()).hasSize(25);

        // counted whole again: the total is exact
        archive.countedUpTo = null;
        before = archive.queries.size();
        vm.next();
        settle(before);
        assertThat(vm.moreThanTotalProperty().get()).isFalse();
        assertThat(vm.totalCountProperty().get()).isEqualTo(3L * EACH);
    }

    @Test
    void aRowThatChangesIsReplacedInPlaceAndStaysSelected() throws Exception {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        int index = 7;
        InboxRow row = vm.rows().get(index);
        vm.select(row);

        ObjectNode changed = (ObjectNode) JSON.readTree(row.item().rawJson());
        String settled = "delivered".equals(row.notification().status()) ? "error" : "delivered";
        changed.put("status", settled);
        sqlite.store(
                new SyncBatch(
                        SERVICE,
                        row.taxpayer(),
                        List.of(ArchivedNotification.fromRaw(row.taxpayer(), changed.toString())),
                        null,
                        true,
                        Instant.now()));

        List<String> changes = new ArrayList<>();
        vm.rows()
                .addListener(
                        (ListChangeListener<InboxRow>)
                                c -> {
                                    while (c.next()) {
                                        changes.add(
                                                (c.wasReplaced() ? "replaced " : "changed ")
                                                        + c.getFrom()
                                                        + ".."
                                                        + c.getTo());
                                    }
                                });
        int before = archive.queries.size();
        vm.refresh();
        settle(before);
        assertThat(changes).containsExactly("replaced " + index + ".." + (index + 1));
        assertThat(vm.rows().get(index).notification().status()).isEqualTo(settled);
        assertThat(vm.selectedProperty().get()).isSameAs(vm.rows().get(index));
        assertThat(vm.selectedProperty().get().notificationId()).isEqualTo(row.notificationId());

        // another page: the selection is not on it, and its rows come in one change (the
        // table's selection and focus follow each change on their own)
        changes.clear();
        before = archive.queries.size();
        vm.next();
        settle(before);
        assertThat(vm.selectedProperty().get()).isNull();
        assertThat(changes).containsExactly("replaced 0.." + vm.rows().size());
    }

    @Test
    void anArchiveThatCannotBeReadIsSaidSoAndTheRowsStay() {
        shown(list(0, 1, 2).toArray(InboxTaxpayer[]::new));
        List<InboxRow> shownRows = List.copyOf(vm.rows());
        archive.failWith = new ArchiveException(ArchiveException.Reason.LOCKED, "locked", null);
        int before = archive.queries.size();
        vm.next();
        settle(before);
        assertThat(vm.archiveProblemProperty().get()).isEqualTo(ArchiveException.Reason.LOCKED);
        assertThat(vm.rows()).containsExactlyElementsOf(shownRows);
        assertThat(vm.pageProperty().get()).isEqualTo(1);

        archive.failWith = null;
        before = archive.queries.size();
        vm.next();
        settle(before);
        assertThat(vm.archiveProblemProperty().get()).isNull();
        assertThat(vm.pageProperty().get()).isEqualTo(2);
    }
}
