package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.SettingsStore;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * The text size (View → Larger text, Smaller text, Normal text size; Ctrl with +, - or 0 in every
 * window): every text grows with it, the dialogs and the table's rows and columns make room for it,
 * one press is one step, and the size is remembered.
 */
class TextSizeFxTest extends FxSandboxTestBase {

    private int percent() {
        return fx(() -> ctx.textSize().percentProperty().get());
    }

    private double fontSize(String query) {
        return fx(() -> lookup(query).<Labeled>query().getFont().getSize());
    }

    private void shortcut(KeyCode key) {
        press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
    }

    @Test
    void theKeysChangeTheTextOfTheLoginDialogOneStepAPressAndTheDialogMakesRoomForIt() {
        waitForDemoAccounts();
        assertThat(fontSize("#login-button")).isCloseTo(13.0, within(0.01));
        double width = fx(() -> flow.loginStage().getScene().getWidth());

        shortcut(KeyCode.EQUALS);
        waitUntil("the text is a step larger", () -> near(fontSize("#login-button"), 14.3));
        waitForPulses(3);
        assertThat(percent()).as("one press, one step").isEqualTo(110);
        waitUntil(
                "the dialog widens with its text",
                () ->
                        Math.abs(fx(() -> flow.loginStage().getScene().getWidth()) - width * 1.1)
                                < 2);

        shortcut(KeyCode.ADD); // the number pad's +
        waitUntil("another step", () -> percent() == 125);
        waitUntil(
                "every text follows, the heading too",
                () ->
                        near(fontSize("#login-button"), 16.25)
                                && Math.abs(
                                                fx(
                                                                () ->
                                                                        lookup(".heading")
                                                                                .<Labeled>query()
                                                                                .getFont()
                                                                                .getSize())
                                                        - 18 * 1.25)
                                        < 0.01);

        shortcut(KeyCode.MINUS);
        waitUntil(
                "a step smaller", () -> percent() == 110 && near(fontSize("#login-button"), 14.3));
        // Ctrl and the mouse wheel: a step a notch (40 pixels; a touchpad's smaller scrolls add up)
        Node button = fx(() -> lookup("#login-button").query());
        wheelWithShortcut(button, 40);
        waitUntil("a notch up, a step larger", () -> percent() == 125);
        wheelWithShortcut(button, 20);
        waitForPulses(2);
        assertThat(percent()).as("half a notch: not yet").isEqualTo(125);
        wheelWithShortcut(button, 20);
        waitUntil("the other half", () -> percent() == 150);
        wheelWithShortcut(button, -80);
        waitUntil("two notches down, two steps smaller", () -> percent() == 110);
        shortcut(KeyCode.DIGIT0);
        waitUntil(
                "the normal size again",
                () -> percent() == 100 && near(fontSize("#login-button"), 13.0));
        waitUntil(
                "and the dialog its width",
                () -> Math.abs(fx(() -> flow.loginStage().getScene().getWidth()) - width) < 2);
        shortcut(KeyCode.MINUS);
        waitForPulses(3);
        assertThat(percent()).as("nothing smaller than the normal size").isEqualTo(100);
    }

