package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.LoginViewModel;
import app.ishaar.ui.login.SessionOpener;
import app.ishaar.ui.notifications.HandlingNews;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.summary.Summaries;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ChangeListener;

/**
 * The main window: who is represented, where, for how long; which taxpayer is shown (one session
 * and one history screen per taxpayer, kept for the window's life); log out. It composes its parts,
 * which the view binds to directly: the taxpayer list ({@link #taxpayers()}), the re-login banner
 * ({@link #relogin()}), the title, time left and environment ({@link #title()}) and what the window
 * keeps in the settings ({@link #settings()}); and, behind them, the taxpayers' logins ({@link
 * TaxpayerLogins}), the sync of its taxpayers, which counts what is new ({@link MainWindowSync}),
 * the desktop's notifications ({@link DesktopNotifications}), the making of the taxpayer list and
 * its history screens ({@link TaxpayerListFactory}), and what a login opens and its logout closes
 * ({@link WindowLifecycle}).
 *
 * <p>Secrets: the window keeps one {@code Credentials} (the login's, a {@code char[]} secret) to
 * open sessions for other taxpayers; each session owns its own copy. {@link #logout()} closes every
 * session and wipes them all.
 */
public final class MainWindowViewModel {

    private final WindowSettings settings;

    /** Tells the window's screens of changes of handling made anywhere; null with no archive. */
    private final HandlingNews handlingNews;

    private final ReadOnlyObjectWrapper<TaxpayerEntry> current =
            new ReadOnlyObjectWrapper<>(this, "current");
    private final ReadOnlyBooleanWrapper loggedOut =
            new ReadOnlyBooleanWrapper(this, "loggedOut", false);

    private final TaxpayerListViewModel taxpayers;
    private final List<TaxpayerEntry> entries;
    private final TaxpayerLogins logins;
    private final Relogin relogin;
    private final WindowTitle title;
    private final MainWindowSync sync;
    private final DesktopNotifications notifications;
    private final OfflineViewModel offline;
    private final WindowLifecycle lifecycle;
    private final Summaries summaries;
    private final HistoryViewModel allTaxpayers;
    private final SyncViewModel listSync;
    private final BooleanProperty allShown = new SimpleBooleanProperty(this, "allShown");

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final ChangeListener<Object> languageChanged = (o, a, b) -> shown();

    /**
     * The window of a login: its taxpayer is shown.
     *
     * @param budget the client's login budget, for the list to say when a waiting taxpayer's turn
     *     comes; null when not known
     * @param schedules makes each login's sync scheduler; null: the app's own threads
     */
    public MainWindowViewModel(
            I18n i18n,
            Executor fx,
            Executor background,
            SessionOpener opener,
            SecretStore secrets,
            SettingsService settings,
            Archive archive,
            Clock clock,
            WindowDesktop desktop,
            LoginViewModel.LoginResult login,
            LoginBudget budget,
            WindowSync.Schedules schedules) {
        WindowDesktop shell = desktop == null ? WindowDesktop.NONE : desktop;
        this.settings = new WindowSettings(i18n, clock, settings, login.profile());
        this.handlingNews = archive == null ? null : new HandlingNews(archive, background);
        TaxpayerHistories histories =
                new TaxpayerHistories(
                        i18n,
                        fx,
                        background,
                        clock,
                        this.settings,
                        shell.fileOpener(),
                        archive,
                        this::service,
                        handlingNews);
        // what the taxpayers tell the window: the one shown changes its title and banner
        this.taxpayers =
                TaxpayerListFactory.make(
                        histories,
                        new TaxpayerEvents(histories),
                        this::beforeRemoval,
                        this::awaitSyncEnded);
        this.entries = taxpayers.entries();
        this.logins =
                new TaxpayerLogins(
                        opener,
                        fx,
                        entries::contains,
                        key -> taxpayers.find(key == null ? null : key.value()),
                        this::connected);
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
        this.title = new WindowTitle(i18n, clock, login.profile().environment());
        this.allTaxpayers = histories.makeAll();
        this.summaries = new Summaries(clock, fx);
        title.allTaxpayersShownProperty().bind(allShown);
        // the list's sync: the archive of the service the login went to, synced by the window
        this.listSync =
                new SyncViewModel(
                        archive, ServiceKey.of(login.environment()), budget, clock, background, fx);
        this.sync =
                new MainWindowSync(archive, clock, fx, taxpayers.entries(), listSync, schedules);
        listSync.follow(sync);
        new WindowList(taxpayers.entries(), allTaxpayers, listSync);
        // a sync that changed the archive: All taxpayers reads its page again, rows in place
        listSync.archiveChangesProperty().addListener((o, was, now) -> allTaxpayers.landed());
        // the list's counts to handle, after a sync that stored notifications (some arrive to
        // handle) and after anyone changed who is dealing with one
        listSync.archiveChangesProperty()
                .addListener((o, was, now) -> taxpayers.toHandle().refresh());
        if (handlingNews != null) {
            handlingNews.listenToAll(() -> fx.execute(taxpayers.toHandle()::refresh));
        }
        this.notifications =
                new DesktopNotifications(i18n, shell, settings, entries::contains, this::switchTo);
        this.offline =
                new OfflineViewModel(
                        i18n, fx, background, opener, archive, clock, null, this::online);
        this.lifecycle =
                new WindowLifecycle(
                        relogin,
                        this.settings,
                        title,
                        taxpayers,
                        logins,
                        offline,
                        sync,
                        this::service,
                        histories,
                        allTaxpayers);
        // offline, no sync is offered: the service cannot be reached
        listSync.offlineProperty().bind(offline.offlineProperty());
        current.addListener((o, a, b) -> shown());
        // choosing a taxpayer (or a login's, a notification's) shows that taxpayer
        current.addListener((o, a, b) -> allShown.set(false));
        Weak.listen(languageChanged, i18n.languageProperty());
        refreshTitle();
        open(login);
    }

