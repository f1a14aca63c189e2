package app.ishaar.ui.controls;

import app.ishaar.ui.fx.AfterFirstFrame;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * "English | العربية": two toggles bound to the UI language, one always chosen. Ids: {@code
 * <prefix>-en}, {@code <prefix>-ar}. Call on the FX thread.
 */
public final class LanguageSwitch {
    private LanguageSwitch() {}

    public static HBox create(
            I18n i18n, ObjectProperty<AppLanguage> language, String idPrefix, String tooltipKey) {
        ToggleGroup group = new ToggleGroup();
        ToggleButton en = new ToggleButton();
        en.textProperty().bind(i18n.text("language.english"));
        en.setId(idPrefix + "-en");
        en.setUserData(AppLanguage.ENGLISH);
        ToggleButton ar = new ToggleButton();
        ar.textProperty().bind(i18n.text("language.arabic"));
        ar.setId(idPrefix + "-ar");
        ar.setUserData(AppLanguage.ARABIC);
        group.getToggles().addAll(en, ar);
        group.selectToggle(language.get() == AppLanguage.ARABIC ? ar : en);
        group.selectedToggleProperty()
                .addListener(
                        (o, old, now) -> {
                            if (now == null) {
                                group.selectToggle(old); // one language is always chosen
                            } else {
                                language.set((AppLanguage) now.getUserData());
                            }
                        });
        HBox box = new HBox(0, en, ar);
        Weak.<AppLanguage>listen(
                box.getProperties(),
                (o, a, b) -> group.selectToggle(b == AppLanguage.ARABIC ? ar : en),
                language);
        box.getStyleClass().add("language-switch");
        box.setAlignment(Pos.CENTER);
        // made once the window is drawn (nobody hovers before that): a tooltip is a popup window
        // with its own behaviour, and the first one made costs its window a few milliseconds
        AfterFirstFrame.run(
                () -> {
                    Tooltip t = new Tooltip();
                    t.textProperty().bind(i18n.text(tooltipKey));
                    // on each button: installed on the box around them, it never showed over them
                    en.setTooltip(t);
                    ar.setTooltip(t);
                });
        return box;
    }
}
