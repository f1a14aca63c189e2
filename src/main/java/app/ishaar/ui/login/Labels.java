package app.ishaar.ui.login;

import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;

/**
 * The login dialog's texts: labels, tooltips and a field's error line, each bound to its message in
 * the UI language, so they follow a change of language at once.
 */
final class Labels {

    private final I18n i18n;

    Labels(I18n i18n) {
        this.i18n = i18n;
    }

    I18n i18n() {
        return i18n;
    }

    Label label(String key) {
        Label l = new Label();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    /** A label that may wrap (in Arabic too: {@link WrappingLabel}). */
    Label wrapping(String key) {
        Label l = new WrappingLabel();
        l.textProperty().bind(i18n.text(key));
        return l;
    }

    Tooltip tooltip(String key) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(i18n.text(key));
        return t;
    }

    /** A field's error line: the message of {@code errorKey}, shown only while there is one. */
    Label error(String id, ObservableStringValue errorKey) {
        Label l = new WrappingLabel();
        l.setId(id);
        l.getStyleClass().addAll("error-text", "field-error");
        l.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> errorKey.get() == null ? "" : i18n.get(errorKey.get()),
                                errorKey,
                                i18n.languageProperty()));
        l.visibleProperty().bind(Bindings.isNotNull(errorKey));
        l.managedProperty().bind(l.visibleProperty());
        return l;
    }
}