    @Test
    void theTablesRowsAndColumnsGrowWithTheirTextAndTheSizeIsRememberedAtTheNormalSize()
            throws Exception {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        TableView<?> table = fx(() -> lookup("#history-table").<TableView<?>>query());
        TableColumn<?, ?> sent =
                fx(
                        () ->
                                table.getColumns().stream()
                                        .filter(c -> "sent".equals(c.getId()))
                                        .findFirst()
                                        .orElseThrow());
        waitForPulses(3);
        double sentWidth = fx(sent::getWidth);
        assertThat(fx(table::getFixedCellSize)).isEqualTo(25.0);
        assertThat(cellFontSize(table)).isCloseTo(13.0, within(0.01));

        // the main window's View menu has the same keys as accelerators: still one step a press
        shortcut(KeyCode.EQUALS);
        waitUntil("the table's text a step larger", () -> near(cellFontSize(table), 14.3));
        waitForPulses(3);
        assertThat(percent()).isEqualTo(110);
        assertThat(fx(table::getFixedCellSize))
                .as("its rows as much higher")
                .isCloseTo(27.5, within(0.1));
        assertThat(fx(sent::getWidth))
                .as("its columns as much wider")
                .isCloseTo(sentWidth * 1.1, within(1.5));

        MenuItem larger = fx(() -> findItem("menu-larger-text"));
        onFx(larger::fire);
        onFx(larger::fire);
        onFx(larger::fire);
        waitUntil("the largest step", () -> percent() == 175 && near(cellFontSize(table), 22.75));
        assertThat(fx(larger::isDisable)).as("nothing larger than the largest step").isTrue();
        waitForPulses(3);
        assertThat(fx(table::getFixedCellSize)).isCloseTo(25 * 1.75, within(0.1));
        assertThat(fx(sent::getWidth)).isCloseTo(sentWidth * 1.75, within(3.0));
        // no row cuts its status badge or its text
        List<Node> badges = fx(() -> List.copyOf(table.lookupAll(".status-badge")));
        assertThat(badges).isNotEmpty();
        for (Node badge : badges) {
            Bounds b = fx(() -> badge.getLayoutBounds());
            if (fx(badge::isVisible)) {
                assertThat(b.getHeight()).as("a badge fits its row").isLessThanOrEqualTo(25 * 1.75);
            }
        }

        // remembered: the size, and the columns at their width at the normal size
        waitUntil(
                "the columns are remembered at the normal size",
                () ->
                        Math.abs(
                                        fx(
                                                        () ->
                                                                flow
                                                                        .mainViewModel()
                                                                        .current()
                                                                        .history()
                                                                        .layout()
                                                                        .columnsProperty()
                                                                        .get()
                                                                        .stream()
                                                                        .filter(
                                                                                c ->
                                                                                        c.id().equals(
                                                                                                        "sent"))
                                                                        .mapToDouble(
                                                                                HistoryPrefs
                                                                                                .ColumnPref
                                                                                        ::width)
                                                                        .findFirst()
                                                                        .orElse(-1))
                                                - sentWidth)
                                <= 1);
        ctx.settings().flush();
        assertThat(new SettingsStore(configDir).load().settings().textSize())
                .as("remembered")
                .isEqualTo(175);

        shortcut(KeyCode.DIGIT0);
        waitUntil("the normal size", () -> percent() == 100 && near(cellFontSize(table), 13.0));
        waitForPulses(3);
        assertThat(fx(sent::getWidth))
                .as("the column as wide as before")
                .isCloseTo(sentWidth, within(2.0));
        assertThat(fx(table::getFixedCellSize)).isEqualTo(25.0);
    }

    @Test
    void atTheLargestSizeThePagersWordsAreWholeAndItsActionsGoUnderIt() {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        Node refresh = fx(() -> lookup("#history-refresh").query());
        Node next = fx(() -> lookup("#pager-next").query());
        waitForPulses(3);
        assertThat(sceneBounds(refresh).getCenterY())
                .as("one line at the normal size")
                .isCloseTo(sceneBounds(next).getCenterY(), within(2.0));

        onFx(() -> ctx.textSize().choose(175));
        waitForPulses(4);
        assertThat(sceneBounds(refresh).getMinY())
                .as("the actions under the pager")
                .isGreaterThanOrEqualTo(sceneBounds(next).getMaxY());
        for (String id :
                List.of("#pager-of", "#history-refresh", "#history-details", "#history-export")) {
            Labeled l = fx(() -> lookup(id).<Labeled>query());
            assertThat(fx(() -> l.getWidth() + 0.5 >= l.prefWidth(-1))).as(id + " whole").isTrue();
        }
        Bounds window = fx(() -> flow.mainStage().getScene().getRoot().getLayoutBounds());
        assertThat(sceneBounds(fx(() -> lookup("#history-export").query())).getMaxX())
                .as("in the window")
                .isLessThanOrEqualTo(window.getMaxX());
    }

