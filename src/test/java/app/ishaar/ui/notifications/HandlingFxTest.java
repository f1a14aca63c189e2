package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.OwnStageFxTestBase;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.settings.Screenshots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Who is dealing with the notifications, on the notification screen over three taxpayers at a
 * laptop's 1280×720, in English and in Arabic, on a real archive, by the keyboard: Ctrl+D marks the
 * selected handled and the Handling column says so, with a count and an Undo that puts them back;
 * Ctrl+Shift+A assigns; Ctrl+Shift+N goes to the detail's note, which Ctrl+Enter adds to the
 * history shown under it; the filter To handle shows exactly those. Screenshots {@code
 * handling-en.png}, {@code handling-ar.png} and their {@code -filter} pair at 1366×768 with {@code
 * -Dishaar.screenshots.dir}.
 */
class HandlingFxTest extends OwnStageFxTestBase {
    static final int EACH = 30;
    static final boolean MAC = System.getProperty("os.name").startsWith("Mac");
    static List<SandboxTaxpayer> firms;
    static List<List<ArchivedNotification>> histories = new ArrayList<>();

    @TempDir Path dir;
    SqliteArchive archive;
    ExecutorService background = Executors.newFixedThreadPool(2);
    HistoryViewModel vm;
    SceneFactory scenes;

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

    @AfterEach
    void stop() throws Exception {
        if (vm != null) {
            fx(
                    () -> {
                        vm.endSession();
                        return null;
                    });
        }
        background.shutdownNow();
        if (archive != null) {
            archive.close();
        }
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(30, TimeUnit.SECONDS);
    }

