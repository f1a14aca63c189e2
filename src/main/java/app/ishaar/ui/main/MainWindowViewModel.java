package app.ishaar.ui.main;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.error.Failure;
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
import java.time.Clock;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ObservableList;

/**
 * The main window: who is represented, where, for how long; which taxpayer is shown (one session
 * and one history screen per taxpayer, kept for the window's life); renewal failure and re-login;
 * log out. It composes the taxpayer list ({@link TaxpayerListViewModel}), the taxpayers' logins
 * ({@link TaxpayerLogins}), the re-login ({@link Relogin}), the title and time left ({@link
 * WindowTitle}), the checks for new notifications ({@link NewNotificationChecks}) and the desktop's
 * notifications ({@link DesktopNotifications}). The view only binds.
 *
 * <p>Secrets: the window keeps one {@link Credentials} (the login's, a {@code char[]} secret) to
 * open sessions for other taxpayers; each session owns its own copy. {@link #logout()} closes every
 * session and wipes them all.
 */
public final class MainWindowViewModel {

    private final I18n i18n;
    private final Executor fx;
    private final SettingsService settings;
    private final Clock clock;
    private final WindowDesktop desktop;

    /** The profile's environment kind; its addresses are known once a login opened the window. */
    private final Environment.Kind kind;

    private Environment environment;
    private Profile profile;
    private Credentials base;

    private final ReadOnlyStringWrapper apiHost = new ReadOnlyStringWrapper(this, "apiHost", "");
    private final BooleanProperty taxpayerListShown =
            new SimpleBooleanProperty(this, "taxpayerListShown", true);
    private final ReadOnlyObjectWrapper<TaxpayerEntry> current =
            new ReadOnlyObjectWrapper<>(this, "current");
    private final ReadOnlyBooleanWrapper sessionEnded =
            new ReadOnlyBooleanWrapper(this, "sessionEnded", false);
    private final ReadOnlyBooleanWrapper loggedOut =
            new ReadOnlyBooleanWrapper(this, "loggedOut", false);

    private final TaxpayerListViewModel taxpayers;
    private final ObservableList<TaxpayerEntry> entries;
    private final TaxpayerLogins logins;
    private final Relogin relogin;
    private final WindowTitle title;
    private final NewNotificationChecks checks;
    private final DesktopNotifications notifications;

    /** What the taxpayers tell the window: the one shown changes its title and banner. */
    private final TaxpayerEntry.Window entryEvents =
            new EntryEvents(
                    e -> current.get() == e,
                    this::updateEnded,
                    this::refreshTitle,
                    this::tellTheDesktop,
                    this::makeHistory);

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final javafx.beans.value.ChangeListener<Object> languageChanged =
            (o, a, b) -> {
                refreshTitle();
                tick();
            };

