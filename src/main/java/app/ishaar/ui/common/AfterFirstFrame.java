package app.ishaar.ui.common;

import javafx.animation.AnimationTimer;

/**
 * Runs a task on the FX thread once the frame being prepared now has been drawn: the second pulse
 * from now shows that the first has drawn it, and the task runs when that pulse is over. For work a
 * window starts when it opens (background threads included): started at {@code show()}, it would
 * compete with the first frame. Run inside the second pulse, such tasks (the login dialog has five)
 * made that pulse, and so the dialog's second frame, wait for them.
 */
public final class AfterFirstFrame {
    private AfterFirstFrame() {}

    /** Call on the FX thread. */
    public static void run(Runnable task) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 2) {
                    stop();
                    FxExecutor.later(task);
                }
            }
        }.start();
    }
}
