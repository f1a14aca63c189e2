package app.ishaar.ui.controls;

import app.ishaar.core.text.MessageText;
import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.text.TextAlignment;

/**
 * Data that reads left-to-right in either language (IDs, RINs, client ids and secrets, e-mail
 * addresses, URLs, hosts, times typed as digits), and the service's own words, which read in their
 * own direction. JavaFX cannot set a node's orientation from CSS, so the views call this; the rest
 * of a right-to-left scene stays mirrored.
 */
public final class Bidi {
    private Bidi() {}

    /** The style class that marks data nodes (the scene-walk tests also recognise it). */
    public static final String DATA = "ltr";

    /**
     * Where left-to-right data sits in a control of the UI's direction {@code ui}: at the UI's
     * reading side (the right in Arabic), under its heading or beside its key, as the other values
     * do.
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

    /**
     * Lays a label's text out in the text's own direction, whatever the UI's, as its text changes:
     * for the service's own words (a login's {@code error_description}, an attempt's details),
     * which come in English or Arabic whichever language the UI is in. An English sentence laid out
     * right to left in the Arabic UI shows its final full stop at its start. A text whose direction
     * is not the UI's sits, like the UI's other left-to-right data, at the UI's reading side (the
     * right in Arabic), its lines flush with it.
     *
     * @param ui the UI's direction
     */
    public static void ownDirection(Labeled label, ObservableValue<NodeOrientation> ui) {
        InvalidationListener apply =
                o -> {
                    boolean rtl = MessageText.rightToLeft(label.getText());
                    NodeOrientation own =
                            rtl ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT;
                    label.setNodeOrientation(own);
                    // a node's alignment is read in its own direction: "right" is the far side from
                    // its start, which is the UI's reading side when the two directions differ
                    boolean across = own != ui.getValue();
                    label.setAlignment(across ? Pos.CENTER_RIGHT : Pos.CENTER_LEFT);
                    label.setTextAlignment(across ? TextAlignment.RIGHT : TextAlignment.LEFT);
                };
        label.textProperty().addListener(apply);
        ui.addListener(new WeakInvalidationListener(apply));
        // the label keeps the listener the UI's direction holds weakly
        label.getProperties().put(Bidi.class, apply);
        apply.invalidated(null);
    }
}