    /**
     * All taxpayers: the notification screen over every taxpayer of the list, on the archive (its
     * scope is set by the window as the list changes).
     */
    public HistoryViewModel allTaxpayers() {
        return allTaxpayers;
    }

    /** The summary of each notification screen of the window, made when first asked for. */
    public Summaries summaries() {
        return summaries;
    }

    /**
     * Whether the window shows All taxpayers rather than the current taxpayer's screen; choosing a
     * taxpayer turns it off.
     */
    public BooleanProperty allShownProperty() {
        return allShown;
    }

    /**
     * Whether a new login can open in this logged-out window as it is: the same profile (so the
     * same environment and client ID), the same represented taxpayers and the same keychain choice.
     * Then its screens (each taxpayer's filters, page size, columns) are the ones the login would
     * build anew, and need not be.
     */
    public boolean canReopen(LoginViewModel.LoginResult login) {
        return loggedOut.get() && lifecycle.sameAs(login);
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
        current.set(lifecycle.open(login));
        loggedOut.set(false);
        shown();
        sync.opened(login, logins.sessions(), settings.checkMinutes(), current);
        taxpayers.toHandle().refresh();
    }

    // ---- what the view binds to ---------------------------------------------------------------

    /**
     * The list of taxpayers (every one of the profile, the ERP's own first): add, rename, remove.
     */
    public TaxpayerListViewModel taxpayers() {
        return taxpayers;
    }

    /** The taxpayers' sessions of the window's login (null before it), which the sync shares. */
    public app.ishaar.core.session.TaxpayerSessions sessions() {
        return logins.sessions();
    }

    /** The sync of the window's taxpayers (none without an archive). */
    MainWindowSync sync() {
        return sync;
    }

    /** The taxpayer list's sync: each taxpayer's status, Sync now and Sync all. */
    public SyncViewModel listSync() {
        return listSync;
    }

    /** Offline: the banner, and the asking whether the service answers again. */
    public OfflineViewModel offline() {
        return offline;
    }

    /** The title, the time left, the environment and the service's host. */
    public WindowTitle title() {
        return title;
    }

    /** What the window keeps in the settings: its profile, whether its list shows, the dialog. */
    public WindowSettings settings() {
        return settings;
    }

    /** The banner shown while the current taxpayer's session has ended: log in again. */
    public Relogin relogin() {
        return relogin;
    }

    public ReadOnlyObjectProperty<TaxpayerEntry> currentProperty() {
        return current.getReadOnlyProperty();
    }

    public TaxpayerEntry current() {
        return current.get();
    }

    public ReadOnlyBooleanProperty loggedOutProperty() {
        return loggedOut.getReadOnlyProperty();
    }

    // ---- commands -----------------------------------------------------------------------------

    /**
     * Recomputes the time left, and follows the sync's interval (the view calls this each second).
     */
    public void tick() {
        if (!loggedOut.get()) {
            sync.every(settings.checkMinutes());
        }
        offline.tick();
        title.tick(current.get());
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
        if (offline.offlineProperty().get() || !logins.chosen(entry)) {
            relogin.update();
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
        lifecycle.close();
        if (handlingNews != null) {
            handlingNews.close();
        }
    }

    // ---- internals ----------------------------------------------------------------------------

    /** Another taxpayer shown: its banner, title and time left. */
    private void shown() {
        relogin.update();
        refreshTitle();
        tick();
    }

    /** A taxpayer's session opened or renewed. */
    private void connected(TaxpayerEntry entry) {
        relogin.update();
        tick();
    }

    /** The service answered an offline window: online with that login, on the taxpayer shown. */
    private void online(LoginViewModel.LoginResult login) {
        TaxpayerEntry shown = current.get();
        open(login);
        switchTo(shown);
    }

    /** The service the window is logged in to, as the archive keys it. */
    private ServiceKey service() {
        return logins.environment() == null ? null : ServiceKey.of(logins.environment());
    }

    private void refreshTitle() {
        title.refresh(current.get());
    }

    /** Forgetting a removed taxpayer's archive waits for its sync under way, off the FX thread. */
    private void awaitSyncEnded(Rin taxpayer) throws InterruptedException {
        sync.sync().awaitEnded(taxpayer);
    }

    /** A taxpayer about to be removed from the list: shown, the window shows its own instead. */
    private void beforeRemoval(TaxpayerEntry entry) {
        if (current.get() == entry) {
            switchTo(taxpayers.own());
        }
        logins.removed(entry);
    }

    /**
     * What the window does when one of its taxpayers changes: the one shown changes the banner (its
     * session ended or was renewed) and the title (its name, RIN or new notifications); more new
     * notifications of any are told to the desktop.
     */
    private final class TaxpayerEvents implements TaxpayerEntry.Window {
        private final TaxpayerHistories histories;

        TaxpayerEvents(TaxpayerHistories histories) {
            this.histories = histories;
        }

        @Override
        public boolean shows(TaxpayerEntry e) {
            return current.get() == e;
        }

        @Override
        public void endedChanged(TaxpayerEntry e) {
            if (shows(e)) {
                relogin.update();
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
                notifications.tell(e);
            }
        }

        @Override
        public HistoryViewModel makeHistory(TaxpayerEntry e) {
            return histories.make(e);
        }
    }
}
