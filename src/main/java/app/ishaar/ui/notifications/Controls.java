package app.ishaar.ui.notifications;

import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.i18n.I18n;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The history screen's small parts, made the same way by its filters, its pager and the rest:
 * labels, buttons and tooltips in the UI's language, and rows whose labels name their controls.
 */
final class Controls {
    private final I18n i18n;

    Controls(I18n i18n) {
        this.i18n = i18n;
    }

    Label label(String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        l.getStyleClass().add("filter-label");
        return l;
    }

    /** A row of labels, each naming the control after it (for screen readers), and controls. */
    static HBox group(Node... nodes) {
        HBox box = new HBox(nodes);
        box.getStyleClass().add("filter-group");
        nameByLabels(nodes);
        return box;
    }

    /** Each label of the row names the control that follows it. */
    static void nameByLabels(Node... nodes) {
        for (int i = 0; i + 1 < nodes.length; i++) {
            if (nodes[i] instanceof Label l && !(nodes[i + 1] instanceof Label)) {
                l.setLabelFor(nodes[i + 1]);
            }
        }
    }

    Button button(String key, String tooltipKey, Runnable action) {
        Button b = new Button();
        b.textProperty().bind(i18n.text(key));
        if (tooltipKey != null) {
            b.setTooltip(tooltip(tooltipKey));
        }
        b.setOnAction(e -> action.run());
        return b;
    }

    Tooltip tooltip(String key) {
        return Buttons.tooltip(i18n.text(key));
    }
}
