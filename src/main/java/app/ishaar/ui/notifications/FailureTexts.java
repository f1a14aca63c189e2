package app.ishaar.ui.notifications;

import app.ishaar.ui.error.Failure;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableObjectValue;

/**
 * A failure as the user reads it, in the UI's language: its message, the service's own words on it
 * and its reference, each empty while there is no failure. The failure is described once ({@link
 * Failure#describe}); the texts follow it and the language.
 */
public final class FailureTexts {
    private final StringBinding text;
    private final StringBinding reference;
    private final StringBinding detail;

    FailureTexts(ObservableObjectValue<Throwable> error, I18n i18n) {
        ObjectBinding<Failure> described =
                Bindings.createObjectBinding(
                        () -> error.get() == null ? null : Failure.describe(error.get(), null),
                        error);
        text =
                Bindings.createStringBinding(
                        () -> described.get() == null ? "" : described.get().text(i18n),
                        described,
                        i18n.languageProperty(),
                        i18n.latinDigitsProperty());
        reference =
                Bindings.createStringBinding(
                        () -> described.get() == null ? "" : described.get().reference(i18n),
                        described,
                        i18n.languageProperty());
        detail =
                Bindings.createStringBinding(
                        () ->
                                described.get() == null || described.get().detail() == null
                                        ? ""
                                        : described.get().detail().strip(),
                        described);
    }

    /** What went wrong, in words. */
    public StringBinding textProperty() {
        return text;
    }

    /** "Reference: <correlationId>" or empty. */
    public StringBinding referenceProperty() {
        return reference;
    }

    /**
     * The service's own words on the error (its error body's message, in the language it was asked
     * for), or empty: a 403, for one, may mean no access to these data or none to the API at all.
     */
    public StringBinding detailProperty() {
        return detail;
    }
}
