package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.text.MessageText;
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
import java.nio.file.Files;
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
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Orientation;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The notification screen over a scope of several taxpayers (All taxpayers) on its own stage, on a
 * real archive of three generated taxpayers: the Taxpayer column, Ctrl+F to the search, results as
 * the user types, an inline message for a search too short, the status badges, texts cut short, in
 * English and in Arabic (right to left).
 */
class ScopeViewFxTest extends OwnStageFxTestBase {
    static final int EACH = 30;
    static Path dir;
    static SqliteArchive archive;
    static List<SandboxTaxpayer> firms;
    static ArchivedNotification wanted;

    ExecutorService background = Executors.newFixedThreadPool(2);
    HistoryViewModel vm;

    @BeforeAll
    static void fill() throws Exception {
        dir = Files.createTempDirectory("ishaar-scope-view");
        archive = SqliteArchive.open(dir.resolve("archive.db"));
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
                List<ArchivedNotification> h = SandboxItems.history(s, t.rin(), Rin.of(t.rin()));
                archive.store(
                        new SyncBatch(ServiceKey.SANDBOX, Rin.of(t.rin()), h, "c", true, null));
                wanted = h.get(11);
            }
        }
    }

    @AfterAll
    static void close() throws Exception {
        archive.close();
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
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(30, TimeUnit.SECONDS);
    }

    private static void until(Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(c));
    }

    private static List<ListedTaxpayer> listed(AppLanguage language) {
        List<ListedTaxpayer> out = new ArrayList<>();
        for (SandboxTaxpayer f : firms) {
            out.add(
                    ListedTaxpayer.represented(
                            Rin.of(f.rin()),
                            language == AppLanguage.ARABIC ? f.nameAr() : f.nameEn()));
        }
        return out;
    }

    /** The screen over the listed taxpayers, 25 a page, 1100×640, its first page shown. */
    private HistoryView open(AppLanguage language) throws Exception {
        return open(language, listed(language), 1100, 640);
    }

    private HistoryView open(
            AppLanguage language, List<ListedTaxpayer> listed, double width, double height)
            throws Exception {
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
                            // a screen of several: its Taxpayer column and filter are made with it
                            vm.scope(Scope.all(listed));
                            SceneFactory scenes = new SceneFactory(i18n, new TextSize(100));
                            HistoryView v = new HistoryView(vm, i18n, scenes);
                            stage = new Stage();
                            stage.setScene(scenes.createScene(v.root()));
                            stage.setWidth(width);
                            stage.setHeight(height);
                            stage.show();
                            vm.readFrom(new ArchivePages(archive, ServiceKey.SANDBOX, background));
                            return v;
                        });
        until(() -> !table(view).getItems().isEmpty() && !vm.requests().loadingProperty().get());
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

    private static TextField search(HistoryView v) {
        return (TextField) v.root().lookup("#search");
    }

    private static void ctrlF(HistoryView v) throws Exception {
        fx(
                () -> {
                    table(v).requestFocus();
                    table(v).fireEvent(
                                    new KeyEvent(
                                            KeyEvent.KEY_PRESSED,
                                            "",
                                            "",
                                            KeyCode.F,
                                            false,
                                            !System.getProperty("os.name").startsWith("Mac"),
                                            false,
                                            System.getProperty("os.name").startsWith("Mac")));
                    return null;
                });
    }

    private static void type(TextField field, String text) throws Exception {
        fx(
                () -> {
                    field.setText(text);
                    return null;
                });
    }

    @Test
    void inEnglishTheTaxpayerColumnCtrlFAndResultsAsYouType() throws Exception {
        HistoryView v = open(AppLanguage.ENGLISH);
        assertThat(fx(() -> table(v).getColumns().get(1).getId())).isEqualTo("taxpayer");
        assertThat(fx(() -> table(v).getColumns().get(1).getText())).isEqualTo("Taxpayer");
        Notification first = fx(() -> table(v).getItems().get(0));
        ListedTaxpayer whose = fx(() -> vm.taxpayerOf(first));
        assertThat(whose).isNotNull();
        assertThat(whose.name()).isNotBlank();
        assertThat(firms.stream().map(SandboxTaxpayer::nameEn)).contains(whose.name());
        // the name in the cell, the RIN in its tooltip
        until(() -> drawnTaxpayers(v).containsKey(first.notificationId()));
        Shown cell = fx(() -> drawnTaxpayers(v).get(first.notificationId()));
        assertThat(cell.text()).isEqualTo(whose.name());
        assertThat(cell.tooltip()).isEqualTo(whose.name() + " — " + whose.rin().value());
        assertThat(text(v, "pager-total")).isEqualTo("90 notifications");
        assertThat(text(v, "pager-page")).isEqualTo("1");
        assertThat(text(v, "pager-of")).isEqualTo("of 4");
        assertThat(fx(() -> v.root().lookup("#inbox-taxpayer-filter")))
                .as("the taxpayer filter of a screen of several")
                .isInstanceOf(ComboBox.class);
        TextField search = search(v);
        assertThat(fx(search::getPromptText)).startsWith("Search notifications").endsWith("+F)");

        ctrlF(v);
        assertThat(fx(search::isFocused)).isTrue();
        type(search, "ab");
        until(() -> !text(v, "search-problem").isEmpty());
        assertThat(text(v, "search-problem"))
                .isEqualTo("Type at least 3 letters or digits in a row.");
        assertThat(text(v, "pager-total")).as("the rows stay").isEqualTo("90 notifications");
        assertThat(fx(() -> table(v).getItems().size())).isEqualTo(25);

        type(search, wanted.notificationId());
        until(() -> text(v, "pager-total").endsWith("found"));
        assertThat(text(v, "search-problem")).isEmpty();
        assertThat(
                        fx(
                                () ->
                                        table(v).getItems().stream()
                                                .map(Notification::notificationId)
                                                .toList()))
                .contains(wanted.notificationId());
        Screenshots.take(stage, "inbox-search-en.png");

        // Escape clears the search: everything again
        fx(
                () -> {
                    search.fireEvent(
                            new KeyEvent(
                                    KeyEvent.KEY_PRESSED,
                                    "",
                                    "",
                                    KeyCode.ESCAPE,
                                    false,
                                    false,
                                    false,
                                    false));
                    return null;
                });
        until(() -> text(v, "pager-total").equals("90 notifications"));
        assertThat(fx(() -> search.getText())).as("the search cleared").isEmpty();
    }

    @Test
    void theTaxpayerSoughtIsFoundByTypingWordsOfItsNameOrDigitsOfItsRin() throws Exception {
        HistoryView v = open(AppLanguage.ARABIC);
        @SuppressWarnings("unchecked")
        ComboBox<ListedTaxpayer> only =
                fx(() -> (ComboBox<ListedTaxpayer>) v.root().lookup("#inbox-taxpayer-filter"));
        SandboxTaxpayer sought = firms.get(1);
        // its name's first word written without hamza or with ه for ة, as users type it
        String word = sought.nameAr().split(" ")[0];
        String typed = word.replace('أ', 'ا').replace('إ', 'ا').replace('آ', 'ا').replace('ة', 'ه');
        assertThat(shownWhenSearched(only, typed))
                .as("the list narrowed to the names with that word, however it is spelt")
                .contains(sought.rin())
                .allSatisfy(
                        rin ->
                                assertThat(
                                                firms.stream()
                                                        .filter(f -> f.rin().equals(rin))
                                                        .findFirst()
                                                        .orElseThrow()
                                                        .nameAr())
                                        .contains(word));
        assertThat(shownWhenSearched(only, sought.rin().substring(2, 8)))
                .containsExactly(sought.rin());
        assertThat(shownWhenSearched(only, "zzzz")).isEmpty();
        assertThat(fx(() -> ((TextField) only.lookup("#taxpayer-filter-search")).getPromptText()))
                .isEqualTo("الاسم أو رقم التسجيل الضريبي");

        // chosen: the screen shows that taxpayer's rows only
        fx(
                () -> {
                    only.hide();
                    only.getItems().stream()
                            .filter(t -> t != null && t.rin().value().equals(sought.rin()))
                            .findFirst()
                            .ifPresent(t -> only.getSelectionModel().select(t));
                    return null;
                });
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && !table(v).getItems().isEmpty()
                                && table(v).getItems().stream()
                                        .allMatch(
                                                n ->
                                                        vm.taxpayerOf(n)
                                                                .rin()
                                                                .value()
                                                                .equals(sought.rin())));
        assertThat(fx(() -> vm.pager().totalCountProperty().get())).isEqualTo((long) EACH);
    }

    /** The RINs the taxpayer filter's list offers once {@code typed} is in its search field. */
    private static List<String> shownWhenSearched(ComboBox<ListedTaxpayer> only, String typed)
            throws Exception {
        return fx(
                () -> {
                    only.show();
                    TextField field = (TextField) only.lookup("#taxpayer-filter-search");
                    field.setText(typed);
                    // the list the skin shows in its place, of the taxpayers the words find
                    @SuppressWarnings("unchecked")
                    ComboBox<ListedTaxpayer> filtered =
                            (ComboBox<ListedTaxpayer>)
                                    only.getChildrenUnmodifiable().stream()
                                            .filter(ComboBox.class::isInstance)
                                            .findFirst()
                                            .orElseThrow();
                    return filtered.getItems().stream()
                            .filter(Objects::nonNull)
                            .map(t -> t.rin().value())
                            .toList();
                });
    }

    @Test
    void aFilterOfTwoStatusesShowsTheRowsOfEitherAndSaysBoth() throws Exception {
        HistoryView v = open(AppLanguage.ENGLISH);
        long failed = totalWithStatus(v, "error");
        long pending = totalWithStatus(v, "pending");
        assertThat(failed).isPositive();
        assertThat(pending).isPositive();

        @SuppressWarnings("unchecked")
        org.controlsfx.control.CheckComboBox<String> status =
                fx(
                        () ->
                                (org.controlsfx.control.CheckComboBox<String>)
                                        v.root().lookup("#filter-status"));
        fx(
                () -> {
                    status.getCheckModel().clearChecks();
                    status.getCheckModel().check("error");
                    status.getCheckModel().check("pending");
                    return null;
                });
        assertThat(fx(status::getTitle)).isEqualTo("Pending and 1 more");
        // Enter on the box applies, as anywhere in the filter bar
        fx(
                () -> {
                    status.requestFocus();
                    Node focused = status.getScene().getFocusOwner();
                    focused.fireEvent(
                            new KeyEvent(
                                    KeyEvent.KEY_PRESSED,
                                    "",
                                    "",
                                    KeyCode.ENTER,
                                    false,
                                    false,
                                    false,
                                    false));
                    return null;
                });
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && vm.pager().totalCountProperty().get() == failed + pending);
        assertThat(
                        fx(
                                () ->
                                        table(v).getItems().stream()
                                                .map(Notification::status)
                                                .distinct()
                                                .sorted()
                                                .toList()))
                .as("a page of either status")
                .isSubsetOf("error", "pending");
        assertThat(fx(() -> vm.filters().chips().stream().map(c -> c.text()).toList()))
                .contains("Status: Pending / Failed");

        // Reset checks none: All
        fx(
                () -> {
                    vm.filters().reset();
                    return null;
                });
        until(() -> status.getCheckModel().getCheckedItems().isEmpty());
        assertThat(fx(status::getTitle)).isEqualTo("All");
    }

    /** Applies the status filter of {@code wire} alone; the count it gives. */
    private long totalWithStatus(HistoryView v, String wire) throws Exception {
        fx(
                () -> {
                    vm.filters().statusProperty().set(wire);
                    return null;
                });
        apply(v);
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && !table(v).getItems().isEmpty()
                                && table(v).getItems().stream()
                                        .allMatch(n -> wire.equals(n.status())));
        return fx(() -> vm.pager().totalCountProperty().get());
    }

    private static void apply(HistoryView v) throws Exception {
        fx(
                () -> {
                    ((javafx.scene.control.Button) v.root().lookup("#filter-apply")).fire();
                    return null;
                });
    }

    @Test
    void inArabicItReadsRightToLeftWithArabicNamesAndDigits() throws Exception {
        HistoryView v = open(AppLanguage.ARABIC);
        assertThat(fx(() -> v.root().getEffectiveNodeOrientation()))
                .isEqualTo(NodeOrientation.RIGHT_TO_LEFT);
        assertThat(fx(() -> table(v).getColumns().get(1).getText())).isEqualTo("الممول");
        assertThat(text(v, "pager-total")).isEqualTo("عدد الإشعارات: ٩٠");
        assertThat(text(v, "pager-page")).isEqualTo("١");
        assertThat(text(v, "pager-of")).isEqualTo("من ٤");
        Notification first = fx(() -> table(v).getItems().get(0));
        ListedTaxpayer whose = fx(() -> vm.taxpayerOf(first));
        assertThat(firms.stream().map(SandboxTaxpayer::nameAr)).contains(whose.name());
        until(() -> drawnTaxpayers(v).containsKey(first.notificationId()));
        Shown cell = fx(() -> drawnTaxpayers(v).get(first.notificationId()));
        assertThat(cell.text()).isEqualTo(whose.name());
        assertThat(cell.tooltip()).startsWith(whose.name() + " — ").matches(".* [٠-٩]{9}");
        type(search(v), "فاتورة");
        until(() -> text(v, "pager-total").startsWith("نتائج البحث"));
        Screenshots.take(stage, "inbox-search-ar.png");
    }

    @Test
    void aSystemMessageSentAsJsonShowsItsTextAndAnEmailItsTextNotItsHtml() throws Exception {
        HistoryView v = open(AppLanguage.ENGLISH);
        List<Notification> rows = fx(() -> List.copyOf(table(v).getItems()));
        int json = -1;
        int html = -1;
        for (int i = 0; i < rows.size(); i++) {
            String m = rows.get(i).finalMessage().strip();
            if (json < 0 && m.startsWith("{")) {
                json = i;
            } else if (html < 0 && m.startsWith("<html")) {
                html = i;
            }
        }
        assertThat(json).as("a message sent as JSON on the first page").isNotNegative();
        assertThat(html).as("an e-mail on the first page").isNotNegative();

        String text =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(rows.get(json).finalMessage())
                        .get("text")
                        .asText();
        // the screen shows a message in its detail pane, the row chosen
        choose(v, json);
        assertThat(fx(() -> (String) vm.detail().messageProperty().get()))
                .as("laid out as data, its text whole")
                .contains(text)
                .isNotEqualTo(rows.get(json).finalMessage());
        assertThat(fx(() -> vm.detail().messageWasJsonProperty().get())).isTrue();
        choose(v, html);
        assertThat(fx(() -> (String) vm.detail().messageProperty().get()))
                .matches("(?s)(Dear |السادة ).*")
                .doesNotContain("<");
    }

    private void choose(HistoryView v, int row) throws Exception {
        fx(
                () -> {
                    table(v).getSelectionModel().clearAndSelect(row);
                    return null;
                });
        Notification n = fx(() -> table(v).getItems().get(row));
        until(() -> n.equals(vm.table().selectedProperty().get()));
    }

    @Test
    void inANarrowWindowTheStatusAndChannelStayReadableAndTheTableScrollsSideways()
            throws Exception {
        HistoryView v = open(AppLanguage.ENGLISH);
        fx(
                () -> {
                    stage.setWidth(600);
                    return null;
                });
        until(() -> table(v).getWidth() < 620);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut =
                fx(
                        () -> {
                            table(v).layout();
                            List<String> out = new ArrayList<>();
                            for (Node n : table(v).lookupAll(".table-cell")) {
                                if (n instanceof TableCell<?, ?> c
                                        && c.getTableColumn() != null
                                        && List.of("status", "channel")
                                                .contains(c.getTableColumn().getId())
                                        && !c.isEmpty()
                                        && c.isVisible()
                                        && c.getItem() instanceof Notification item) {
                                    String whole =
                                            vm.labels().cell(c.getTableColumn().getId(), item);
                                    Text drawn = drawnText(c);
                                    if (drawn == null || !drawn.getText().equals(whole)) {
                                        out.add(
                                                whole
                                                        + " drawn as "
                                                        + (drawn == null ? null : drawn.getText()));
                                    }
                                }
                            }
                            return out;
                        });
        assertThat(cut).as("status and channel cells cut short").isEmpty();
        // the columns that do not fit are reached by scrolling sideways
        assertThat(fx(() -> sideways(v))).as("a horizontal scroll bar").isTrue();
        // wide again (no row chosen: no detail pane), the columns fit the table: no scroll bar
        fx(
                () -> {
                    stage.setWidth(1400);
                    return null;
                });
        assertThat(fx(() -> vm.table().selectedProperty().get())).isNull();
        until(() -> !sideways(v));
    }

    /** The text a cell draws: its own, or its badge's. */
    private static Text drawnText(TableCell<?, ?> c) {
        Node where = c.getGraphic() instanceof Label badge ? badge : c;
        return (Text) where.lookup(".text");
    }

    @Test
    void eachStatusIsTheHistorysBadgeSoThatAFailedDeliveryStandsOut() throws Exception {
        HistoryView v = open(AppLanguage.ARABIC);
        until(() -> !badges(v).isEmpty());
        List<String> kinds =
                fx(
                        () -> {
                            List<String> out = new ArrayList<>();
                            for (var b : badges(v).entrySet()) {
                                Notification r = b.getKey();
                                Label badge = b.getValue();
                                String expected = HistoryLabels.statusStyle(r.status());
                                String kind = StatusBadge.kind(badge);
                                if (!Objects.equals(kind, expected)) {
                                    out.add(r.status() + " shown as " + kind);
                                }
                                out.add(kind);
                            }
                            return out;
                        });
        assertThat(kinds)
                .as("each status its badge")
                .noneMatch(k -> k == null || k.contains(" shown as "));
        assertThat(kinds).as("the page's failures and deliveries").contains("error", "delivered");
    }

    /** The status badges on screen, by row. */
    private static Map<Notification, Label> badges(HistoryView v) {
        Map<Notification, Label> out = new LinkedHashMap<>();
        for (Node n : table(v).lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c
                    && c.getTableColumn() != null
                    && "status".equals(c.getTableColumn().getId())
                    && !c.isEmpty()
                    && c.isVisible()
                    && c.getTableRow() != null
                    && c.getTableRow().getItem() instanceof Notification row
                    && c.getGraphic() instanceof Label badge
                    && badge.getStyleClass().contains("status-badge")
                    && badge.getText() != null
                    && !badge.getText().isBlank()) {
                out.put(row, badge);
            }
        }
        return out;
    }

    /** Whether the table shows a horizontal scroll bar. */
    private static boolean sideways(HistoryView v) {
        return table(v).lookupAll(".scroll-bar").stream()
                .anyMatch(
                        n ->
                                n instanceof ScrollBar b
                                        && b.getOrientation() == Orientation.HORIZONTAL
                                        && b.isVisible());
    }

    /**
     * A text too long for its column is cut with an ellipsis at the side it reads to, drawn inside
     * its cell, its beginning kept: in the right-to-left table, an Arabic text's ellipsis at its
     * left and a left-to-right address's at its right, so that a cut never looks like data.
     */
    @Test
    void aTextTooLongForItsColumnIsCutWithAnEllipsisOnTheSideItReadsTo() throws Exception {
        HistoryView v = open(AppLanguage.ARABIC);
        // narrow text columns: cut texts of either direction
        fx(
                () -> {
                    for (TableColumn<Notification, ?> c : table(v).getColumns()) {
                        if (List.of("type", "address").contains(c.getId())) {
                            c.setVisible(true); // (the address: from the table's menu)
                            c.setPrefWidth(90);
                        }
                    }
                    return null;
                });
        until(() -> cutTexts(v).stream().anyMatch(s -> !s.cut().equals(s.full())));
        List<CutText> shown = fx(() -> cutTexts(v));
        assertThat(shown).as("text cells on screen").isNotEmpty();
        assertThat(shown)
                .as("some texts are longer than their column, in either direction")
                .anyMatch(s -> !s.cut().equals(s.full()) && s.column().equals("type"))
                .anyMatch(s -> !s.cut().equals(s.full()) && s.column().equals("address"));
        for (CutText s : shown) {
            assertThat(s.from()).as("drawn inside its cell: " + s.cut()).isGreaterThan(-0.5);
            assertThat(s.to()).as("drawn inside its cell: " + s.cut()).isLessThan(s.room() + 0.5);
            if (!s.cut().equals(s.full())) {
                assertThat(s.dots()).as("cut with an ellipsis: " + s.cut()).isNotNegative();
                assertThat(s.full()).startsWith(s.cut().substring(0, s.dots()).strip());
                assertThat(s.endsOnItsEllipsis())
                        .as(s.column() + ": " + s.cut() + " ends on the side it reads to")
                        .isTrue();
            }
        }
    }

    record CutText(
            String column,
            String full,
            String cut,
            int dots,
            double from,
            double to,
            double room,
            boolean endsOnItsEllipsis) {}

    /** The type and address cells on screen, as drawn. */
    private List<CutText> cutTexts(HistoryView v) {
        List<CutText> out = new ArrayList<>();
        for (Node n : table(v).lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c
                    && c.getTableColumn() != null
                    && List.of("type", "address").contains(c.getTableColumn().getId())
                    && !c.isEmpty()
                    && c.isVisible()
                    && c.getItem() instanceof Notification item
                    && whole(c) != null) {
                Text drawn = (Text) c.lookup(".text");
                if (drawn == null) {
                    continue;
                }
                String column = c.getTableColumn().getId();
                var at = c.sceneToLocal(drawn.localToScene(drawn.getLayoutBounds()));
                String cut = drawn.getText();
                int dots = cut.indexOf(c.getEllipsisString());
                boolean ends = true;
                if (dots >= 0) {
                    var box = drawn.getLayoutBounds();
                    // the character drawn at the side the text reads to
                    boolean rightwards = !MessageText.rightToLeft(whole(c));
                    double x = rightwards ? box.getMaxX() - 1 : box.getMinX() + 1;
                    if (drawn.getEffectiveNodeOrientation() == NodeOrientation.RIGHT_TO_LEFT) {
                        // its own x runs from its right edge: mirrored on screen
                        x = box.getWidth() - x;
                    }
                    int end = drawn.hitTest(new Point2D(x, box.getCenterY())).getCharIndex();
                    ends = end >= dots && end < dots + c.getEllipsisString().length();
                }
                out.add(
                        new CutText(
                                column,
                                vm.labels().cell(column, item),
                                cut,
                                dots,
                                at.getMinX() - c.snappedLeftInset(),
                                at.getMaxX() - c.snappedLeftInset(),
                                c.getWidth() - c.snappedLeftInset() - c.snappedRightInset(),
                                ends));
            }
        }
        return out;
    }

    /**
     * A cell's whole text, as a screen reader reads it: its label's, or the whole of the line it
     * draws cut.
     */
    private static String whole(TableCell<?, ?> c) {
        return (String) c.queryAccessibleAttribute(javafx.scene.AccessibleAttribute.TEXT);
    }

    /**
     * Two taxpayers whose names differ only after their first 12 letters, the screen as wide as All
     * taxpayers leaves it beside the list on a 1366×768 screen: their cells read apart, each name
     * whole, in either language.
     */
    private void namesAlikeInTheirFirst12LettersReadApart(AppLanguage language, String a, String b)
            throws Exception {
        List<ListedTaxpayer> alike = new ArrayList<>();
        for (int i = 0; i < firms.size(); i++) {
            String name = i % 2 == 0 ? a : b;
            alike.add(ListedTaxpayer.represented(Rin.of(firms.get(i).rin()), name));
        }
        HistoryView v = open(language, alike, 1366 - 300, 768); // beside the taxpayer list
        // the rows of both laid out (the first page holds each taxpayer's)
        until(() -> drawnNames(v).size() >= 10);
        List<String> drawn = fx(() -> drawnNames(v));
        assertThat(drawn.stream().distinct().toList())
                .as("each name drawn far enough to tell it from the other")
                .hasSize(2);
        assertThat(drawn).allMatch(t -> t.length() > 13);
        assertThat(drawn).as("each name drawn whole").allMatch(t -> t.equals(a) || t.equals(b));
        // the same once the list renames them (the screen re-scoped, its rows named anew)
        List<ListedTaxpayer> swapped = new ArrayList<>();
        for (ListedTaxpayer t : alike) {
            swapped.add(ListedTaxpayer.represented(t.rin(), t.name().equals(a) ? b : a));
        }
        Map<String, String> before = fx(() -> drawnById(v));
        fx(
                () -> {
                    vm.scope(Scope.all(swapped));
                    return null;
                });
        until(
                () ->
                        drawnById(v).entrySet().stream()
                                .allMatch(
                                        e ->
                                                !before.containsKey(e.getKey())
                                                        || !before.get(e.getKey())
                                                                .equals(e.getValue())));
    }

    @Test
    void twoNamesAlikeInTheirFirst12LettersReadApartInEnglish() throws Exception {
        namesAlikeInTheirFirst12LettersReadApart(
                AppLanguage.ENGLISH, "Tenth of Ramadan Dairy", "Tenth of Ramadan Fertilisers");
    }

    @Test
    void twoNamesAlikeInTheirFirst12LettersReadApartInArabic() throws Exception {
        namesAlikeInTheirFirst12LettersReadApart(
                AppLanguage.ARABIC, "العاشر من رمضان للألبان", "العاشر من رمضان للأسمدة");
    }

    @Test
    void aTaxpayerTheListHasNoNameForShowsItsRinAloneAsItsExportDoes() throws Exception {
        HistoryView v = open(AppLanguage.ARABIC);
        List<ListedTaxpayer> unnamed = new ArrayList<>();
        for (SandboxTaxpayer f : firms) {
            unnamed.add(ListedTaxpayer.represented(Rin.of(f.rin()), ""));
        }
        fx(
                () -> {
                    vm.scope(Scope.all(unnamed));
                    return null;
                });
        // the export names no taxpayer: its RIN alone
        assertThat(fx(() -> ArchivePages.named(vm.exportQuery().scope())))
                .hasSize(firms.size())
                .allMatch(t -> t.name() == null);
        // drawn again without the names
        until(
                () ->
                        !drawnNames(v).isEmpty()
                                && drawnNames(v).stream()
                                        .noneMatch(
                                                t ->
                                                        firms.stream()
                                                                .anyMatch(
                                                                        f ->
                                                                                t.contains(
                                                                                        f
                                                                                                .nameAr()))));
        assertThat(fx(() -> drawnNames(v)))
                .as("the RIN alone, not \"(RIN)\" after no name")
                .allMatch(t -> t.matches("[٠-٩]{9}"));
    }

    /** A Taxpayer cell on screen: its text as drawn, and its tooltip. */
    record Shown(String text, String tooltip) {}

    /** The Taxpayer cells on screen, by notification ID. */
    private static Map<String, Shown> drawnTaxpayers(HistoryView v) {
        Map<String, Shown> out = new LinkedHashMap<>();
        for (Node n : table(v).lookupAll(".table-cell")) {
            if (n instanceof TaxpayerTableCell c
                    && !c.isEmpty()
                    && c.isVisible()
                    && c.getItem() != null) {
                Text drawn = (Text) c.lookup(".text");
                out.put(
                        c.getItem().notificationId(),
                        new Shown(
                                drawn == null ? "" : drawn.getText(),
                                c.getTooltip() == null ? null : c.getTooltip().getText()));
            }
        }
        return out;
    }

    private static Map<String, String> drawnById(HistoryView v) {
        Map<String, String> out = new LinkedHashMap<>();
        drawnTaxpayers(v).forEach((id, s) -> out.put(id, s.text()));
        return out;
    }

    /** The Taxpayer cells' texts as drawn. */
    private static List<String> drawnNames(HistoryView v) {
        return drawnTaxpayers(v).values().stream().map(Shown::text).toList();
    }
}
