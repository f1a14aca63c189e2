package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingChange;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.Deliveries;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who is dealing with the notifications, on the notification screen over three taxpayers, without
 * the FX toolkit, on a real SQLite archive: marks and their undo, assignments, notes with their
 * history, the handling filter (To handle gives exactly those rows), remembered per screen, a
 * failure that keeps the note typed, and a colleague's change shown without Refresh.
 */
class HandlingViewModelTest {
    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final int EACH = 30;

    static List<SandboxTaxpayer> firms;
    static List<List<ArchivedNotification>> histories = new ArrayList<>();

    @TempDir Path dir;
    SqliteArchive sqlite;
    CountingArchive archive;
    ExecutorService background;
    Deliveries fx;
    HistoryViewModel vm;
    HandlingViewModel handling;
    AtomicReference<HistoryPrefs> saved = new AtomicReference<>();

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
        vm = screen(null);
        handling = vm.handling();
    }

    HistoryViewModel screen(HistoryPrefs prefs) {
        HistoryViewModel h =
                new HistoryViewModel(
                        new I18n(AppLanguage.ENGLISH),
                        fx,
                        prefs,
                        saved::set,
                        Clock.fixed(Instant.parse("2026-03-02T10:00:00Z"), ZoneOffset.UTC),
                        FileOpener.NONE,
                        new ManualTimer(),
                        Duration.ofMillis(250));
        h.pager().pageSizeProperty().set(25);
        List<ListedTaxpayer> listed = new ArrayList<>();
        for (int i = 0; i < firms.size(); i++) {
            listed.add(ListedTaxpayer.represented(rin(i), firms.get(i).nameEn()));
        }
        h.scope(Scope.all(listed));
        int before = archive.queries.size();
        h.readFrom(new ArchivePages(archive, SERVICE, background));
        fx.until(() -> archive.queries.size() > before && !h.requests().loadingProperty().get());
        fx.until(() -> !h.handling().personProperty().get().isEmpty());
        return h;
    }

    @AfterEach
    void close() throws Exception {
        vm.endSession();
        background.shutdownNow();
        sqlite.close();
    }

    Notification row(int i) {
        return vm.table().rows().get(i);
    }

    Handling.State state(Notification n) {
        Handling h = handling.of(n);
        return h == null ? null : h.state();
    }

    /** Waits for a change to be recorded and the page read again with it. */
    void recorded(HandlingViewModel.Kind kind, java.util.function.BooleanSupplier shown) {
        fx.until(
                () ->
                        handling.outcomeProperty().get() != null
                                && handling.outcomeProperty().get().kind() == kind
                                && !handling.busyProperty().get()
                                && shown.getAsBoolean());
    }

    Set<String> ids(List<Notification> rows) {
        return rows.stream().map(Notification::notificationId).collect(Collectors.toSet());
    }

    @Test
    void marksTheSelectedHandledSaysHowManyAndUndoPutsEachBackAsItWas() {
        Notification a = row(0);
        Notification b = row(3);
        Notification c = row(7);
        assertThat(List.of(a, b, c)).allMatch(n -> state(n) == null);

        handling.mark(List.of(a), Handling.State.TO_HANDLE);
        recorded(HandlingViewModel.Kind.TO_HANDLE, () -> state(a) == Handling.State.TO_HANDLE);
        assertThat(vm.labels().cell("handling", a)).isEqualTo("To handle");

        handling.mark(List.of(a, b, c), Handling.State.HANDLED);
        recorded(
                HandlingViewModel.Kind.HANDLED,
                () -> List.of(a, b, c).stream().allMatch(n -> state(n) == Handling.State.HANDLED));
        assertThat(handling.outcomeProperty().get().count()).isEqualTo(3);
        assertThat(handling.undoableProperty().get()).isTrue();
        assertThat(vm.labels().cell("handling", b)).isEqualTo("Handled");
        assertThat(vm.table().rows()).as("every row stays where it was").contains(a, b, c);

        handling.undo();
        recorded(
                HandlingViewModel.Kind.UNDONE,
                () -> List.of(a, b, c).stream().allMatch(n -> state(n) != Handling.State.HANDLED));
        assertThat(handling.outcomeProperty().get().count()).isEqualTo(3);
        assertThat(handling.undoableProperty().get()).isFalse();
        // each as it was: the one to handle is to handle again; the unmarked ones cannot be
        // unmarked (the history keeps every change) and are to handle
        assertThat(List.of(a, b, c)).allMatch(n -> state(n) == Handling.State.TO_HANDLE);
    }

    @Test
    void theFilterToHandleGivesExactlyThoseRowsAssignedToMeAndHandledTheirsAndIsRemembered()
            throws Exception {
        // to handle: five of the three taxpayers', two of them then handled, one assigned to me
        List<Notification> marked = List.of(row(1), row(2), row(9), row(14), row(20));
        handling.mark(marked, Handling.State.TO_HANDLE);
        recorded(
                HandlingViewModel.Kind.TO_HANDLE,
                () -> marked.stream().allMatch(n -> state(n) == Handling.State.TO_HANDLE));
        handling.mark(List.of(row(2), row(14)), Handling.State.HANDLED);
        recorded(HandlingViewModel.Kind.HANDLED, () -> state(row(14)) == Handling.State.HANDLED);
        String me = handling.personProperty().get();
        Notification mine = row(20);
        handling.assign(List.of(mine), me);
        recorded(HandlingViewModel.Kind.ASSIGNED, () -> handling.of(mine).assignedTo() != null);
        assertThat(vm.labels().cell("handling", mine)).isEqualTo("Assigned to " + me);
        Set<String> toHandle = ids(List.of(row(1), row(9), row(20)));
        Set<String> handled = ids(List.of(row(2), row(14)));

        filter(InboxQuery.HandlingFilter.TO_HANDLE);
        assertThat(ids(vm.table().rows())).isEqualTo(toHandle);
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(3);
        assertThat(vm.filters().chips())
                .extracting(FiltersViewModel.Chip::text)
                .contains("Handling: To handle");
        assertThat(saved.get().handling()).isEqualTo("TO_HANDLE");

        filter(InboxQuery.HandlingFilter.ASSIGNED_TO_ME);
        assertThat(ids(vm.table().rows())).containsExactly(mine.notificationId());

        filter(InboxQuery.HandlingFilter.HANDLED);
        assertThat(ids(vm.table().rows())).isEqualTo(handled);

        // marking one handled under To handle takes it out of the rows shown; undo brings it back
        filter(InboxQuery.HandlingFilter.TO_HANDLE);
        Notification first = vm.table().rows().get(0);
        handling.mark(List.of(first), Handling.State.HANDLED);
        recorded(HandlingViewModel.Kind.HANDLED, () -> vm.table().rows().size() == 2);
        assertThat(ids(vm.table().rows())).doesNotContain(first.notificationId());
        handling.undo();
        recorded(HandlingViewModel.Kind.UNDONE, () -> vm.table().rows().size() == 3);
        assertThat(ids(vm.table().rows())).isEqualTo(toHandle);

        // the screen made again with what it remembered shows To handle
        HistoryViewModel again = screen(saved.get());
        try {
            assertThat(again.filters().applied().handling())
                    .isEqualTo(InboxQuery.HandlingFilter.TO_HANDLE);
            assertThat(ids(again.table().rows())).isEqualTo(toHandle);
        } finally {
            again.endSession();
        }
    }

    void filter(InboxQuery.HandlingFilter f) {
        int before = archive.queries.size();
        vm.filters().handlingProperty().set(f);
        assertThat(vm.filters().apply()).isTrue();
        fx.until(() -> archive.queries.size() > before && !vm.requests().loadingProperty().get());
        assertThat(archive.queries.get(archive.queries.size() - 1).handling()).isEqualTo(f);
    }

    @Test
    void assignsAndUndoesTheAssignment() {
        Notification a = row(4);
        Notification b = row(5);
        handling.assign(List.of(a, b), "Nadia");
        recorded(
                HandlingViewModel.Kind.ASSIGNED,
                () -> handling.of(b) != null && "Nadia".equals(handling.of(b).assignedTo()));
        assertThat(handling.outcomeProperty().get().name()).isEqualTo("Nadia");
        assertThat(vm.labels().cell("handling", a)).isEqualTo("Assigned to Nadia");
        assertThat(state(a))
                .as("one assigned is being dealt with")
                .isEqualTo(Handling.State.TO_HANDLE);

        handling.undo();
        recorded(
                HandlingViewModel.Kind.UNDONE,
                () -> handling.of(a) != null && handling.of(a).assignedTo() == null);
        assertThat(vm.labels().cell("handling", a)).isEqualTo("To handle");
    }

    @Test
    void aNoteGoesIntoTheSelectedOnesHistoryOverTheLimitItIsRefusedInlineAndAFailureKeepsIt() {
        Notification n = row(2);
        vm.table().select(n);
        handling.mark(List.of(n), Handling.State.TO_HANDLE);
        recorded(HandlingViewModel.Kind.TO_HANDLE, () -> state(n) != null);

        handling.noteProperty().set("x".repeat(HandlingEdit.NOTE_LIMIT + 1));
        assertThat(handling.noteProblemProperty().get())
                .isEqualTo(HandlingViewModel.NoteProblem.TOO_LONG);
        assertThat(handling.noteLengthProperty().get()).isEqualTo(HandlingEdit.NOTE_LIMIT + 1);
        assertThat(handling.canAddNoteProperty().get()).isFalse();
        handling.addNote();
        assertThat(handling.busyProperty().get()).as("nothing asked of the archive").isFalse();

        // the archive failing: said, and nothing typed lost
        archive.failHandleWith =
                new ArchiveException(ArchiveException.Reason.FAILED, "disk full", null);
        handling.noteProperty().set("Called the buyer: the invoice goes again on Monday.");
        assertThat(handling.canAddNoteProperty().get()).isTrue();
        handling.addNote();
        fx.until(
                () ->
                        handling.outcomeProperty().get() != null
                                && handling.outcomeProperty().get().kind()
                                        == HandlingViewModel.Kind.FAILED);
        assertThat(handling.noteProperty().get())
                .isEqualTo("Called the buyer: the invoice goes again on Monday.");

        // another row chosen meanwhile: its own (empty) note; back, the one typed is there
        vm.table().select(row(3));
        assertThat(handling.noteProperty().get()).isEmpty();
        handling.noteProperty().set("for the other one");
        vm.table().select(n);
        assertThat(handling.noteProperty().get())
                .isEqualTo("Called the buyer: the invoice goes again on Monday.");

        archive.failHandleWith = null;
        handling.addNote();
        recorded(
                HandlingViewModel.Kind.NOTED,
                () -> handling.history().stream().anyMatch(c -> c.note() != null));
        assertThat(handling.noteProperty().get()).as("the field emptied once kept").isEmpty();
        List<HandlingChange> history = handling.history();
        assertThat(history).hasSize(2);
        assertThat(history.get(0).state()).isEqualTo(Handling.State.TO_HANDLE);
        assertThat(history.get(1).note())
                .isEqualTo("Called the buyer: the invoice goes again on Monday.");
        assertThat(history.get(1).by()).isEqualTo(handling.personProperty().get());
    }

    @Test
    void allShownAreMarkedAtOnceWithTheirCount() throws Exception {
        handling.markShown(Handling.State.HANDLED);
        recorded(
                HandlingViewModel.Kind.HANDLED,
                () -> vm.table().rows().stream().allMatch(n -> state(n) == Handling.State.HANDLED));
        assertThat(handling.outcomeProperty().get().count()).isEqualTo(25);
        assertThat(sqlite.toHandle(SERVICE)).isEmpty();
        handling.undo();
        recorded(
                HandlingViewModel.Kind.UNDONE,
                () ->
                        vm.table().rows().stream()
                                .allMatch(n -> state(n) == Handling.State.TO_HANDLE));
        assertThat(handling.outcomeProperty().get().count()).isEqualTo(25);
    }

    @Test
    void aMarkOverAColleaguesChangeNotYetShownIsRecordedAndSaysWhoseItOvertook() throws Exception {
        Notification n = row(8);
        ArchivedNotification a = archived(n);
        // a colleague's change this screen has not read yet
        sqlite.handle(
                SERVICE,
                List.of(HandlingTarget.of(a.taxpayer(), a.notificationId())),
                new HandlingEdit(Handling.State.TO_HANDLE, null, "Karim: I am on it"));
        assertThat(state(n)).isNull();
        handling.mark(List.of(n), Handling.State.HANDLED);
        recorded(HandlingViewModel.Kind.HANDLED, () -> state(n) == Handling.State.HANDLED);
        HandlingViewModel.Outcome o = handling.outcomeProperty().get();
        assertThat(o.overtaken()).isEqualTo(1);
        assertThat(o.overtakenBy()).isEqualTo(handling.personProperty().get());
        assertThat(sqlite.history(SERVICE, a.taxpayer(), a.notificationId()))
                .as("both changes kept, the latest the state")
                .hasSize(2)
                .last()
                .satisfies(c -> assertThat(c.state()).isEqualTo(Handling.State.HANDLED));

        // the colleague again, then this screen's undo: recorded too, and said
        sqlite.handle(
                SERVICE,
                List.of(HandlingTarget.of(a.taxpayer(), a.notificationId())),
                new HandlingEdit(null, null, "Karim: done on my side"));
        handling.undo();
        recorded(HandlingViewModel.Kind.UNDONE, () -> state(n) == Handling.State.TO_HANDLE);
        assertThat(handling.outcomeProperty().get().overtaken()).isEqualTo(1);
        assertThat(sqlite.history(SERVICE, a.taxpayer(), a.notificationId())).hasSize(4);
    }

    @Test
    void aWindowsScreensShareOneSubscriptionLetGoAtLogOutAndMadeAgainAtTheNextLogin()
            throws Exception {
        HandlingNews news = new HandlingNews(archive, Runnable::run);
        java.util.concurrent.atomic.AtomicInteger first =
                new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger second =
                new java.util.concurrent.atomic.AtomicInteger();
        int before = archive.listeners.size(); // this test's own screen listens by itself
        AutoCloseable one = news.listen(first::incrementAndGet);
        AutoCloseable two = news.listen(second::incrementAndGet);
        assertThat(archive.listeners).hasSize(before + 1);
        archive.tellChanged();
        assertThat(first.get()).isEqualTo(1);
        assertThat(second.get()).isEqualTo(1);

        // log out: the screens stop listening, the subscription goes
        one.close();
        two.close();
        news.close();
        assertThat(archive.listeners).hasSize(before);

        // the window opened again for the next login
        AutoCloseable again = news.listen(first::incrementAndGet);
        assertThat(archive.listeners).hasSize(before + 1);
        archive.tellChanged();
        assertThat(first.get()).isEqualTo(2);
        assertThat(second.get()).isEqualTo(1);
        again.close();
        news.close();
    }

    ArchivedNotification archived(Notification n) {
        return histories.stream()
                .flatMap(List::stream)
                .filter(x -> x.notificationId().equals(n.notificationId()))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aColleaguesChangeIsShownWithoutRefresh() throws Exception {
        Notification n = row(6);
        ArchivedNotification a =
                histories.stream()
                        .flatMap(List::stream)
                        .filter(x -> x.notificationId().equals(n.notificationId()))
                        .findFirst()
                        .orElseThrow();
        // another desktop's change, in the same archive, then the archive says so
        sqlite.handle(
                SERVICE,
                List.of(HandlingTarget.of(a.taxpayer(), a.notificationId())),
                new HandlingEdit(Handling.State.HANDLED, "Karim", null));
        assertThat(state(n)).isNull();
        archive.tellChanged();
        fx.until(() -> state(n) == Handling.State.HANDLED);
        assertThat(vm.labels().cell("handling", n)).isEqualTo("Handled");
    }
}