    /** The window of a login: its taxpayer is shown. */
    public MainWindowViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Clock clock,
            WindowDesktop desktop,
            LoginViewModel.LoginResult login) {
        this(i18n, fx, background, opener, secrets, settings, clock, desktop, login.profile());
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
            WindowDesktop desktop,
            Profile profile) {
        this.i18n = i18n;
        this.fx = fx;
        this.settings = settings;
        this.clock = clock;
        this.desktop = desktop == null ? WindowDesktop.NONE : desktop;
        this.profile = profile;
        this.kind = profile.environment();
        this.taxpayers =
                new TaxpayerListViewModel(
                        fx,
                        background,
                        (rin, name) -> new TaxpayerEntry(i18n, fx, entryEvents, rin, name),
                        this::beforeRemoval,
                        new TaxpayerListViewModel.Store(
                                list -> saveProfile(profile.withTaxpayers(list)),
                                name -> saveProfile(profile.withOwnName(name))),
                        profile.ownName(),
                        profile.taxpayers());
        this.entries = taxpayers.entries();
        this.logins = new TaxpayerLogins(opener, entries::contains, this::connected);
        this.relogin =
                new Relogin(
                        i18n,
                        fx,
                        background,
                        opener,
                        secrets,
                        new Relogin.Window(
                                () -> profile,
                                () -> environment,
                                () -> base,
                                this::renewBase,
                                this::connected),
                        TaxpayerLogins::describe);
        this.title = new WindowTitle(i18n, clock, kind);
        this.checks = new NewNotificationChecks(clock);
        this.notifications =
                new DesktopNotifications(i18n, this.desktop, settings, this::showArrived);
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
        relogin.cancel();
        profile = login.profile();
        base = login.credentials();
        environment = login.environment();
        apiHost.set(environment.apiHost());
        taxpayers.filterProperty().set("");
        TaxpayerEntry own = taxpayers.own();
        TaxpayerEntry first = entryFor(base.onBehalfOf());
        first.attach(login.session(), login.token(), login.firstPage());
        TokenInfo t = login.token();
        if (first != own && t != null) {
            first.nameFromToken(t.taxpayerName());
        }
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

    /** The list of taxpayers: add, rename, remove. */
    public TaxpayerListViewModel taxpayers() {
        return taxpayers;
    }

    /** Every taxpayer of the profile, the ERP's own first. */
    public ObservableList<TaxpayerEntry> entries() {
        return entries;
    }

    /** See {@link TaxpayerListViewModel#ownTaxpayerOnlyProperty()}. */
    public ReadOnlyBooleanProperty ownTaxpayerOnlyProperty() {
        return taxpayers.ownTaxpayerOnlyProperty();
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
        return title.titleProperty();
    }

    /**
     * Time left in the current session, e.g. "54:12" (localized digits); ticks with {@link #tick}.
     */
    public ReadOnlyStringProperty timeLeftProperty() {
        return title.timeLeftProperty();
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
        return relogin.secretProperty();
    }

    public ReadOnlyBooleanProperty reloginBusyProperty() {
        return relogin.busyProperty();
    }

    public ReadOnlyObjectProperty<Failure> reloginFailureProperty() {
        return relogin.failureProperty();
    }

    public ObservableStringValue reloginFailureText() {
        return relogin.failureText();
    }

    public ReadOnlyBooleanProperty loggedOutProperty() {
        return loggedOut.getReadOnlyProperty();
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    /** The settings dialog's state: the text size, the theme, how often histories check. */
    public SettingsViewModel settingsViewModel(TextSize textSize, Theme theme) {
        return new SettingsViewModel(i18n, clock, textSize, theme, settings);
    }

    /** Where the settings are kept (Help › About). */
    public Path settingsFile() {
        return settings == null ? null : settings.file();
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Recomputes the time left, and lets the histories check for new notifications (the view calls
     * this every second).
     */
    public void tick() {
        TaxpayerEntry e = current.get();
        checks.tick(entries, e, loggedOut.get() ? 0 : settings.get().checkMinutes());
        title.tick(e);
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
        saveProfile(profile.withLastTaxpayer(entry.rin()));
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
        logins.connect(entry, environment, base.onBehalfOf(entry.rin()));
    }

    /** Tries a failed taxpayer again. */
    public void retry(TaxpayerEntry entry) {
        if (entry.stateProperty().get() != State.CONNECTING) {
            logins.connect(entry, environment, base.onBehalfOf(entry.rin()));
        }
    }

    /**
     * Logs the current taxpayer in again after its session ended, with the typed secret or the
     * remembered one; the history screen keeps its filters, page and selection.
     */
    public void relogin() {
        relogin.start(current.get());
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
        taxpayers.dismissUndo(); // the next session's list offers no undo of this one's removal
        for (TaxpayerEntry e : entries) {
            e.dispose();
        }
        base.wipe();
        title.clearTimeLeft();
        settings.flush();
    }

    // ---- internals ----------------------------------------------------------------------------

    /**
     * The taxpayer a login on behalf of {@code rin} opens on: that one, or the ERP's own when the
     * profile has no such taxpayer.
     */
    private TaxpayerEntry entryFor(String rin) {
        return taxpayers.find(rin).orElse(taxpayers.own());
    }

    private void connected(TaxpayerEntry entry) {
        updateEnded();
        tick();
    }

    /** A click on the desktop's notification: the taxpayer's first page, the window in front. */
    private void showArrived(TaxpayerEntry e) {
        if (entries.contains(e)) {
            switchTo(e);
            e.history().showArrived();
            desktop.bringToFront().run();
        }
    }

    private void updateEnded() {
        TaxpayerEntry e = current.get();
        sessionEnded.set(e != null && e.endedProperty().get());
        if (!sessionEnded.get()) {
            relogin.clearFailure();
        }
    }

    private void refreshTitle() {
        title.refresh(current.get());
    }

    private void tellTheDesktop(TaxpayerEntry e) {
        notifications.tell(e);
    }

    private void renewBase(Credentials fresh) {
        Credentials old = base;
        base = fresh;
        old.wipe();
    }

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

    /** A taxpayer's history screen, made when it is first shown. */
    private HistoryViewModel makeHistory(TaxpayerEntry e) {
        String key = Settings.historyKey(profile.id(), e.rin());
        HistoryPrefs initial = settings.get().history().get(key);
        return new HistoryViewModel(
                i18n,
                fx,
                initial,
                prefs -> settings.update(s -> s.withHistory(key, prefs)),
                e::markSessionEnded,
                clock,
                desktop.fileOpener());
    }
}
