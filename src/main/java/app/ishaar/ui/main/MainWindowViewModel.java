package app.ishaar.ui.main;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.settings.SettingsViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
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
import javafx.beans.value.ChangeListener;
import javafx.collections.ObservableList;

/**
 * The main window: who is represented, where, for how long; which taxpayer is shown (one session
 * and one history screen per taxpayer, kept for the window's life); log out. It composes the
 * taxpayer list ({@link TaxpayerListViewModel}), the taxpayers' logins ({@link TaxpayerLogins}),
 * the re-login banner ({@link Relogin}), the title and time left ({@link WindowTitle}), the checks
 * for new notifications ({@link NewNotificationChecks}), the desktop's notifications ({@link
 * DesktopNotifications}) and what it keeps in the settings ({@link WindowSettings}). The view only
 * binds.
 *
 * <p>Secrets: the window keeps one {@link Credentials} (the login's, a {@code char[]} secret) to
 * open sessions for other taxpayers; each session owns its own copy. {@link #logout()} closes every
 * session and wipes them all.
 */
public final class MainWindowViewModel {

    private final I18n i18n;
    private final Executor fx;
    private final Clock clock;
    private final WindowDesktop desktop;
    private final WindowSettings settings;

    /** The profile's environment kind; its addresses are known once a login opened the window. */
    private final Environment.Kind kind;

    private final ReadOnlyStringWrapper apiHost = new ReadOnlyStringWrapper(this, "apiHost", "");
    private final ReadOnlyObjectWrapper<TaxpayerEntry> current =
            new ReadOnlyObjectWrapper<>(this, "current");
    private final ReadOnlyBooleanWrapper loggedOut =
            new ReadOnlyBooleanWrapper(this, "loggedOut", false);

