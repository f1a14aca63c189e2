package app.ishaar.ui.common;

import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.scene.Node;

/**
 * Data that reads left-to-right in either language (IDs, RINs, client ids and secrets, e-mail
 * addresses, URLs, hosts, times typed as digits). JavaFX cannot set a node's orientation from CSS,
 * so the views call this; the rest of a right-to-left scene stays mirrored.
 */
public final class Bidi {
    private Bidi() {}

    /** The style class that marks data nodes (the scene-walk tests also recognise it). */
    public static final String DATA = "ltr";

    /**
     * Where left-to-right data sits in a control of the UI's direction {@code ui}: at the UI's
     * reading side (the right in Arabic), under its heading or beside its key, as the other values do.
     */
    public static Pos readingSide(NodeOrientation ui) {
        return ui == NodeOrientation.RIGHT_TO_LEFT ? Pos.CENTER_RIGHT : Pos.CENTER_LEFT;
    }

    /** Makes the nodes left-to-right whatever the scene's direction, and marks them as data. */
    public static void leftToRight(Node... nodes) {
        for (Node n : nodes) {
            n.setNodeOrientation(NodeOrientation.LEFT_TO_RIGHT);
            if (!n.getStyleClass().contains(DATA)) {
                n.getStyleClass().add(DATA);
            }
        }
    }
}
