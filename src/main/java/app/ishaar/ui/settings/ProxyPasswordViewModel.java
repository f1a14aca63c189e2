package app.ishaar.ui.settings;

import app.ishaar.core.secrets.ProxyCredentials;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.i18n.I18n;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The small dialog a proxy's 407 opens: the proxy asks for a user name and password (or refused
 * those it was given), the user types them, and they are kept (in the keychain, or for this run
 * where there is none) for the service client to give the proxy from then on; then the login is
 * tried again. A refused pair asks again, saying so.
 */
public final class ProxyPasswordViewModel {
    /** The failure's message key that opens this dialog. */
    public static final String PROXY_AUTH = "error.network.proxyAuth";

    /** How the dialog ended. */
    public enum Outcome {
        /** Kept in the keychain; log in again. */
        SAVED,
        /** Kept for this run only (no keychain); log in again. */
        SAVED_FOR_THIS_RUN,
        CANCELLED
    }

    /** What is wrong with the typed user name. */
    public enum Problem {
        EMPTY,
        /** A Basic user name has no colon. */
        COLON
    }

    private final I18n i18n;
    private final ProxyCredentials credentials;
    private final Executor fx;
    private final Executor background;
    private final String host;
    private final int port;
    private final String proxy;
    private final StringProperty userName = new SimpleStringProperty(this, "userName", "");
    private final StringProperty password = new SimpleStringProperty(this, "password", "");
    private final ReadOnlyBooleanWrapper refused = new ReadOnlyBooleanWrapper(this, "refused");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final SimpleBooleanProperty attempted = new SimpleBooleanProperty(this, "attempted");
    private final ReadOnlyObjectWrapper<Problem> problem =
            new ReadOnlyObjectWrapper<>(this, "problem");
    private final ReadOnlyObjectWrapper<Outcome> outcome =
            new ReadOnlyObjectWrapper<>(this, "outcome");

    private ProxyPasswordViewModel(
            I18n i18n,
            ProxyCredentials credentials,
            Executor fx,
            Executor background,
            String host,
            int port) {
        this.i18n = i18n;
        this.credentials = credentials;
        this.fx = fx;
        this.background = background;
        this.host = host;
        this.port = port;
        this.proxy = app.ishaar.core.settings.ProxyAddress.format(host, port);
        userName.addListener((o, a, b) -> check());
        attempted.addListener((o, a, b) -> check());
    }

    /**
     * The dialog for a failure, if it is a proxy's 407 ({@value #PROXY_AUTH}, naming the proxy as
     * host:port); empty for any other failure.
     */
    public static Optional<ProxyPasswordViewModel> forFailure(
            Failure f, I18n i18n, ProxyCredentials credentials, Executor fx, Executor background) {
        if (f == null || !PROXY_AUTH.equals(f.key()) || f.args().size() < 2) {
            return Optional.empty();
        }
        String proxy = f.args().get(1);
        int colon = proxy.lastIndexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        String host = proxy.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(proxy.substring(colon + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.of(
                new ProxyPasswordViewModel(i18n, credentials, fx, background, host, port));
    }

    /**
     * Finds out, off the UI thread, whether the proxy refused a pair it was given (then says so,
     * and fills in the user name given), and completes when the dialog can show.
     */
    public CompletableFuture<Void> load() {
        return CompletableFuture.supplyAsync(
                        () -> credentials.has(host, port) ? credentials.userName(host, port) : null,
                        background)
                .thenAcceptAsync(
                        known -> {
                            if (known != null) {
                                refused.set(true);
                                known.ifPresent(userName::set);
                            }
                        },
                        fx);
    }

    /** The proxy, "host:port". */
    public String proxy() {
        return proxy;
    }

    /** The heading: the proxy asks, or the proxy refused the pair given. */
    public StringBinding heading() {
        return Bindings.createStringBinding(
                () ->
                        i18n.get(
                                refused.get() ? "proxyPassword.refused" : "proxyPassword.asks",
                                proxy),
                refused,
                i18n.languageProperty());
    }

    public StringProperty userNameProperty() {
        return userName;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    /** The proxy refused the pair it was given: the dialog asks again, saying so. */
    public ReadOnlyBooleanProperty refusedProperty() {
        return refused.getReadOnlyProperty();
    }

    /** The pair is being kept (the keychain may take a moment). */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What is wrong with the user name, once the user tried to go on; null otherwise. */
    public ReadOnlyObjectProperty<Problem> problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The problem in the UI language, or "". */
    public StringBinding problemText() {
        return Bindings.createStringBinding(
                () ->
                        problem.get() == null
                                ? ""
                                : i18n.get(
                                        problem.get() == Problem.EMPTY
                                                ? "proxyPassword.error.empty"
                                                : "proxyPassword.error.colon"),
                problem,
                i18n.languageProperty());
    }

    /** How the dialog ended; null while it is open. */
    public ReadOnlyObjectProperty<Outcome> outcomeProperty() {
        return outcome.getReadOnlyProperty();
    }

    private Problem problemOf(String user) {
        if (user == null || user.isBlank()) {
            return Problem.EMPTY;
        }
        return user.indexOf(':') >= 0 ? Problem.COLON : null;
    }

    private void check() {
        problem.set(attempted.get() ? problemOf(userName.get()) : null);
    }

    /**
     * Keeps the typed pair (off the UI thread) and ends the dialog with {@link Outcome#SAVED} or
     * {@link Outcome#SAVED_FOR_THIS_RUN}; with a user name that cannot be, shows why instead.
     */
    public void submit() {
        if (busy.get() || outcome.get() != null) {
            return;
        }
        attempted.set(true);
        if (problemOf(userName.get()) != null) {
            return;
        }
        String user = userName.get().strip();
        char[] secret = password.get().toCharArray();
        password.set("");
        busy.set(true);
        CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return credentials.save(host, port, user, secret);
                            } finally {
                                Arrays.fill(secret, '\0');
                            }
                        },
                        background)
                .whenCompleteAsync(
                        (kept, error) -> {
                            busy.set(false);
                            outcome.set(
                                    kept == ProxyCredentials.Kept.KEYCHAIN
                                            ? Outcome.SAVED
                                            : Outcome.SAVED_FOR_THIS_RUN);
                        },
                        fx);
    }

    /** Closes without keeping anything: the login's failure stays on screen. */
    public void cancel() {
        if (outcome.get() == null) {
            password.set("");
            outcome.set(Outcome.CANCELLED);
        }
    }
}
