package app.ishaar.ui.main;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.desktop.DesktopNotifier;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.LatestTask;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.settings.SettingsViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerEntry.State;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.nio.file.Path;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
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
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ObservableList;

/**
 * The main window's shell: who is represented, where, for how long; the taxpayer switcher (one
 * session and one history screen per taxpayer, kept for the window's life); renewal failure and
 * re-login; log out. The view only binds.
 *
 * <p>Secrets: the window keeps one {@link Credentials} (the login's, a {@code char[]} secret) to
 * open sessions for other taxpayers; each session owns its own copy. {@link #logout()} closes every
 * session and wipes them all.
 */
public final class MainWindowViewModel {

    private static final System.Logger LOG = System.getLogger(MainWindowViewModel.class.getName());

    private final I18n i18n;
    private final Executor fx;
    private final Executor background;
    private final SessionOpener opener;
    private final SecretStore secrets;
    private final SettingsService settings;
    private final Clock clock;

    /**
     * The profile's environment: its kind is the profile's; its addresses are known once a login
     * opened it.
     */
    private final Environment.Kind kind;

    private Environment environment;
    private final ReadOnlyStringWrapper apiHost = new ReadOnlyStringWrapper(this, "apiHost", "");
    private final BooleanProperty taxpayerListShown =
            new SimpleBooleanProperty(this, "taxpayerListShown", true);
    private Profile profile;
    private Credentials base;

    /** Counts the logins opened in this window (a window with none holds nothing of anyone's). */
    private int opened;

    /** The re-login under way: a log out, or a new login into the window, drops it. */
    private final LatestTask relogin;

