package app.ishaar.ui.controls;

import java.util.Optional;
import javafx.geometry.Bounds;
import javafx.geometry.NodeOrientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.IndexedCell;
import javafx.stage.PopupWindow;

/**
 * Opening the app's own context menus (a text field's, a history row's, a taxpayer's) the same way:
 * in the UI's direction, growing from where they open towards the line's end, at the pointer, or,
 * when asked for from the keyboard, under the node they are for at its start edge.
 */
public final class ContextMenus {
    private ContextMenus() {}

    /** Opens the menu for {@code owner} at a point on screen (the pointer's). */
    public static void openAt(ContextMenu menu, Node owner, double screenX, double screenY) {
        NodeOrientation ui = owner.getScene().getEffectiveNodeOrientation();
        // JavaFX gives the menu's scene its owner's direction as it shows it (a left-to-right field
        // in Arabic would make an Arabic menu left to right): its content takes the UI's
        menu.getScene().getRoot().setNodeOrientation(ui);
        menu.setAnchorLocation(
                ui == NodeOrientation.RIGHT_TO_LEFT
                        ? PopupWindow.AnchorLocation.CONTENT_TOP_RIGHT
                        : PopupWindow.AnchorLocation.CONTENT_TOP_LEFT);
        menu.show(owner, screenX, screenY);
    }

    /**
     * Opens the menu for {@code owner} under {@code under}, at its start edge (the keyboard's way).
     */
    public static void openUnder(ContextMenu menu, Node owner, Node under) {
        Bounds b = under.localToScreen(under.getLayoutBounds());
        if (b != null) {
            boolean rtl =
                    owner.getScene().getEffectiveNodeOrientation() == NodeOrientation.RIGHT_TO_LEFT;
            openAt(menu, owner, rtl ? b.getMaxX() : b.getMinX(), b.getMaxY());
        }
    }

    /** The cell of this kind showing item {@code index} of a list or table, if it is in view. */
    public static <C extends IndexedCell<?>> Optional<C> shownCell(
            Parent view, Class<C> kind, int index) {
        if (index < 0) {
            return Optional.empty();
        }
        return view.lookupAll(".indexed-cell").stream()
                .filter(kind::isInstance)
                .map(kind::cast)
                .filter(c -> c.getIndex() == index && c.isVisible() && c.getItem() != null)
                .findFirst();
    }
}
