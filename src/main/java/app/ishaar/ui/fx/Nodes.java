package app.ishaar.ui.fx;

import javafx.scene.Node;

/** Questions about where a node sits in its scene graph. */
public final class Nodes {
    private Nodes() {}

    /** Whether {@code node} is {@code ancestor} or lies inside it (false for a null node). */
    public static boolean isInside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code node} is in a scene and it and every node above it are visible. */
    public static boolean isShown(Node node) {
        if (node.getScene() == null) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
