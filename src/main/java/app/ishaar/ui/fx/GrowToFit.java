package app.ishaar.ui.fx;

import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Lets a dialog's window grow with its content: when what it shows comes to need more height (a
 * failed login's message, a section opened) and the window showed all of it before, the window
 * grows to show all of it again, within its screen (moving up if its bottom would pass the
 * screen's); when that need passes, it goes back to the height it had, if it still has the height
 * it grew to. A window the user made shorter than its content keeps its height: its content scrolls
 * ({@code ScrollWhenNeeded}).
 *
 * <p>It looks after each layout pass of the window's scene. A size asked for is waited for (the
 * scene follows the window a moment later); a window given another height meanwhile (by the window
 * manager, or the user) is left with it. Width and height are asked together: JavaFX 21's GTK
 * windows do not apply a height asked alone.
 */
public final class GrowToFit implements Runnable {

    private final Stage stage;
    private final Scene scene;

    /** The content's height at the previous pass; NaN before the first. */
    private double lastNeeds = Double.NaN;

    /** The window's height before it grew, to go back to; NaN while it has not grown. */
    private double before = Double.NaN;

    /** The window's height as it grew to (NaN while it has not). */
    private double grownTo = Double.NaN;

    /** The window's and the scene's heights asked for, until the scene has it; NaN when none. */
    private double asked = Double.NaN;

    private double askedScene = Double.NaN;

    /**
     * Where the window's top was before growing moved it up, and where that put it; NaN if it did
     * not.
     */
    private double yBefore = Double.NaN;

    private double yMoved = Double.NaN;

    /** Whether the content may have changed since the last look (its root asked for a layout). */
    private boolean changed = true;

    private GrowToFit(Stage stage) {
        this.stage = stage;
        this.scene = stage.getScene();
        // its size is measured again only after a change: not at every pulse of an animation.
        // (Nothing is hung on the stage, which outlives the scene: the login dialog's gets a new
        // scene at every log out, and the old one must go with what it showed.)
        scene.getRoot().needsLayoutProperty().addListener((o, was, now) -> changed |= now);
        scene.heightProperty().addListener((o, was, now) -> changed = true);
        scene.widthProperty().addListener((o, was, now) -> changed = true);
    }

    /** Watches the stage's current scene (a scene given to it later needs this again). */
    public static void install(Stage stage) {
        stage.getScene().addPostLayoutPulseListener(new GrowToFit(stage));
    }

    @Override
    public void run() {
        if (!stage.isShowing()
                || stage.getScene() != scene
                || scene.getRoot() == null
                || stage.isMaximized()
                || stage.isFullScreen()) {
            return;
        }
        if (!changed) {
            return;
        }
        changed = false;
        double height = stage.getHeight();
        double has = scene.getHeight();
        double needs = scene.getRoot().prefHeight(scene.getWidth());
        if (!Double.isNaN(asked)) {
            if (Math.abs(height - asked) > 0.5) {
                forget(); // given another height meanwhile: that one stays
            } else if (Math.abs(has - askedScene) > 0.5) {
                return; // on its way (what the content needed before stays the reference)
            }
            asked = Double.NaN;
        }
        double previous = lastNeeds;
        lastNeeds = needs;
        if (Double.isNaN(previous)) {
            return;
        }
        double frame = height - has; // title bar and borders
        if (needs > previous + 0.5 && needs > has + 0.5 && has >= previous - 0.5) {
            Rectangle2D screen = screen();
            double target = Math.min(needs + frame, screen.getHeight());
            if (target > height + 0.5) {
                if (Double.isNaN(before)) {
                    before = height;
                }
                ask(target, frame);
                grownTo = target;
                if (stage.getY() + target > screen.getMaxY()) {
                    if (Double.isNaN(yBefore)) {
                        yBefore = stage.getY();
                    }
                    stage.setY(Math.max(screen.getMinY(), screen.getMaxY() - target));
                    yMoved = stage.getY();
                }
            }
        } else if (!Double.isNaN(before)
                && needs < previous - 0.5
                && Math.abs(height - grownTo) <= 0.5) {
            double target = Math.max(before, Math.max(stage.getMinHeight(), needs + frame));
            if (target < height - 0.5) {
                boolean back = target <= before + 0.5;
                ask(target, frame);
                grownTo = target;
                if (back) {
                    if (!Double.isNaN(yBefore) && Math.abs(stage.getY() - yMoved) <= 0.5) {
                        stage.setY(yBefore); // unless it was moved since
                    }
                    forget();
                }
            }
        }
    }

    private void ask(double target, double frame) {
        stage.setWidth(stage.getWidth());
        stage.setHeight(target);
        asked = stage.getHeight();
        askedScene = target - frame;
    }

    private void forget() {
        before = Double.NaN;
        grownTo = Double.NaN;
        yBefore = Double.NaN;
        yMoved = Double.NaN;
    }

    private Rectangle2D screen() {
        var screens =
                Screen.getScreensForRectangle(
                        stage.getX(),
                        stage.getY(),
                        Math.max(1, stage.getWidth()),
                        Math.max(1, stage.getHeight()));
        return (screens.isEmpty() ? Screen.getPrimary() : screens.get(0)).getVisualBounds();
    }
}
