package app.ishaar.ui.common;

import javafx.animation.AnimationTimer;

/**
 * Runs a task on the FX thread once the frame being prepared now has been drawn: at the start of
 * the second pulse from now (the first pulse draws it). For work a window starts when it opens
 * (background threads included): started at {@code show()}, it would compete with the first frame.
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
                    task.run();
                }
            }
        }.start();
    }
}