    private final TaxpayerListViewModel taxpayers;
    private final ObservableList<TaxpayerEntry> entries;
    private final ReadOnlyObjectWrapper<TaxpayerEntry> current =
            new ReadOnlyObjectWrapper<>(this, "current");
    private final ReadOnlyStringWrapper timeLeft = new ReadOnlyStringWrapper(this, "timeLeft", "");
    private final ReadOnlyBooleanWrapper sessionEnded =
            new ReadOnlyBooleanWrapper(this, "sessionEnded", false);
    private final ReadOnlyBooleanWrapper reloginBusy =
            new ReadOnlyBooleanWrapper(this, "reloginBusy", false);
    private final ReadOnlyObjectWrapper<Failure> reloginFailure =
            new ReadOnlyObjectWrapper<>(this, "reloginFailure");
    private final StringProperty reloginSecret =
            new SimpleStringProperty(this, "reloginSecret", "");
    private final ReadOnlyBooleanWrapper loggedOut =
            new ReadOnlyBooleanWrapper(this, "loggedOut", false);
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "");
    private final StringBinding reloginFailureText;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final javafx.beans.value.ChangeListener<Object> languageChanged =
            (o, a, b) -> {
                refreshTitle();
                tick();
            };

    /**
     * The taxpayers not shown are checked for new notifications this many times less often than the
     * shown one.
     */
    static final int OTHERS_CHECKED_LESS_OFTEN = 5;

    /**
     * ...and only while their token has this much left: well before the session renews it (2
     * minutes ahead), so that no check of a taxpayer not shown costs a login.
     */
    static final Duration OTHERS_TOKEN_LEFT = Duration.ofMinutes(5);

    private boolean tokenOutlasts(Session s, Duration left) {
        Optional<TokenInfo> t = s == null ? Optional.empty() : s.tokenInfo();
        return t.isPresent()
                && t.get().expiresAt() != null
                && t.get().expiresAt().isAfter(clock.instant().plus(left));
    }

    /**
     * The settings dialog's state: the text size, and how often the shown history checks for new
     * notifications.
     */
    public SettingsViewModel settingsViewModel(TextSize textSize, Theme theme) {
        return new SettingsViewModel(i18n, clock, textSize, theme, settings);
    }

    /** Where the settings are kept (Help › About). */
    public Path settingsFile() {
        return settings == null ? null : settings.file();
    }

    public MainWindowViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Clock clock,
            LoginViewModel.LoginResult login) {
        this(i18n, fx, background, opener, secrets, settings, clock, login.profile());
        open(login);
    }

    private MainWindowViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Clock clock,
            Profile profile) {
        this.i18n = i18n;
        this.fx = fx;
        this.background = background;
        this.opener = opener;
        this.secrets = secrets;
        this.settings = settings;
        this.clock = clock;
        this.profile = profile;
        this.kind = profile.environment();
        this.relogin = new LatestTask(fx);

        this.taxpayers =
                new TaxpayerListViewModel(
                        fx,
                        background,
                        (rin, name) -> new TaxpayerEntry(i18n, fx, entryWindow, rin, name),
                        this::beforeRemoval,
                        listStore,
                        profile.ownName(),
                        profile.taxpayers());
        this.entries = taxpayers.entries();
        taxpayerListShown.set(!settings.get().taxpayerListHidden(profile.id()));
        taxpayerListShown.addListener(
                (o, a, shown) -> {
                    String id = this.profile.id();
                    settings.update(s -> s.withTaxpayerListHidden(id, !shown));
                });
        current.addListener(
                (o, a, b) -> {
                    updateEnded();
                    refreshTitle();
                    tick();
                });
        Weak.listen(languageChanged, i18n.languageProperty());
        reloginFailureText =
                Bindings.createStringBinding(
                        () -> reloginFailure.get() == null ? "" : reloginFailure.get().text(i18n),
                        reloginFailure,
                        i18n.languageProperty());
        refreshTitle();
    }

    /**
     * Whether a new login can open in this logged-out window as it is: the same profile (so the
     * same environment and client ID), the same represented taxpayers and the same keychain choice.
     * Then its screens (each taxpayer's filters, page size, columns) are the ones the login would
     * build anew, and need not be.
     */
    public boolean canReopen(LoginViewModel.LoginResult login) {
        return loggedOut.get()
                && login.profile().id().equals(profile.id())
                && login.environment().kind() == kind
                && (environment == null || login.environment().equals(environment))
                && login.profile().rememberSecret() == profile.rememberSecret()
                && login.profile().taxpayers().equals(profile.taxpayers());
    }

    /**
     * A new login in this logged-out window (see {@link #canReopen}): its taxpayer is shown, from
     * page 1.
     */
    public void reopen(LoginViewModel.LoginResult login) {
        if (!canReopen(login)) {
            throw new IllegalStateException("a login of another profile needs a window of its own");
        }
        open(login);
    }

    private void open(LoginViewModel.LoginResult login) {
        opened++;
        relogin.cancel();
        profile = login.profile();
        base = login.credentials();
        environment = login.environment();
        apiHost.set(environment.apiHost());
        taxpayers.filterProperty().set("");
        TaxpayerEntry own = taxpayers.own();
        TaxpayerEntry first = entryFor(base.onBehalfOf());
        first.attach(login.session(), login.token(), login.firstPage());
        if (first != own && login.token() != null) {
            first.nameFromToken(login.token().taxpayerName());
        }
        TokenInfo t = login.token();
        taxpayers.ownTaxpayerOnly(t != null && t.saysOwnTaxpayerOnly());
        if (t != null
                && t.saysOwnTaxpayerOnly()
                && entries.size() == 1
                && !settings.get().taxpayerListChosen(profile.id())) {
            // nothing but its own taxpayer to list: the table takes the list's room (remembered as
            // if chosen; View → Taxpayer list or Ctrl+T shows it, and that is remembered too)
            taxpayerListShown.set(false);
        }
        if (first != own && t != null && t.saysIntermediary()) {
            // an intermediary's token names its own taxpayer too
            own.ownAsTokenNamesIt(t.intermediaryRin(), t.erpName());
        }
        current.set(first);
        loggedOut.set(false);
        updateEnded();
        refreshTitle();
        tick();
    }

    // ---- what the view binds to ---------------------------------------------------------------

    /** Where the window's sessions are opened. */
    public Environment environment() {
        return environment;
    }

    public Environment.Kind environmentKind() {
        return kind;
    }

    /** The service's host, once a login opened the window. */
    public ReadOnlyStringProperty apiHostProperty() {
        return apiHost.getReadOnlyProperty();
    }

    public Profile profile() {
        return profile;
    }

    /**
     * The history page a login into this logged-out window would ask for first, for the taxpayer it
     * represents (null: the ERP's own; an unknown one opens as the ERP's own); null when this
     * window is not waiting for a login or has not made that taxpayer's history.
     */
    public NotificationQuery firstQueryFor(String onBehalfOf) {
        if (!loggedOut.get()) {
            return null;
        }
        return entryFor(onBehalfOf)
                .madeHistory()
                .map(HistoryViewModel::nextSessionQuery)
                .orElse(null);
    }

    /**
     * The taxpayer a login on behalf of {@code rin} opens on: that one, or the ERP's own when the
     * profile has no such taxpayer.
     */
    private TaxpayerEntry entryFor(String rin) {
        return taxpayers.find(rin).orElse(taxpayers.own());
    }

    /** Every taxpayer of the profile, the ERP's own first. */
    private FileOpener fileOpener = FileOpener.NONE;

    private DesktopNotifier notifier = DesktopNotifier.NONE;
    private java.util.function.BooleanSupplier inFront = () -> true;

    /**
     * What tells the desktop of new notifications while the window is in the background (none by
     * default, as in tests).
     */
    public void useNotifier(DesktopNotifier desktop) {
        notifier = desktop == null ? DesktopNotifier.NONE : desktop;
    }

    /**
     * Asked whether the app is in front (one of its windows has focus: the main window, or a dialog
     * over it), so the user sees what comes; the window flow gives it (true by default).
     */
    public void useInFront(java.util.function.BooleanSupplier appInFront) {
        inFront = appInFront == null ? () -> true : appInFront;
    }

    private Runnable toFront = () -> {};

    /** Brings the window in front of others, with the keyboard (the window flow gives it). */
    public void useToFront(Runnable bringToFront) {
        toFront = bringToFront == null ? () -> {} : bringToFront;
    }

    /**
     * More new notifications were counted for a taxpayer: while the app is in the background, the
     * desktop says so (its name, and how many since when), unless the user turned it off in the
     * settings; the title and the taxpayer list say it in the window. A click on the desktop's
     * notification brings the window in front on that taxpayer's first page, newest first, as Show
     * does.
     */
    private void tellTheDesktop(TaxpayerEntry e) {
        if (notifier != DesktopNotifier.NONE
                && !inFront.getAsBoolean()
                && settings != null
                && settings.get().desktopNotify()
                && e.madeHistory().isPresent()) {
            notifier.tell(
                    e.label(),
                    e.history().arrivedText().get(),
                    i18n.get("history.arrived.show"),
                    () -> {
                        if (entries.contains(e)) {
                            switchTo(e);
                            e.history().showArrived();
                            toFront.run();
                        }
                    });
        }
    }

    /**
     * What opens an export's file and its folder once written: the desktop's (none by default, as
     * in tests).
     */
    public void useFileOpener(FileOpener opener) {
        fileOpener = opener == null ? FileOpener.NONE : opener;
        for (TaxpayerEntry e : entries) {
            e.madeHistory().ifPresent(h -> h.useFileOpener(fileOpener));
        }
    }

    /** The list of taxpayers: add, rename, remove. */
    public TaxpayerListViewModel taxpayers() {
        return taxpayers;
    }

    /** Every taxpayer of the profile, the ERP's own first. */
    public ObservableList<TaxpayerEntry> entries() {
        return entries;
    }

    /**
     * Whether the window shows its taxpayer list (View → Taxpayer list): a taxpayer's own system
     * has one entry there, and its table gains the room. Remembered for the profile (an
     * intermediary's other profile keeps its list); searching the taxpayers (Ctrl+T) shows it
     * again. Hidden at the first login of a system whose token says it logs in for its own taxpayer
     * only, unless the user chose otherwise for the profile.
     */
    public BooleanProperty taxpayerListShownProperty() {
        return taxpayerListShown;
    }

    public ReadOnlyObjectProperty<TaxpayerEntry> currentProperty() {
        return current.getReadOnlyProperty();
    }

    public TaxpayerEntry current() {
        return current.get();
    }

    /** "Nile Trading Co. (204918573) — Sandbox — Ishaar", live. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /**
     * Time left in the current session, e.g. "54:12" (localized digits); ticks with {@link
     * #tick()}.
     */
    public ReadOnlyStringProperty timeLeftProperty() {
        return timeLeft.getReadOnlyProperty();
    }

    /** The current taxpayer's session ended (renewal failed): the banner asks to log in again. */
    public ReadOnlyBooleanProperty sessionEndedProperty() {
        return sessionEnded.getReadOnlyProperty();
    }

    /** Whether re-login needs the secret typed (it is not in the keychain). */
    public boolean reloginNeedsSecret() {
        return !profile.rememberSecret();
    }

    public StringProperty reloginSecretProperty() {
        return reloginSecret;
    }

    public ReadOnlyBooleanProperty reloginBusyProperty() {
        return reloginBusy.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Failure> reloginFailureProperty() {
        return reloginFailure.getReadOnlyProperty();
    }

    public ObservableStringValue reloginFailureText() {
        return reloginFailureText;
    }

    public ReadOnlyBooleanProperty loggedOutProperty() {
        return loggedOut.getReadOnlyProperty();
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Recomputes the time left, and lets the shown history check for new notifications (the view
     * calls this every second).
     */
    public void tick() {
        TaxpayerEntry e = current.get();
        int checkMinutes = loggedOut.get() ? 0 : settings.get().checkMinutes();
        if (checkMinutes > 0) {
            // the shown history asks now and then whether new notifications came; the others the
            // user saw in this window (an intermediary's other taxpayers) less often, for the list
            for (TaxpayerEntry x : entries) {
                Optional<HistoryViewModel> h = x.madeHistory();
                if (x == e && h.isPresent()) {
                    h.get().checkForNew(Duration.ofMinutes(checkMinutes));
                } else if (h.isPresent()
                        && tokenOutlasts(x.session().orElse(null), OTHERS_TOKEN_LEFT)) {
                    // only while its token lasts: a check never logs in (logins are limited per
                    // client)
                    h.get()
                            .checkForNew(
                                    Duration.ofMinutes(
                                            checkMinutes * (long) OTHERS_CHECKED_LESS_OFTEN));
                }
            }
        }
        Optional<TokenInfo> t =
                e == null ? Optional.empty() : e.session().flatMap(Session::tokenInfo);
        if (t.isEmpty() || t.get().expiresAt() == null) {
            timeLeft.set("");
            return;
        }
        long secs =
                Math.max(0, Duration.between(clock.instant(), t.get().expiresAt()).getSeconds());
        NumberFormat two = NumberFormat.getIntegerInstance(i18n.formatLocale());
        two.setMinimumIntegerDigits(2);
        two.setGroupingUsed(false);
        String mmss = two.format(secs / 60 % 60) + ":" + two.format(secs % 60);
        timeLeft.set(
                i18n.get(
                        "main.session.left",
                        secs >= 3600 ? i18n.formatNumber(secs / 3600) + ":" + mmss : mmss));
    }

    /**
     * Shows this taxpayer: reuses its session while it lasts, else logs in on its behalf. A failure
     * stays with that taxpayer; the others' sessions are untouched.
     */
    public void switchTo(TaxpayerEntry entry) {
        if (entry == null || !entries.contains(entry)) {
            return;
        }
        current.set(entry);
        profile = profile.withLastTaxpayer(entry.rin());
        Profile p = profile;
        settings.update(s -> s.withProfile(p));
        State state = entry.stateProperty().get();
        if (entry.session().isPresent() && !entry.endedProperty().get()
                || state == State.CONNECTING
                || state == State.FAILED && entry.isRefused()) {
            // a login the service refused for a reason of its own (not delegated, blocked, the
            // intermediary's own entry...) is refused again: choosing the taxpayer shows why, and
            // only Try again asks once more, so that going through the list spends no logins of the
            // service's limit per client on answers already given
            updateEnded();
            return;
        }
        connect(entry, base.onBehalfOf(entry.rin()));
    }

    /** Tries a failed taxpayer again. */
    public void retry(TaxpayerEntry entry) {
        if (entry.stateProperty().get() != State.CONNECTING) {
            connect(entry, base.onBehalfOf(entry.rin()));
        }
    }

    /**
     * Logs the current taxpayer in again after its session ended, with the typed secret or the
     * remembered one; the history screen keeps its filters, page and selection.
     */
    public void relogin() {
        TaxpayerEntry entry = current.get();
        if (entry == null || reloginBusy.get()) {
            return;
        }
        char[] typed = reloginSecret.get().toCharArray();
        reloginSecret.set("");
        reloginBusy.set(true);
        reloginFailure.set(null);
        String profileId = profile.id();
        boolean useKeychain = typed.length == 0 && profile.rememberSecret();
        LatestTask.Run run = relogin.begin();
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
                (secret, failure) -> {
                    Arrays.fill(typed, '\0');
                    if (secret == null) {
                        reloginBusy.set(false);
                        return;
                    }
                    Credentials fresh =
                            new Credentials(base.clientId(), secret, entry.rin(), base.scope());
                    Session s = opener.open(environment, fresh.copy());
                    run.await(
                            s.login(),
                            (token, error) -> {
                                reloginBusy.set(false);
                                if (error != null) {
                                    s.close();
                                    fresh.wipe();
                                    reloginFailure.set(describe(entry, error));
                                    return;
                                }
                                Credentials old = base;
                                base =
                                        new Credentials(
                                                fresh.clientId(),
                                                fresh.clientSecret().clone(),
                                                base.onBehalfOf(),
                                                fresh.scope());
                                fresh.wipe();
                                old.wipe();
                                entry.attach(s, token, null);
                                updateEnded();
                                tick();
                            },
                            // logged out meanwhile: this session belongs to no login
                            (token, error) -> {
                                s.close();
                                fresh.wipe();
                            });
                },
                (secret, failure) -> {
                    if (secret != null) {
                        Arrays.fill(secret, '\0');
                    }
                    Arrays.fill(typed, '\0');
                });
    }

    /** See {@link TaxpayerListViewModel#ownTaxpayerOnlyProperty()}. */
    public ReadOnlyBooleanProperty ownTaxpayerOnlyProperty() {
        return taxpayers.ownTaxpayerOnlyProperty();
    }

    /**
     * Closes every session, wipes every secret, releases everything the service sent (each history
     * screen keeps only its preferences), and tells the app to show the login dialog.
     */
    public void logout() {
        // first: whoever shows this window knows it is ending before its taxpayers go idle one by
        // one
        loggedOut.set(true);
        relogin.cancel();
        taxpayers
                .dismissUndo(); // the next session's list does not offer to undo this one's removal
        for (TaxpayerEntry e : entries) {
            e.dispose();
        }
        base.wipe();
        reloginSecret.set("");
        reloginBusy.set(false);
        reloginFailure.set(null);
        timeLeft.set("");
        settings.flush();
    }

    // ---- internals ----------------------------------------------------------------------------

    /**
     * A taxpayer's failure as the main window tells it. The login dialog's words for a login the
     * service found incomplete point at its "On behalf of" field; here that answer to the ERP's own
     * entry means an intermediary's system, which the service opens only on behalf of a taxpayer it
     * acts for (the window's other entries), so the user is told to choose one.
     */
    private static Failure describe(TaxpayerEntry entry, Throwable error) {
        Failure f = Failure.describe(error, entry.rin());
        if (entry.isOwn()
                && ServiceException.unwrap(error) instanceof LoginRejectedException r
                && r.reason() == LoginRejectedException.Reason.BAD_REQUEST) {
            return new Failure(
                    "error.login.badRequestOwn", List.of(), f.detail(), f.correlationId());
        }
        return f;
    }

    private void connect(TaxpayerEntry entry, Credentials credentials) {
        entry.connecting();
        Session s = opener.open(environment, credentials);
        entry.login()
                .run(
                        s.login(),
                        (token, error) -> {
                            if (!entries.contains(entry)) {
                                s.close();
                                return;
                            }
                            if (error != null) {
                                s.close();
                                Throwable cause = ServiceException.unwrap(error);
                                entry.failed(
                                        describe(entry, error),
                                        cause instanceof LoginRejectedException r
                                                && r.reason()
                                                        != LoginRejectedException.Reason.OTHER);
                                LOG.log(
                                        System.Logger.Level.INFO,
                                        "taxpayer {0}: {1}",
                                        entry.rin(),
                                        cause.getMessage());
                                return;
                            }
                            entry.attach(s, token, null);
                            updateEnded();
                            tick();
                        },
                        // superseded (tried again), or the taxpayer removed or logged out
                        // meanwhile
                        (token, error) -> s.close());
    }

    private void updateEnded() {
        TaxpayerEntry e = current.get();
        sessionEnded.set(e != null && e.endedProperty().get());
        if (!sessionEnded.get()) {
            reloginFailure.set(null);
        }
    }

    /** Keeps the taxpayer list with the profile. */
    private final TaxpayerListViewModel.Store listStore =
            new TaxpayerListViewModel.Store() {
                @Override
                public void saveTaxpayers(List<RepresentedTaxpayer> list) {
                    saveProfile(profile.withTaxpayers(list));
                }

                @Override
                public void saveOwnName(String name) {
                    saveProfile(profile.withOwnName(name));
                }
            };

    private void saveProfile(Profile changed) {
        profile = changed;
        settings.update(s -> s.withProfile(changed));
    }

    /** A taxpayer about to be removed from the list: shown, the window shows its own instead. */
    private void beforeRemoval(TaxpayerEntry entry) {
        if (current.get() == entry) {
            switchTo(taxpayers.own());
        }
    }

    /** What the taxpayers tell the window. */
    private final TaxpayerEntry.Window entryWindow =
            new TaxpayerEntry.Window() {
                @Override
                public boolean shows(TaxpayerEntry e) {
                    return current.get() == e;
                }

                @Override
                public void endedChanged(TaxpayerEntry e) {
                    if (shows(e)) {
                        updateEnded();
                    }
                }

                @Override
                public void labelChanged(TaxpayerEntry e) {
                    if (shows(e)) {
                        refreshTitle();
                    }
                }

                @Override
                public void arrivedChanged(TaxpayerEntry e, boolean more) {
                    if (shows(e)) {
                        refreshTitle();
                    }
                    if (more) {
                        tellTheDesktop(e);
                    }
                }

                @Override
                public HistoryViewModel makeHistory(TaxpayerEntry e) {
                    String key = Settings.historyKey(profile.id(), e.rin());
                    HistoryPrefs initial = settings.get().history().get(key);
                    HistoryViewModel history =
                            new HistoryViewModel(
                                    i18n,
                                    fx,
                                    initial,
                                    prefs -> settings.update(s -> s.withHistory(key, prefs)),
                                    e::markSessionEnded,
                                    clock);
                    history.useFileOpener(fileOpener);
                    return history;
                }
            };

    private void refreshTitle() {
        TaxpayerEntry e = current.get();
        String env = i18n.get(environmentKey(kind));
        if (e == null) {
            title.set(i18n.get("main.title.plain", env));
            return;
        }
        String rin = e.displayRinProperty().get();
        String t =
                rin == null || rin.isBlank()
                        ? i18n.get("main.title.plain", e.label() + " — " + env)
                        : i18n.get("main.title", e.label(), rin, env);
        long arrived = e.madeHistory().map(h -> h.arrivedProperty().get()).orElse(0L);
        // new notifications counted: the taskbar says so while the window is behind others
        title.set(arrived > 0 ? i18n.get("main.title.arrived", arrived, t) : t);
    }

    /** The badge text key of an environment. */
    public static String environmentKey(Environment.Kind kind) {
        return switch (kind) {
            case SANDBOX -> "main.env.sandbox";
            case PREPROD -> "main.env.preprod";
            case PROD -> "main.env.prod";
            case CUSTOM -> "main.env.custom";
        };
    }
}
