package app.ishaar.ui.fx;

import javafx.scene.Scene;

/** Work for once a scene is laid out: where its controls stand and which of them are shown. */
public final class AfterLayout {
    private AfterLayout() {}

    /** Runs once, after the scene's next layout pass (before that frame is drawn). */
    public static void next(Scene scene, Runnable r) {
        Runnable[] once = new Runnable[1];
        once[0] =
                () -> {
                    scene.removePostLayoutPulseListener(once[0]);
                    r.run();
                };
        scene.addPostLayoutPulseListener(once[0]);
    }
}
