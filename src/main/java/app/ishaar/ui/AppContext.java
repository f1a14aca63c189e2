package app.ishaar.ui;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.secrets.ProxyCredentials;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.Proxies;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.settings.ProxyChoice;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.SettingsService;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.app.Theme;
import app.ishaar.ui.desktop.DesktopFiles;
import app.ishaar.ui.desktop.DesktopNotifier;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.login.SessionOpener;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The composition root of the desktop app: one of each service, made cheaply at start (settings are
 * one small file; the service client and the sandbox are created on first use, off the FX thread).
 */
public final class AppContext implements AutoCloseable {

    private final AppServices services;
    private final I18n i18n;
    private final SettingsService settings;
    private final SceneFactory scenes;
    private final TextSize textSize;
    private final ExecutorService background;
    private volatile Locale serviceLanguage;
    private ServiceClient client;
    private LoginBudget loginBudget;
    private final ProxyCredentials proxyCredentials;
    private ProxyChoice proxyInUse;
    private final AppArchive archive;

    public AppContext(AppServices services) {
        this.services = services;
        this.settings =
                new SettingsService(
                        new SettingsStore(services.configDir()), services.settingsDebounce());
        this.i18n = new I18n(AppLanguage.fromCode(settings.get().language()));
        i18n.latinDigitsProperty().set(settings.get().latinDigits());
        this.serviceLanguage = i18n.language().locale();
        i18n.languageProperty()
                .addListener(
                        (o, a, b) -> {
                            serviceLanguage = b.locale();
                            settings.update(
                                    s ->
                                            s.withLanguage(
                                                    b.code(), i18n.latinDigitsProperty().get()));
                        });
        i18n.latinDigitsProperty()
                .addListener(
                        (o, a, latin) ->
                                settings.update(
                                        s -> s.withLanguage(i18n.language().code(), latin)));
        this.textSize = new TextSize(settings.get().textSize());
        textSize.percentProperty()
                .addListener((o, a, step) -> settings.update(s -> s.withTextSize(step.intValue())));
        Theme theme = new Theme(settings.get().theme());
        theme.darkProperty()
                .addListener((o, a, dark) -> settings.update(s -> s.withTheme(theme.code())));
        this.scenes = new SceneFactory(i18n, textSize, theme);
        this.proxyCredentials = new ProxyCredentials(services.secrets());
        // where the archive lives and how long it keeps are read once: a change applies at the next
        // start (the settings dialog says so)
        this.archive =
                new AppArchive(
                        services.archive().named(settings.get().archive()),
                        settings.get().keepDays(),
                        services.clientConfig().clock());
        archive.followHandling(settings);
        settings.addListener(s -> followProxy(s.proxy()));
        AtomicInteger n = new AtomicInteger();
        this.background =
                Executors.newCachedThreadPool(
                        r -> {
                            Thread t = new Thread(r, "ishaar-ui-worker-" + n.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
    }

    public I18n i18n() {
        return i18n;
    }

    public SettingsService settings() {
        return settings;
    }

    /** The size of the text in every window (remembered). */
    public TextSize textSize() {
        return textSize;
    }

    private javafx.application.Application application;
    private FileOpener fileOpener;

    /**
     * What opens a written export and its folder: the desktop's ({@link DesktopFiles}), found when
     * first asked for (a main window being made, never during start-up), or the one a test gave;
     * none where the desktop cannot be asked.
     */
    public synchronized FileOpener fileOpener() {
        if (fileOpener == null) {
            fileOpener =
                    application == null
                            ? FileOpener.NONE
                            : DesktopFiles.opener(application.getHostServices(), background);
        }
        return fileOpener;
    }

    /**
     * The application, whose host services open files on Windows and macOS (set as it starts; asked
     * for only when first needed).
     */
    public synchronized void useHostServicesOf(javafx.application.Application app) {
        application = app;
    }

    private DesktopNotifier notifier;

    /**
     * What tells the desktop of new notifications: {@code notify-send} on Linux, found when first
     * asked for; none elsewhere, or as a test gave.
     */
    public synchronized DesktopNotifier notifier() {
        if (notifier == null) {
            notifier =
                    application == null
                            ? DesktopNotifier.NONE
                            : DesktopFiles.notifier(
                                    background, app.ishaar.ui.fx.FxExecutor.INSTANCE);
        }
        return notifier;
    }

    /** Tells the desktop through this instead (tests record what was told). */
    public synchronized void useNotifier(DesktopNotifier desktop) {
        notifier = desktop == null ? DesktopNotifier.NONE : desktop;
    }

    /** Opens files with this instead (tests record what was asked). */
    public synchronized void useFileOpener(FileOpener opener) {
        fileOpener = opener == null ? FileOpener.NONE : opener;
    }

    public SceneFactory scenes() {
        return scenes;
    }

    public SecretStore secrets() {
        return services.secrets();
    }

    public AppServices services() {
        return services;
    }

    public ExecutorService background() {
        return background;
    }

    public Clock clock() {
        return services.clientConfig().clock();
    }

    /**
     * The one service client, created on first use; its Accept-Language follows the UI language.
     * Every login of the app passes its login budget (Settings: logins per minute, read then).
     */
    public synchronized ServiceClient client() {
        if (closed) {
            throw new IllegalStateException("the app is closing");
        }
        if (client == null) {
            proxyInUse = settings.get().proxy();
            loginBudget = LoginBudget.perMinute(settings.get().loginsPerMinute());
            client =
                    new ServiceClient(
                            services.clientConfig()
                                    .withLanguage(() -> serviceLanguage)
                                    .withProxies(proxies(proxyInUse)),
                            loginBudget);
        }
        return client;
    }

    /**
     * The login budget every login of the app passes (made with the client), to say when a
     * taxpayer's turn comes.
     */
    public synchronized LoginBudget loginBudget() {
        client();
        return loginBudget;
    }

    /**
     * The local archive, opened when first used off the FX thread; one that cannot be opened throws
     * its {@link ArchiveException} at each use (shown inline), and the history goes on without it.
     */
    public Archive archive() {
        return archive;
    }

    /**
     * The user names and passwords of proxies that ask for them, from the keychain (or typed this
     * run); the service client asks them.
     */
    public ProxyCredentials proxyCredentials() {
        return proxyCredentials;
    }

    private Proxies proxies(ProxyChoice choice) {
        return choice.proxies(services.clientConfig().proxies(), proxyCredentials);
    }

    /** Settings → Proxy changed: the one client goes the new way from its next connection. */
    private synchronized void followProxy(ProxyChoice choice) {
        if (client != null && !choice.equals(proxyInUse)) {
            proxyInUse = choice;
            client.useProxies(proxies(choice));
        }
    }

    private boolean prepared;
    private boolean closed;

    /**
     * Prepares what the first login needs on a background thread, once: called when the login
     * dialog has been drawn, while the user types: the service client made and its JSON reading run
     * once, and the archive opened (its schema brought up to date).
     */
    public void prepareInBackground() {
        if (prepared) {
            return;
        }
        prepared = true;
        background.execute(
                () -> {
                    ServiceClient.warmUp();
                    synchronized (this) {
                        if (!closed) {
                            client();
                        }
                    }
                });
        background.execute(archive::openAhead);
    }

    /** Opens sessions with the one client (called off the FX thread). */
    public SessionOpener opener() {
        return (env, credentials) -> client().openSession(env, credentials);
    }

    @Override
    public void close() {
        settings.close();
        ServiceClient c;
        LoginBudget budget;
        synchronized (this) {
            closed = true;
            c = client;
            client = null;
            budget = loginBudget;
            loginBudget = null;
        }
        if (c != null) {
            c.close();
        }
        if (budget != null) {
            budget.close();
        }
        background.shutdownNow();
        try {
            archive.close();
        } catch (ArchiveException e) {
            System.getLogger("app.ishaar")
                    .log(System.Logger.Level.WARNING, "the archive did not close cleanly", e);
        }
    }
}
