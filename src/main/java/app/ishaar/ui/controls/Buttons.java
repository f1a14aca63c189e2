package app.ishaar.ui.controls;

import javafx.beans.value.ObservableValue;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/**
 * Buttons and tooltips made the same way on every screen, their texts following the UI's language.
 */
public final class Buttons {
    private Buttons() {}

    /**
     * A button that shows an icon (a region of the given style class, shaped by the style sheet);
     * its name is its tooltip's text and what a screen reader says of it.
     */
    public static Button icon(
            String id, String iconClass, ObservableValue<String> name, Runnable action) {
        Region icon = new Region();
        icon.getStyleClass().addAll("icon", iconClass);
        Button b = new Button();
        b.setGraphic(icon);
        b.setId(id);
        b.setTooltip(tooltip(name));
        b.setOnAction(e -> action.run());
        b.accessibleTextProperty().bind(name);
        return b;
    }

    /** A tooltip showing the text. */
    public static Tooltip tooltip(ObservableValue<String> text) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(text);
        return t;
    }
}
