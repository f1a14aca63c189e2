package app.ishaar.ui.app;

import app.ishaar.core.settings.WindowBounds;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Puts a window back where it was in the last run, and follows where it goes in this one: its
 * position and size when it was last neither maximized nor minimized, and whether it is maximized.
 * A remembered place that no screen shows any more (a monitor unplugged, a lower resolution) is not
 * used: the window opens at its first-run size, centred. A remembered size larger than the screen
 * is cut to the screen.
 *
 * <p>The first-run size is taken from the primary screen: {@link #FIRST_RUN_SHARE} of its visual
 * bounds, at least the window's own preferred size (unless the screen is smaller) and at most
 * {@link #FIRST_RUN_MAX_WIDTH} by {@link #FIRST_RUN_MAX_HEIGHT}. A table of notifications is read
 * better wide: a fixed 1100 by 700 left most of a 1920 by 1080 screen unused and the table's
 * columns cut.
 */
public final class WindowPlacement {

    /**
     * A remembered window smaller than this is not worth restoring (a mistake, or a damaged file).
     */
    static final double MIN_WIDTH = 400;

    static final double MIN_HEIGHT = 300;

    /** How much of the title bar must be on a screen to grab it: its top strip, this wide. */
    static final double GRAB_WIDTH = 120;

    static final double GRAB_HEIGHT = 24;

    /**
     * How much of the screen a window takes on the first run (of the visual bounds' width and
     * height).
     */
    static final double FIRST_RUN_SHARE = 0.9;

    static final double FIRST_RUN_MAX_WIDTH = 1760;
    static final double FIRST_RUN_MAX_HEIGHT = 1100;

    private final Stage stage;
    private double x;
    private double y;
    private double width;
    private double height;
    private boolean known;

    private WindowPlacement(Stage stage) {
        this.stage = stage;
    }

    /**
     * Places the stage, before it first shows, where {@code saved} says if a screen shows it, else
     * at its first-run size (see the class comment; {@code preferredWidth} and {@code
     * preferredHeight} are its least); then follows it.
     */
    public static WindowPlacement restoreAndFollow(
            Stage stage, WindowBounds saved, double preferredWidth, double preferredHeight) {
        Rectangle2D screen = saved == null ? null : screenShowing(saved);
        if (screen == null) {
            Rectangle2D primary = Screen.getPrimary().getVisualBounds();
            stage.setWidth(firstRunSize(primary.getWidth(), preferredWidth, FIRST_RUN_MAX_WIDTH));
            stage.setHeight(
                    firstRunSize(primary.getHeight(), preferredHeight, FIRST_RUN_MAX_HEIGHT));
            // no position: a stage without one is centred on the screen as it first shows
        } else {
            double w = Math.min(saved.width(), screen.getWidth());
            double h = Math.min(saved.height(), screen.getHeight());
            stage.setX(Math.max(screen.getMinX(), Math.min(saved.x(), screen.getMaxX() - w)));
            stage.setY(Math.max(screen.getMinY(), Math.min(saved.y(), screen.getMaxY() - h)));
            stage.setWidth(w);
            stage.setHeight(h);
            stage.setMaximized(saved.maximized());
        }
        WindowPlacement p = new WindowPlacement(stage);
        ChangeListener<Object> moved = (o, a, b) -> p.follow();
        stage.xProperty().addListener(moved);
        stage.yProperty().addListener(moved);
        stage.widthProperty().addListener(moved);
        stage.heightProperty().addListener(moved);
        stage.showingProperty().addListener(moved);
        return p;
    }

    /** A first-run length along one side of a screen {@code screen} long. */
    static double firstRunSize(double screen, double preferred, double max) {
        return Math.floor(
                Math.min(screen, Math.max(preferred, Math.min(max, screen * FIRST_RUN_SHARE))));
    }

    /** Where the window is, to remember; null before it first showed. */
    public WindowBounds current() {
        follow();
        return known ? new WindowBounds(x, y, width, height, stage.isMaximized()) : null;
    }

    private void follow() {
        if (stage.isShowing()
                && !stage.isMaximized()
                && !stage.isIconified()
                && !stage.isFullScreen()
                && Double.isFinite(stage.getWidth())
                && Double.isFinite(stage.getHeight())) {
            x = stage.getX();
            y = stage.getY();
            width = stage.getWidth();
            height = stage.getHeight();
            known = true;
        }
    }

    /**
     * Sizes a shown window to what its content needs now (its root's preferred size, and the frame
     * around it as it has it), within the screen it is on, moved as little as keeps it there. Width
     * and height are set together (JavaFX 21's GTK windows do not apply a height set alone).
     */
    public static void fitToContent(Stage stage) {
        javafx.scene.Scene scene = stage.getScene();
        javafx.scene.Parent root = scene.getRoot();
        double contentWidth = root.prefWidth(-1);
        double w = contentWidth + stage.getWidth() - scene.getWidth();
        double h = root.prefHeight(contentWidth) + stage.getHeight() - scene.getHeight();
        Rectangle2D screen =
                Screen.getScreensForRectangle(
                                stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight())
                        .stream()
                        .findFirst()
                        .orElse(Screen.getPrimary())
                        .getVisualBounds();
        w = Math.min(Math.ceil(w), screen.getWidth());
        h = Math.min(Math.ceil(h), screen.getHeight());
        stage.setX(Math.max(screen.getMinX(), Math.min(stage.getX(), screen.getMaxX() - w)));
        stage.setY(Math.max(screen.getMinY(), Math.min(stage.getY(), screen.getMaxY() - h)));
        stage.setWidth(w);
        stage.setHeight(h);
    }

    /**
     * The visual bounds of the screen that shows the top of the remembered window, or null if none
     * does.
     */
    static Rectangle2D screenShowing(WindowBounds b) {
        if (!(Double.isFinite(b.x())
                && Double.isFinite(b.y())
                && Double.isFinite(b.width())
                && Double.isFinite(b.height())
                && b.width() >= MIN_WIDTH
                && b.height() >= MIN_HEIGHT)) {
            return null;
        }
        for (Screen s : Screen.getScreens()) {
            Rectangle2D v = s.getVisualBounds();
            double left = Math.max(v.getMinX(), b.x());
            double right = Math.min(v.getMaxX(), b.x() + b.width());
            double top = Math.max(v.getMinY(), b.y());
            double bottom = Math.min(v.getMaxY(), b.y() + GRAB_HEIGHT);
            if (right - left >= GRAB_WIDTH && bottom - top >= GRAB_HEIGHT / 2) {
                return v;
            }
        }
        return null;
    }
}
