package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.settings.WindowBounds;
import java.time.Duration;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;

/** The main window opens where the user left it in the last run, and never off every screen. */
class WindowPlacementFxTest extends FxSandboxTestBase {

    private WindowBounds preset;

    @Override
    protected void beforeLaunch() throws Exception {
        if (preset != null) {
            new SettingsStore(configDir).save(Settings.defaults().withMainWindow(preset));
        }
    }

    private void logIn() {
        waitForDemoAccounts();
        clickOn("#demo-erp-nile-trading");
        clickOn("#login-button");
        waitForMainWindow();
    }

    private static double[] bounds(Stage s) {
        return fx(() -> new double[] {s.getX(), s.getY(), s.getWidth(), s.getHeight()});
    }

    @Test
    void theMainWindowOpensWhereItWasLeftAndMaximizedIfItWas() throws Exception {
        logIn();
        Stage first = flow.mainStage();
        onFx(
                () -> {
                    first.setX(60);
                    first.setY(40);
                    first.setWidth(900);
                    first.setHeight(620);
                });
        // Ctrl+Q quits from the main window, as it does in other desktop apps
        clickOn("#history-table");
        press(KeyCode.CONTROL, KeyCode.Q).release(KeyCode.Q, KeyCode.CONTROL);
        waitUntil("the app has quit", () -> exited);
        WindowBounds saved = new SettingsStore(configDir).load().settings().mainWindow();
        assertThat(saved).isEqualTo(new WindowBounds(60, 40, 900, 620, false));

        // the next run, on the same settings
        AppContext again =
                new AppContext(
                        new AppServices(
                                desktopSandbox,
                                desktopSandbox,
                                secretStore(),
                                configDir,
                                clientConfig(),
                                Duration.ofMillis(20),
                                archiveSource()));
        WindowFlow[] next = new WindowFlow[1];
        try {
            FxToolkit.setupFixture(
                    () -> {
                        next[0] = new WindowFlow(again, new Stage(), () -> {});
                        next[0].showLogin();
                    });
            waitForDemoAccounts();
            clickOn("#demo-erp-nile-trading");
            clickOn("#login-button");
            waitUntil(
                    "the main window shows again",
                    () -> next[0].mainStage() != null && next[0].mainStage().isShowing());
            Stage second = next[0].mainStage();
            assertThat(bounds(second)).containsExactly(60, 40, 900, 620);

            // maximized: remembered as such, with the size to go back to
            onFx(() -> second.setMaximized(true));
            waitUntil("the window is maximized", second::isMaximized);
            onFx(next[0]::quit);
            assertThat(new SettingsStore(configDir).load().settings().mainWindow())
                    .isEqualTo(new WindowBounds(60, 40, 900, 620, true));
        } finally {
            FxToolkit.setupFixture(
                    () -> {
                        if (next[0] != null && next[0].mainStage() != null) {
                            next[0].mainStage().hide();
                        }
                    });
            again.close();
        }
    }

    @Test
    void aPlaceThatNoScreenShowsAnyMoreIsNotUsed() throws Exception {
        logInAfterPreset(new WindowBounds(6000, 3000, 900, 620, false));
        Stage s = flow.mainStage();
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        double[] b = bounds(s);
        assertThat(b[0]).isBetween(screen.getMinX(), screen.getMaxX() - b[2]);
        assertThat(b[1]).isBetween(screen.getMinY(), screen.getMaxY() - b[3]);
        assertThat(b[2])
                .as("the first run's width")
                .isGreaterThanOrEqualTo(Math.floor(screen.getWidth() * 0.9));
    }

    @Test
    void
            onTheFirstRunTheMainWindowTakesMostOfTheScreenCentredAndShowsAWholeNotificationIdInEitherLanguage() {
        logIn();
        Stage s = flow.mainStage();
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        double[] b = bounds(s);
        // Monocle's headless screen is 1280 by 800: nine tenths of it, more than the 1100 by 700 it
        // opened at before (which cut the table's columns and the detail's ID)
        assertThat(b[2]).isEqualTo(Math.floor(screen.getWidth() * 0.9)).isGreaterThan(1100);
        assertThat(b[3]).isEqualTo(Math.floor(screen.getHeight() * 0.9)).isGreaterThan(700);
        assertThat(b[0] + b[2] / 2)
                .isCloseTo(screen.getMinX() + screen.getWidth() / 2, within(1.0));

        waitUntil(
                "a first row",
                () ->
                        fx(
                                () ->
                                        lookup("#history-table")
                                                .queryTableView()
                                                .getItems()
                                                .stream()
                                                .anyMatch(java.util.Objects::nonNull)));
        onFx(() -> lookup("#history-table").queryTableView().getSelectionModel().select(0));
        for (String language : new String[] {"#main-lang-en", "#main-lang-ar"}) {
            clickOn(language);
            waitUntil(
                    "the detail shows the row's ID",
                    () -> visible("#detail-id") && !text("#detail-id").isBlank());
            TextField id = lookup("#detail-id").queryAs(TextField.class);
            double[] widths =
                    fx(
                            () -> {
                                Text probe = new Text(id.getText());
                                probe.setFont(id.getFont());
                                return new double[] {
                                    probe.getLayoutBounds().getWidth(),
                                    id.getWidth() - id.snappedLeftInset() - id.snappedRightInset()
                                };
                            });
            assertThat(widths[1])
                    .as("%s: the ID field's room against its text's width", language)
                    .isGreaterThanOrEqualTo(widths[0]);
        }
    }

