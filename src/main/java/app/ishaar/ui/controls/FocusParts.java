package app.ishaar.ui.controls;

import app.ishaar.ui.fx.Nodes;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;

/**
 * F6 and Shift+F6: focus moves to the next or the previous part of a window (the taxpayer list, the
 * filters, the table, the detail, the pager), as in a browser or a mail program, instead of tabbing
 * through every control on the way.
 */
public final class FocusParts {
    private FocusParts() {}

    /** A part of a window, and what gets focus when the part is reached. */
    public record Part(Node area, Node first) {}

    /**
     * Focuses the part after (or before) the one that has focus, in the given order, round the end;
     * from outside every part, to the first (or the last). A part whose first node cannot take the
     * keyboard now (hidden, disabled, out of the scene) is passed over.
     *
     * @return whether a part took the keyboard
     */
    public static boolean move(Scene scene, List<Part> parts, boolean forward) {
        if (parts.isEmpty()) {
            return false;
        }
        int at = -1;
        Node owner = scene.getFocusOwner();
        for (int i = 0; i < parts.size() && at < 0; i++) {
            if (Nodes.isInside(owner, parts.get(i).area())) {
                at = i;
            }
        }
        int n = parts.size();
        for (int step = 1; step <= n; step++) {
            int i =
                    at < 0
                            ? (forward ? step - 1 : n - step)
                            : Math.floorMod(at + (forward ? step : -step), n);
            Node first = parts.get(i).first();
            if (canTakeKeyboard(first, scene)) {
                first.requestFocus();
                return true;
            }
        }
        return false;
    }

    private static boolean canTakeKeyboard(Node n, Scene scene) {
        return n != null && n.getScene() == scene && !n.isDisabled() && Nodes.isShown(n);
    }
}
