package app.ishaar.ui;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.Notification;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.notifications.HistoryViewModel;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuBar;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.paint.Stop;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;

/**
 * The dark theme (View → Dark theme, or Settings): every window follows at once and it is
 * remembered; and in either theme every text shown on the app's screens can be read against what is
 * behind it, at WCAG's AA contrast: 4.5:1, or 3:1 for large text (24 px, or bold from 18.66 px).
 * Disabled controls are exempt, as WCAG has them. The walk reads each {@link Text} node's colour
 * (after the opacity of what holds it) and composes the backgrounds behind its middle, window to
 * node.
 */
class ThemeFxTest extends FxSandboxTestBase {

    private static final double AA = 4.5;
    private static final double AA_LARGE = 3;
    private static final javafx.css.PseudoClass DISABLED =
            javafx.css.PseudoClass.getPseudoClass("disabled");

    private record LowContrast(String where, String text, double ratio, String fg, String bg) {
        @Override
        public String toString() {
            return where
                    + " \""
                    + text
                    + "\": "
                    + String.format("%.2f", ratio)
                    + " ("
                    + fg
                    + " on "
                    + bg
                    + ")";
        }
    }

    // ------------------------------------------------------------------ contrast

    /** WCAG's relative luminance of an opaque colour. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed())
                + 0.7152 * linear(c.getGreen())
                + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** {@code top} with its alpha (times {@code opacity}) over an opaque {@code under}. */
    private static Color over(Color top, double opacity, Color under) {
        double a = top.getOpacity() * opacity;
        return Color.color(
                top.getRed() * a + under.getRed() * (1 - a),
                top.getGreen() * a + under.getGreen() * (1 - a),
                top.getBlue() * a + under.getBlue() * (1 - a));
    }

    /** A text's paint as one colour (a gradient as the mean of its stops). */
    private static Color colour(Paint p) {
        return colour(p, null, 0, 0);
    }

    /**
     * A fill's colour at a point of the rectangle it fills (its own coordinates, {@code w} by
     * {@code h}): a linear gradient's where the point falls along it (modena's fields shade their
     * top 5 pixels so), another gradient's as the mean of its stops.
     */
    private static Color colour(Paint p, Point2D at, double w, double h) {
        if (p instanceof Color c) {
            return c;
        }
        if (p instanceof javafx.scene.paint.LinearGradient g
                && at != null
                && g.getStops().size() > 1) {
            double sx = g.getStartX() * (g.isProportional() ? w : 1);
            double sy = g.getStartY() * (g.isProportional() ? h : 1);
            double dx = g.getEndX() * (g.isProportional() ? w : 1) - sx;
            double dy = g.getEndY() * (g.isProportional() ? h : 1) - sy;
            double length = dx * dx + dy * dy;
            double t =
                    length == 0
                            ? 0
                            : Math.max(
                                    0,
                                    Math.min(
                                            1,
                                            ((at.getX() - sx) * dx + (at.getY() - sy) * dy)
                                                    / length));
            List<Stop> stops = g.getStops();
            for (int i = 1; i < stops.size(); i++) {
                Stop a = stops.get(i - 1);
                Stop b = stops.get(i);
                if (t <= b.getOffset() || i == stops.size() - 1) {
                    double span = b.getOffset() - a.getOffset();
                    double f = span <= 0 ? 1 : Math.max(0, Math.min(1, (t - a.getOffset()) / span));
                    return a.getColor().interpolate(b.getColor(), f);
                }
            }
        }
        List<Stop> stops =
                p instanceof javafx.scene.paint.LinearGradient g
                        ? g.getStops()
                        : p instanceof javafx.scene.paint.RadialGradient g
                                ? g.getStops()
                                : List.of();
        if (stops.isEmpty()) {
            return Color.TRANSPARENT;
        }
        double r = 0;
        double g = 0;
        double b = 0;
        double a = 0;
        for (Stop s : stops) {
            r += s.getColor().getRed();
            g += s.getColor().getGreen();
            b += s.getColor().getBlue();
            a += s.getColor().getOpacity();
        }
        int n = stops.size();
        return Color.color(r / n, g / n, b / n, a / n);
    }

    private static double opacity(Node n) {
        double o = 1;
        for (Node p = n; p != null; p = p.getParent()) {
            o *= p.getOpacity();
        }
        return o;
    }

