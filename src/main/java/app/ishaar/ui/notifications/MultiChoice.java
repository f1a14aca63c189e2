package app.ishaar.ui.notifications;

import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.scene.text.Text;
import org.controlsfx.control.CheckComboBox;

/**
 * A filter of the bar that takes any of several values (a status: failed delivery or rejected),
 * bound to its draft value in the view model: the values checked, comma-separated in the choices'
 * order, none checked meaning All. The box names one choice, or the first and how many more (the
 * chip of the applied filter names them all), and is as wide as its longest choice in the UI's
 * language, so that the bar does not jump as choices are checked.
 */
final class MultiChoice {
    private final CheckComboBox<String> box = new CheckComboBox<>();
    private final StringProperty value;
    private final Function<String, String> name;
    private final I18n i18n;
    private final String labelKey;
    private boolean updating;

    /**
     * {@code labelKey}: the bundle key of the filter's label; {@code options}: the choices, All
     * ({@link FiltersViewModel#ANY}) left out; {@code name}: a choice's name in the UI's language
     * now.
     */
    MultiChoice(
            String id,
            String labelKey,
            List<String> options,
            StringProperty value,
            Function<String, String> name,
            I18n i18n) {
        this.value = value;
        this.name = name;
        this.i18n = i18n;
        this.labelKey = labelKey;
        box.setId(id);
        box.getItems().setAll(options.stream().filter(o -> !o.isEmpty()).toList());
        box.setShowCheckedCount(false);
        box.getCheckModel()
                .getCheckedItems()
                .addListener((ListChangeListener<String>) c -> checksChanged());
        // heard weakly: the view model outlives the screen's nodes (a screen let go is made
        // again over it)
        app.ishaar.ui.fx.Weak.listen(box.getProperties(), (o, was, now) -> show(now), value);
        box.skinProperty().addListener((o, was, now) -> showTitle());
        show(value.get());
        languageChanged();
    }

    CheckComboBox<String> box() {
        return box;
    }

    /** The choices' names, the box's title and its width in the UI's (new) language. */
    void languageChanged() {
        box.setConverter(ChoiceNames.of(name));
        showTitle();
        // in ems, so that it follows the text size chosen in the settings
        javafx.scene.text.Font font = javafx.scene.text.Font.getDefault();
        double widest = 0;
        for (String o : box.getItems()) {
            Text t = new Text(name.apply(o));
            t.setFont(font);
            widest = Math.max(widest, t.getLayoutBounds().getWidth());
        }
        double ems = widest / font.getSize() + 3.5; // the arrow and the cell's padding
        box.setStyle(String.format(java.util.Locale.ROOT, "-fx-pref-width: %.2fem;", ems));
    }

    /**
     * Checks the values of {@code csv} (an unknown one, from a newer service, added as a choice).
     */
    private void show(String csv) {
        updating = true;
        try {
            List<String> wanted =
                    csv == null || csv.isBlank()
                            ? List.of()
                            : Arrays.stream(csv.split(","))
                                    .map(String::strip)
                                    .filter(v -> !v.isEmpty())
                                    .toList();
            for (String w : wanted) {
                if (!box.getItems().contains(w)) {
                    box.getItems().add(w);
                }
            }
            box.getCheckModel().clearChecks();
            for (String w : wanted) {
                box.getCheckModel().check(w);
            }
        } finally {
            updating = false;
        }
        showTitle();
    }

    private void checksChanged() {
        if (!updating) {
            List<String> checked = new ArrayList<>();
            for (String o : box.getItems()) {
                if (box.getCheckModel().isChecked(o)) {
                    checked.add(o);
                }
            }
            value.set(String.join(",", checked));
        }
        showTitle();
    }

    /** All; a choice's name; or the first's and how many more. */
    private void showTitle() {
        List<String> checked =
                box.getItems().stream().filter(o -> box.getCheckModel().isChecked(o)).toList();
        String title =
                checked.isEmpty()
                        ? i18n.get("filter.any")
                        : checked.size() == 1
                                ? name.apply(checked.get(0))
                                : i18n.get(
                                        "filter.multi.more",
                                        name.apply(checked.get(0)),
                                        checked.size() - 1);
        box.setTitle(title);
        // the box's focus is its inner combo box: that is what a screen reader names, the label's
        // words and the values checked
        String spoken =
                i18n.get(labelKey)
                        + ": "
                        + (checked.isEmpty()
                                ? i18n.get("filter.any")
                                : String.join(", ", checked.stream().map(name).toList()));
        box.setAccessibleText(spoken);
        box.getChildrenUnmodifiable().stream()
                .filter(javafx.scene.control.ComboBoxBase.class::isInstance)
                .forEach(inner -> ((javafx.scene.control.Control) inner).setAccessibleText(spoken));
    }
}
