package app.ishaar.ui.login;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Endpoints;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.service.PageAhead;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * All state and logic of the login dialog: the fields, their validation, the login command (off the
 * FX thread, cancellable, one at a time), the per-failure message, and the result. The view only
 * binds to it. Continuations run on {@code fx}; blocking work (starting the sandbox, the keychain)
 * on {@code background} — unit tests pass direct executors and never start the toolkit.
 *
 * <p>The secret: the password field's text is a String by nature. It is copied into a {@code
 * char[]} at submit, that array is wiped once the session owns its own copy, and the field's model
 * is cleared after a successful login.
 */
public final class LoginViewModel {

    /**
     * A successful login: the open session, what its token says, the saved profile, the credentials
     * the main window keeps, and the history's first page asked for ahead (null when none was, see
     * the constructor's {@code firstPageQuery}).
     */
    public record LoginResult(
            Session session,
            TokenInfo token,
            Profile profile,
            Credentials credentials,
            Environment environment,
            PageAhead firstPage) {
        /** A login that asked for no page ahead. */
        public LoginResult(
                Session session,
                TokenInfo token,
                Profile profile,
                Credentials credentials,
                Environment environment) {
            this(session, token, profile, credentials, environment, null);
        }
    }

    private static final System.Logger LOG = LazyLogger.of(LoginViewModel.class.getName());
    static final String REQUIRED = "login.validation.required";

    private final I18n i18n;
    private final Executor fx;
    private final Executor background;
    private final SessionOpener opener;
    private final SandboxProvider sandbox;
    private final DemoAccounts demoSource;
    private final SecretStore secrets;
    private final SettingsService settings;

    private final ObjectProperty<Environment.Kind> environment =
            new SimpleObjectProperty<>(this, "environment", Environment.Kind.SANDBOX);
    private final StringProperty authUrl = new SimpleStringProperty(this, "authUrl", "");
    private final StringProperty baseUrl = new SimpleStringProperty(this, "baseUrl", "");
    private final StringProperty clientId = new SimpleStringProperty(this, "clientId", "");
    private final StringProperty secret = new SimpleStringProperty(this, "secret", "");
    private final StringProperty onBehalfOf = new SimpleStringProperty(this, "onBehalfOf", "");
    private final StringProperty scope = new SimpleStringProperty(this, "scope", "");
    private final BooleanProperty remember = new SimpleBooleanProperty(this, "remember", false);
    private final BooleanProperty secretRevealed =
            new SimpleBooleanProperty(this, "secretRevealed", false);
    private final BooleanProperty submitAttempted =
            new SimpleBooleanProperty(this, "submitAttempted", false);

    private final ReadOnlyBooleanWrapper rememberAvailable =
            new ReadOnlyBooleanWrapper(this, "rememberAvailable", false);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy", false);
    private final ReadOnlyStringWrapper progressKey =
            new ReadOnlyStringWrapper(this, "progressKey");
    private final ReadOnlyObjectWrapper<Failure> failure =
            new ReadOnlyObjectWrapper<>(this, "failure");
    private final ReadOnlyStringWrapper notice =
            new ReadOnlyStringWrapper(this, "settingsSetAside");
    private final ReadOnlyObjectWrapper<LoginResult> result =
            new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyBooleanWrapper demoLoading =
            new ReadOnlyBooleanWrapper(this, "demoLoading", false);
    private final ReadOnlyObjectWrapper<Failure> demoFailure =
            new ReadOnlyObjectWrapper<>(this, "demoFailure");
    private final ObservableList<DemoAccount> demoAccounts = FXCollections.observableArrayList();
    private final ObservableList<Profile> profiles = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Profile> appliedProfile =
            new ReadOnlyObjectWrapper<>(this, "appliedProfile");

    private final Field clientIdField;
    private final Field secretField;
    private final Field rinField;
    private final Field authUrlField;
    private final Field baseUrlField;
    private final Field scopeField;
    private final BooleanBinding valid;
    private final BooleanBinding canLogin;
    private final StringBinding failureText;
    private final StringBinding failureDetail;
    private final StringBinding failureReference;
    private final StringBinding progressText;

    private Attempt current;
    private DemoAccount filledDemo;
    private boolean demoRequested;
    private boolean activated;

