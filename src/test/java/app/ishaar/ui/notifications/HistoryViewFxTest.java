package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.service.Session;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxPage;
import app.ishaar.sandbox.SandboxQuery;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.fx.FxExecutor;
import app.ishaar.ui.fx.WrappedText;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The history screen on the real in-process sandbox, headless: filters, paging, the empty state, a
 * 503 and Retry, the drill-down. Hosted in a plain stage (the main window is another screen's).
 */
@ExtendWith(ApplicationExtension.class)
class HistoryViewFxTest {

    private static SandboxFixture fixture;
    private static Session session;

    private I18n i18n;
    private HistoryViewModel vm;

    /** What the desktop was asked to open (files and folders of exports). */
    private final List<java.nio.file.Path> desktopOpened =
            new java.util.concurrent.CopyOnWriteArrayList<>();

    private HistoryView view;

    /** The sandbox taxpayer's history as its sync archived it: what the app's screen reads. */
    private static ArchivedSandbox archived;

    @org.junit.jupiter.api.io.TempDir static java.nio.file.Path archiveDir;

    @BeforeAll
    static void startSandbox() throws Exception {
        fixture = SandboxFixture.start();
        session = fixture.openSession();
        archived =
                new ArchivedSandbox(
                        fixture.sandbox,
                        SandboxFixture.RIN,
                        archiveDir,
                        java.util.concurrent.ForkJoinPool.commonPool());
    }

    @AfterAll
    static void stopSandbox() throws Exception {
        if (archived != null) {
            archived.close();
        }
        if (session != null) {
            session.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    @AfterEach
    void calm() {
        fixture.sandbox.knobs().fail503Share(0);
        fixture.sandbox.knobs().latency(java.time.Duration.ZERO);
    }

    @Start
    void start(Stage stage) {
        i18n = new I18n(AppLanguage.ENGLISH);
        i18n.zoneProperty().set(ZoneId.of("Africa/Cairo"));
        vm =
                new HistoryViewModel(
                        i18n,
                        FxExecutor.INSTANCE,
                        null,
                        p -> {},
                        java.time.Clock.systemUTC(),
                        desktopOpened::add);
        vm.pager().pageSizeProperty().set(25);
        SceneFactory scenes = new SceneFactory(i18n, new app.ishaar.ui.app.TextSize(100));
        view = new HistoryView(vm, i18n, scenes);
        scenes.prepare(stage, view.root(), "application.title");
        stage.setWidth(1240); // within Monocle's 1280x800 headless screen
        stage.setHeight(760);
        stage.show();
        vm.readFrom(new SessionPages(session));
    }

    // ---- helpers ----

    private static <T> T fx(Callable<T> c) {
        return WaitForAsyncUtils.waitForAsyncFx(10_000, c);
    }

    private void until(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> fx(condition));
    }

    /** Waits until the screen shows an answer (no request in flight). */
    private void settled() throws TimeoutException {
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && (vm.emptyProperty().get()
                                        || !vm.table().rows().isEmpty()
                                        || vm.requests().errorProperty().get() != null));
    }

    private List<Notification> rows() {
        return fx(() -> List.copyOf(vm.table().rows()));
    }

    private SandboxPage sandboxPage(SandboxQuery q) {
        return fixture.sandbox.query(SandboxFixture.RIN, q);
    }

    private static List<String> ids(List<Notification> list) {
        return list.stream().map(Notification::notificationId).toList();
    }

    private static List<String> sandboxIds(SandboxPage p) {
        return p.result().stream().map(SandboxNotification::notificationId).toList();
    }

    private String text(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        return fx(
                () ->
                        n instanceof Label l
                                ? l.getText()
                                : n instanceof TextField t
                                        ? t.getText()
                                        : n instanceof Button b ? b.getText() : null);
    }

    private void applyByEnter(FxRobot robot) {
        robot.clickOn("#filter-language")
                .type(KeyCode.ESCAPE); // focus inside the filter bar, popup closed
        robot.type(KeyCode.ENTER);
    }

    // ---- filters ----

    @Test
    void filterByEachDimensionShowsOnlyMatchingRows(FxRobot robot) throws Exception {
        settled();
        assertThat(text(robot, "#pager-total")).isEqualTo("2,500 notifications");

        record Case(
                String dimension,
                String value,
                Predicate<Notification> holds,
                SandboxQuery query) {}
        SandboxQuery base = new SandboxQuery(null, null, null, null, null, null, 1, 25);
        List<Case> cases =
                List.of(
                        new Case("type", "7", n -> n.typeId().equals("7"), base.withType("7")),
                        new Case(
                                "language",
                                "ar",
                                n -> n.language().equals("ar"),
                                base.withLanguage("ar")),
                        new Case(
                                "status",
                                "error",
                                n -> n.status().equals("error"),
                                base.withStatus("error")),
                        new Case(
                                "channel",
                                "sms",
                                n -> n.channel().equals("sms"),
                                base.withChannel("sms")));
        for (Case c : cases) {
            robot.interact(() -> vm.filters().reset());
            settled();
            robot.interact(
                    () -> {
                        Node box = robot.lookup("#filter-" + c.dimension()).query();
                        if (box instanceof org.controlsfx.control.CheckComboBox<?> any) {
                            // type and status take any of several: this one checked alone
                            @SuppressWarnings("unchecked")
                            var checks =
                                    ((org.controlsfx.control.CheckComboBox<String>) any)
                                            .getCheckModel();
                            checks.clearChecks();
                            checks.check(c.value());
                        } else {
                            ((javafx.scene.control.ChoiceBox<String>) box).setValue(c.value());
                        }
                    });
            applyByEnter(robot);
            until(() -> vm.filters().applied().equals(FilterState.DEFAULT.withType(null)) == false);
            settled();
            SandboxPage expected = sandboxPage(c.query());
            assertThat(rows()).as(c.dimension()).isNotEmpty().allMatch(c.holds);
            assertThat(ids(rows())).as(c.dimension()).isEqualTo(sandboxIds(expected));
            assertThat(fx(() -> vm.pager().totalCountProperty().get()))
                    .isEqualTo(expected.totalCount())
                    .isLessThan(2_500);
            assertThat(robot.lookup("#chip-" + c.dimension()).tryQuery()).isPresent();
        }

        // removing the chip drops that filter
        robot.clickOn("#chip-remove-channel");
        settled();
        assertThat(fx(() -> vm.pager().totalCountProperty().get())).isEqualTo(2_500);
    }

    @Test
    void customDateRangeWithTimesInTheUsersZone(FxRobot robot) throws Exception {
        settled();
        Instant newest = rows().get(0).receivedDateTime();
        LocalDate day = LocalDate.ofInstant(newest, ZoneId.of("Africa/Cairo")).minusDays(3);
        robot.interact(
                () -> {
                    vm.filters().presetProperty().set(DatePreset.CUSTOM);
                    vm.filters().fromDateProperty().set(day);
                    vm.filters().toDateProperty().set(day.plusDays(1));
                });
        robot.clickOn("#filter-from-time").push(KeyCode.SHORTCUT, KeyCode.A).write("08:00");
        robot.clickOn("#filter-to-time")
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write("18:30")
                .type(KeyCode.ENTER);
        until(() -> vm.filters().applied().preset() == DatePreset.CUSTOM);
        settled();
        Instant from = day.atTime(8, 0).atZone(ZoneId.of("Africa/Cairo")).toInstant();
        Instant to =
                day.plusDays(1)
                        .atTime(18, 30)
                        .atZone(ZoneId.of("Africa/Cairo"))
                        .toInstant()
                        .plusSeconds(60);
        assertThat(rows())
                .isNotEmpty()
                .allSatisfy(n -> assertThat(n.receivedDateTime()).isBetween(from, to));
        long expected =
                sandboxPage(
                                new SandboxQuery(
                                        from, to.minusMillis(1), null, null, null, null, 1, 25))
                        .totalCount();
        assertThat(fx(() -> vm.pager().totalCountProperty().get())).isEqualTo(expected);

        // from after to: refused, nothing changes
        robot.interact(() -> vm.filters().toDateProperty().set(day.minusDays(2)));
        assertThat(robot.lookup("#filter-invalid").queryAs(Label.class).isVisible()).isTrue();
        assertThat(robot.lookup("#filter-apply").queryButton().isDisabled()).isTrue();
    }

    // ---- paging ----

    @Test
    void pageThroughAndJumpToAPage(FxRobot robot) throws Exception {
        settled();
        SandboxQuery q = new SandboxQuery(null, null, null, null, null, null, 1, 25);
        assertThat(ids(rows())).isEqualTo(sandboxIds(sandboxPage(q)));
        assertThat(text(robot, "#pager-of")).isEqualTo("of 100");

        robot.clickOn("#pager-next");
        until(() -> vm.pager().pageProperty().get() == 2 && !vm.requests().loadingProperty().get());
        assertThat(ids(rows()))
                .isEqualTo(
                        sandboxIds(
                                sandboxPage(
                                        new SandboxQuery(
                                                null, null, null, null, null, null, 2, 25))));
        assertThat(text(robot, "#pager-page")).isEqualTo("2");

        robot.clickOn("#pager-page")
                .push(KeyCode.SHORTCUT, KeyCode.A)
                .write("37")
                .type(KeyCode.ENTER);
        until(
                () ->
                        vm.pager().pageProperty().get() == 37
                                && !vm.requests().loadingProperty().get());
        assertThat(ids(rows()))
                .isEqualTo(
                        sandboxIds(
                                sandboxPage(
                                        new SandboxQuery(
                                                null, null, null, null, null, null, 37, 25))));

        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.type(KeyCode.PAGE_DOWN);
        until(
                () ->
                        vm.pager().pageProperty().get() == 38
                                && !vm.requests().loadingProperty().get());
        robot.type(KeyCode.PAGE_UP);
        until(
                () ->
                        vm.pager().pageProperty().get() == 37
                                && !vm.requests().loadingProperty().get());

        robot.clickOn("#pager-last");
        until(
                () ->
                        vm.pager().pageProperty().get() == 100
                                && !vm.requests().loadingProperty().get());
        assertThat(robot.lookup("#pager-next").queryButton().isDisabled()).isTrue();
        assertThat(ids(rows()))
                .isEqualTo(
                        sandboxIds(
                                sandboxPage(
                                        new SandboxQuery(
                                                null, null, null, null, null, null, 100, 25))));

        // a bigger page keeps the first row in view: row 2475 is on page 25 of 100
        robot.interact(() -> vm.pager().pageSizeProperty().set(100));
        until(
                () ->
                        vm.pager().pageProperty().get() == 25
                                && vm.table().rows().size() == 100
                                && !vm.requests().loadingProperty().get());
        assertThat(text(robot, "#pager-of")).isEqualTo("of 25");

        robot.clickOn("#pager-first");
        until(() -> vm.pager().pageProperty().get() == 1 && !vm.requests().loadingProperty().get());
        assertThat(robot.lookup("#pager-previous").queryButton().isDisabled()).isTrue();
    }

    /** The rows the table has and the one it shows first, as the user sees them. */
    private List<String> tableIds() {
        return fx(
                () -> view.table().getItems().stream().map(Notification::notificationId).toList());
    }

    private int firstVisibleRow() {
        return fx(
                () -> {
                    javafx.scene.control.IndexedCell<?> first = flow().getFirstVisibleCell();
                    return first == null ? -1 : first.getIndex();
                });
    }

    private int lastVisibleRow() {
        return fx(
                () -> {
                    javafx.scene.control.IndexedCell<?> last = flow().getLastVisibleCell();
                    return last == null ? -1 : last.getIndex();
                });
    }

    private javafx.scene.control.skin.VirtualFlow<?> flow() {
        return (javafx.scene.control.skin.VirtualFlow<?>) view.table().lookup(".virtual-flow");
    }

    @Test
    void theTableShowsEachPageFromItsTopAndARefreshKeepsTheRowAndItsSelection(FxRobot robot)
            throws Exception {
        settled();
        robot.interact(
                () ->
                        vm.pager()
                                .pageSizeProperty()
                                .set(50)); // more rows than the table has room for
        until(() -> vm.table().rows().size() == 50 && !vm.requests().loadingProperty().get());
        assertThat(tableIds()).isEqualTo(ids(rows()));
        // the last row of page 1, scrolled into view and selected
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.interact(
                () -> {
                    view.table().getSelectionModel().select(49);
                    view.table().scrollTo(49);
                });
        until(() -> firstVisibleRow() > 0);
        Notification last = rows().get(49);
        until(() -> vm.table().selectedProperty().get() == last);

        // a refresh brings a fresh copy of the same page: the same row stays selected and in view
        robot.type(KeyCode.F5);
        until(() -> !vm.requests().loadingProperty().get() && vm.table().rows().get(49) != last);
        assertThat(tableIds()).isEqualTo(ids(rows()));
        assertThat(fx(() -> view.table().getSelectionModel().getSelectedIndex())).isEqualTo(49);
        assertThat(fx(() -> vm.table().selectedProperty().get().notificationId()))
                .isEqualTo(last.notificationId());
        assertThat(text(robot, "#detail-id")).isEqualTo(last.notificationId());
        assertThat(firstVisibleRow()).isPositive();
        assertThat(lastVisibleRow()).isEqualTo(49);

        // the next page shows from its first row, with nothing selected (the selected row is not on
        // it)
        robot.clickOn("#pager-next");
        until(() -> vm.pager().pageProperty().get() == 2 && !vm.requests().loadingProperty().get());
        assertThat(tableIds())
                .isEqualTo(ids(rows()))
                .isEqualTo(
                        sandboxIds(
                                sandboxPage(
                                        new SandboxQuery(
                                                null, null, null, null, null, null, 2, 50))));
        until(() -> firstVisibleRow() == 0);
        assertThat(fx(() -> view.table().getSelectionModel().getSelectedItem())).isNull();
        assertThat(fx(() -> vm.table().selectedProperty().get())).isNull();

        // a shorter last page: the table has exactly its rows
        robot.clickOn("#pager-last");
        until(
                () ->
                        vm.pager().pageProperty().get() == 50
                                && !vm.requests().loadingProperty().get());
        assertThat(tableIds()).isEqualTo(ids(rows()));
    }

    /**
     * Each row on screen holds the notification of its index (its cells, styling and clicks go by
     * that).
     */
    private List<String> rowsOnScreenThatLostTheirItem() {
        return fx(
                () -> {
                    List<String> wrong = new java.util.ArrayList<>();
                    javafx.scene.control.skin.VirtualFlow<?> flow = flow();
                    for (int i = flow.getFirstVisibleCell().getIndex();
                            i <= flow.getLastVisibleCell().getIndex();
                            i++) {
                        javafx.scene.control.IndexedCell<?> cell = flow.getVisibleCell(i);
                        Object expected =
                                i < view.table().getItems().size()
                                        ? view.table().getItems().get(i)
                                        : null;
                        if (cell != null && !java.util.Objects.equals(cell.getItem(), expected)) {
                            wrong.add("row " + i + " holds " + cell.getItem());
                        }
                    }
                    return wrong;
                });
    }

    /** The rows on screen, first to last (the objects themselves: each compares by identity). */
    private List<Object> rowObjectsOnScreen() {
        return fx(
                () -> {
                    List<Object> rows = new java.util.ArrayList<>();
                    javafx.scene.control.skin.VirtualFlow<?> flow = flow();
                    for (int i = flow.getFirstVisibleCell().getIndex();
                            i <= flow.getLastVisibleCell().getIndex();
                            i++) {
                        rows.add(flow.getVisibleCell(i));
                    }
                    return rows;
                });
    }

    /** Cells on screen that show another notification than their row's. */
    private List<String> cellsOnScreenBehindTheirRow() {
        return fx(
                () -> {
                    List<String> wrong = new java.util.ArrayList<>();
                    for (Node n : view.table().lookupAll(".table-row-cell")) {
                        if (n instanceof javafx.scene.control.TableRow<?> row
                                && row.isVisible()
                                && row.getItem() != null) {
                            for (Node c : row.lookupAll(".table-cell")) {
                                if (c instanceof javafx.scene.control.TableCell<?, ?> cell
                                        && cell.getItem() != row.getItem()) {
                                    wrong.add(
                                            "row "
                                                    + row.getIndex()
                                                    + ", column "
                                                    + cell.getTableColumn().getId());
                                }
                            }
                        }
                    }
                    return wrong;
                });
    }

    @Test
    void theNextPageShowsItsNotificationsInTheSameRowsEachKeepingItsPlace(FxRobot robot)
            throws Exception {
        settled();
        robot.interact(() -> {});
        List<Object> before = rowObjectsOnScreen();
        assertThat(before).hasSizeGreaterThan(10);
        for (int page = 2; page <= 3; page++) {
            int p = page;
            robot.clickOn("#pager-next");
            until(
                    () ->
                            vm.pager().pageProperty().get() == p
                                    && !vm.requests().loadingProperty().get()
                                    && flow().getFirstVisibleCell().getItem()
                                            == vm.table().rows().get(0));
            assertThat(rowsOnScreenThatLostTheirItem()).isEmpty();
            assertThat(cellsOnScreenBehindTheirRow()).isEmpty();
            // no row handed out anew: one that moved from an odd index to an even one was styled
            // again with all its cells, every row of a page when the window's height showed an even
            // count
            assertThat(rowObjectsOnScreen())
                    .as("the rows on screen on page " + p)
                    .containsExactlyElementsOf(before);
        }
        // a session's end blanks the same rows, which the next session's first page then fills
        robot.interact(() -> vm.endSession());
        until(
                () ->
                        !view.table().getItems().isEmpty()
                                && view.table().getItems().stream()
                                        .allMatch(java.util.Objects::isNull)
                                && flow().getFirstVisibleCell() != null
                                && flow().getFirstVisibleCell().getItem() == null);
        assertThat(rowsOnScreenThatLostTheirItem()).isEmpty();
        assertThat(rowObjectsOnScreen()).containsExactlyElementsOf(before);
    }

    @Test
    void aBiggerPageThatStartsWithTheSameRowFillsEveryRowOnScreen(FxRobot robot) throws Exception {
        settled();
        robot.interact(() -> vm.pager().pageSizeProperty().set(10));
        until(() -> vm.table().rows().size() == 10 && !vm.requests().loadingProperty().get());
        robot.interact(() -> {});
        assertThat(rowsOnScreenThatLostTheirItem()).isEmpty();
        // page 1 of 100 starts with the same notification as page 1 of 10
        robot.interact(() -> vm.pager().pageSizeProperty().set(100));
        until(
                () ->
                        vm.table().rows().size() == 100
                                && !vm.requests().loadingProperty().get()
                                && fx(() -> view.table().getItems().size()) == 100);
        robot.interact(() -> {});
        assertThat(rowsOnScreenThatLostTheirItem()).isEmpty();
    }

    @Test
    void afterPagingByKeyboardTheDownArrowStartsAtTheFirstRow(FxRobot robot) throws Exception {
        settled();
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.interact(() -> view.table().getSelectionModel().select(3));
        robot.type(KeyCode.PAGE_DOWN);
        until(() -> vm.pager().pageProperty().get() == 2 && !vm.requests().loadingProperty().get());
        Notification first = fx(() -> vm.table().rows().get(0));
        robot.type(KeyCode.DOWN);
        until(() -> vm.table().selectedProperty().get() != null);
        assertThat(fx(() -> vm.table().selectedProperty().get())).isSameAs(first);
        assertThat(text(robot, "#detail-id")).isEqualTo(first.notificationId());
    }

    @Test
    void rapidPagingOnASlowServiceShowsOnlyTheLastPageAskedFor(FxRobot robot) throws Exception {
        settled();
        fixture.sandbox.knobs().latency(java.time.Duration.ofMillis(1_500));
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        for (int i = 0; i < 4; i++) {
            robot.type(KeyCode.PAGE_DOWN); // each supersedes the one before, still in flight
        }
        assertThat(fx(() -> vm.requests().loadingProperty().get())).isTrue();
        assertThat(fx(() -> vm.table().rows().size()))
                .isEqualTo(25); // page 1 stays visible meanwhile
        Node table = robot.lookup("#history-table").query();
        Node progress = robot.lookup("#history-progress").query();
        until(
                () ->
                        progress.isVisible()
                                && table.getOpacity()
                                        < 1); // dimmed, with the indicator, while it takes long
        until(() -> !vm.requests().loadingProperty().get());
        assertThat(fx(() -> progress.isVisible())).isFalse();
        assertThat(fx(() -> table.getOpacity())).isEqualTo(1.0);
        assertThat(fx(() -> vm.pager().pageProperty().get())).isEqualTo(5);
        assertThat(ids(rows()))
                .isEqualTo(
                        sandboxIds(
                                sandboxPage(
                                        new SandboxQuery(
                                                null, null, null, null, null, null, 5, 25))));
        assertThat(fx(() -> vm.requests().errorProperty().get())).isNull();
    }

    // ---- empty, errors ----

    @Test
    void anEmptyResultSaysSoAndOffersToResetTheFilters(FxRobot robot) throws Exception {
        settled();
        robot.interact(
                () -> {
                    vm.filters().presetProperty().set(DatePreset.CUSTOM);
                    vm.filters().fromDateProperty().set(LocalDate.of(2000, 1, 1));
                    vm.filters().toDateProperty().set(LocalDate.of(2000, 1, 2));
                    vm.filters().apply();
                });
        until(() -> vm.emptyProperty().get() && !vm.requests().loadingProperty().get());
        assertThat(rows()).isEmpty();
        Label empty = robot.lookup("#history-empty").queryAs(Label.class);
        assertThat(fx(empty::getText)).isEqualTo("No notification matches these filters.");
        assertThat(fx(empty::isVisible)).isTrue();
        robot.clickOn("#history-empty-reset");
        settled();
        assertThat(rows()).hasSize(25);
        assertThat(fx(() -> vm.filters().applied().isDefault())).isTrue();
    }

    @Test
    void aServiceFailureShowsABannerKeepsTheRowsAndRetryRecovers(FxRobot robot) throws Exception {
        settled();
        robot.interact(() -> vm.filters().typeProperty().set("6"));
        robot.clickOn("#filter-apply");
        settled();
        List<String> before = ids(rows());

        fixture.sandbox.knobs().fail503Share(1.0);
        robot.clickOn("#pager-next");
        until(() -> vm.requests().errorProperty().get() != null);
        assertThat(robot.lookup("#history-banner").query().isVisible()).isTrue();
        assertThat(text(robot, "#history-error")).contains("not answering").contains("503");
        // the service's correlationId, to quote when reporting the problem
        assertThat(text(robot, "#history-error-reference")).matches("Reference: [0-9a-f-]{36}");
        assertThat(ids(rows())).isEqualTo(before);
        assertThat(fx(() -> vm.filters().applied().type())).isEqualTo("6");
        assertThat(fx(() -> vm.pager().pageProperty().get())).isEqualTo(1);

        fixture.sandbox.knobs().fail503Share(0);
        robot.clickOn("#history-retry");
        until(
                () ->
                        vm.requests().errorProperty().get() == null
                                && vm.pager().pageProperty().get() == 2
                                && !vm.requests().loadingProperty().get());
        assertThat(robot.lookup("#history-banner").query().isVisible()).isFalse();
        assertThat(rows()).allMatch(n -> n.typeId().equals("6"));

        // F5 with the service down again, then dismiss: rows stay
        fixture.sandbox.knobs().fail503Share(1.0);
        robot.clickOn(robot.lookup("#history-table").queryTableView()).type(KeyCode.F5);
        until(() -> vm.requests().errorProperty().get() != null);
        robot.clickOn("#history-dismiss");
        assertThat(robot.lookup("#history-banner").query().isVisible()).isFalse();
        assertThat(rows()).isNotEmpty();
    }

    // ---- between sessions ----

    /**
     * The table's rows that show an index (in view), with the texts written in their cells and
     * badges.
     */
    private List<String> textsInView() {
        return fx(
                () -> {
                    List<String> out = new java.util.ArrayList<>();
                    for (Node n : view.table().lookupAll(".table-row-cell")) {
                        if (n instanceof javafx.scene.control.TableRow<?> row
                                && row.isVisible()
                                && row.getIndex() >= 0) {
                            for (Node c : row.lookupAll(".table-cell")) {
                                javafx.scene.control.TableCell<?, ?> cell =
                                        (javafx.scene.control.TableCell<?, ?>) c;
                                if (cell.getText() != null && !cell.getText().isEmpty()) {
                                    out.add(cell.getText());
                                }
                            }
                            for (Node b : row.lookupAll(".status-badge")) {
                                if (b.isVisible() && ((Label) b).getText() != null) {
                                    out.add(((Label) b).getText());
                                }
                            }
                        }
                    }
                    return out;
                });
    }

    @Test
    void aLoggedOutTableKeepsBlankRowsThatTheNextSessionsFirstPageFills(FxRobot robot)
            throws Exception {
        settled();
        assertThat(textsInView()).isNotEmpty();
        robot.interact(() -> view.table().getSelectionModel().select(2));
        Object firstRow = fx(() -> view.table().lookup(".table-row-cell"));

        robot.interact(vm::endSession);
        WaitForAsyncUtils.waitForFxEvents();
        // as many rows as before, with nothing in them: no notification, no text, no badge, none
        // selected
        assertThat(fx(() -> new java.util.ArrayList<>(view.table().getItems())))
                .hasSize(25)
                .containsOnlyNulls();
        assertThat(textsInView()).isEmpty();
        assertThat(fx(() -> view.table().getSelectionModel().isEmpty())).isTrue();

        robot.interact(() -> vm.readFrom(new SessionPages(session)));
        settled();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(ids(fx(() -> List.copyOf(view.table().getItems()))))
                .isEqualTo(ids(rows()))
                .hasSize(25);
        assertThat(textsInView()).isNotEmpty();
        // the same rows, filled in (not made, nor styled, anew)
        assertThat(fx(() -> view.table().lookup(".table-row-cell"))).isSameAs(firstRow);
    }

    @Test
    void aNextSessionWhoseFirstLoadFailsOrFindsNothingShowsNoBlankRows(FxRobot robot)
            throws Exception {
        settled();
        robot.interact(vm::endSession);
        fixture.sandbox.knobs().fail503Share(1.0);
        robot.interact(() -> vm.readFrom(new SessionPages(session)));
        until(
                () ->
                        vm.requests().errorProperty().get() != null
                                && !vm.requests().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#history-banner").query().isVisible()).isTrue();
        assertThat(fx(() -> view.table().getItems())).isEmpty();

        fixture.sandbox.knobs().fail503Share(0);
        robot.interact(
                () -> {
                    vm.endSession();
                    vm.filters().presetProperty().set(DatePreset.CUSTOM);
                    vm.filters().fromDateProperty().set(LocalDate.of(2000, 1, 1));
                    vm.filters().toDateProperty().set(LocalDate.of(2000, 1, 2));
                    vm.filters().apply();
                    vm.readFrom(new SessionPages(session));
                });
        until(() -> vm.emptyProperty().get() && !vm.requests().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx(() -> view.table().getItems())).isEmpty();
        assertThat(fx(() -> robot.lookup("#history-empty").query().isVisible())).isTrue();
    }

    // ---- drill-down ----

    private Notification firstWithStatus(FxRobot robot, String status) throws Exception {
        robot.interact(
                () -> {
                    vm.filters().statusProperty().set(status);
                    vm.filters().apply();
                });
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && !vm.table().rows().isEmpty()
                                && vm.table().rows().get(0).status().equals(status));
        robot.interact(() -> view.table().getSelectionModel().select(0));
        return fx(() -> vm.table().selectedProperty().get());
    }

    @Test
    void restingOnASentTimeShowsItInUtc(FxRobot robot) throws Exception {
        settled();
        Notification first = rows().get(0);
        javafx.scene.control.TableCell<?, ?> cell =
                fx(
                        () ->
                                robot
                                        .lookup("#history-table .table-cell")
                                        .queryAllAs(javafx.scene.control.TableCell.class)
                                        .stream()
                                        .filter(
                                                c ->
                                                        c.getTableColumn() != null
                                                                && "sent"
                                                                        .equals(
                                                                                c.getTableColumn()
                                                                                        .getId())
                                                                && c.getIndex() == 0)
                                        .findFirst()
                                        .orElseThrow());
        robot.moveTo(cell).moveBy(3, 0).moveBy(-3, 0);
        until(() -> cell.getTooltip() != null && cell.getTooltip().isShowing());
        assertThat(fx(() -> cell.getTooltip().getText()))
                .isEqualTo("UTC: " + first.receivedDateTime());
        robot.moveTo("#history-refresh");
    }

    @Test
    void drillIntoDeliveredFailedAndBatchedNotifications(FxRobot robot) throws Exception {
        settled();
        Notification delivered = firstWithStatus(robot, "delivered");
        assertThat(text(robot, "#detail-id")).isEqualTo(delivered.notificationId());
        assertThat(text(robot, "#detail-status")).isEqualTo("Delivered");
        assertThat(
                        fx(
                                () ->
                                        StatusBadge.kind(
                                                robot.lookup("#detail-status")
                                                        .queryAs(
                                                                javafx.scene.control.Label.class))))
                .isEqualTo("delivered");
        assertThat(
                        fx(
                                () ->
                                        robot
                                                .lookup("#history-table .status-badge")
                                                .queryAllAs(javafx.scene.control.Label.class)
                                                .stream()
                                                .filter(
                                                        l ->
                                                                l.getText() != null
                                                                        && !l.getText().isEmpty())
                                                .map(StatusBadge::kind)
                                                .distinct()
                                                .toList()))
                .as("the table's badges, filtered to delivered")
                .containsExactly("delivered");
        assertThat(text(robot, "#detail-delivered")).isNotEqualTo("Not delivered");
        assertThat(robot.lookup("#detail-batch-note").query().isVisible()).isFalse();
        Node attempts = robot.lookup("#detail-attempts").query();
        assertThat(fx(() -> attempts.lookupAll(".attempt").size()))
                .isEqualTo(delivered.deliveryAttempts().size())
                .isPositive();
        // each attempt is read aloud as one sentence; one with no details says no more than its
        // time and result
        assertThat(delivered.deliveryAttempts())
                .anyMatch(a -> a.statusDetails() == null || a.statusDetails().isEmpty());
        assertThat(
                        fx(
                                () ->
                                        attempts.lookupAll(".attempt").stream()
                                                .map(Node::getAccessibleText)
                                                .toList()))
                .isEqualTo(
                        fx(
                                () ->
                                        vm.detail().attempts().stream()
                                                .map(
                                                        a ->
                                                                "Attempt at "
                                                                        + a.time()
                                                                        + ": "
                                                                        + a.status()
                                                                        + "."
                                                                        + (a.details().isEmpty()
                                                                                ? ""
                                                                                : " "
                                                                                        + a
                                                                                                .details()))
                                                .toList()));

        Notification failed = firstWithStatus(robot, "error");
        assertThat(text(robot, "#detail-status")).isEqualTo("Failed");
        assertThat(
                        fx(
                                () ->
                                        StatusBadge.kind(
                                                robot.lookup("#detail-status")
                                                        .queryAs(
                                                                javafx.scene.control.Label.class))))
                .isEqualTo("error");
        assertThat(text(robot, "#detail-delivered")).isEqualTo("Not delivered");
        assertThat(failed.deliveryAttempts())
                .isNotEmpty()
                .allMatch(a -> a.status().equals("error"));
        assertThat(
                        fx(
                                () ->
                                        vm.detail().attempts().stream()
                                                .map(DetailViewModel.AttemptRow::details)
                                                .toList()))
                .isEqualTo(
                        failed.deliveryAttempts().stream()
                                .map(DeliveryAttempt::statusDetails)
                                .toList());
        // each failed attempt's reason is shown whole, within the pane, however narrow it is
        robot.interact(() -> split().setDividerPositions(0.75));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> reasons =
                failed.deliveryAttempts().stream().map(DeliveryAttempt::statusDetails).toList();
        assertThat(reasons).allMatch(r -> r != null && r.length() > 12);
        assertThat(
                        fx(
                                () ->
                                        attempts.lookupAll(".attempt-details").stream()
                                                .map(n -> ((Label) n).getText())
                                                .toList()))
                .isEqualTo(reasons);
        for (Node d : fx(() -> List.copyOf(attempts.lookupAll(".attempt-details")))) {
            List<javafx.scene.text.Text> drawn = fx(() -> textsIn(d));
            List<javafx.geometry.Bounds> lines =
                    fx(() -> drawn.stream().map(HistoryViewFxTest::sceneBounds).toList());
            javafx.geometry.Bounds pane =
                    fx(
                            () ->
                                    robot.lookup("#detail-pane")
                                            .query()
                                            .localToScene(
                                                    robot.lookup("#detail-pane")
                                                            .query()
                                                            .getLayoutBounds()));
            assertThat(lines)
                    .as("the reason's lines")
                    .isNotEmpty()
                    .allSatisfy(
                            b ->
                                    assertThat(
                                                    b.getMinX() >= pane.getMinX()
                                                            && b.getMaxX() <= pane.getMaxX())
                                            .as("a line of %s within the pane", d)
                                            .isTrue());
            String shown =
                    fx(
                            () ->
                                    drawn.stream()
                                            .map(javafx.scene.text.Text::getText)
                                            .collect(java.util.stream.Collectors.joining(" ")));
            assertThat(shown.replaceAll("\\s+", " ").trim())
                    .as("the reason as drawn")
                    .isEqualTo(((Label) d).getText().replaceAll("\\s+", " ").trim());
        }
        // in the Arabic UI the service's English reasons read left to right, their lines at the
        // reading side
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ARABIC));
        WaitForAsyncUtils.waitForFxEvents();
        for (Node d : fx(() -> List.copyOf(attempts.lookupAll(".attempt-details")))) {
            assertThat(fx(d::getEffectiveNodeOrientation))
                    .isEqualTo(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT);
            javafx.geometry.Bounds box = fx(() -> d.localToScene(d.getLayoutBounds()));
            List<javafx.geometry.Bounds> lines =
                    fx(() -> textsIn(d).stream().map(HistoryViewFxTest::sceneBounds).toList());
            assertThat(lines)
                    .as("the reason's lines")
                    .isNotEmpty()
                    .allSatisfy(
                            b ->
                                    assertThat(box.getMaxX() - b.getMaxX())
                                            .as("a line of %s flush with the reading side", d)
                                            .isLessThan(1.0));
        }
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ENGLISH));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> split().setDividerPositions(0.6));

        Notification batched = firstWithStatus(robot, "batched");
        assertThat(text(robot, "#detail-status")).isEqualTo("Batched");
        assertThat(robot.lookup("#detail-batch-note").query().isVisible()).isTrue();
        assertThat(text(robot, "#detail-batch-note")).contains("batch");
        assertThat(fx(() -> attempts.lookupAll(".attempt").size()))
                .isEqualTo(batched.deliveryAttempts().size());

        // arrow keys move the selection; the pane follows without a request
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.interact(() -> view.table().getSelectionModel().select(0));
        int fetchesBefore =
                fx(() -> vm.table().rows().size()); // rows unchanged below means no reload happened
        robot.type(KeyCode.DOWN);
        Notification second = fx(() -> vm.table().rows().get(1));
        until(() -> vm.table().selectedProperty().get() == second);
        assertThat(text(robot, "#detail-id")).isEqualTo(second.notificationId());
        assertThat(fx(() -> vm.requests().loadingProperty().get())).isFalse();
        assertThat(fx(() -> vm.table().rows().size())).isEqualTo(fetchesBefore);
    }

    @Test
    void anEmailIsShownAsTextInItsOwnDirection(FxRobot robot) throws Exception {
        settled();
        robot.interact(
                () -> {
                    vm.filters().channelProperty().set("email");
                    vm.filters().languageProperty().set("ar");
                    vm.filters().apply();
                });
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && !vm.table().rows().isEmpty()
                                && vm.table().rows().get(0).channel().equals("email")
                                && vm.table().rows().get(0).language().equals("ar"));
        robot.interact(() -> view.table().getSelectionModel().select(0));
        WrappedText message = robot.lookup("#detail-message-text").query();
        until(() -> !message.lines().isEmpty());
        String shown = fx(() -> String.join("\n", message.lines()));
        assertThat(shown).doesNotContain("<p>", "<html", "<br").containsPattern("\\p{IsArabic}");
        assertThat(fx(() -> message.getEffectiveNodeOrientation()))
                .isEqualTo(javafx.geometry.NodeOrientation.RIGHT_TO_LEFT);
        assertThat(robot.lookup("#detail-html-note").query().isVisible()).isTrue();
    }

    @Test
    void aLongArabicMessageWrapsInTheDetailPaneWithoutHanging(FxRobot robot) throws Exception {
        settled();
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 2_000) {
            sb.append("تم اعتماد المستند الإلكتروني رقم ")
                    .append(sb.length())
                    .append(" بنجاح، ويمكنكم الاطلاع عليه من خلال البوابة. ");
        }
        String text = sb.substring(0, 2_000);
        Instant t = Instant.parse("2026-03-10T08:00:00Z");
        Notification longOne =
                new Notification(
                        "LONG-1",
                        t,
                        t,
                        "7",
                        "Document Validated",
                        text,
                        "push",
                        "device-1",
                        "ar",
                        "delivered",
                        List.of(new DeliveryAttempt(t, "delivered", null)));
        long started = System.nanoTime();
        robot.interact(() -> vm.table().selectedProperty().set(longOne));
        WrappedText message = robot.lookup("#detail-message-text").query();
        until(() -> message.lines().size() > 5);
        WaitForAsyncUtils.waitForFxEvents();
        long millis = (System.nanoTime() - started) / 1_000_000;
        List<String> lines = fx(message::lines);
        assertThat(String.join(" ", lines).replace("  ", " ")).isEqualTo(text.strip());
        double widest =
                fx(
                        () ->
                                message.getChildren().stream()
                                        .mapToDouble(n -> n.getLayoutBounds().getWidth())
                                        .max()
                                        .orElse(0));
        double available =
                fx(() -> robot.lookup("#detail-message").query().getLayoutBounds().getWidth());
        assertThat(widest).isLessThanOrEqualTo(available);
        assertThat(millis).as("rendering took %d ms", millis).isLessThan(5_000);

        // a huge unbroken string (a Base64 blob, say) is cut into lines too, without hanging
        String blob = "QUJD".repeat(5_000);
        Notification blobOne =
                new Notification(
                        "BLOB-1",
                        t,
                        t,
                        "5",
                        "x",
                        blob,
                        "system",
                        "erp",
                        "en",
                        "delivered",
                        List.of());
        robot.interact(() -> vm.table().selectedProperty().set(blobOne));
        until(() -> message.lines().size() > 20);
        assertThat(String.join("", fx(message::lines))).isEqualTo(blob);
        double widestBlob =
                fx(
                        () ->
                                message.getChildren().stream()
                                        .mapToDouble(n -> n.getLayoutBounds().getWidth())
                                        .max()
                                        .orElse(0));
        assertThat(widestBlob).isLessThanOrEqualTo(available);
    }

    /**
     * Selects a system-channel notification carrying {@code json} and waits for its message to show
     * more than {@code lines} lines.
     */
    private WrappedText detailOfSystemMessage(
            FxRobot robot, String json, String language, int lines) throws Exception {
        Instant t = Instant.parse("2026-03-10T08:00:00Z");
        Notification n =
                new Notification(
                        "JSON-" + language,
                        t,
                        t,
                        "6",
                        "x",
                        json,
                        "system",
                        "erp",
                        language,
                        "delivered",
                        List.of());
        robot.interact(() -> vm.table().selectedProperty().set(n));
        WrappedText message = robot.lookup("#detail-message-text").query();
        until(() -> message.lines().size() > lines);
        return message;
    }

    @Test
    void aWrappedJsonMemberKeepsItsIndentationOnEachOfItsLines(FxRobot robot) throws Exception {
        settled();
        String longValue = "word ".repeat(150).strip();
        String json =
                "{\"event\":\"DocumentReceived\",\"nested\":{\"text\":\"" + longValue + "\"}}";
        WrappedText message = detailOfSystemMessage(robot, json, "en", 8);
        List<String> lines = fx(message::lines);
        assertThat(lines.get(0)).isEqualTo("{");
        assertThat(lines.get(1)).isEqualTo("  \"event\" : \"DocumentReceived\",");
        assertThat(lines.get(2)).isEqualTo("  \"nested\" : {");
        int end = lines.indexOf("  }");
        List<String> member = lines.subList(3, end);
        // the member two levels deep wraps over several lines, each starting at its level
        assertThat(member)
                .hasSizeGreaterThan(3)
                .allMatch(l -> l.startsWith("    ") && !l.startsWith("     "));
        assertThat(String.join(" ", member.stream().map(String::strip).toList()))
                .isEqualTo("\"text\" : \"" + longValue + "\"");
        assertThat(lines.subList(end, lines.size())).containsExactly("  }", "}");
    }

    @Test
    void anArabicValueInAJsonMessageReadsRightToLeftOnALineOfItsOwnAtItsMembersLevel(FxRobot robot)
            throws Exception {
        settled();
        String value =
                "استلمت الفاتورة INV-2026-477498 (الرقم الموحد M44797GGXTM00SS8JHNM4K3A5K) من بورسعيد للشحن بقيمة 40,899.24 جنيه مصري.";
        String json =
                "{\"event\":\"DocumentReceived\",\"text\":\""
                        + value
                        + "\",\"amount\":\"40,899.24\"}";
        WrappedText message = detailOfSystemMessage(robot, json, "ar", 5);
        List<String> lines = fx(message::lines);
        List<Boolean> rtl = fx(message::linesRightToLeft);
        assertThat(lines.subList(0, 3))
                .containsExactly("{", "  \"event\" : \"DocumentReceived\",", "  \"text\" :");
        int amount = lines.indexOf("  \"amount\" : \"40,899.24\"");
        assertThat(amount).as("the members after it as before, %s", lines).isGreaterThan(3);
        List<String> valueLines = lines.subList(3, amount);
        assertThat(String.join(" ", valueLines.stream().map(String::strip).toList()))
                .isEqualTo("\"" + value + "\",");
        assertThat(valueLines).allMatch(l -> l.startsWith("    ") && !l.startsWith("     "));
        assertThat(rtl.subList(3, amount))
                .as("the Arabic value reads right to left")
                .containsOnly(true);
        assertThat(rtl.subList(0, 3)).as("the JSON around it left to right").containsOnly(false);
        assertThat(rtl.get(amount)).isFalse();

        // as drawn: the value's lines right to left, a block one level deeper than its name, flush
        // on its right, where each of its lines starts
        List<javafx.geometry.NodeOrientation> drawn =
                fx(
                        () ->
                                message.getChildren().stream()
                                        .map(Node::getEffectiveNodeOrientation)
                                        .toList());
        assertThat(drawn.subList(3, amount))
                .containsOnly(javafx.geometry.NodeOrientation.RIGHT_TO_LEFT);
        assertThat(drawn.subList(0, 3)).containsOnly(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT);
        Text name = fx(() -> (Text) message.getChildren().get(2));
        double nameX = fx(() -> name.getBoundsInParent().getMinX());
        // the name's line carries its indentation (two spaces) in its text; the value's, four, as a
        // margin
        double indentWidth =
                fx(
                        () -> {
                            Text four = new Text("    ");
                            four.setFont(name.getFont());
                            return four.getLayoutBounds().getWidth();
                        });
        List<javafx.geometry.Bounds> drawnValue =
                fx(
                        () ->
                                message.getChildren().subList(3, amount).stream()
                                        .map(Node::getBoundsInParent)
                                        .toList());
        assertThat(
                        drawnValue.stream()
                                        .mapToDouble(javafx.geometry.Bounds::getMinX)
                                        .min()
                                        .orElseThrow()
                                - nameX)
                .as("one level deeper than its name")
                .isCloseTo(indentWidth, org.assertj.core.data.Offset.offset(1.0));
        assertThat(drawnValue)
                .as("its lines flush on the right")
                .allSatisfy(
                        b ->
                                assertThat(b.getMaxX())
                                        .isCloseTo(
                                                drawnValue.get(0).getMaxX(),
                                                org.assertj.core.data.Offset.offset(1.0)));
        assertThat(
                        drawnValue.stream()
                                .mapToDouble(javafx.geometry.Bounds::getMinX)
                                .distinct()
                                .count())
                .as("a ragged left edge, as wrapped prose has")
                .isGreaterThan(1);
    }

    @Test
    void anArabicElementOfAJsonArrayReadsRightToLeftOnItsOwnLine(FxRobot robot) throws Exception {
        settled();
        String json = "{\"lines\":[\"استلمت الفاتورة INV-7\",\"Received\"]}";
        WrappedText message = detailOfSystemMessage(robot, json, "ar", 2);
        assertThat(fx(message::lines))
                .containsExactly(
                        "{",
                        "  \"lines\" : [",
                        "    \"استلمت الفاتورة INV-7\",",
                        "    \"Received\"",
                        "  ]",
                        "}");
        assertThat(fx(message::linesRightToLeft))
                .as("only the Arabic element right to left")
                .containsExactly(false, false, true, false, false, false);
    }

    // ---- language, export dialog ----

    @Test
    void switchingToArabicIsLiveMirroredAndKeepsFiltersPageAndSelection(FxRobot robot)
            throws Exception {
        settled();
        robot.interact(
                () -> {
                    vm.filters().channelProperty().set("email");
                    vm.filters().apply();
                });
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && vm.table().rows().get(0).channel().equals("email"));
        robot.clickOn("#pager-next");
        until(() -> vm.pager().pageProperty().get() == 2 && !vm.requests().loadingProperty().get());
        robot.interact(() -> view.table().getSelectionModel().select(3));
        String id = fx(() -> vm.table().selectedProperty().get().notificationId());
        List<String> before = ids(rows());

        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ARABIC));

        assertThat(fx(() -> view.root().getScene().getEffectiveNodeOrientation()))
                .isEqualTo(javafx.geometry.NodeOrientation.RIGHT_TO_LEFT);
        assertThat(fx(() -> view.table().getColumns().get(0).getText())).isEqualTo("تاريخ الإرسال");
        assertThat(text(robot, "#pager-page")).isEqualTo("٢");
        assertThat(text(robot, "#pager-total"))
                .containsPattern("[\u0660-\u0669]")
                .contains("إشعار");
        assertThat(text(robot, "#detail-status")).containsPattern("\\p{IsArabic}");
        assertThat(
                        fx(
                                () ->
                                        robot.lookup("#chip-channel").query().lookup(".label")
                                                        instanceof Label l
                                                ? l.getText()
                                                : ""))
                .contains("بريد إلكتروني");
        // the filters' choices are named in Arabic too
        assertThat(text(robot, "#filter-channel .label"))
                .isEqualTo(fx(() -> vm.filters().optionText("channel", "email")))
                .contains("بريد إلكتروني");
        assertThat(text(robot, "#filter-date .label")).containsPattern("\\p{IsArabic}");
        // and each box is as wide as its longest choice in Arabic (not shrunk to the one shown)
        double longestType =
                fx(
                        () -> {
                            javafx.scene.text.Font font =
                                    ((javafx.scene.control.Labeled)
                                                    robot.lookup("#filter-type .list-cell").query())
                                            .getFont();
                            return FiltersViewModel.typeOptions().stream()
                                    .mapToDouble(
                                            o -> {
                                                javafx.scene.text.Text t =
                                                        new javafx.scene.text.Text(
                                                                vm.filters().optionText("type", o));
                                                t.setFont(font);
                                                return t.getLayoutBounds().getWidth();
                                            })
                                    .max()
                                    .orElseThrow();
                        });
        until(
                () ->
                        fx(() -> robot.lookup("#filter-type").query().getLayoutBounds().getWidth())
                                >= longestType);
        // nothing was lost and nothing was fetched again
        assertThat(ids(rows())).isEqualTo(before);
        assertThat(fx(() -> vm.table().selectedProperty().get().notificationId())).isEqualTo(id);
        assertThat(text(robot, "#detail-id")).isEqualTo(id);
        assertThat(fx(() -> robot.lookup("#detail-id").query().getEffectiveNodeOrientation()))
                .isEqualTo(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT);

        robot.interact(() -> i18n.latinDigitsProperty().set(true));
        assertThat(text(robot, "#pager-page")).isEqualTo("2");
    }

    @Test
    void addressesReadLeftToRightButSitAtTheReadingSideLikeTheOtherValuesInEitherLanguage(
            FxRobot robot) throws Exception {
        settled();
        robot.interact(() -> view.table().getSelectionModel().select(0));
        until(() -> !text(robot, "#detail-address").isBlank());
        for (AppLanguage lang : new AppLanguage[] {AppLanguage.ARABIC, AppLanguage.ENGLISH}) {
            robot.interact(() -> i18n.languageProperty().set(lang));
            WaitForAsyncUtils.waitForFxEvents();
            boolean rtl = lang.rightToLeft();
            // the detail: the address's text starts where the type's does, beside its key
            // (both measured from the type's box, which fills the values' column)
            Node type = robot.lookup("#detail-type").query();
            double typeGap = fx(() -> gapToReadingSide(type, type, rtl));
            double addressGap =
                    fx(() -> gapToReadingSide(type, robot.lookup("#detail-address").query(), rtl));
            assertThat(addressGap)
                    .as("%s: the detail's address against its type", lang)
                    .isCloseTo(typeGap, org.assertj.core.api.Assertions.within(1.5));
            // the table: an address cell's text starts where the type cell's does, under its
            // heading
            until(
                    () ->
                            firstRowCell(robot, "address") != null
                                    && firstRowCell(robot, "type") != null);
            double typeCell =
                    fx(
                            () ->
                                    gapToReadingSide(
                                            firstRowCell(robot, "type"),
                                            firstRowCell(robot, "type"),
                                            rtl));
            double addressCell =
                    fx(
                            () ->
                                    gapToReadingSide(
                                            firstRowCell(robot, "address"),
                                            firstRowCell(robot, "address"),
                                            rtl));
            assertThat(addressCell)
                    .as("%s: the address cell against the type cell", lang)
                    .isCloseTo(typeCell, org.assertj.core.api.Assertions.within(1.5));
            // and the address still reads left to right
            assertThat(fx(() -> firstRowCell(robot, "address").getEffectiveNodeOrientation()))
                    .isEqualTo(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT);
        }
    }

    @Test
    void withNothingChosenTheTableHasTheWholeWidthAndAChoiceBringsTheDetailInEitherLanguage(
            FxRobot robot) throws Exception {
        settled();
        for (AppLanguage lang : new AppLanguage[] {AppLanguage.ENGLISH, AppLanguage.ARABIC}) {
            robot.interact(() -> i18n.languageProperty().set(lang));
            robot.interact(() -> view.table().getSelectionModel().clearSelection());
            until(() -> fx(() -> split().getItems().size() == 1));
            double whole = fx(() -> view.table().getWidth());
            assertThat(robot.lookup("#detail-pane").tryQuery())
                    .as("%s: no detail pane while nothing is chosen", lang)
                    .isEmpty();
            robot.interact(() -> view.table().getSelectionModel().select(1));
            until(() -> fx(() -> split().getItems().size() == 2));
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(fx(() -> view.table().getWidth()))
                    .as("%s: the detail's room is taken from the table", lang)
                    .isLessThan(whole - 100);
            // Escape lets the row go, and the pane with it
            robot.clickOn(robot.lookup("#history-table").queryTableView());
            robot.interact(() -> view.table().getSelectionModel().select(1));
            robot.type(KeyCode.ESCAPE);
            until(() -> fx(() -> split().getItems().size() == 1));
        }
    }

    private javafx.scene.control.SplitPane split() {
        return (javafx.scene.control.SplitPane) view.root().lookup("#history-split");
    }

    /** The first shown row's cell of a column, or null before it is laid out. */
    private Node firstRowCell(FxRobot robot, String column) {
        return fx(
                () ->
                        robot.from(view.table()).lookup(".table-cell").queryAll().stream()
                                .filter(
                                        n ->
                                                n instanceof javafx.scene.control.TableCell<?, ?> c
                                                        && c.getIndex() == 0
                                                        && c.isVisible()
                                                        && c.getTableColumn() != null
                                                        && column.equals(c.getTableColumn().getId())
                                                        && !c.isEmpty())
                                .findFirst()
                                .orElse(null));
    }

    /**
     * How far a node's texts start from a box's reading-side edge (its right edge right to left),
     * in the scene.
     */
    private static double gapToReadingSide(Node box, Node textsOf, boolean rtl) {
        javafx.geometry.Bounds b = box.localToScene(box.getLayoutBounds());
        List<javafx.geometry.Bounds> texts =
                textsIn(textsOf).stream().map(HistoryViewFxTest::sceneBounds).toList();
        assertThat(texts).as("texts in %s", textsOf).isNotEmpty();
        return rtl
                ? b.getMaxX()
                        - texts.stream()
                                .mapToDouble(javafx.geometry.Bounds::getMaxX)
                                .max()
                                .orElseThrow()
                : texts.stream().mapToDouble(javafx.geometry.Bounds::getMinX).min().orElseThrow()
                        - b.getMinX();
    }

    /** The shown, non-empty texts drawn in a node, in scene-graph order (on the FX thread). */
    private static List<javafx.scene.text.Text> textsIn(Node n) {
        if (n instanceof javafx.scene.text.Text t) {
            return t.isVisible() && !t.getText().isEmpty() ? List.of(t) : List.of();
        }
        return n instanceof javafx.scene.Parent p
                ? p.getChildrenUnmodifiable().stream().flatMap(c -> textsIn(c).stream()).toList()
                : List.of();
    }

    private static javafx.geometry.Bounds sceneBounds(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    @Test
    void afterALanguageSwitchThePageSizeMenuChecksTheSizeShown(FxRobot robot) throws Exception {
        settled();
        ChoiceBox<Integer> size =
                fx(() -> robot.from(view.root()).lookup("#pager-size").<ChoiceBox<Integer>>query());
        for (AppLanguage lang : new AppLanguage[] {AppLanguage.ARABIC, AppLanguage.ENGLISH}) {
            robot.interact(() -> i18n.languageProperty().set(lang));
            robot.interact(size::show);
            until(() -> fx(() -> app.ishaar.ui.fx.ChoiceMenus.openMenu(size) != null));
            List<String> checked =
                    fx(
                            () ->
                                    app.ishaar.ui.fx.ChoiceMenus.openMenu(size).getItems().stream()
                                            .filter(
                                                    i ->
                                                            i
                                                                            instanceof
                                                                            javafx.scene.control
                                                                                            .RadioMenuItem
                                                                                    r
                                                                    && r.isSelected())
                                            .map(javafx.scene.control.MenuItem::getText)
                                            .toList());
            assertThat(checked)
                    .as("%s: the checked size", lang)
                    .containsExactly(fx(() -> size.getConverter().toString(size.getValue())));
            robot.interact(size::hide);
        }
    }

    @Test
    void everyRowShowsItsTextsAndBadgeWholeInEnglishAndArabic(FxRobot robot) throws Exception {
        settled();
        for (AppLanguage lang : new AppLanguage[] {AppLanguage.ENGLISH, AppLanguage.ARABIC}) {
            robot.interact(() -> i18n.languageProperty().set(lang));
            WaitForAsyncUtils.waitForFxEvents();
            List<String> cut =
                    fx(
                            () -> {
                                List<String> found = new java.util.ArrayList<>();
                                int rowsSeen = 0;
                                for (Node n : view.table().lookupAll(".table-row-cell")) {
                                    if (!(n instanceof javafx.scene.control.TableRow<?> row)
                                            || !row.isVisible()
                                            || row.isEmpty()) {
                                        continue;
                                    }
                                    rowsSeen++;
                                    javafx.geometry.Bounds inRow = row.getLayoutBounds();
                                    // the text of every cell, and the status badge (its colour ends
                                    // where its box does)
                                    for (Node part : row.lookupAll(".text")) {
                                        if (part.isVisible()
                                                && part instanceof javafx.scene.text.Text t
                                                && t.getText() != null
                                                && !t.getText().isEmpty()) {
                                            check(found, row, inRow, t, t.getText());
                                        }
                                    }
                                    for (Node badge : row.lookupAll(".status-badge")) {
                                        if (badge.isVisible()) {
                                            check(found, row, inRow, badge, "status badge");
                                        }
                                    }
                                }
                                if (rowsSeen < 10) {
                                    found.add("only " + rowsSeen + " rows shown");
                                }
                                return found;
                            });
            assertThat(cut).as("%s: texts cut by their row", lang).isEmpty();
        }
    }

    private static void check(
            List<String> found,
            javafx.scene.control.TableRow<?> row,
            javafx.geometry.Bounds inRow,
            Node part,
            String what) {
        javafx.geometry.Bounds b = row.sceneToLocal(part.localToScene(part.getLayoutBounds()));
        if (b.getMinY() < inRow.getMinY() - 0.5 || b.getMaxY() > inRow.getMaxY() + 0.5) {
            found.add(
                    "row "
                            + row.getIndex()
                            + ": "
                            + what
                            + " spans "
                            + b.getMinY()
                            + ".."
                            + b.getMaxY()
                            + " in a row of "
                            + inRow.getHeight());
        }
    }

    /** The texts a shown row's cells show, in the order of the table's shown columns. */
    private List<String> shownCells(TableView<Notification> table, int index) {
        return fx(
                () -> {
                    javafx.scene.control.TableRow<?> row =
                            table.lookupAll(".table-row-cell").stream()
                                    .filter(
                                            n ->
                                                    n instanceof javafx.scene.control.TableRow<?> r
                                                            && r.getIndex() == index
                                                            && r.isVisible())
                                    .map(n -> (javafx.scene.control.TableRow<?>) n)
                                    .findFirst()
                                    .orElseThrow();
                    java.util.Map<javafx.scene.control.TableColumnBase<?, ?>, String> byColumn =
                            new java.util.HashMap<>();
                    for (Node c : row.lookupAll(".table-cell")) {
                        if (c instanceof javafx.scene.control.TableCell<?, ?> cell
                                && cell.isVisible()) {
                            // a label's text, a badge's, or the whole of a line drawn cut
                            byColumn.put(
                                    cell.getTableColumn(),
                                    cell.getText() != null
                                            ? cell.getText()
                                            : cell.getGraphic() instanceof Label l
                                                    ? l.getText()
                                                    : String.valueOf(
                                                            cell.queryAccessibleAttribute(
                                                                    javafx.scene.AccessibleAttribute
                                                                            .TEXT)));
                        }
                    }
                    return table.getVisibleLeafColumns().stream().map(byColumn::get).toList();
                });
    }

    private static javafx.scene.control.ContextMenu rowMenuShown() {
        return javafx.stage.Window.getWindows().stream()
                .filter(
                        w ->
                                w instanceof javafx.scene.control.ContextMenu m
                                        && m.isShowing()
                                        && m.getStyleClass().contains("row-menu"))
                .map(w -> (javafx.scene.control.ContextMenu) w)
                .findFirst()
                .orElse(null);
    }

    private static void clipboardHolds(String text) {
        WaitForAsyncUtils.waitForAsyncFx(
                5_000,
                () -> {
                    javafx.scene.input.ClipboardContent c =
                            new javafx.scene.input.ClipboardContent();
                    c.putString(text);
                    javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
                });
    }

    private static String clipboard() {
        return fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
    }

    @Test
    void ctrlIShowsAndHidesTheDetailFromTheTableOrAFilterAsTheDetailsButtonDoes(FxRobot robot)
            throws Exception {
        settled();
        javafx.scene.control.ToggleButton details =
                robot.lookup("#history-details").queryAs(javafx.scene.control.ToggleButton.class);
        assertThat(fx(() -> vm.layout().detailVisibleProperty().get())).isTrue();
        assertThat(fx(() -> split().getItems().size()))
                .as("no detail pane while no row is chosen: the table has the width")
                .isEqualTo(1);
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.interact(() -> view.table().getSelectionModel().select(0));
        until(() -> fx(() -> split().getItems().size() == 2));
        robot.push(KeyCode.SHORTCUT, KeyCode.I);
        until(() -> fx(() -> split().getItems().size() == 1));
        assertThat(fx(() -> vm.layout().detailVisibleProperty().get())).isFalse();
        assertThat(fx(details::isSelected)).as("the Details button follows").isFalse();
        assertThat(fx(() -> view.table().isFocused()))
                .as("the keyboard stays in the table")
                .isTrue();
        // from a filter too
        robot.clickOn("#filter-type").type(KeyCode.ESCAPE);
        robot.push(KeyCode.SHORTCUT, KeyCode.I);
        until(() -> fx(() -> split().getItems().size() == 2));
        assertThat(fx(details::isSelected)).isTrue();
    }

    @Test
    void theDetailCopiesTheIdAndTheMessageAsShown(FxRobot robot) throws Exception {
        settled();
        robot.interact(() -> view.table().getSelectionModel().select(0));
        Notification first = fx(() -> vm.table().rows().get(0));
        until(() -> first.notificationId().equals(text(robot, "#detail-id")));
        clipboardHolds("");
        robot.clickOn("#detail-copy");
        assertThat(clipboard()).isEqualTo(first.notificationId());
        String shown = fx(() -> vm.detail().messageProperty().get());
        assertThat(shown).isNotBlank();
        robot.clickOn("#detail-message-copy");
        assertThat(clipboard())
                .as("the message as the pane shows it")
                .isEqualTo(shown)
                .isEqualTo(
                        fx(
                                () ->
                                        String.join(
                                                "\n",
                                                robot.lookup("#detail-message-text")
                                                        .<WrappedText>query()
                                                        .linesAt(-1))));
        // a system channel's JSON message: copied laid out, one item per line, as shown
        Notification json =
                fx(
                        () ->
                                vm.table().rows().stream()
                                        .filter(n -> "system".equals(n.channel()))
                                        .findFirst()
                                        .orElseThrow());
        robot.interact(() -> view.table().getSelectionModel().select(json));
        until(() -> fx(() -> vm.detail().messageWasJsonProperty().get()));
        robot.clickOn("#detail-message-copy");
        assertThat(clipboard())
                .isEqualTo(fx(() -> vm.detail().messageProperty().get()))
                .contains("\n  \"");
        assertThat(fx(() -> robot.lookup("#detail-message-copy").query().getAccessibleText()))
                .isEqualTo("Copy the message as shown");
    }

    /** A right click on a shown row's first cell, and its menu shown. */
    private void rightClickRow(FxRobot robot, TableView<Notification> table, int index)
            throws Exception {
        robot.interact(
                () -> {
                    Node cell =
                            table.lookupAll(".table-row-cell").stream()
                                    .filter(
                                            n ->
                                                    n instanceof javafx.scene.control.TableRow<?> r
                                                            && r.getIndex() == index
                                                            && r.isVisible())
                                    .findFirst()
                                    .orElseThrow()
                                    .lookup(".table-cell");
                    javafx.geometry.Bounds b = cell.localToScreen(cell.getLayoutBounds());
                    javafx.geometry.Point2D scene =
                            cell.localToScene(
                                    cell.getLayoutBounds().getCenterX(),
                                    cell.getLayoutBounds().getCenterY());
                    cell.fireEvent(
                            new javafx.scene.input.ContextMenuEvent(
                                    javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                                    scene.getX(),
                                    scene.getY(),
                                    b.getCenterX(),
                                    b.getCenterY(),
                                    false,
                                    null));
                });
        until(() -> rowMenuShown() != null);
    }

    @Test
    void severalSelectedRowsAreCopiedTogetherInTheTablesOrderAndTheirIdsFromTheMenu(FxRobot robot)
            throws Exception {
        settled();
        TableView<Notification> table = view.table();
        robot.interact(
                () -> {
                    table.getSelectionModel().select(1);
                    table.requestFocus();
                });
        // Shift+Down twice: rows 1 to 3, the detail on the one chosen last
        robot.press(KeyCode.SHIFT).type(KeyCode.DOWN).type(KeyCode.DOWN).release(KeyCode.SHIFT);
        until(() -> fx(() -> table.getSelectionModel().getSelectedIndices().size()) == 3);
        List<Notification> three = fx(() -> List.copyOf(table.getItems().subList(1, 4)));
        until(() -> fx(() -> vm.table().selectedProperty().get()) == three.get(2));
        clipboardHolds("before");
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        assertThat(clipboard())
                .as("Ctrl+C: the rows as shown, one a line, in the table's order")
                .isEqualTo(
                        String.join(
                                "\n",
                                String.join("\t", shownCells(table, 1)),
                                String.join("\t", shownCells(table, 2)),
                                String.join("\t", shownCells(table, 3))));

        // a right click among them keeps them, and the menu names them together
        rightClickRow(robot, table, 2);
        assertThat(fx(() -> List.copyOf(table.getSelectionModel().getSelectedIndices())))
                .containsExactlyInAnyOrder(1, 2, 3);
        assertThat(
                        fx(
                                () ->
                                        rowMenuShown().getItems().stream()
                                                .map(javafx.scene.control.MenuItem::getText)
                                                .toList()))
                .containsExactly("Copy selected rows", "Copy notification IDs");
        robot.clickOn(fx(() -> rowMenuShown().getSkin().getNode().lookup("#row-copy-id")));
        until(() -> rowMenuShown() == null);
        assertThat(clipboard())
                .isEqualTo(
                        String.join(
                                "\n", three.stream().map(Notification::notificationId).toList()));

        // a refresh keeps them selected, the detail on the same one
        robot.type(KeyCode.F5);
        until(
                () ->
                        fx(
                                () ->
                                        !table.getItems().isEmpty()
                                                && table.getItems().get(1) != three.get(0)));
        assertThat(fx(() -> List.copyOf(table.getSelectionModel().getSelectedIndices())))
                .as("the same rows after F5")
                .containsExactlyInAnyOrder(1, 2, 3);
        assertThat(fx(() -> table.getSelectionModel().getSelectedItem().notificationId()))
                .isEqualTo(three.get(2).notificationId());
        assertThat(fx(() -> vm.table().selectedProperty().get().notificationId()))
                .as("the detail's")
                .isEqualTo(three.get(2).notificationId());

        // a right click on another row selects it alone
        rightClickRow(robot, table, 5);
        assertThat(fx(() -> List.copyOf(table.getSelectionModel().getSelectedIndices())))
                .containsExactly(5);
        assertThat(
                        fx(
                                () ->
                                        rowMenuShown().getItems().stream()
                                                .map(javafx.scene.control.MenuItem::getText)
                                                .toList()))
                .containsExactly("Copy row", "Copy notification ID");
        robot.interact(() -> rowMenuShown().hide());
    }

    @Test
    void ctrlCAndTheRowMenuCopyTheSelectedRowAsShownOrItsIdInBothLanguages(FxRobot robot)
            throws Exception {
        settled();
        TableView<Notification> table = view.table();
        // what is copied follows what is shown: one column hidden, another moved to the front
        robot.interact(
                () -> {
                    table.getColumns().stream()
                            .filter(c -> "language".equals(c.getId()))
                            .findFirst()
                            .orElseThrow()
                            .setVisible(false);
                    var attempts =
                            table.getColumns().stream()
                                    .filter(c -> "attempts".equals(c.getId()))
                                    .findFirst()
                                    .orElseThrow();
                    table.getColumns().remove(attempts);
                    table.getColumns().add(0, attempts);
                });
        robot.interact(
                () -> {
                    table.getSelectionModel().select(2);
                    table.requestFocus();
                });
        clipboardHolds("before");
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        List<String> shown = shownCells(table, 2);
        // nine shown: ten columns (with Handling, empty for a notification no one marked), one
        // hidden
        assertThat(shown).hasSize(9).doesNotContainNull();
        assertThat(clipboard())
                .as("Ctrl+C: the row's shown cells, tab-separated")
                .isEqualTo(String.join("\t", shown));

        // a right click on a row's cell selects that row and opens its menu at the pointer
        Notification fourth = fx(() -> table.getItems().get(4));
        rightClickRow(robot, table, 4);
        assertThat(fx(() -> table.getSelectionModel().getSelectedItem())).isSameAs(fourth);
        assertThat(
                        fx(
                                () ->
                                        rowMenuShown().getItems().stream()
                                                .map(javafx.scene.control.MenuItem::getText)
                                                .toList()))
                .containsExactly("Copy row", "Copy notification ID");
        robot.clickOn(fx(() -> rowMenuShown().getSkin().getNode().lookup("#row-copy-id")));
        until(() -> rowMenuShown() == null);
        assertThat(clipboard()).isEqualTo(fourth.notificationId());

        // in Arabic, from the keyboard (Shift+F10): under the selected row, from its right edge
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ARABIC));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(table::requestFocus);
        robot.press(KeyCode.SHIFT, KeyCode.F10).release(KeyCode.F10, KeyCode.SHIFT);
        until(() -> rowMenuShown() != null);
        assertThat(
                        fx(
                                () ->
                                        rowMenuShown().getItems().stream()
                                                .map(javafx.scene.control.MenuItem::getText)
                                                .toList()))
                .containsExactly("نسخ الصف", "نسخ معرّف الإشعار");
        javafx.geometry.Bounds rowOnScreen =
                fx(
                        () -> {
                            Node r =
                                    table.lookupAll(".table-row-cell").stream()
                                            .filter(
                                                    n ->
                                                            n
                                                                            instanceof
                                                                            javafx.scene.control
                                                                                                    .TableRow<
                                                                                            ?>
                                                                                    tr
                                                                    && tr.getIndex() == 4
                                                                    && tr.isVisible())
                                            .findFirst()
                                            .orElseThrow();
                            return r.localToScreen(r.getLayoutBounds());
                        });
        javafx.geometry.Bounds menuOnScreen =
                fx(
                        () -> {
                            Node content = rowMenuShown().getSkin().getNode();
                            return content.localToScreen(content.getLayoutBounds());
                        });
        assertThat(menuOnScreen.getMinY())
                .isCloseTo(rowOnScreen.getMaxY(), org.assertj.core.data.Offset.offset(2.0));
        assertThat(menuOnScreen.getMaxX())
                .isCloseTo(rowOnScreen.getMaxX(), org.assertj.core.data.Offset.offset(2.0));
        robot.clickOn(fx(() -> rowMenuShown().getSkin().getNode().lookup("#row-copy")));
        until(() -> rowMenuShown() == null);
        List<String> shownInArabic = shownCells(table, 4);
        assertThat(clipboard())
                .isEqualTo(String.join("\t", shownInArabic))
                .containsPattern("\\p{IsArabic}");
    }

    @Test
    void theShortcutKeyWithEOpensTheExportDialogThatTheButtonsTooltipNames(FxRobot robot)
            throws Exception {
        settled();
        assertThat(fx(() -> robot.lookup("#history-export").queryButton().getTooltip().getText()))
                .isEqualTo(
                        "Export every notification that matches the filters ("
                                + HistoryView.EXPORT.getDisplayText()
                                + ")");
        assertThat(fx(() -> view.lastExportDialog())).isNull();
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.push(HistoryView.EXPORT);
        until(() -> view.lastExportDialog() != null && view.lastExportDialog().stage().isShowing());
        assertThat(text(robot, "#export-scope")).contains("2,500");
        robot.clickOn("#export-close");
        until(() -> !view.lastExportDialog().stage().isShowing());
    }

    @Test
    void theExportDialogWritesTheFileWithProgressThenOpensItOrItsFolder(
            FxRobot robot, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        robot.interact(() -> archived.read(vm)); // what the app reads
        settled();
        List<java.nio.file.Path> opened = desktopOpened; // the desktop, recorded
        robot.clickOn("#history-export");
        ExportDialog dialog = fx(() -> view.lastExportDialog());
        assertThat(dialog).isNotNull();
        assertThat(fx(() -> dialog.stage().isShowing())).isTrue();
        assertThat(text(robot, "#export-status")).isEqualTo("Choose a format, then a file.");
        assertThat(fx(() -> robot.lookup("#export-open").query().getParent().isVisible()))
                .as("nothing to open yet")
                .isFalse();
        robot.clickOn("#export-xlsx");
        assertThat(fx(() -> dialog.viewModel().formatProperty().get()))
                .isEqualTo(ExportViewModel.Format.XLSX);

        java.nio.file.Path file = dir.resolve("history.xlsx"); // the file chooser's answer
        robot.interact(() -> dialog.viewModel().start(file));
        until(() -> dialog.viewModel().stateProperty().get() == ExportViewModel.State.DONE);
        assertThat(text(robot, "#export-status"))
                .isEqualTo("Done: 2,500 notifications written to history.xlsx.");
        assertThat(
                        fx(
                                () ->
                                        robot.lookup("#export-progress")
                                                .queryAs(javafx.scene.control.ProgressBar.class)
                                                .getProgress()))
                .isEqualTo(1.0);
        assertThat(java.nio.file.Files.size(file)).isPositive();
        // written: Open file (the default button, with the keyboard) and Show in folder
        until(
                () ->
                        robot.lookup("#export-open").queryButton().getParent().isVisible()
                                && robot.lookup("#export-open").queryButton().isFocused());
        assertThat(fx(() -> robot.lookup("#export-open").queryButton().isDefaultButton())).isTrue();
        assertThat(text(robot, "#export-open")).isEqualTo("Open file");
        assertThat(text(robot, "#export-show-folder")).isEqualTo("Show in folder");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        until(() -> opened.size() == 1);
        robot.clickOn("#export-show-folder");
        until(() -> opened.size() == 2);
        assertThat(opened).containsExactly(file, dir);
        robot.clickOn("#export-close");
        assertThat(fx(() -> dialog.stage().isShowing())).isFalse();

        // the next export of this taxpayer offers the same format and opens its chooser in the same
        // folder
        robot.clickOn("#history-export");
        ExportDialog next = fx(() -> view.lastExportDialog());
        assertThat(next).isNotSameAs(dialog);
        assertThat(
                        fx(
                                () ->
                                        robot.lookup("#export-xlsx")
                                                .queryAs(javafx.scene.control.RadioButton.class)
                                                .isSelected()))
                .isTrue();
        javafx.stage.FileChooser chooser = fx(next::chooser);
        assertThat(chooser.getInitialDirectory()).isEqualTo(dir.toFile());
        assertThat(chooser.getInitialFileName()).endsWith(".xlsx");
        assertThat(chooser.getExtensionFilters())
                .singleElement()
                .satisfies(f -> assertThat(f.getExtensions()).containsExactly("*.xlsx"));
        robot.clickOn("#export-close");
    }

    @Test
    void theExportDialogSaysHowManyOnlyOnceTheServiceHasSaid(FxRobot robot) throws Exception {
        settled();
        robot.clickOn("#history-export");
        assertThat(text(robot, "#export-scope"))
                .isEqualTo(
                        "Every notification that matches the current filters (2,500) is written, across all pages.");
        robot.clickOn("#export-close");

        // a new session whose first page is still on its way: no count yet (not "0"); on its way
        // for longer than a click and a dialog take on a busy machine (the sandbox answers each
        // request on a thread of its own, so the late answer holds up no other test)
        fixture.sandbox.knobs().latency(java.time.Duration.ofSeconds(30));
        robot.interact(
                () -> {
                    vm.endSession();
                    vm.readFrom(new SessionPages(session));
                });
        assertThat(fx(() -> vm.requests().loadingProperty().get())).isTrue();
        assertThat(text(robot, "#pager-total")).isEmpty();
        robot.clickOn("#history-export");
        assertThat(text(robot, "#export-scope"))
                .isEqualTo(
                        "Every notification that matches the current filters is written, across all pages.");
        robot.clickOn("#export-close");
    }

    @Test
    void columnLayoutAndDetailSizeAreRememberedAndRestored(FxRobot robot) throws Exception {
        settled();
        List<app.ishaar.core.settings.HistoryPrefs> remembered =
                new java.util.concurrent.CopyOnWriteArrayList<>();
        var prefs =
                new app.ishaar.core.settings.HistoryPrefs(
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        10,
                        List.of(
                                new app.ishaar.core.settings.HistoryPrefs.ColumnPref(
                                        "status", 140, true),
                                new app.ishaar.core.settings.HistoryPrefs.ColumnPref(
                                        "sent", 200, true),
                                new app.ishaar.core.settings.HistoryPrefs.ColumnPref(
                                        "address", 150, false)),
                        330.0, // wider than a whole ID, the least the pane takes
                        true,
                        null,
                        null,
                        null,
                        null);
        HistoryViewModel restored =
                new HistoryViewModel(i18n, FxExecutor.INSTANCE, prefs, remembered::add);
        HistoryView[] other = new HistoryView[1];
        robot.interact(
                () -> {
                    other[0] =
                            new HistoryView(
                                    restored,
                                    i18n,
                                    new SceneFactory(i18n, new app.ishaar.ui.app.TextSize(100)));
                    Stage second = new Stage();
                    new SceneFactory(i18n, new app.ishaar.ui.app.TextSize(100))
                            .prepare(second, other[0].root(), "application.title");
                    second.setWidth(1000);
                    second.setHeight(600);
                    second.show();
                    restored.readFrom(new SessionPages(session));
                });
        until(
                () ->
                        !restored.table().rows().isEmpty()
                                && !restored.requests().loadingProperty().get());
        robot.interact(() -> other[0].table().getSelectionModel().select(0)); // the detail shows
        TableView<Notification> table = other[0].table();
        assertThat(
                        fx(
                                () ->
                                        table.getColumns().stream()
                                                .map(javafx.scene.control.TableColumn::getId)
                                                .toList()))
                .startsWith("status", "sent", "address")
                .contains(
                        "type",
                        "handling",
                        "channel",
                        "language",
                        "delivered",
                        "attempts",
                        "message")
                .hasSize(10);
        assertThat(fx(() -> table.getColumns().get(2).isVisible())).isFalse();
        assertThat(fx(() -> table.getColumns().get(1).getWidth())).isEqualTo(200.0);
        assertThat(fx(() -> table.isTableMenuButtonVisible())).isTrue();
        javafx.scene.control.SplitPane split =
                fx(() -> (javafx.scene.control.SplitPane) other[0].root().lookup("#history-split"));
        Node detailPane = fx(() -> other[0].root().lookup("#detail-pane"));
        // the remembered width, in pixels (the divider's own width apart)
        until(() -> Math.abs(detailPane.getLayoutBounds().getWidth() - 330) <= 4);
        // a wider window widens the table; the detail keeps its width, and nothing new is
        // remembered
        double tableBefore = fx(() -> table.getWidth());
        int rememberedBefore = remembered.size();
        robot.interact(() -> ((Stage) other[0].root().getScene().getWindow()).setWidth(1180));
        until(() -> table.getWidth() >= tableBefore + 175);
        assertThat(fx(() -> detailPane.getLayoutBounds().getWidth()))
                .isCloseTo(330, org.assertj.core.data.Offset.offset(4.0));
        assertThat(fx(() -> restored.layout().detailWidthProperty().get())).isEqualTo(330.0);
        assertThat(remembered).hasSize(rememberedBefore);

        // hide one, move one: the new layout reaches the prefs sink
        robot.interact(
                () -> {
                    table.getColumns().get(0).setVisible(false);
                    var moved = table.getColumns().remove(3);
                    table.getColumns().add(0, moved);
                });
        until(
                () ->
                        !remembered.isEmpty()
                                && !remembered
                                        .get(remembered.size() - 1)
                                        .columns()
                                        .get(1)
                                        .visible());
        var last = remembered.get(remembered.size() - 1);
        assertThat(last.columns().get(1).id()).isEqualTo("status");
        assertThat(last.pageSize()).isEqualTo(10);

        // the user moves the divider: the new width is remembered, and kept when the window narrows
        robot.interact(() -> split.setDividerPositions(0.6));
        double moved = fx(() -> detailPane.getLayoutBounds().getWidth());
        until(
                () ->
                        Math.abs(restored.layout().detailWidthProperty().get() - moved) <= 4
                                && Math.abs(moved - 330) > 20);
        assertThat(remembered.get(remembered.size() - 1).detailWidth())
                .isEqualTo(restored.layout().detailWidthProperty().get());
        robot.interact(() -> ((Stage) other[0].root().getScene().getWindow()).setWidth(1000));
        until(() -> table.getWidth() <= tableBefore + 25);
        assertThat(fx(() -> detailPane.getLayoutBounds().getWidth()))
                .isCloseTo(moved, org.assertj.core.data.Offset.offset(4.0));
        robot.clickOn(other[0].root().lookup("#history-details"));
        until(
                () ->
                        !restored.layout().detailVisibleProperty().get()
                                && !split.getItems()
                                        .contains(other[0].root().lookup("#detail-pane")));
        assertThat(remembered.get(remembered.size() - 1).detailVisible()).isFalse();
        robot.interact(() -> other[0].root().getScene().getWindow().hide());
    }

    @Test
    void thePagersAndDetailsTooltipsNameTheirKeysAsThePlatformDoesAndTheArrowOfTheReadingDirection(
            FxRobot robot) throws Exception {
        settled();
        String altLeft =
                new KeyCodeCombination(KeyCode.LEFT, KeyCombination.ALT_DOWN).getDisplayText();
        String altRight =
                new KeyCodeCombination(KeyCode.RIGHT, KeyCombination.ALT_DOWN).getDisplayText();
        String pageUp = new KeyCodeCombination(KeyCode.PAGE_UP).getDisplayText();
        String pageDown = new KeyCodeCombination(KeyCode.PAGE_DOWN).getDisplayText();
        assertThat(tooltip(robot, "#pager-previous"))
                .isEqualTo("Previous page (" + pageUp + ", " + altLeft + ")");
        assertThat(tooltip(robot, "#pager-next"))
                .isEqualTo("Next page (" + pageDown + ", " + altRight + ")");
        assertThat(fx(() -> robot.lookup("#pager-next").queryButton().getAccessibleText()))
                .isEqualTo(tooltip(robot, "#pager-next"));
        assertThat(tooltip(robot, "#history-details"))
                .isEqualTo(
                        "Show or hide the details of the selected notification ("
                                + HistoryView.DETAILS.getDisplayText()
                                + ")");

        // in Arabic the arrow that pages on points left, the way the page is read
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ARABIC));
        assertThat(tooltip(robot, "#pager-previous"))
                .startsWith("الصفحة السابقة")
                .endsWith("(" + pageUp + "، " + altRight + ")");
        assertThat(tooltip(robot, "#pager-next"))
                .startsWith("الصفحة التالية")
                .endsWith("(" + pageDown + "، " + altLeft + ")");
        assertThat(fx(() -> robot.lookup("#pager-previous").queryButton().getAccessibleText()))
                .isEqualTo(tooltip(robot, "#pager-previous"));
        assertThat(tooltip(robot, "#history-details"))
                .endsWith("(" + HistoryView.DETAILS.getDisplayText() + ")");
    }

    private String tooltip(FxRobot robot, String id) throws Exception {
        return fx(
                () ->
                        ((javafx.scene.control.Control) robot.lookup(id).query())
                                .getTooltip()
                                .getText());
    }

    @Test
    void keyboardShortcutsReachFiltersAndRefresh(FxRobot robot) throws Exception {
        settled();
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        assertThat(fx(() -> view.root().getScene().getFocusOwner().getId()))
                .as("Ctrl+F: the search field, in a taxpayer's screen too")
                .isEqualTo("search");
        Notification first = rows().get(0);
        robot.type(KeyCode.F5);
        until(
                () ->
                        !vm.requests().loadingProperty().get()
                                && vm.table().rows().get(0)
                                        != first); // a fresh page object arrived
        assertThat(rows().get(0).notificationId()).isEqualTo(first.notificationId());

        // Alt+arrows page in the reading direction
        robot.clickOn(robot.lookup("#history-table").queryTableView());
        robot.press(KeyCode.ALT, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.ALT);
        until(() -> vm.pager().pageProperty().get() == 2 && !vm.requests().loadingProperty().get());
        robot.interact(() -> i18n.languageProperty().set(AppLanguage.ARABIC));
        robot.press(KeyCode.ALT, KeyCode.LEFT).release(KeyCode.LEFT, KeyCode.ALT);
        until(() -> vm.pager().pageProperty().get() == 3 && !vm.requests().loadingProperty().get());
        robot.press(KeyCode.ALT, KeyCode.RIGHT).release(KeyCode.RIGHT, KeyCode.ALT);
        until(() -> vm.pager().pageProperty().get() == 2 && !vm.requests().loadingProperty().get());
    }
}