    private static void until(String what, Callable<Boolean> c) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(c));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited for " + what, e);
        }
    }

    /** The screen over the three taxpayers, 25 a page, 1280×720, its first page shown. */
    private HistoryView open(AppLanguage language) throws Exception {
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        List<ListedTaxpayer> listed = new ArrayList<>();
        for (int i = 0; i < firms.size(); i++) {
            SandboxTaxpayer f = firms.get(i);
            archive.store(
                    new SyncBatch(
                            ServiceKey.SANDBOX,
                            Rin.of(f.rin()),
                            histories.get(i),
                            "c",
                            true,
                            null));
            listed.add(
                    ListedTaxpayer.represented(
                            Rin.of(f.rin()),
                            language == AppLanguage.ARABIC ? f.nameAr() : f.nameEn()));
        }
        I18n i18n = new I18n(language);
        i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        HistoryView view =
                fx(
                        () -> {
                            vm =
                                    new HistoryViewModel(
                                            i18n,
                                            FxExecutor.INSTANCE,
                                            null,
                                            p -> {},
                                            Clock.fixed(
                                                    Instant.parse("2026-03-02T10:00:00Z"),
                                                    ZoneOffset.UTC),
                                            FileOpener.NONE,
                                            SearchViewModel.Timer.SYSTEM,
                                            Duration.ofMillis(50));
                            vm.pager().pageSizeProperty().set(25);
                            vm.scope(Scope.all(listed));
                            scenes = new SceneFactory(i18n, new TextSize(100));
                            HistoryView v = new HistoryView(vm, i18n, scenes);
                            stage = new Stage();
                            stage.setScene(scenes.createScene(v.root()));
                            // the headless screen is 1280×800: a larger window cannot be drawn
                            stage.setX(0);
                            stage.setY(0);
                            stage.setWidth(1280);
                            stage.setHeight(720);
                            stage.show();
                            vm.readFrom(new ArchivePages(archive, ServiceKey.SANDBOX, background));
                            return v;
                        });
        until(
                "the first page and who the user is",
                () ->
                        !table(view).getItems().isEmpty()
                                && !vm.requests().loadingProperty().get()
                                && !vm.handling().personProperty().get().isEmpty());
        return view;
    }

    @SuppressWarnings("unchecked")
    private static TableView<Notification> table(HistoryView v) {
        return (TableView<Notification>) v.root().lookup("#history-table");
    }

    private static String text(HistoryView v, String id) throws Exception {
        return fx(
                () -> {
                    Node n = v.root().lookup("#" + id);
                    return n instanceof Label l ? l.getText() : ((TextField) n).getText();
                });
    }

    /** The Handling cells as drawn, by notification ID. */
    private static Map<String, String> drawn(HistoryView v) throws Exception {
        return fx(
                () -> {
                    Map<String, String> out = new LinkedHashMap<>();
                    for (Node n : table(v).lookupAll(".table-cell")) {
                        if (n instanceof TableCell<?, ?> c
                                && !c.isEmpty()
                                && c.getItem() instanceof Notification row
                                && c.getTableColumn() != null
                                && "handling".equals(c.getTableColumn().getId())
                                && c.isVisible()) {
                            out.put(row.notificationId(), c.getText() == null ? "" : c.getText());
                        }
                    }
                    return out;
                });
    }

    /** A key with Ctrl (Cmd on macOS), and Shift when asked, pressed where the keyboard is. */
    private static void shortcut(Node target, KeyCode code, boolean shift) throws Exception {
        fx(
                () -> {
                    target.fireEvent(
                            new KeyEvent(
                                    KeyEvent.KEY_PRESSED, "", "", code, shift, !MAC, false, MAC));
                    return null;
                });
    }

    private static void key(Node target, KeyCode code) throws Exception {
        fx(
                () -> {
                    target.fireEvent(
                            new KeyEvent(
                                    KeyEvent.KEY_PRESSED,
                                    "",
                                    "",
                                    code,
                                    false,
                                    false,
                                    false,
                                    false));
                    return null;
                });
    }

    private void select(HistoryView v, int... rows) throws Exception {
        fx(
                () -> {
                    table(v).requestFocus();
                    table(v).getSelectionModel().clearSelection();
                    table(v).getSelectionModel()
                            .selectIndices(
                                    rows[0], java.util.Arrays.copyOfRange(rows, 1, rows.length));
                    return null;
                });
    }

    private static List<String> ids(List<Notification> rows) {
        return rows.stream().map(Notification::notificationId).toList();
    }

    @SuppressWarnings("unchecked") // the handling filter's choice box, looked up by its id
    private void theDay(AppLanguage language, Words w) throws Exception {
        HistoryView v = open(language);
        TableView<Notification> table = table(v);
        assertThat(
                        fx(
                                () ->
                                        table.getColumns().stream()
                                                .filter(c -> "handling".equals(c.getId()))
                                                .findFirst()
                                                .orElseThrow()
                                                .getText()))
                .isEqualTo(w.column);
        List<Notification> page = fx(() -> List.copyOf(table.getItems()));
        Notification a = page.get(0);
        Notification b = page.get(2);
        Notification c = page.get(1);

        // Ctrl+D: the two selected handled, said with their count, and Undo offered
        select(v, 0, 2);
        shortcut(table, KeyCode.D, false);
        until(
                "both handled in the column",
                () ->
                        w.handled.equals(drawn(v).get(a.notificationId()))
                                && w.handled.equals(drawn(v).get(b.notificationId())));
        assertThat(text(v, "handling-said")).isEqualTo(w.twoHandled);
        assertThat(fx(() -> v.root().lookup("#handling-undo").isVisible())).isTrue();
        assertThat(drawn(v).get(c.notificationId())).as("not selected, not marked").isEmpty();

        // Ctrl+Z, as Undo: put back (to handle: a mark cannot be unmade, the history keeps it)
        shortcut(table, KeyCode.Z, false);
        until(
                "both back",
                () ->
                        w.toHandle.equals(drawn(v).get(a.notificationId()))
                                && w.toHandle.equals(drawn(v).get(b.notificationId())));
        assertThat(text(v, "handling-said")).isEqualTo(w.twoUndone);

        // Ctrl+Shift+A: assign the one selected to the name typed
        select(v, 1);
        shortcut(table, KeyCode.A, true);
        TextField name = (TextField) fx(() -> v.root().lookup("#handling-assign-name"));
        until("the name asked for", () -> name.isVisible() && name.isFocused());
        assertThat(fx(() -> name.getText()))
                .isEqualTo(fx(() -> vm.handling().personProperty().get()));
        fx(
                () -> {
                    name.setText(w.colleague);
                    return null;
                });
        key(name, KeyCode.ENTER);
        until("assigned in the column", () -> w.assigned.equals(drawn(v).get(c.notificationId())));

        // Ctrl+Shift+N: the note of the selected one, Ctrl+Enter adds it under its history
        until("the detail of the chosen row", () -> c.equals(vm.table().selectedProperty().get()));
        shortcut(table, KeyCode.N, true);
        until(
                "the note field has the keyboard",
                () ->
                        v.root().lookup("#handling-note-text") instanceof TextArea t
                                && t.isFocused());
        TextArea note = (TextArea) fx(() -> v.root().lookup("#handling-note-text"));
        fx(
                () -> {
                    note.setText(w.note);
                    return null;
                });
        shortcut(note, KeyCode.ENTER, false);
        until(
                "the note in the history",
                () ->
                        v.root().lookup("#handling-history").lookupAll(".handling-note").stream()
                                .anyMatch(n -> n instanceof Label l && w.note.equals(l.getText())));
        assertThat(fx(() -> note.getText())).as("emptied once kept").isEmpty();
        assertThat(fx(() -> v.root().lookup("#handling-undo").isVisible()))
                .as("a note is not undone: it is kept in the history")
                .isFalse();
        assertThat(text(v, "handling-state")).isEqualTo(w.assigned);

        // another one handled: the three states side by side, the one with the note chosen
        Notification d = page.get(4);
        select(v, 4);
        shortcut(table, KeyCode.D, false);
        until("handled", () -> w.handled.equals(drawn(v).get(d.notificationId())));
        fx(
                () -> {
                    table.getSelectionModel().clearAndSelect(1);
                    return null;
                });
        until(
                "its history shown",
                () -> !v.root().lookup("#handling-history").lookupAll(".handling-note").isEmpty());
        Screenshots.take(stage, w.shot + "-1280.png");
        shoot(v, w.shot + ".png");

        // the filter To handle: exactly those three
        fx(
                () -> {
                    ((ChoiceBox<InboxQuery.HandlingFilter>) v.root().lookup("#filter-handling"))
                            .setValue(InboxQuery.HandlingFilter.TO_HANDLE);
                    ((Button) v.root().lookup("#filter-apply")).fire();
                    return null;
                });
        until("only those to handle", () -> table.getItems().size() == 3);
        assertThat(fx(() -> ids(table.getItems())))
                .containsExactlyInAnyOrderElementsOf(ids(List.of(a, b, c)));
        assertThat(text(v, "pager-total")).isEqualTo(w.threeTotal);

        // the one with the note chosen, for a picture
        fx(
                () -> {
                    table.getSelectionModel().clearAndSelect(table.getItems().indexOf(c));
                    return null;
                });
        until(
                "its history shown",
                () -> !v.root().lookup("#handling-history").lookupAll(".handling-note").isEmpty());
        shoot(v, w.shot + "-filter.png");
    }

    /**
     * The screen as a laptop's 1366×768 window shows it, as a picture: its scene made again at that
     * size off the screen (the headless screen is smaller than that).
     */
    private void shoot(HistoryView v, String name) throws Exception {
        if (System.getProperty("ishaar.screenshots.dir") == null) {
            return;
        }
        WaitForAsyncUtils.waitForFxEvents();
        Stage laptop =
                fx(
                        () -> {
                            stage.getScene().setRoot(new javafx.scene.layout.Pane());
                            ((javafx.scene.layout.Region) v.root()).setPrefSize(1366, 768);
                            Stage off = new Stage();
                            off.setScene(scenes.createScene(v.root()));
                            return off;
                        });
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(laptop, name);
        fx(
                () -> {
                    // back in the window, at its size
                    laptop.getScene().setRoot(new javafx.scene.layout.Pane());
                    ((javafx.scene.layout.Region) v.root())
                            .setPrefSize(
                                    javafx.scene.layout.Region.USE_COMPUTED_SIZE,
                                    javafx.scene.layout.Region.USE_COMPUTED_SIZE);
                    stage.getScene().setRoot(v.root());
                    return null;
                });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The words each language shows. */
    private record Words(
            String column,
            String handled,
            String toHandle,
            String assigned,
            String colleague,
            String twoHandled,
            String twoUndone,
            String note,
            String threeTotal,
            String shot) {}

    @Test
    void inEnglishMarkUndoAssignNoteAndTheFilterToHandle() throws Exception {
        theDay(
                AppLanguage.ENGLISH,
                new Words(
                        "Handling",
                        "Handled",
                        "To handle",
                        "Assigned to Nadia",
                        "Nadia",
                        "2 notifications marked handled.",
                        "2 notifications put back as they were.",
                        "Called the buyer: the corrected invoice goes on Monday.",
                        "3 notifications",
                        "handling-en"));
    }

    @Test
    void inArabicMarkUndoAssignNoteAndTheFilterToHandle() throws Exception {
        theDay(
                AppLanguage.ARABIC,
                new Words(
                        "المعالجة",
                        "تمت المعالجة",
                        "للمعالجة",
                        "مُسند إلى نادية",
                        "نادية",
                        "إشعارات عُلِّمت كمُعالَجة: ٢.",
                        "إشعارات أُعيدت كما كانت: ٢.",
                        "اتصلت بالمشتري: تُرسل الفاتورة المصححة يوم الاثنين.",
                        "عدد الإشعارات: ٣",
                        "handling-ar"));
    }
}
