package app.ishaar.ui.main;

import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
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
 * The main window's banner for the shown taxpayer's ended session: logging that taxpayer in again,
 * with the typed secret or the remembered one; its history screen keeps its filters, page and
 * selection. A log out, or a new login into the window, drops a re-login under way.
 */
public final class Relogin {

    private final Executor background;
    private final SecretStore secrets;
    private final TaxpayerLogins logins;
    private final WindowSettings settings;
    private final Supplier<TaxpayerEntry> shown;
    private final Consumer<TaxpayerEntry> renewed;
    private final LatestTask task;

    private final ReadOnlyBooleanWrapper ended = new ReadOnlyBooleanWrapper(this, "ended", false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyObjectWrapper<Failure> failure =
            new ReadOnlyObjectWrapper<>(this, "failure");
    private final StringProperty secret = new SimpleStringProperty(this, "secret", "");
    private final StringBinding failureText;

    Relogin(
            I18n i18n,
            Executor fx,
            Executor background,
            SecretStore secrets,
            TaxpayerLogins logins,
            WindowSettings settings,
            Supplier<TaxpayerEntry> shown,
            Consumer<TaxpayerEntry> renewed) {
        this.background = background;
        this.secrets = secrets;
        this.logins = logins;
        this.settings = settings;
        this.shown = shown;
        this.renewed = renewed;
        this.task = new LatestTask(fx);
        this.failureText =
                Bindings.createStringBinding(
                        () -> failure.get() == null ? "" : failure.get().text(i18n),
                        failure,
                        i18n.languageProperty());
    }

    /** The shown taxpayer's session ended (renewal failed): the banner asks to log in again. */
    public ReadOnlyBooleanProperty sessionEndedProperty() {
        return ended.getReadOnlyProperty();
    }

    /** Whether logging in again needs the secret typed (it is not in the keychain). */
    public boolean needsSecret() {
        return !settings.profile().rememberSecret();
    }

    /** The secret typed in the banner; emptied when a re-login starts. */
    public StringProperty secretProperty() {
        return secret;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Failure> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** Why the last re-login failed, in the UI's language ("" while none failed). */
    public ObservableStringValue failureText() {
        return failureText;
    }

    /** Follows the shown taxpayer: the banner shows while its session has ended. */
    void update() {
        TaxpayerEntry e = shown.get();
        ended.set(e != null && e.endedProperty().get());
        if (!ended.get()) {
            failure.set(null);
        }
    }

    /**
     * Logs the shown taxpayer in again, with the typed secret or the remembered one (nothing while
     * a re-login is under way).
     */
    public void start() {
        TaxpayerEntry entry = shown.get();
        if (entry == null || busy.get()) {
            return;
        }
        char[] typed = secret.get().toCharArray();
        secret.set("");
        busy.set(true);
        failure.set(null);
        Profile profile = settings.profile();
        String profileId = profile.id();
        boolean useKeychain = typed.length == 0 && profile.rememberSecret();
        LatestTask.Run run = task.begin();
        // null: the secret the window logged in with (none typed, none in the keychain)
        run.await(
                CompletableFuture.supplyAsync(
                        () -> {
                            if (!useKeychain) {
                                return typed.length == 0 ? null : typed.clone();
                            }
                            try {
                                return secrets.load(profileId).orElse(null);
                            } catch (SecretStore.SecretStoreException e) {
                                return null;
                            }
                        },
                        background),
                (loaded, error) -> {
                    Arrays.fill(typed, '\0');
                    if (error != null) {
                        busy.set(false);
                        return;
                    }
                    login(run, entry, loaded);
                },
                (loaded, error) -> {
                    if (loaded != null) {
                        Arrays.fill(loaded, '\0');
                    }
                    Arrays.fill(typed, '\0');
                });
    }

    private void login(LatestTask.Run run, TaxpayerEntry entry, char[] secret) {
        run.await(
                logins.relogin(entry, secret),
                (login, error) -> {
                    busy.set(false);
                    if (error != null) {
                        failure.set(entry.describe(error));
                        return;
                    }
                    logins.show(entry);
                    renewed.accept(entry);
                },
                // logged out meanwhile: this session belongs to no login
                (login, error) -> {
                    if (login != null) {
                        login.session().close();
                    }
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