    private final TaxpayerListViewModel taxpayers;
    private final ObservableList<TaxpayerEntry> entries;
    private final TaxpayerLogins logins;
    private final Relogin relogin;
    private final WindowTitle title;
    private final NewNotificationChecks checks;
    private final DesktopNotifications notifications;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final ChangeListener<Object> languageChanged =
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
        Profile profile = login.profile();
        this.i18n = i18n;
        this.fx = fx;
        this.clock = clock;
        this.desktop = desktop == null ? WindowDesktop.NONE : desktop;
        this.settings = new WindowSettings(settings, profile);
        this.kind = profile.environment();
        // what the taxpayers tell the window: the one shown changes its title and banner
        TaxpayerEntry.Window entryEvents =
                new EntryEvents(
                        e -> current.get() == e,
                        this::updateEnded,
                        this::refreshTitle,
                        this::tellTheDesktop,
                        this::makeHistory);
        this.taxpayers =
                new TaxpayerListViewModel(
                        fx,
                        background,
                        (rin, name) -> new TaxpayerEntry(i18n, fx, entryEvents, rin, name),
                        this::beforeRemoval,
                        // the profile as saved last: its own name and the taxpayer shown last stay
                        new TaxpayerListViewModel.Store(
                                list ->
                                        this.settings.save(
                                                this.settings.profile().withTaxpayers(list)),
                                name ->
                                        this.settings.save(
                                                this.settings.profile().withOwnName(name))),
                        profile.ownName(),
                        profile.taxpayers());
        this.entries = taxpayers.entries();
        this.logins = new TaxpayerLogins(opener, entries::contains, this::connected);
        this.relogin =
                new Relogin(
                        i18n,
                        fx,
                        background,
                        secrets,
                        logins,
                        this.settings,
                        current::get,
                        this::connected);
        this.title = new WindowTitle(i18n, clock, kind);
        this.checks = new NewNotificationChecks(clock);
        this.notifications =
                new DesktopNotifications(
                        i18n, this.desktop, settings, entries::contains, this::switchTo);
        current.addListener(
                (o, a, b) -> {
                    updateEnded();
                    refreshTitle();
                    tick();
                });
        Weak.listen(languageChanged, i18n.languageProperty());
        refreshTitle();
        open(login);
    }

    /**
     * Whether a new login can open in this logged-out window as it is: the same profile (so the
     * same environment and client ID), the same represented taxpayers and the same keychain choice.
     * Then its screens (each taxpayer's filters, page size, columns) are the ones the login would
     * build anew, and need not be.
     */
    public boolean canReopen(LoginViewModel.LoginResult login) {
        Profile profile = settings.profile();
        Environment environment = logins.environment();
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
        settings.opened(login.profile());
        Credentials base = login.credentials();
        apiHost.set(login.environment().apiHost());
        TokenInfo t = login.token();
        TaxpayerEntry first =
                taxpayers.loggedIn(base.onBehalfOf(), login.session(), t, login.firstPage());
        logins.opened(login.environment(), base, first, login.session());
        if (t != null && t.saysOwnTaxpayerOnly() && entries.size() == 1) {
            settings.ownTaxpayerOnly(); // nothing but its own taxpayer to list
        }
        current.set(first);
        loggedOut.set(false);
        updateEnded();
        refreshTitle();
        tick();
    }

    // ---- what the view binds to ---------------------------------------------------------------

    public Environment.Kind environmentKind() {
        return kind;
    }

    /** The service's host, once a login opened the window. */
    public ReadOnlyStringProperty apiHostProperty() {
        return apiHost.getReadOnlyProperty();
    }

    public Profile profile() {
        return settings.profile();
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
        return taxpayers
                .find(onBehalfOf)
                .orElse(taxpayers.own())
                .madeHistory()
                .map(HistoryViewModel::nextSessionQuery)
                .orElse(null);
    }

    /** The taxpayers' sessions of the window's login (null before it), which the sync shares. */
    public app.ishaar.core.session.TaxpayerSessions sessions() {
        return logins.sessions();
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
        return settings.taxpayerListShownProperty();
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

    /** The banner shown while the current taxpayer's session has ended: log in again. */
    public Relogin relogin() {
        return relogin;
    }

    public ReadOnlyBooleanProperty loggedOutProperty() {
        return loggedOut.getReadOnlyProperty();
    }

    public ObjectProperty<AppLanguage> languageProperty() {
        return i18n.languageProperty();
    }

    /** The settings dialog's state: the text size, the theme, how often histories check. */
    public SettingsViewModel settingsViewModel(TextSize textSize, Theme theme) {
        return new SettingsViewModel(i18n, clock, textSize, theme, settings.service());
    }

    /** Where the settings are kept (Help › About). */
    public Path settingsFile() {
        return settings.file();
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Recomputes the time left, and lets the histories check for new notifications (the view calls
     * this every second).
     */
    public void tick() {
        TaxpayerEntry e = current.get();
        checks.tick(entries, e, loggedOut.get() ? 0 : settings.checkMinutes());
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
        settings.save(settings.profile().withLastTaxpayer(entry.rin()));
        if (!logins.chosen(entry)) {
            updateEnded();
        }
    }

    /** Tries a failed taxpayer again. */
    public void retry(TaxpayerEntry entry) {
        logins.retry(entry);
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
        logins.wipe();
        title.clearTimeLeft();
        settings.flush();
    }

    // ---- internals ----------------------------------------------------------------------------

    private void connected(TaxpayerEntry entry) {
        updateEnded();
        tick();
    }

    private void updateEnded() {
        relogin.update();
    }

    private void tellTheDesktop(TaxpayerEntry e) {
        notifications.tell(e);
    }

    private void refreshTitle() {
        title.refresh(current.get());
    }

    /** A taxpayer about to be removed from the list: shown, the window shows its own instead. */
    private void beforeRemoval(TaxpayerEntry entry) {
        if (current.get() == entry) {
            switchTo(taxpayers.own());
        }
        logins.removed(entry);
    }

    /** A taxpayer's history screen, made when it is first shown. */
    private HistoryViewModel makeHistory(TaxpayerEntry e) {
        return new HistoryViewModel(
                i18n,
                fx,
                settings.history(e.rin()),
                settings.historySaver(e.rin()),
                e::markSessionEnded,
                clock,
                desktop.fileOpener());
    }
}
