package app.ishaar.ui.main;

import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;

/**
 * Logging the shown taxpayer in again after its session ended, with the typed secret or the
 * remembered one; its history screen keeps its filters, page and selection. A log out, or a new
 * login into the window, drops a re-login under way.
 */
final class Relogin {

    /**
     * The window's state a re-login reads and renews: its profile and environment, its credentials
     * (from which sessions for its taxpayers are opened) and the ones a successful re-login leaves,
     * and the taxpayer that has a session again.
     */
    record Window(
            Supplier<Profile> profile,
            Supplier<Environment> environment,
            Supplier<Credentials> base,
            Consumer<Credentials> renewBase,
            Consumer<TaxpayerEntry> renewed) {}

    private final Executor background;
    private final SessionOpener opener;
    private final SecretStore secrets;
    private final Window window;
    private final BiFunction<TaxpayerEntry, Throwable, Failure> describe;
    private final LatestTask task;

    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyObjectWrapper<Failure> failure =
            new ReadOnlyObjectWrapper<>(this, "failure");
    private final StringProperty secret = new SimpleStringProperty(this, "secret", "");
    private final StringBinding failureText;

    Relogin(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            Window window,
            BiFunction<TaxpayerEntry, Throwable, Failure> describe) {
        this.background = background;
        this.opener = opener;
        this.secrets = secrets;
        this.window = window;
        this.describe = describe;
        this.task = new LatestTask(fx);
        this.failureText =
                Bindings.createStringBinding(
                        () -> failure.get() == null ? "" : failure.get().text(i18n),
                        failure,
                        i18n.languageProperty());
    }

    StringProperty secretProperty() {
        return secret;
    }

    ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Failure> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    ObservableStringValue failureText() {
        return failureText;
    }

    void clearFailure() {
        failure.set(null);
    }

    /** Logs {@code entry} in again (nothing while a re-login is under way). */
    void start(TaxpayerEntry entry) {
        if (entry == null || busy.get()) {
            return;
        }
        char[] typed = secret.get().toCharArray();
        secret.set("");
        busy.set(true);
        failure.set(null);
        Profile profile = window.profile().get();
        Credentials base = window.base().get();
        String profileId = profile.id();
        boolean useKeychain = typed.length == 0 && profile.rememberSecret();
        LatestTask.Run run = task.begin();
        run.await(
                CompletableFuture.supplyAsync(
                        () -> {
                            if (!useKeychain) {
                                return typed.length == 0
                                        ? base.clientSecret().clone()
                                        : typed.clone();
                            }
                            try {
                                return secrets.load(profileId)
                                        .orElseGet(() -> base.clientSecret().clone());
                            } catch (SecretStore.SecretStoreException e) {
                                return base.clientSecret().clone();
                            }
                        },
                        background),
                (loaded, error) -> {
                    Arrays.fill(typed, '\0');
                    if (loaded == null) {
                        busy.set(false);
                        return;
                    }
                    login(
                            run,
                            entry,
                            new Credentials(base.clientId(), loaded, entry.rin(), base.scope()));
                },
                (loaded, error) -> {
                    if (loaded != null) {
                        Arrays.fill(loaded, '\0');
                    }
                    Arrays.fill(typed, '\0');
                });
    }

    private void login(LatestTask.Run run, TaxpayerEntry entry, Credentials fresh) {
        Session s = opener.open(window.environment().get(), fresh.copy());
        run.await(
                s.login(),
                (token, error) -> {
                    busy.set(false);
                    if (error != null) {
                        s.close();
                        fresh.wipe();
                        failure.set(describe.apply(entry, error));
                        return;
                    }
                    Credentials base = window.base().get();
                    window.renewBase()
                            .accept(
                                    new Credentials(
                                            fresh.clientId(),
                                            fresh.clientSecret().clone(),
                                            base.onBehalfOf(),
                                            fresh.scope()));
                    fresh.wipe();
                    entry.attach(s, token, null);
                    window.renewed().accept(entry);
                },
                // logged out meanwhile: this session belongs to no login
                (token, error) -> {
                    s.close();
                    fresh.wipe();
                });
    }

    /** Drops a re-login under way and forgets what was typed (a log out, a new login). */
    void cancel() {
        task.cancel();
        secret.set("");
        busy.set(false);
        failure.set(null);
    }
}