    @Test
    void theDetailsDefaultWidthGrowsWithTheTextSoItsIdStaysWholeAndAWidthTheUserSetStays() {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        onFx(
                () ->
                        flow.mainViewModel()
                                .current()
                                .history()
                                .table()
                                .select(
                                        flow.mainViewModel()
                                                .current()
                                                .history()
                                                .table()
                                                .rows()
                                                .get(0)));
        // (the detail's parts are made when it first shows a notification)
        waitUntil(
                "the detail shows the notification",
                () ->
                        fx(
                                () ->
                                        lookup("#detail-id")
                                                .tryQuery()
                                                .map(n -> !((TextField) n).getText().isEmpty())
                                                .orElse(false)));
        Node pane = fx(() -> lookup("#detail-pane").query());
        waitForPulses(3);
        double normal = fx(() -> pane.getLayoutBounds().getWidth());
        assertThat(idIsWhole()).as("the ID whole at the normal size").isTrue();

        onFx(() -> ctx.textSize().choose(150));
        waitUntil(
                "the detail a half wider",
                () -> Math.abs(fx(() -> pane.getLayoutBounds().getWidth()) - normal * 1.5) <= 3);
        waitForPulses(3);
        assertThat(idIsWhole()).as("the ID whole at 150 %").isTrue();
        onFx(() -> ctx.textSize().choose(175));
        waitUntil(
                "wider again",
                () -> Math.abs(fx(() -> pane.getLayoutBounds().getWidth()) - normal * 1.75) <= 3);
        waitForPulses(3);
        assertThat(idIsWhole()).as("the ID whole at 175 %").isTrue();

        // a width the user set (the divider dragged) is theirs at every size
        onFx(
                () -> {
                    javafx.scene.control.SplitPane split =
                            (javafx.scene.control.SplitPane) pane.getParent().getParent();
                    double size =
                            split.getWidth()
                                    - split.getInsets().getLeft()
                                    - split.getInsets().getRight();
                    split.setDividerPosition(0, 1 - 400 / size);
                });
        waitUntil(
                "remembered",
                () ->
                        fx(
                                        () ->
                                                flow.mainViewModel()
                                                        .current()
                                                        .history()
                                                        .layout()
                                                        .detailWidthProperty()
                                                        .get())
                                == 400);
        waitForPulses(3);
        double dragged = fx(() -> pane.getLayoutBounds().getWidth());
        assertThat(dragged).isLessThan(normal * 1.75 - 100);
        // (give or take the divider's few pixels, which grow with the text size)
        onFx(() -> ctx.textSize().choose(100));
        waitForPulses(4);
        assertThat(fx(() -> pane.getLayoutBounds().getWidth())).isCloseTo(dragged, within(4.0));
        onFx(() -> ctx.textSize().choose(125));
        waitForPulses(4);
        assertThat(fx(() -> pane.getLayoutBounds().getWidth())).isCloseTo(dragged, within(4.0));
    }

    /**
     * Whether the detail's ID field shows its whole text (a text field scrolls a text wider than
     * it).
     */
    private boolean idIsWhole() {
        return fx(
                () -> {
                    TextField id = lookup("#detail-id").query();
                    Node text = id.lookup(".text");
                    double room =
                            id.getWidth() - id.getInsets().getLeft() - id.getInsets().getRight();
                    return text.getLayoutBounds().getWidth() <= room + 0.5;
                });
    }

    /**
     * A scroll of the mouse wheel (Monocle's robot scrolls a pixel a notch) with Ctrl held, over
     * the node.
     */
    private static void wheelWithShortcut(Node target, double deltaY) {
        onFx(
                () -> {
                    javafx.geometry.Point2D at = target.localToScene(5, 5);
                    javafx.event.Event.fireEvent(
                            target,
                            new javafx.scene.input.ScrollEvent(
                                    javafx.scene.input.ScrollEvent.SCROLL,
                                    at.getX(),
                                    at.getY(),
                                    at.getX(),
                                    at.getY(),
                                    false,
                                    true,
                                    false,
                                    false,
                                    false,
                                    false,
                                    0,
                                    deltaY,
                                    0,
                                    deltaY,
                                    javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE,
                                    0,
                                    javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.LINES,
                                    deltaY / 40,
                                    0,
                                    null));
                });
    }

    /** Font sizes are floats: 14.3 comes back as 14.300000190734863. */
    private static boolean near(double size, double expected) {
        return Math.abs(size - expected) < 0.01;
    }

    private Bounds sceneBounds(Node n) {
        return fx(() -> n.localToScene(n.getLayoutBounds()));
    }

    private double cellFontSize(TableView<?> table) {
        return fx(
                () ->
                        table.lookupAll(".table-cell").stream()
                                .filter(n -> n instanceof TableCell<?, ?> c && c.getText() != null)
                                .map(n -> ((TableCell<?, ?>) n).getFont().getSize())
                                .findFirst()
                                .orElse(-1.0));
    }

    private MenuItem findItem(String id) {
        javafx.scene.control.MenuBar bar =
                (javafx.scene.control.MenuBar)
                        flow.mainStage().getScene().getRoot().lookup(".menu-bar");
        return bar.getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> id.equals(i.getId()))
                .findFirst()
                .orElseThrow();
    }
}