    public LoginViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SandboxProvider sandbox,
            DemoAccounts demoSource,
            SecretStore secrets,
            SettingsService settings) {
        this(i18n, fx, background, opener, sandbox, demoSource, secrets, settings, null);
    }

    /**
     * The same, with how to know, when Log in is clicked, the history page the window this login
     * opens will ask for first, given the represented taxpayer typed (null for the ERP's own); the
     * function returns null when that is not known. The page is then asked for as soon as the token
     * is there, and handed on with the result ({@link LoginResult#firstPage()}); it is used only if
     * the window asks for the same page (see {@link PageAhead}).
     */
    public LoginViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SandboxProvider sandbox,
            DemoAccounts demoSource,
            SecretStore secrets,
            SettingsService settings,
            Function<String, NotificationQuery> firstPageQuery) {
        this.firstPageQuery = firstPageQuery;
        this.i18n = i18n;
        this.fx = fx;
        this.background = background;
        this.opener = opener;
        this.sandbox = sandbox;
        this.demoSource = demoSource;
        this.secrets = secrets;
        this.settings = settings;

        clientIdField =
                new Field(
                        clientId, v -> v.isBlank() ? REQUIRED : problemKey(InputRules.clientId(v)));
        secretField =
                new Field(secret, v -> v.isEmpty() ? REQUIRED : problemKey(InputRules.secret(v)));
        scopeField = new Field(scope, v -> v.isBlank() ? null : problemKey(InputRules.scope(v)));
        rinField =
                new Field(
                        onBehalfOf,
                        v -> v.isBlank() || Rin.isValid(v) ? null : "login.validation.rin");
        authUrlField =
                new Field(
                        authUrl,
                        v ->
                                environment.get() == Environment.Kind.CUSTOM
                                        ? urlError("auth-url", v)
                                        : null);
        baseUrlField =
                new Field(
                        baseUrl,
                        v ->
                                environment.get() == Environment.Kind.CUSTOM
                                        ? urlError("base-url", v)
                                        : null);
        environment.addListener(
                (o, a, b) -> {
                    authUrlField.revalidate();
                    baseUrlField.revalidate();
                });

        valid =
                Bindings.createBooleanBinding(
                        () ->
                                clientIdField.rawError.get() == null
                                        && secretField.rawError.get() == null
                                        && rinField.rawError.get() == null
                                        && authUrlField.rawError.get() == null
                                        && baseUrlField.rawError.get() == null
                                        && scopeField.rawError.get() == null,
                        clientIdField.rawError,
                        secretField.rawError,
                        rinField.rawError,
                        authUrlField.rawError,
                        baseUrlField.rawError,
                        scopeField.rawError);
        canLogin = valid.and(busy.not());
        failureText =
                Bindings.createStringBinding(
                        () -> {
                            Failure f = failure.get();
                            return f == null ? "" : f.text(i18n);
                        },
                        failure,
                        i18n.languageProperty());
        failureDetail = Bindings.createStringBinding(() -> detailOf(failure.get()), failure);
        failureReference =
                Bindings.createStringBinding(
                        () -> failure.get() == null ? "" : failure.get().reference(i18n),
                        failure,
                        i18n.languageProperty());
        progressText =
                Bindings.createStringBinding(
                        () -> progressKey.get() == null ? "" : i18n.get(progressKey.get()),
                        progressKey,
                        i18n.languageProperty());

        settings.takeSetAsideNotice().ifPresent(path -> notice.set(path.getFileName().toString()));
        Settings s = settings.get();
        profiles.setAll(s.profiles());
        Optional<Profile> last =
                s.lastProfileId() == null ? Optional.empty() : s.profile(s.lastProfileId());
        last.ifPresent(p -> applyProfile(p, false));
        environment.addListener(
                (o, a, b) -> {
                    if (b == Environment.Kind.SANDBOX && activated) {
                        loadDemoAccounts();
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
        probeKeychain();
        Settings s = settings.get();
        Optional<Profile> last =
                s.lastProfileId() == null ? Optional.empty() : s.profile(s.lastProfileId());
        last.filter(Profile::rememberSecret)
                .filter(p -> p.clientId().equals(clientId.get().trim()))
                .ifPresent(this::loadRememberedSecret);
        if (environment.get() == Environment.Kind.SANDBOX) {
            loadDemoAccounts();
        }
    }

    // ---- inputs -------------------------------------------------------------------------------

    public ObjectProperty<Environment.Kind> environmentProperty() {
        return environment;
    }

    public StringProperty authUrlProperty() {
        return authUrl;
    }

    public StringProperty baseUrlProperty() {
        return baseUrl;
    }

    public StringProperty clientIdProperty() {
        return clientId;
    }

    /** The secret field's model (bound to the password field); cleared after a successful login. */
    public StringProperty secretProperty() {
        return secret;
    }

    public StringProperty onBehalfOfProperty() {
        return onBehalfOf;
    }

    public StringProperty scopeProperty() {
        return scope;
    }

    public BooleanProperty rememberProperty() {
        return remember;
    }

    public BooleanProperty secretRevealedProperty() {
        return secretRevealed;
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    // ---- validation ---------------------------------------------------------------------------

    /**
     * Message keys of the fields' problems, or null; a required field reports only once edited or
     * after a submit.
     */
    public ReadOnlyStringProperty clientIdErrorProperty() {
        return clientIdField.shownError.getReadOnlyProperty();
    }

    /** The scope's problem key (too long, control characters, not scope tokens), or null. */
    public ReadOnlyStringProperty scopeErrorProperty() {
        return scopeField.shownError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty secretErrorProperty() {
        return secretField.shownError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty onBehalfOfErrorProperty() {
        return rinField.shownError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty authUrlErrorProperty() {
        return authUrlField.shownError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty baseUrlErrorProperty() {
        return baseUrlField.shownError.getReadOnlyProperty();
    }

    public BooleanBinding validProperty() {
        return valid;
    }

    /** Log in is enabled: every field valid and no login under way. */
    public BooleanBinding canLoginProperty() {
        return canLogin;
    }

    // ---- state --------------------------------------------------------------------------------

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty rememberAvailableProperty() {
        return rememberAvailable.getReadOnlyProperty();
    }

    public ObservableStringValue progressText() {
        return progressText;
    }

    public ReadOnlyObjectProperty<Failure> failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** The failure's message in the UI language (live), or "". */
    public ObservableStringValue failureText() {
        return failureText;
    }

    /**
     * The service's own words on the failure (its {@code error_description}), in whatever language
     * it wrote them; or "".
     */
    public ObservableStringValue failureDetail() {
        return failureDetail;
    }

    /** "Reference: …" with the correlation id to quote, in the UI language; or "". */
    public ObservableStringValue failureReference() {
        return failureReference;
    }

    public ReadOnlyObjectProperty<LoginResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** The settings file could not be read and was set aside under this name; or null. */
    public ReadOnlyStringProperty settingsSetAsideProperty() {
        return notice.getReadOnlyProperty();
    }

    /** Closes the set-aside notice. */
    public void dismissNotice() {
        notice.set(null);
    }

    public ObservableList<DemoAccount> demoAccounts() {
        return demoAccounts;
    }

    public ReadOnlyBooleanProperty demoLoadingProperty() {
        return demoLoading.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Failure> demoFailureProperty() {
        return demoFailure.getReadOnlyProperty();
    }

    /** The saved profile the form was last filled from (at start, the last one used), or null. */
    public ReadOnlyObjectProperty<Profile> appliedProfileProperty() {
        return appliedProfile.getReadOnlyProperty();
    }

    /** The saved profiles (environment + client id + taxpayers; never a secret). */
    public ObservableList<Profile> profiles() {
        return profiles;
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Fills the form from a saved profile, and the secret from the keychain if it was remembered.
     */
    public void applyProfile(Profile p) {
        applyProfile(p, true);
    }

    private void applyProfile(Profile p, boolean withSecret) {
        appliedProfile.set(p);
        Environment.Kind kind = p.environment();
        environment.set(kind);
        if (kind == Environment.Kind.CUSTOM) {
            authUrl.set(nullToEmpty(p.authUrl()));
            baseUrl.set(nullToEmpty(p.baseUrl()));
        }
        clientId.set(nullToEmpty(p.clientId()));
        scope.set(nullToEmpty(p.scope()));
        onBehalfOf.set(nullToEmpty(p.lastTaxpayerRin()));
        remember.set(p.rememberSecret());
        secret.set("");
        filledDemo = null;
        if (withSecret && p.rememberSecret()) {
            loadRememberedSecret(p);
        }
    }

    private void loadRememberedSecret(Profile p) {
        String id = p.id();
        CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return secrets.load(id);
                            } catch (SecretStore.SecretStoreException e) {
                                LOG.log(
                                        System.Logger.Level.WARNING,
                                        "remembered secret could not be read: {0}",
                                        e.getMessage());
                                return Optional.<char[]>empty();
                            }
                        },
                        background)
                .thenAcceptAsync(
                        loaded ->
                                loaded.ifPresent(
                                        chars -> {
                                            if (clientId.get().trim().equals(p.clientId())
                                                    && secret.get().isEmpty()
                                                    && !busy.get()) {
                                                secret.set(new String(chars));
                                            }
                                            Arrays.fill(chars, '\0');
                                        }),
                        fx);
    }

    /** One click fills a demo account in (Sandbox only). */
    public void fillDemo(DemoAccount account) {
        environment.set(Environment.Kind.SANDBOX);
        clientId.set(account.clientId());
        secret.set(account.secret());
        scope.set("");
        onBehalfOf.set(
                account.kind() == DemoAccount.Kind.INTERMEDIARY && !account.taxpayers().isEmpty()
                        ? account.taxpayers().get(0).rin()
                        : "");
        failure.set(null);
        filledDemo = account;
    }

    /**
     * Lists the sandbox's demo accounts (starting the sandbox off the FX thread); once is enough.
     */
    public void loadDemoAccounts() {
        if (demoRequested) {
            return;
        }
        demoRequested = true;
        demoLoading.set(true);
        String lang = i18n.language().code();
        CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return demoSource.list(lang);
                            } catch (Exception e) {
                                throw new CompletionException(e);
                            }
                        },
                        background)
                .whenCompleteAsync(
                        (list, e) -> {
                            demoLoading.set(false);
                            if (e != null) {
                                demoRequested = false;
                                LOG.log(
                                        System.Logger.Level.WARNING,
                                        "demo accounts unavailable: {0}",
                                        ServiceException.unwrap(e).toString());
                                demoFailure.set(Failure.of("error.sandbox"));
                            } else {
                                demoFailure.set(null);
                                demoAccounts.setAll(list);
                            }
                        },
                        fx);
    }

    /**
     * Names the first history page a login's window will ask for (null: none is asked for ahead);
     * see the constructor.
     */
    private final Function<String, NotificationQuery> firstPageQuery;

    /**
     * Logs in with what the form holds. Does nothing while a login is under way (a double click
     * sends one login) or while the form is invalid (then every problem is shown).
     */
    public void login() {
        if (busy.get()) {
            return;
        }
        if (!valid.get()) {
            submitAttempted.set(true);
            return;
        }
        failure.set(null);
        busy.set(true);
        Attempt a =
                new Attempt(
                        environment.get(),
                        authUrl.get(),
                        baseUrl.get(),
                        clientId.get().trim(),
                        secret.get().toCharArray(),
                        typedRin(),
                        blankToNull(scope.get()),
                        remember.get() && rememberAvailable.get(),
                        filledDemo != null && filledDemo.clientId().equals(clientId.get().trim())
                                ? filledDemo
                                : null);
        a.firstQuery = firstPageQuery == null ? null : firstPageQuery.apply(a.rin);
        current = a;
        progressKey.set(
                a.kind == Environment.Kind.SANDBOX
                        ? "login.progress.sandbox"
                        : "login.progress.login");
        CompletableFuture<Environment> envStage =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return resolve(a.kind, a.authUrl, a.baseUrl);
                            } catch (ServiceException e) {
                                throw new CompletionException(e);
                            }
                        },
                        background);
        a.stage =
                envStage.thenComposeAsync(
                        env -> {
                            synchronized (a) {
                                if (a.cancelled) {
                                    throw new CancellationException();
                                }
                                a.environment = env;
                                a.session =
                                        opener.open(
                                                env,
                                                new Credentials(
                                                        a.clientId,
                                                        a.secret.clone(),
                                                        a.rin,
                                                        a.scope));
                                a.loginCall = a.session.login();
                            }
                            // the history's first page is asked for on the thread the token comes
                            // on, while the
                            // app opens the window that shows it, rather than after that window's
                            // first request
                            CompletableFuture<TokenInfo> token =
                                    a.firstQuery == null
                                            ? a.loginCall
                                            : a.loginCall.thenApply(
                                                    t -> {
                                                        synchronized (a) {
                                                            if (!a.cancelled) {
                                                                a.firstPage =
                                                                        PageAhead.fetch(
                                                                                a.session,
                                                                                a.firstQuery);
                                                            }
                                                        }
                                                        return t;
                                                    });
                            fx.execute(
                                    () -> {
                                        if (current == a) {
                                            progressKey.set("login.progress.login");
                                        }
                                    });
                            return token;
                        },
                        background);
        a.stage.whenCompleteAsync((token, error) -> finish(a, token, error), fx);
    }

    /**
     * Cancels the login under way: its HTTP call is cancelled, its session closed; the form stays
     * as typed.
     */
    public void cancel() {
        Attempt a = current;
        if (a == null) {
            return;
        }
        current = null;
        synchronized (a) {
            a.cancelled = true;
            if (a.loginCall != null) {
                a.loginCall.cancel(true);
            }
            discardFirstPage(a);
            if (a.session != null) {
                a.session.close();
            }
        }
        a.stage.cancel(true);
        a.wipe();
        busy.set(false);
        progressKey.set(null);
    }

    /** Forgets the typed secret (logout, window closed). */
    public void clearSecret() {
        secret.set("");
        secretRevealed.set(false);
    }

    /** Whether a login is cancellable right now (Esc cancels it rather than closing the dialog). */
    public boolean isLoggingIn() {
        return current != null;
    }

    // ---- internals ----------------------------------------------------------------------------

    private void finish(Attempt a, TokenInfo token, Throwable error) {
        if (a != current) {
            // cancelled meanwhile: whatever arrived is dropped
            discardFirstPage(a);
            if (error == null && a.session != null) {
                a.session.close();
            }
            a.wipe();
            return;
        }
        current = null;
        if (error == null) {
            // done: the dialog stays busy (no second login) until the app closes it, which on a
            // login
            // into the kept main window waits for the first page (see WindowFlow)
            succeed(a, token);
            return;
        }
        busy.set(false);
        progressKey.set(null);
        Throwable cause =
                ServiceException.unwrap(
                        error); // (no page was asked for ahead: that waits for a token)
        if (a.session != null) {
            a.session.close();
        }
        a.wipe();
        if (!(cause instanceof CancellationException)) {
            failure.set(Failure.describe(cause, a.rin));
            LOG.log(System.Logger.Level.INFO, "login failed: {0}", cause.getMessage());
        }
    }

    /**
     * The login went through: the form, emptied of its secret, shows no field's problem while it is
     * still on screen.
     */
    private boolean succeeded;

    private void succeed(Attempt a, TokenInfo token) {
        succeeded = true;
        Profile profile = saveProfile(a, token);
        rememberOrForget(profile.id(), a.remember, a.secret.clone());
        Credentials kept = new Credentials(a.clientId, a.secret.clone(), a.rin, a.scope);
        a.wipe();
        clearSecret();
        PageAhead page;
        synchronized (a) {
            page = a.firstPage;
        }
        result.set(new LoginResult(a.session, token, profile, kept, a.environment, page));
    }

    private static void discardFirstPage(Attempt a) {
        synchronized (a) {
            if (a.firstPage != null) {
                a.firstPage.discard();
            }
        }
    }

    private Profile saveProfile(Attempt a, TokenInfo token) {
        Profile p =
                profileOf(
                        a.kind,
                        a.authUrl,
                        a.baseUrl,
                        a.clientId,
                        a.scope,
                        a.remember,
                        a.demo,
                        a.rin,
                        token == null ? null : token.taxpayerName());
        // the dialog's own list stays as it is: this dialog is done (a fresh one reads the saved
        // profiles), and a new list would blank its "Saved profile" choice while it is still shown
        settings.update(st -> st.withProfile(p));
        return p;
    }

    /**
     * The profile a login with these inputs saves: the saved one's taxpayers (if any), a demo
     * intermediary's, and the on-behalf-of RIN with the name the token gives it ({@code
     * taxpayerName}).
     */
    private Profile profileOf(
            Environment.Kind kind,
            String authUrl,
            String baseUrl,
            String clientId,
            String scope,
            boolean remember,
            DemoAccount demo,
            String rin,
            String taxpayerName) {
        String custAuth = kind == Environment.Kind.CUSTOM ? authUrl.trim() : null;
        String custBase = kind == Environment.Kind.CUSTOM ? baseUrl.trim() : null;
        String id = Profile.idOf(kind, custAuth, clientId);
        Optional<Profile> existing = settings.get().profile(id);
        List<RepresentedTaxpayer> taxpayers =
                new ArrayList<>(existing.map(Profile::taxpayers).orElse(List.of()));
        if (demo != null && demo.kind() == DemoAccount.Kind.INTERMEDIARY) {
            for (RepresentedTaxpayer t : demo.taxpayers()) {
                if (taxpayers.stream().noneMatch(x -> x.rin().equals(t.rin()))) {
                    taxpayers.add(t);
                }
            }
        }
        if (rin != null && taxpayers.stream().noneMatch(x -> x.rin().equals(rin))) {
            taxpayers.add(new RepresentedTaxpayer(rin, taxpayerName != null ? taxpayerName : ""));
        }
        return new Profile(
                id,
                kind,
                custAuth,
                custBase,
                clientId,
                scope,
                remember,
                taxpayers,
                rin,
                existing.map(Profile::ownName).orElse(""));
    }

    private void rememberOrForget(String profileId, boolean rememberIt, char[] copy) {
        background.execute(
                () -> {
                    try {
                        if (rememberIt) {
                            secrets.save(profileId, copy);
                        } else if (secrets.isAvailable()) {
                            secrets.delete(profileId);
                        }
                    } catch (SecretStore.SecretStoreException e) {
                        LOG.log(System.Logger.Level.WARNING, "keychain: {0}", e.getMessage());
                    } finally {
                        Arrays.fill(copy, '\0');
                    }
                });
    }

    private void probeKeychain() {
        CompletableFuture.supplyAsync(secrets::isAvailable, background)
                .whenCompleteAsync(
                        (ok, e) -> {
                            boolean available = e == null && Boolean.TRUE.equals(ok);
                            rememberAvailable.set(available);
                            if (!available) {
                                remember.set(false);
                            }
                        },
                        fx);
    }

    private Environment resolve(Environment.Kind kind, String auth, String base)
            throws ServiceException {
        return switch (kind) {
            case SANDBOX -> sandbox.environment();
            case PREPROD -> Environment.preProduction();
            case PROD -> Environment.production();
            case CUSTOM -> Environment.custom(auth, base);
        };
    }

    private static String detailOf(Failure f) {
        return f == null || f.detail() == null ? "" : f.detail().strip();
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

    private static String urlError(String field, String v) {
        try {
            Endpoints.validate(field, v);
            return null;
        } catch (InvalidEndpointException e) {
            return switch (e.reason()) {
                case MISSING -> REQUIRED;
                case MALFORMED -> "login.validation.url";
                case HTTPS_REQUIRED -> "login.validation.https";
            };
        }
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

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    /**
     * One field: its raw problem (drives Log in), and the problem shown once the user has touched
     * it or submitted.
     */
    private final class Field {
        final StringProperty value;
        final Function<String, String> rule;
        final ReadOnlyStringWrapper rawError = new ReadOnlyStringWrapper();
        final ReadOnlyStringWrapper shownError = new ReadOnlyStringWrapper();
        boolean touched;

        Field(StringProperty value, Function<String, String> rule) {
            this.value = value;
            this.rule = rule;
            value.addListener(
                    (o, a, b) -> {
                        touched = true;
                        revalidate();
                    });
            submitAttempted.addListener((o, a, b) -> revalidate());
            revalidate();
        }

        void revalidate() {
            String v = value.get() == null ? "" : value.get();
            String err = rule.apply(v);
            rawError.set(err);
            boolean show = err != null && !succeeded && (touched || submitAttempted.get());
            shownError.set(show ? err : null);
        }
    }

    private static final class Attempt {
        final Environment.Kind kind;
        final String authUrl;
        final String baseUrl;
        final String clientId;
        final char[] secret;
        final String rin;
        final String scope;
        final boolean remember;
        final DemoAccount demo;
        volatile CompletableFuture<TokenInfo> stage;
        Environment environment;
        Session session;
        CompletableFuture<TokenInfo> loginCall;

        /** The history page the window this login opens will ask for first (null: not known). */
        NotificationQuery firstQuery;

        /** That page, asked for as soon as the token came. */
        PageAhead firstPage;

        boolean cancelled;

        Attempt(
                Environment.Kind kind,
                String authUrl,
                String baseUrl,
                String clientId,
                char[] secret,
                String rin,
                String scope,
                boolean remember,
                DemoAccount demo) {
            this.kind = kind;
            this.authUrl = authUrl;
            this.baseUrl = baseUrl;
            this.clientId = clientId;
            this.secret = secret;
            this.rin = rin;
            this.scope = scope;
            this.remember = remember;
            this.demo = demo;
        }

        void wipe() {
            Arrays.fill(secret, '\0');
        }
    }
}
