package app.ishaar.ui.common;

import java.util.function.ToDoubleFunction;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.skin.ChoiceBoxSkin;

/**
 * The skin of a choice box that is stretched to the width of its column (as the login form's
 * fields are): its minimum and preferred widths are those of what it shows, the chosen value and
 * the arrow, not those of its menu.
 *
 * <p>Why: JavaFX's own skin sizes a choice box for its widest choice by styling and laying out its
 * menu (a context menu with an item per choice, its scroll arrows and shadows) whenever the box is
 * measured, so the login dialog's first frame styled a menu that nobody had opened yet. With this
 * skin the menu is styled when it first opens. A box this skin suits is at least as wide as its
 * widest choice anyway, because its column is; made narrower than that, the shown value is
 * shortened with an ellipsis, as a text field's text is.
 */
public final class StretchedChoiceBoxSkin<T> extends ChoiceBoxSkin<T> {

    public StretchedChoiceBoxSkin(ChoiceBox<T> box) {
        super(box);
    }

    @Override
    protected double computeMinWidth(double height, double topInset, double rightInset, double bottomInset, double leftInset) {
        return leftInset + shown(part -> part.minWidth(-1)) + rightInset;
    }

    @Override
    protected double computePrefWidth(double height, double topInset, double rightInset, double bottomInset, double leftInset) {
        return leftInset + shown(part -> part.prefWidth(-1)) + rightInset;
    }

    /** The summed width of what the box shows (its value's label and its arrow), measured one way. */
    private double shown(ToDoubleFunction<Node> width) {
        double sum = 0;
        for (Node part : getChildren()) {
            sum += width.applyAsDouble(part);
        }
        return sum;
    }
}
