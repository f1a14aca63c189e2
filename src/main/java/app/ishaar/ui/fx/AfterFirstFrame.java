package app.ishaar.ui.fx;

import java.util.ArrayList;
import java.util.List;
import javafx.animation.AnimationTimer;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Runs tasks on the FX thread once the frame being prepared now has been painted. For the work a
 * window starts when it opens (background threads included): started at {@code show()}, it would
 * compete with the window's first frame.
 *
 * <p>JavaFX hands a frame to its renderer at the end of a pulse and paints it on the renderer's
 * thread while the FX thread goes on; the next pulse waits for that painting only if it has changes
 * of its own to hand over. So the start of the second pulse does not show that the first frame has
 * been painted: with the software renderer the login dialog's first frame was still being painted
 * well after it, and the tasks started then (the sandbox, the keychain probe, the icons' decoding,
 * tooltips) took the cores it needed. JavaFX has no public event for a painted frame; what it has
 * is a snapshot, which waits for the frames handed over before it and is then painted by the same
 * renderer, in turn. So once the frame has been handed over (the second pulse), a one-pixel
 * snapshot of a leaf of a showing window is taken, and its result, which comes when everything
 * before it has been painted, lets the tasks go. With the software renderer a frame reaches the
 * screen through the FX thread (its pixels are handed over there), and that hand-over was queued
 * before the snapshot's result: the tasks come after it too. One snapshot serves all the tasks
 * given before it is taken.
 */
public final class AfterFirstFrame {
    private AfterFirstFrame() {}

    /**
     * The tasks given since the last frame was handed over (FX thread only); while there are any, a
     * timer counts pulses.
     */
    private static final List<Runnable> pending = new ArrayList<>();

    /** Call on the FX thread. */
    public static void run(Runnable task) {
        boolean counting = !pending.isEmpty();
        pending.add(task);
        if (counting) {
            return;
        }
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                // the first pulse prepares the frame and hands it to the renderer; from the second
                // on, the frame is the renderer's
                if (++pulses == 2) {
                    stop();
                    List<Runnable> tasks = new ArrayList<>(pending);
                    pending.clear(); // a task given from now on waits for a later frame
                    whenPainted(() -> tasks.forEach(FxExecutor::later));
                }
            }
        }.start();
    }

    /**
     * Runs {@code then} on the FX thread once the frames handed to the renderer so far have been
     * painted.
     */
    private static void whenPainted(Runnable then) {
        Node node = showingLeaf();
        if (node == null) {
            then.run(); // no window: no frame to wait for
            return;
        }
        SnapshotParameters onePixel = new SnapshotParameters();
        onePixel.setViewport(new Rectangle2D(0, 0, 1, 1));
        node.snapshot(
                result -> {
                    then.run();
                    return null;
                },
                onePixel,
                new WritableImage(1, 1));
    }

    /**
     * A node of a showing window to take the snapshot of: a leaf, so that painting the snapshot
     * itself costs next to nothing (the snapshot waits for the window's frames all the same).
     */
    private static Node showingLeaf() {
        for (Window w : Window.getWindows()) {
            if (w instanceof Stage
                    && w.isShowing()
                    && w.getScene() != null
                    && w.getScene().getRoot() != null) {
                Node n = w.getScene().getRoot();
                while (n instanceof Parent p && !p.getChildrenUnmodifiable().isEmpty()) {
                    n = p.getChildrenUnmodifiable().get(0);
                }
                return n;
            }
        }
        return null;
    }
}
