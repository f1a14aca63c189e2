package app.ishaar.ui.fx;

import java.util.function.ToDoubleFunction;
import javafx.geometry.Bounds;
import javafx.geometry.NodeOrientation;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.skin.ChoiceBoxSkin;
import javafx.scene.layout.Region;

/**
 * The skin of a choice box that is stretched to the width of its column (as the login form's fields
 * are): its minimum and preferred widths are those of what it shows, the chosen value and the
 * arrow, not those of its menu.
 *
 * <p>Why: JavaFX's own skin sizes a choice box for its widest choice by styling and laying out its
 * menu (a context menu with an item per choice, its scroll arrows and shadows) whenever the box is
 * measured, so the login dialog's first frame styled a menu that nobody had opened yet. With this
 * skin the menu is styled when it first opens. A box this skin suits is at least as wide as its
 * widest choice anyway, because its column is; made narrower than that, the shown value is
 * shortened with an ellipsis, as a text field's text is.
 *
 * <p>Its menu opens as wide as the box, under it or over it as JavaFX places it, as a combo box's
 * list does: JavaFX's own opens as wide as its longest choice, which under a stretched box looked
 * cut short (more so in Arabic, where it hung from the box's right edge).
 */
public final class StretchedChoiceBoxSkin<T> extends ChoiceBoxSkin<T> {

    /** The width the box's column gave it, last seen while its menu was closed. */
    private double stretchedWidth;

    public StretchedChoiceBoxSkin(ChoiceBox<T> box) {
        super(box);
        // the base skin sizes the box to its preferred width as it opens the menu (its parent's
        // next layout stretches it again): the menu is matched to the width the box had
        registerChangeListener(
                box.widthProperty(),
                e -> {
                    if (!box.isShowing()) {
                        stretchedWidth = box.getWidth();
                    }
                });
        // registered after the base skin's own listener, which opens the menu: the menu is open
        // here
        registerChangeListener(
                box.showingProperty(),
                e -> {
                    if (box.isShowing()) {
                        ContextMenu menu = ChoiceMenus.openMenu(box);
                        if (menu != null) {
                            matchMenuToBox(box, menu);
                        }
                    }
                });
    }

    /**
     * Makes the open menu span the box: as wide as the box was before the base skin sized it down,
     * from the box's left edge (whose place that sizing keeps in a left-to-right scene; in a
     * right-to-left one the box keeps its right edge).
     */
    private void matchMenuToBox(ChoiceBox<?> box, ContextMenu menu) {
        Bounds b = box.localToScreen(box.getLayoutBounds());
        if (b == null
                || stretchedWidth <= 0
                || menu.getSkin() == null
                || !(menu.getSkin().getNode() instanceof Region content)) {
            return;
        }
        boolean rtl = box.getEffectiveNodeOrientation() == NodeOrientation.RIGHT_TO_LEFT;
        Bounds shown = content.localToScreen(content.getLayoutBounds());
        // the menu's window may be wider than what it shows (room for its shadow)
        double inset = shown == null ? 0 : shown.getMinX() - menu.getX();
        content.setMinWidth(stretchedWidth);
        menu.setX((rtl ? b.getMaxX() - stretchedWidth : b.getMinX()) - inset);
    }

    @Override
    protected double computeMinWidth(
            double height,
            double topInset,
            double rightInset,
            double bottomInset,
            double leftInset) {
        return leftInset + shown(part -> part.minWidth(-1)) + rightInset;
    }

    @Override
    protected double computePrefWidth(
            double height,
            double topInset,
            double rightInset,
            double bottomInset,
            double leftInset) {
        return leftInset + shown(part -> part.prefWidth(-1)) + rightInset;
    }

    /**
     * The summed width of what the box shows (its value's label and its arrow), measured one way.
     */
    private double shown(ToDoubleFunction<Node> width) {
        double sum = 0;
        for (Node part : getChildren()) {
            sum += width.applyAsDouble(part);
        }
        return sum;
    }
}
