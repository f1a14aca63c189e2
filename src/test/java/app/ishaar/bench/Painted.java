package app.ishaar.bench;

import com.sun.javafx.tk.RenderJob;
import com.sun.javafx.tk.Toolkit;
import javafx.application.Platform;

/**
 * The moment a frame is on screen, for the benchmarks. JavaFX paints a frame on its renderer's
 * thread after the pulse that prepared it, while the FX thread goes on: the start of the next pulse
 * does not show that the frame has been painted (the login dialog's first frame was still being
 * painted 80–150 ms after it, with the software renderer). The renderer runs its jobs in turn, so a
 * job given to it after a frame's pulse runs once that frame has been painted. With the software
 * renderer (the benchmarks' headless runs, and machines without a usable GPU) the painted pixels
 * then reach the window through the FX thread, in a task the renderer queued there as it finished:
 * the job's own task for the FX thread, queued after it, runs once the frame is on screen. JavaFX
 * has no public API for this; the benchmarks use its toolkit's render queue (on the classpath, as
 * they run, its internals are reachable). The app itself waits for a painted frame with a snapshot
 * ({@code AfterFirstFrame}), which the benchmarks must not add to what they measure.
 */
final class Painted {
    private Painted() {}

    /**
     * Call on the FX thread after the pulse that handed a frame to the renderer: runs {@code then}
     * on the FX thread once that frame is on screen.
     */
    static void then(Runnable then) {
        Toolkit.getToolkit().addRenderJob(new RenderJob(() -> Platform.runLater(then)));
    }

    /**
     * Call on the FX thread during the pulse that prepares a frame (from an animation timer, or a
     * scene's post-layout listener): runs {@code then} on the FX thread once that frame is on
     * screen. The pulse hands its frames to the renderer as it ends, after its animation timers and
     * its scenes' styling and layout; a task given to the FX thread during the pulse runs after it,
     * and gives the renderer its job then. (Waiting for the next pulse's start instead would add
     * the wait for that pulse, and its work, to the time measured.)
     */
    static void afterThisPulse(Runnable then) {
        Platform.runLater(() -> then(then));
    }
}
