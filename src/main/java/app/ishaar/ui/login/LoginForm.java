package app.ishaar.ui.login;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.settings.Profile;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The login form's fields and their validation: the service ({@link EnvironmentChoice}), the client
 * ID and secret, the represented taxpayer's RIN, the scope, and whether to remember the secret. The
 * rules for the client ID, secret and scope are the command line's ({@link InputRules}); a RIN is a
 * {@link Rin}.
 */
public final class LoginForm {

    static final String REQUIRED = "login.validation.required";

    private final StringProperty clientId = new SimpleStringProperty(this, "clientId", "");
    private final StringProperty secret = new SimpleStringProperty(this, "secret", "");
    private final StringProperty onBehalfOf = new SimpleStringProperty(this, "onBehalfOf", "");
    private final StringProperty scope = new SimpleStringProperty(this, "scope", "");
    private final BooleanProperty remember = new SimpleBooleanProperty(this, "remember", false);
    private final BooleanProperty secretRevealed =
            new SimpleBooleanProperty(this, "secretRevealed", false);
    private final BooleanProperty submitAttempted =
            new SimpleBooleanProperty(this, "submitAttempted", false);

    /**
     * The login went through: the form, emptied of its secret, shows no field's problem while it is
     * still on screen.
     */
    private boolean succeeded;

    private final EnvironmentChoice service;
    private final FormField clientIdField;
    private final FormField secretField;
    private final FormField rinField;
    private final FormField scopeField;
    private final BooleanBinding valid;

    /** The demo account last filled in (see {@link #input}). */
    private DemoAccount filledDemo;

    LoginForm() {
        clientIdField =
                field(clientId, v -> v.isBlank() ? REQUIRED : problemKey(InputRules.clientId(v)));
        secretField = field(secret, v -> v.isEmpty() ? REQUIRED : problemKey(InputRules.secret(v)));
        scopeField = field(scope, v -> v.isBlank() ? null : problemKey(InputRules.scope(v)));
        rinField =
                field(
                        onBehalfOf,
                        v -> v.isBlank() || Rin.isValid(v) ? null : "login.validation.rin");
        service = new EnvironmentChoice(submitAttempted, () -> succeeded);
        FormField[] all = {
            clientIdField,
            secretField,
            rinField,
            service.authUrlField(),
            service.baseUrlField(),
            scopeField
        };
        valid =
                Bindings.createBooleanBinding(
                        () -> {
                            for (FormField f : all) {
                                if (f.problemProperty().get() != null) {
                                    return false;
                                }
                            }
                            return true;
                        },
                        Arrays.stream(all)
                                .map(FormField::problemProperty)
                                .toArray(Observable[]::new));
    }

    private FormField field(StringProperty value, Function<String, String> rule) {
        return new FormField(value, rule, submitAttempted, () -> succeeded);
    }

    public EnvironmentChoice service() {
        return service;
    }

    public StringProperty clientIdProperty() {
        return clientId;
    }

    public StringProperty secretProperty() {
        return secret;
    }

    public StringProperty onBehalfOfProperty() {
        return onBehalfOf;
    }

    public StringProperty scopeProperty() {
        return scope;
    }

    BooleanProperty rememberProperty() {
        return remember;
    }

    public BooleanProperty secretRevealedProperty() {
        return secretRevealed;
    }

    public FormField clientIdField() {
        return clientIdField;
    }

    public FormField secretField() {
        return secretField;
    }

    public FormField rinField() {
        return rinField;
    }

    public FormField scopeField() {
        return scopeField;
    }

    /** Every field is valid. */
    BooleanBinding validProperty() {
        return valid;
    }

    /** Shows every field's problem (Log in was tried on an invalid form). */
    void showProblems() {
        submitAttempted.set(true);
    }

    /** Fills the form from a saved profile; the secret is emptied (the keychain may fill it). */
    void fill(Profile p) {
        service.fill(p);
        clientId.set(EnvironmentChoice.nullToEmpty(p.clientId()));
        scope.set(EnvironmentChoice.nullToEmpty(p.scope()));
        onBehalfOf.set(EnvironmentChoice.nullToEmpty(p.lastTaxpayerRin()));
        remember.set(p.rememberSecret());
        secret.set("");
        filledDemo = null;
    }

    /**
     * Fills a demo account in: Sandbox, its client ID and secret, a demo intermediary's first
     * taxpayer.
     */
    void fill(DemoAccount account) {
        service.environmentProperty().set(Environment.Kind.SANDBOX);
        clientId.set(account.clientId());
        secret.set(account.secret());
        scope.set("");
        onBehalfOf.set(
                account.kind() == DemoAccount.Kind.INTERMEDIARY && !account.taxpayers().isEmpty()
                        ? account.taxpayers().get(0).rin()
                        : "");
        filledDemo = account;
    }

    /**
     * Puts a remembered secret in, if the form still shows that profile's client ID and no secret.
     */
    void fillRememberedSecret(Profile p, char[] remembered) {
        if (clientId.get().trim().equals(p.clientId()) && secret.get().isEmpty()) {
            secret.set(new String(remembered));
        }
    }

    /** Forgets the typed secret. */
    void clearSecret() {
        secret.set("");
        secretRevealed.set(false);
    }

    /** The login went through: no field's problem is shown from now on. */
    void succeeded() {
        succeeded = true;
    }

    /**
     * What the form holds, for one login; {@code keychain}: whether there is a keychain to remember
     * the secret in.
     */
    LoginInput input(boolean keychain) {
        String id = clientId.get().trim();
        return new LoginInput(
                service.environmentProperty().get(),
                service.authUrlProperty().get(),
                service.baseUrlProperty().get(),
                id,
                secret.get().toCharArray(),
                typedRin(),
                blankToNull(scope.get()),
                remember.get() && keychain,
                filledDemo != null && filledDemo.clientId().equals(id) ? filledDemo : null);
    }

    /**
     * The typed on-behalf-of RIN as the service takes it (ASCII digits), or null for none; a value
     * that is no RIN is passed on as typed (the field says what is wrong with it).
     */
    private String typedRin() {
        return Rin.parse(onBehalfOf.get()) instanceof Rin.Valid v
                ? v.rin().value()
                : blankToNull(onBehalfOf.get());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    /**
     * The message key of an input problem (the rules are shared with the command line), or null.
     */
    static String problemKey(Optional<InputRules.Problem> p) {
        return p.map(
                        x ->
                                switch (x) {
                                    case EMPTY -> REQUIRED;
                                    case TOO_LONG -> "login.validation.tooLong";
                                    case UNSAFE_CHARACTERS -> "login.validation.unsafe";
                                    case BAD_FORMAT -> "login.validation.format";
                                })
                .orElse(null);
    }
}