    @Test
    void onTheFirstRunEachNotificationsStatusIsInViewBesideTheOpenDetailInEitherLanguage() {
        // the narrowest first-run table: an intermediary's, between the taxpayers and the detail
        waitForDemoAccounts();
        clickOn("#demo-erp-delta-accounting");
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "a first row",
                () ->
                        fx(
                                () ->
                                        lookup("#history-table")
                                                .queryTableView()
                                                .getItems()
                                                .stream()
                                                .anyMatch(java.util.Objects::nonNull)));
        // a row chosen: its detail pane takes its room from the table
        onFx(() -> lookup("#history-table").queryTableView().getSelectionModel().select(0));
        for (String language : new String[] {"#main-lang-en", "#main-lang-ar"}) {
            clickOn(language);
            waitUntil(
                    "the detail pane open beside the table",
                    () -> visible("#detail-pane") && visible("#history-table"));
            // the status heading and the first row's badge lie wholly within the table's view, not
            // past its edge behind the horizontal scroll bar
            waitUntil(
                    language + ": the first row's status badge shown",
                    () -> fx(() -> firstStatusBadge() != null));
            double[][] b =
                    fx(
                            () ->
                                    new double[][] {
                                        across(
                                                lookup("#history-table")
                                                        .query()
                                                        .lookup(".clipped-container")),
                                        across(statusHeading()),
                                        across(firstStatusBadge())
                                    });
            for (double[] status : new double[][] {b[1], b[2]}) {
                assertThat(status[0])
                        .as(
                                "%s: status starts within the view %s",
                                language, java.util.Arrays.toString(b[0]))
                        .isGreaterThanOrEqualTo(b[0][0] - 0.5);
                assertThat(status[1])
                        .as(
                                "%s: status ends within the view %s",
                                language, java.util.Arrays.toString(b[0]))
                        .isLessThanOrEqualTo(b[0][1] + 0.5);
            }
        }
    }

    /** Where a node lies across the scene: {minX, maxX}. */
    private static double[] across(javafx.scene.Node n) {
        javafx.geometry.Bounds b = n.localToScene(n.getLayoutBounds());
        return new double[] {b.getMinX(), b.getMaxX()};
    }

    /** The status column's heading. */
    private javafx.scene.Node statusHeading() {
        return lookup("#history-table").query().lookupAll(".column-header").stream()
                .filter(
                        n ->
                                n instanceof javafx.scene.control.skin.TableColumnHeader h
                                        && h.getTableColumn() != null
                                        && "status".equals(h.getTableColumn().getId()))
                .findFirst()
                .orElseThrow();
    }

    /** The first row's status badge, once it shows one; else null. */
    private javafx.scene.Node firstStatusBadge() {
        return lookup("#history-table").query().lookupAll(".table-cell").stream()
                .filter(
                        n ->
                                n instanceof javafx.scene.control.TableCell<?, ?> c
                                        && c.getIndex() == 0
                                        && c.getTableColumn() != null
                                        && "status".equals(c.getTableColumn().getId())
                                        && c.getGraphic() != null
                                        && c.getGraphic().isVisible())
                .map(n -> ((javafx.scene.control.TableCell<?, ?>) n).getGraphic())
                .findFirst()
                .orElse(null);
    }

    @Test
    void aRememberedSizeLargerThanTheScreenIsCutToIt() throws Exception {
        logInAfterPreset(new WindowBounds(0, 0, 5000, 4000, false));
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        double[] b = bounds(flow.mainStage());
        assertThat(b[2]).isEqualTo(screen.getWidth());
        assertThat(b[3]).isEqualTo(screen.getHeight());
    }

    /** Writes the remembered place, starts the app again on it (a new run), and logs in. */
    private void logInAfterPreset(WindowBounds bounds) throws Exception {
        FxToolkit.setupFixture(flow::quit);
        ctx.close();
        preset = bounds;
        beforeLaunch();
        ctx =
                new AppContext(
                        new AppServices(
                                desktopSandbox,
                                desktopSandbox,
                                secretStore(),
                                configDir,
                                clientConfig(),
                                Duration.ofMillis(20),
                                archiveSource()));
        exited = false;
        FxToolkit.setupFixture(
                () -> {
                    flow = new WindowFlow(ctx, new Stage(), () -> exited = true);
                    flow.showLogin();
                });
        logIn();
    }
}
