package app.ishaar.ui.login;

import app.ishaar.core.service.Endpoints;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.settings.Profile;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableBooleanValue;

/**
 * The service the form logs in to: one of the known environments, or a custom one at two typed
 * addresses, which must be well-formed (and use https off the loopback) only when Custom is chosen.
 */
public final class EnvironmentChoice {

    private final ObjectProperty<Environment.Kind> environment =
            new SimpleObjectProperty<>(this, "environment", Environment.Kind.SANDBOX);
    private final StringProperty authUrl = new SimpleStringProperty(this, "authUrl", "");
    private final StringProperty baseUrl = new SimpleStringProperty(this, "baseUrl", "");
    private final FormField authUrlField;
    private final FormField baseUrlField;

    /**
     * {@code submitted}, {@code quiet}: when the addresses' problems show (see {@link FormField}).
     */
    EnvironmentChoice(ObservableBooleanValue submitted, BooleanSupplier quiet) {
        authUrlField =
                new FormField(
                        authUrl,
                        v -> isCustom() ? urlError("auth-url", v) : null,
                        submitted,
                        quiet);
        baseUrlField =
                new FormField(
                        baseUrl,
                        v -> isCustom() ? urlError("base-url", v) : null,
                        submitted,
                        quiet);
        environment.addListener(
                (o, a, b) -> {
                    authUrlField.revalidate();
                    baseUrlField.revalidate();
                });
    }

    public ObjectProperty<Environment.Kind> environmentProperty() {
        return environment;
    }

    public StringProperty authUrlProperty() {
        return authUrl;
    }

    public StringProperty baseUrlProperty() {
        return baseUrl;
    }

    public FormField authUrlField() {
        return authUrlField;
    }

    public FormField baseUrlField() {
        return baseUrlField;
    }

    /** Chooses a saved profile's environment (and its addresses, when custom). */
    void fill(Profile p) {
        Environment.Kind kind = p.environment();
        environment.set(kind);
        if (kind == Environment.Kind.CUSTOM) {
            authUrl.set(nullToEmpty(p.authUrl()));
            baseUrl.set(nullToEmpty(p.baseUrl()));
        }
    }

    private boolean isCustom() {
        return environment.get() == Environment.Kind.CUSTOM;
    }

    private static String urlError(String field, String v) {
        try {
            Endpoints.validate(field, v);
            return null;
        } catch (InvalidEndpointException e) {
            return switch (e.reason()) {
                case MISSING -> LoginForm.REQUIRED;
                case MALFORMED -> "login.validation.url";
                case HTTPS_REQUIRED -> "login.validation.https";
            };
        }
    }

    static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
