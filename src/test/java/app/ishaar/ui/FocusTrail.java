package app.ishaar.ui;

import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;

/**
 * Where a scene's keyboard went, and from where in the toolkit or the app each move came: told in a
 * failure's message, where "the keyboard is elsewhere" alone says nothing of why.
 */
final class FocusTrail {
    private final StringBuffer moves = new StringBuffer();
    private final Scene scene;
    private final ChangeListener<Node> listener = (o, was, now) -> moved(now);

    /** Starts following; call on the FX thread. */
    FocusTrail(Scene scene) {
        this.scene = scene;
        scene.focusOwnerProperty().addListener(listener);
    }

    private void moved(Node now) {
        moves.append("\n  -> ").append(now == null ? "nothing" : describe(now));
        int before = moves.length();
        StackTraceElement[] stack = new Throwable().getStackTrace();
        for (StackTraceElement at : stack) {
            String c = at.getClassName();
            if (c.startsWith("app.ishaar.ui.") && !c.startsWith(FocusTrail.class.getName())
                    || c.startsWith("javafx.scene.control.")
                    || c.equals("javafx.scene.Scene$ScenePulseListener")
                    || c.equals("javafx.scene.Scene")) {
                moves.append("\n       at ").append(at);
            }
        }
        if (moves.length() == before) { // none of those: the whole way
            for (StackTraceElement at : stack) {
                moves.append("\n       at ").append(at);
            }
        }
    }

    private static String describe(Node n) {
        return n.getClass().getSimpleName() + (n.getId() == null ? "" : " #" + n.getId());
    }

    /** The moves so far; call on the FX thread. */
    String moves() {
        return moves.length() == 0 ? " (the keyboard did not move)" : moves.toString();
    }

    /** Stops following; call on the FX thread. */
    void stop() {
        scene.focusOwnerProperty().removeListener(listener);
    }
}
