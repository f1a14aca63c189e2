package app.ishaar.ui.login;

import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The login dialog's state and commands, composed of its parts: the form's fields and their
 * validation ({@link LoginForm}, the service in {@link EnvironmentChoice}), the saved profiles
 * ({@link SavedProfiles}), the demo accounts ({@link DemoAccountList}), the secret remembered in
 * the keychain ({@link RememberedSecret}), and the login itself with its progress and failure
 * ({@link LoginAttempts}). The view only binds to it. Continuations run on {@code fx}; blocking
 * work (starting the sandbox, the keychain) on {@code background}: unit tests pass direct executors
 * and never start the toolkit.
 *
 * <p>The secret: the password field's text is a String by nature. It is copied into a {@code
 * char[]} at submit, that array is wiped once the session owns its own copy, and the field's model
 * is cleared after a successful login.
 */
public final class LoginViewModel {

    /**
     * A successful login: the open session, what its token says, the saved profile, the credentials
     * the main window keeps.
     */
    public record LoginResult(
            Session session,
            TokenInfo token,
            Profile profile,
            Credentials credentials,
            Environment environment) {
        /**
         * Opened without the service (it could not be reached, or Work offline): no session yet;
         * the window shows the archive and logs in with the credentials once the service answers.
         */
        public boolean offline() {
            return session == null;
        }
    }

    private final I18n i18n;
    private final LoginForm form;
    private final EnvironmentChoice service;
    private final SavedProfiles profiles;
    private final DemoAccountList demos;
    private final RememberedSecret remembered;
    private final LoginAttempts attempts;
    private final BooleanBinding canLogin;
    private final ReadOnlyObjectWrapper<LoginResult> result =
            new ReadOnlyObjectWrapper<>(this, "result");

    private boolean activated;
    private final SettingsService settings;
    private final Executor background;
    private final Executor fx;
    private final SandboxProvider sandbox;
    private final BooleanBinding canWorkOffline;

