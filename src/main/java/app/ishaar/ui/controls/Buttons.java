package app.ishaar.ui.controls;

import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
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

    /**
     * {@code control} in a wrapper carrying its tooltip too: a disabled control shows no tooltip of
     * its own, and its tooltip is then what says why it is disabled. Put the wrapper where the
     * control would go.
     */
    public static HBox tooltipEvenDisabled(Control control, ObservableValue<String> text) {
        Tooltip t = tooltip(text);
        t.setWrapText(true);
        t.setPrefWidth(360); // (a maximum alone leaves it one long line)
        t.setMaxWidth(360);
        control.setTooltip(t);
        HBox wrapper = new HBox(control);
        wrapper.setAlignment(Pos.CENTER);
        wrapper.setMinWidth(Region.USE_PREF_SIZE);
        Tooltip.install(wrapper, t);
        return wrapper;
    }

    /** A tooltip showing the text. */
    public static Tooltip tooltip(ObservableValue<String> text) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(text);
        return t;
    }
}