    /**
     * The colour behind a point of the scene (in scene coordinates) as drawn under {@code node}:
     * the scene's fill, then each region's fills that cover it.
     */
    private static Color behind(Node node, Point2D inScene) {
        List<Node> chain = new ArrayList<>();
        for (Node p = node.getParent(); p != null; p = p.getParent()) {
            chain.add(0, p);
        }
        Scene scene = node.getScene();
        Color c =
                scene.getFill() instanceof Color f && f.getOpacity() > 0
                        ? over(f, 1, Color.WHITE)
                        : Color.WHITE;
        for (Node p : chain) {
            if (p instanceof Region r && r.getBackground() != null) {
                c = fills(r, r.getBackground(), r.sceneToLocal(inScene), opacity(r), c);
            }
        }
        return c;
    }

    private static Color fills(
            Region r, Background background, Point2D at, double opacity, Color under) {
        Color c = under;
        for (BackgroundFill f : background.getFills()) {
            double left = f.getInsets().getLeft();
            double top = f.getInsets().getTop();
            double w = r.getWidth() - left - f.getInsets().getRight();
            double h = r.getHeight() - top - f.getInsets().getBottom();
            if (at.getX() >= left
                    && at.getX() <= left + w
                    && at.getY() >= top
                    && at.getY() <= top + h) {
                Color fill =
                        colour(f.getFill(), new Point2D(at.getX() - left, at.getY() - top), w, h);
                if (fill.getOpacity() > 0) {
                    c = over(fill, opacity, c);
                }
            }
        }
        return c;
    }

    /**
     * Whether a point of the scene is drawn for a node: in its window, and inside every clip over
     * it (a scroll pane's viewport).
     */
    private static boolean inView(Node node, Point2D inScene) {
        Scene scene = node.getScene();
        if (inScene.getX() < 0
                || inScene.getY() < 0
                || inScene.getX() > scene.getWidth()
                || inScene.getY() > scene.getHeight()) {
            return false;
        }
        for (Node p = node; p != null; p = p.getParent()) {
            if (p.getClip() != null && !p.getClip().contains(p.sceneToLocal(inScene))) {
                return false;
            }
        }
        return true;
    }