    public LoginViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SandboxProvider sandbox,
            DemoAccounts demoSource,
            SecretStore secrets,
            SettingsService settings) {
        this.i18n = i18n;
        form = new LoginForm();
        service = form.service();
        attempts = new LoginAttempts(i18n, fx, background, opener, sandbox);
        canLogin = form.validProperty().and(attempts.busyProperty().not());
        demos = new DemoAccountList(i18n, fx, background, demoSource);
        remembered = new RememberedSecret(fx, background, secrets, form.rememberProperty());
        profiles = new SavedProfiles(settings);
        this.settings = settings;
        this.background = background;
        this.fx = fx;
        this.sandbox = sandbox;
        attempts.whenUnreachable(this::offlineAfter);
        canWorkOffline =
                Bindings.createBooleanBinding(
                        () -> !attempts.busyProperty().get() && savedProfile().isPresent(),
                        attempts.busyProperty(),
                        form.clientIdProperty(),
                        service.environmentProperty(),
                        service.authUrlProperty());
        profiles.last().ifPresent(p -> applyProfile(p, false));
        service.environmentProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b == Environment.Kind.SANDBOX && activated) {
                                demos.load();
                            }
                        });
    }

    /**
     * Starts the background work the dialog needs: the keychain probe, the remembered secret, and
     * (on Sandbox) the demo accounts, which start the sandbox. Called once the dialog shows, so
     * none of it delays the first paint.
     */
    public void activate() {
        if (activated) {
            return;
        }
        activated = true;
        remembered.probe();
        profiles.last()
                .filter(Profile::rememberSecret)
                .filter(p -> p.clientId().equals(form.clientIdProperty().get().trim()))
                .ifPresent(this::loadRememberedSecret);
        if (service.environmentProperty().get() == Environment.Kind.SANDBOX) {
            demos.load();
        }
    }

    // ---- parts --------------------------------------------------------------------------------

    /** The form: its fields (the service's among them, {@code form().service()}), their checks. */
    public LoginForm form() {
        return form;
    }

    /** The login attempt under way: busy, its progress, why it failed. */
    public LoginAttempts attempts() {
        return attempts;
    }

    /** The sandbox's demo accounts. */
    public DemoAccountList demos() {
        return demos;
    }

    /** Whether a secret can be remembered on this machine. */
    public RememberedSecret remembered() {
        return remembered;
    }

    /** The saved profiles (environment + client id + taxpayers; never a secret). */
    public SavedProfiles savedProfiles() {
        return profiles;
    }

    // ---- inputs -------------------------------------------------------------------------------

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    // ---- validation ---------------------------------------------------------------------------

    /** Log in is enabled: every field valid and no login under way. */
    public BooleanBinding canLoginProperty() {
        return canLogin;
    }

    // ---- state --------------------------------------------------------------------------------

    public ReadOnlyObjectProperty<LoginResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** Closes the set-aside notice. */
    public void dismissNotice() {
        profiles.dismissSetAside();
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Fills the form from a saved profile, and the secret from the keychain if it was remembered.
     */
    public void applyProfile(Profile p) {
        applyProfile(p, true);
    }

    private void applyProfile(Profile p, boolean withSecret) {
        profiles.applied(p);
        form.fill(p);
        if (withSecret && p.rememberSecret()) {
            loadRememberedSecret(p);
        }
    }

    private void loadRememberedSecret(Profile p) {
        remembered.load(
                p.id(),
                chars -> {
                    if (!attempts.busyProperty().get()) {
                        form.fillRememberedSecret(p, chars);
                    }
                });
    }

    /** One click fills a demo account in (Sandbox only). */
    public void fillDemo(DemoAccount account) {
        form.fill(account);
        attempts.clearFailure();
    }

    /**
     * Lists the sandbox's demo accounts (starting the sandbox off the FX thread); once is enough.
     */
    public void loadDemoAccounts() {
        demos.load();
    }

    /**
     * Logs in with what the form holds. Does nothing while a login is under way (a double click
     * sends one login) or while the form is invalid (then every problem is shown).
     */
    public void login() {
        if (attempts.busyProperty().get()) {
            return;
        }
        if (!form.validProperty().get()) {
            form.showProblems();
            return;
        }
        LoginInput in = form.input(remembered.availableProperty().get());
        attempts.start(in, this::succeed);
    }

    /**
     * Cancels the login under way: its HTTP call is cancelled, its session closed; the form stays
     * as typed.
     */
    public void cancel() {
        attempts.cancel();
    }

    /**
     * Work offline is offered: the form names a saved profile (environment and client ID), whose
     * taxpayers' archive the window can show, and no login is under way.
     */
    public BooleanBinding canWorkOfflineProperty() {
        return canWorkOffline;
    }

    /**
     * Opens the main window on the archive of the saved profile's taxpayers, without the service;
     * the secret typed (or remembered), if any, logs in once the service answers.
     */
    public void workOffline() {
        if (!canWorkOffline.get()) {
            return;
        }
        Profile p = savedProfile().orElseThrow();
        char[] secret = form.secretProperty().get().toCharArray();
        Credentials c = new Credentials(p.clientId(), secret, form.input(false).rin(), p.scope());
        attempts.clearFailure();
        java.util.concurrent.CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return OfflineStart.environment(p, sandbox);
                            } catch (app.ishaar.core.service.ServiceException e) {
                                throw new java.util.concurrent.CompletionException(e);
                            }
                        },
                        background)
                .whenCompleteAsync(
                        (env, failed) -> {
                            if (env != null) {
                                form.clearSecret();
                                result.set(OfflineStart.result(p, c, env));
                            }
                        },
                        fx);
    }

    private java.util.Optional<Profile> savedProfile() {
        return OfflineStart.saved(
                settings,
                service.environmentProperty().get(),
                service.authUrlProperty().get(),
                form.clientIdProperty().get());
    }

    /**
     * A login the service could not be reached for: with a saved profile, the window opens offline
     * on its archive instead of a failure (true); else the failure shows (false).
     */
    private boolean offlineAfter(LoginInput in) {
        java.util.Optional<Profile> p =
                OfflineStart.saved(settings, in.kind(), in.authUrl(), in.clientId());
        if (p.isEmpty()) {
            return false;
        }
        Environment env;
        try {
            env = in.environment(sandbox);
        } catch (app.ishaar.core.service.ServiceException e) {
            return false;
        }
        Credentials kept = in.credentials();
        form.clearSecret();
        result.set(OfflineStart.result(p.get(), kept, env));
        return true;
    }

    /** Forgets the typed secret (logout, window closed). */
    public void clearSecret() {
        form.clearSecret();
    }

    /**
     * The login went through: the profile saved, the secret remembered or forgotten, the form
     * emptied of it, and the session handed on. The dialog stays busy (no second login) until the
     * app closes it, which on a login into the kept main window waits for the first page (see
     * WindowFlow).
     */
    private void succeed(LoginInput in, LoginAttempts.Success s) {
        form.succeeded();
        TokenInfo token = s.token();
        Profile profile = profiles.save(in, token);
        remembered.keepOrForget(profile.id(), in.remember(), in.secret().clone());
        Credentials kept = in.credentials();
        in.wipe();
        form.clearSecret();
        result.set(
                new LoginResult(
                        s.login().session(), token, profile, kept, s.login().environment()));
    }
}
