package app.ishaar.ui.fx;

import java.util.concurrent.Executor;
import javafx.application.Platform;

/**
 * The one adapter between background work and the FX thread: the only class that calls {@link
 * Platform#runLater}. View models take an {@link Executor} for their continuations, so unit tests
 * can pass a direct executor and never start the toolkit.
 */
public final class FxExecutor implements Executor {

    public static final FxExecutor INSTANCE = new FxExecutor();

    private FxExecutor() {}

    /**
     * Runs a task on the FX thread after what it is doing now: the event or the pulse under way
     * (animation timers, styling, layout and the frame's hand-over to the renderer) finishes first.
     */
    public static void later(Runnable command) {
        Platform.runLater(command);
    }

    @Override
    public void execute(Runnable command) {
        if (Platform.isFxApplicationThread()) {
            command.run();
        } else {
            Platform.runLater(command);
        }
    }
}