    private static String hex(Color c) {
        return String.format(
                "#%02x%02x%02x",
                Math.round(c.getRed() * 255),
                Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }

    /**
     * Every shown text of every showing window whose contrast against what is behind it is under
     * AA; counts the texts checked.
     */
    private List<LowContrast> lowContrast(int[] checked) {
        return fx(
                () -> {
                    List<LowContrast> bad = new ArrayList<>();
                    for (Window w : Window.getWindows()) {
                        if (w.isShowing() && w.getScene() != null) {
                            walk(w.getScene().getRoot(), bad, checked);
                        }
                    }
                    return bad;
                });
    }

    private static void walk(Node node, List<LowContrast> bad, int[] checked) {
        if (!shown(node) || node.isDisabled() || node.getPseudoClassStates().contains(DISABLED)) {
            return; // (a disabled menu item's row is styled :disabled, not disabled itself)
        }
        if (node instanceof Text t
                && t.getText() != null
                && !t.getText().isBlank()
                && t.getFill() != null
                && colour(t.getFill()).getOpacity() > 0) {
            Bounds b = t.localToScene(t.getLayoutBounds());
            Point2D middle = new Point2D(b.getCenterX(), b.getCenterY());
            if (b.getWidth() > 0 && b.getHeight() > 0 && inView(t, middle)) {
                Color bg = behind(t, middle);
                Color fg = over(colour(t.getFill()), opacity(t), bg);
                double ratio = contrast(fg, bg);
                double size = t.getFont().getSize();
                boolean bold =
                        t.getFont().getStyle().toLowerCase().contains("bold")
                                || FontWeight.findByName(t.getFont().getStyle().split(" ")[0])
                                        == FontWeight.BOLD;
                boolean large = size >= 24 || (bold && size >= 18.66);
                checked[0]++;
                if (ratio < (large ? AA_LARGE : AA)) {
                    bad.add(
                            new LowContrast(
                                    where(t), t.getText().strip(), ratio, hex(fg), hex(bg)));
                }
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                walk(child, bad, checked);
            }
        }
    }

    private void assertReadable(String screen) {
        waitForPulses(2); // styled and laid out
        int[] checked = {0};
        List<LowContrast> bad = lowContrast(checked);
        assertThat(checked[0]).as("texts checked on " + screen).isGreaterThan(15);
        assertThat(bad)
                .as("texts on " + screen + " under AA contrast (" + checked[0] + " checked)")
                .isEmpty();
    }

    // ------------------------------------------------------------------ screens

    private HistoryViewModel history() {
        return flow.mainViewModel().current().history();
    }

    /**
     * Logged in, a failed notification chosen with the detail pane open (its attempts' reasons
     * shown).
     */
    private void historyWithAFailedNotification() {
        clickOn("#demo-erp-delta-accounting"); // its own secret again
        clickOn("#login-button");
        waitForMainWindow();
        waitUntil(
                "the history shows",
                () ->
                        flow.mainViewModel().current() != null
                                && flow.mainViewModel().current().history() != null
                                && !history().requests().loadingProperty().get()
                                && !history().table().rows().isEmpty());
        onFx(
                () -> {
                    history().filters().statusProperty().set("error");
                    history().filters().apply();
                });
        waitUntil(
                "failed ones only",
                () ->
                        !history().requests().loadingProperty().get()
                                && !history().table().rows().isEmpty()
                                && history().table().rows().stream()
                                        .allMatch(n -> n.status().equals("error")));
        Notification chosen = fx(() -> history().table().rows().get(0));
        onFx(
                () -> {
                    history().layout().detailVisibleProperty().set(true);
                    lookup("#history-table")
                            .<TableView<Notification>>query()
                            .getSelectionModel()
                            .select(chosen);
                });
        waitUntil(
                "the detail pane shows it",
                () -> visible("#detail-id") && chosen.notificationId().equals(text("#detail-id")));
    }

    /** A custom date range, its first date's calendar open. */
    private void calendarOpen() {
        onFx(
                () ->
                        history()
                                .filters()
                                .presetProperty()
                                .set(app.ishaar.ui.notifications.DatePreset.CUSTOM));
        waitUntil("the date pickers", () -> visible("#filter-from-date"));
        onFx(() -> lookup("#filter-from-date").<javafx.scene.control.DatePicker>query().show());
        waitUntil("the calendar", () -> lookup(".date-picker-popup").tryQuery().isPresent());
    }

    private void calendarClosed() {
        onFx(() -> lookup("#filter-from-date").<javafx.scene.control.DatePicker>query().hide());
    }

    /** The detail pane scrolled to the end, where the attempts' reasons are. */
    private void detailScrolledToItsEnd() {
        onFx(
                () ->
                        lookup("#detail-pane .scroll-pane")
                                .<javafx.scene.control.ScrollPane>query()
                                .setVvalue(1));
        waitUntil(
                "an attempt's reasons in view",
                () -> {
                    Node details = lookup("#attempt-details").query();
                    Bounds b = details.localToScene(details.getLayoutBounds());
                    return inView(details, new Point2D(b.getCenterX(), b.getCenterY()));
                });
    }

    /**
     * The error banners, then the export, settings, keyboard shortcuts and About windows open over
     * the main window.
     */
    private void bannersAndDialogs() throws Exception {
        historyErrorBanner();
        sessionEndedBanner();
        clickOn("#history-export");
        waitUntil("the export dialog", () -> visible("#export-dialog"));
        focusMainWindow();
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil("the settings dialog", () -> visible("#settings-dialog"));
        focusMainWindow();
        type(KeyCode.F1);
        waitUntil("the keyboard shortcuts", () -> visible("#help-shortcuts"));
        onFx(
                () ->
                        lookup("#menubar").<MenuBar>query().getMenus().stream()
                                .flatMap(m -> m.getItems().stream())
                                .filter(i -> "menu-about".equals(i.getId()))
                                .findFirst()
                                .orElseThrow()
                                .fire());
        waitUntil("About", () -> visible("#help-about"));
    }

    /** The main window's View menu, opened: its items in a pop-up window of their own. */
    private javafx.scene.control.Menu viewMenu() {
        return lookup("#menubar").<MenuBar>query().getMenus().stream()
                .filter(
                        m ->
                                m.getItems().stream()
                                        .anyMatch(i -> "menu-dark-theme".equals(i.getId())))
                .findFirst()
                .orElseThrow();
    }

    private void viewMenuOpen() {
        for (Window w : fx(() -> List.copyOf(Window.getWindows()))) {
            if (w != flow.mainStage()
                    && w != flow.loginStage()
                    && w instanceof javafx.stage.Stage stage
                    && stage.getOwner() != null) {
                onFx(stage::close);
            }
        }
        focusMainWindow();
        onFx(() -> viewMenu().show());
        waitUntil("the View menu", () -> visible("#menu-dark-theme"));
    }

    private boolean dark(Window w) {
        return w.getScene().getRoot().getStyleClass().contains("theme-dark");
    }

    private double rootLuminance(Window w) {
        Node root = w.getScene().getRoot();
        return luminance(
                behind(((Parent) root).getChildrenUnmodifiable().get(0), new Point2D(2, 2)));
    }

    private String savedTheme() {
        ctx.settings().flush();
        return new SettingsStore(configDir).load().settings().theme();
    }

    // ------------------------------------------------------------------ tests

    @Test
    void everyTextCanBeReadAgainstWhatIsBehindItInTheLightTheme() throws Exception {
        loginDialogWithAFailure();
        assertReadable("the login dialog with a failure, light");
        historyWithAFailedNotification();
        assertReadable("the history with a failed notification's detail, light");
        detailScrolledToItsEnd();
        assertReadable("the failed notification's attempts, light");
        calendarOpen();
        assertReadable("a date filter's calendar, light");
        calendarClosed();
        bannersAndDialogs();
        assertReadable(
                "the error banners, the export, settings, shortcuts and About windows, light");
        viewMenuOpen();
        assertReadable("the View menu, light");
    }

    @Test
    void everyTextCanBeReadAgainstWhatIsBehindItInTheDarkTheme() throws Exception {
        onFx(() -> ctx.scenes().theme().darkProperty().set(true));
        loginDialogWithAFailure();
        assertThat(fx(() -> rootLuminance(flow.loginStage())))
                .as("the login dialog's background is dark")
                .isLessThan(0.05);
        assertReadable("the login dialog with a failure, dark");
        historyWithAFailedNotification();
        assertThat(fx(() -> rootLuminance(flow.mainStage())))
                .as("the main window's background is dark")
                .isLessThan(0.05);
        assertReadable("the history with a failed notification's detail, dark");
        detailScrolledToItsEnd();
        assertReadable("the failed notification's attempts, dark");
        calendarOpen();
        assertReadable("a date filter's calendar, dark");
        calendarClosed();
        bannersAndDialogs();
        assertReadable(
                "the error banners, the export, settings, shortcuts and About windows, dark");
        viewMenuOpen();
        assertReadable("the View menu, dark");
    }

    @Test
    void theDarkThemeChosenInSettingsOrTheViewMenuColoursEveryOpenWindowAtOnceAndIsRemembered() {
        waitForDemoAccounts();
        logInAsDemo("erp-nile-trading");
        onFx(() -> flow.mainStage().requestFocus());
        waitUntil("the main window has the focus", () -> flow.mainStage().isFocused());
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil("the settings dialog", () -> visible("#settings-theme-dark"));
        Window settings = fx(() -> lookup("#settings-dialog").query().getScene().getWindow());
        double lightLuminance = fx(() -> rootLuminance(flow.mainStage()));
        assertThat(lightLuminance)
                .as("the main window's background in the light theme")
                .isGreaterThan(0.8);

        clickOn("#settings-theme-dark");
        waitUntil("both windows dark", () -> dark(flow.mainStage()) && dark(settings));
        waitForPulses(2);
        assertThat(fx(() -> rootLuminance(flow.mainStage())))
                .as("the main window's background")
                .isLessThan(0.05);
        assertThat(fx(() -> rootLuminance(settings)))
                .as("the settings dialog's background")
                .isLessThan(0.05);
        assertThat(savedTheme()).as("remembered").isEqualTo(Settings.DARK);
        CheckMenuItem menuItem =
                fx(
                        () ->
                                lookup("#menubar").<MenuBar>query().getMenus().stream()
                                        .flatMap(m -> m.getItems().stream())
                                        .filter(i -> "menu-dark-theme".equals(i.getId()))
                                        .map(CheckMenuItem.class::cast)
                                        .findFirst()
                                        .orElseThrow());
        assertThat(fx(menuItem::isSelected)).as("View → Dark theme is checked").isTrue();

        // View → Dark theme again, with the mouse (the settings dialog closed: it holds the main
        // window): light
        clickOn("#settings-close");
        waitUntil("the settings dialog closed", () -> !settings.isShowing());
        clickOn(
                fx(
                        () ->
                                lookup("#menubar").<MenuBar>query().lookupAll(".menu").stream()
                                        .filter(
                                                n ->
                                                        n instanceof javafx.scene.control.Labeled l
                                                                && ctx.i18n()
                                                                        .get("main.menu.view")
                                                                        .equals(l.getText()))
                                        .findFirst()
                                        .orElseThrow()));
        waitUntil("the View menu", () -> visible("#menu-dark-theme"));
        clickOn("#menu-dark-theme");
        waitUntil("the main window light", () -> !dark(flow.mainStage()));
        waitForPulses(2);
        assertThat(fx(() -> rootLuminance(flow.mainStage()))).isEqualTo(lightLuminance);
        assertThat(fx(menuItem::isSelected)).isFalse();
        assertThat(savedTheme()).isEqualTo(Settings.LIGHT);
        press(KeyCode.SHORTCUT, KeyCode.COMMA).release(KeyCode.COMMA, KeyCode.SHORTCUT);
        waitUntil("the settings dialog again", () -> visible("#settings-theme-light"));
        assertThat(
                        fx(
                                () ->
                                        lookup("#settings-theme-light")
                                                .<javafx.scene.control.RadioButton>query()
                                                .isSelected()))
                .as("the dialog says Light")
                .isTrue();
    }
}
