package app.ishaar.ui.fx;

import javafx.stage.Stage;

/**
 * Gives a dialog the size of its scene once it shows. On Linux, JavaFX 21's GTK windows can be
 * mapped by the window manager at another size than the one asked for (one of a family of sizing
 * bugs, such as JDK-8316423, reported with newer GNOME releases and fixed in JavaFX 22, which needs
 * Java 21): under Openbox the login dialog came up at its minimum size, 460 by 420, with its demo
 * accounts and its buttons cut off, and a stage without a minimum at GTK's default 200 by 200.
 * Sized to its scene again right after it shows, out of the call that showed it, it keeps that
 * size. Elsewhere the window already has that size, and nothing changes.
 *
 * <p>Only for windows sized by their scene: the main window, whose size is set before it shows
 * (remembered, or the first run's), was mapped at that size.
 */
public final class RequestedSize {

    private static final Object KEY = new Object();

    private RequestedSize() {}

    /** At every showing of the stage (once per stage, however often it is called). */
    public static void sizeToSceneOnShow(Stage stage) {
        if (stage.getProperties().putIfAbsent(KEY, Boolean.TRUE) != null) {
            return;
        }
        stage.showingProperty()
                .addListener(
                        (o, was, showing) -> {
                            if (showing && !stage.isMaximized() && !stage.isFullScreen()) {
                                FxExecutor.later(
                                        () -> {
                                            if (stage.isShowing()
                                                    && !stage.isMaximized()
                                                    && !stage.isFullScreen()) {
                                                stage.sizeToScene();
                                            }
                                        });
                            }
                        });
    }
}
