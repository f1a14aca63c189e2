package app.ishaar;

import app.ishaar.core.secrets.KeyringSecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.startup.ClassPreloader;
import app.ishaar.ui.AppServices;
import app.ishaar.ui.IshaarApp;
import java.time.Duration;

/**
 * The jar's main class. It does not extend {@code javafx.application.Application}, so the shaded
 * jar starts on the classpath. With no arguments it opens the desktop app; otherwise it runs the
 * command line (issue #3).
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        // the operating system's proxy settings (Windows, macOS, GNOME), read by the JDK's proxy
        // selector when it is first used: set before any connection is made
        if (System.getProperty("java.net.useSystemProxies") == null) {
            System.setProperty("java.net.useSystemProxies", "true");
        }
        if (args.length == 0) {
            // while JavaFX starts, a thread of its own loads the classes of the start
            ClassPreloader.inBackground(ClassPreloader.STARTUP);
            IshaarApp.configure(desktopServices());
            javafx.application.Application.launch(IshaarApp.class);
            return;
        }
        System.exit(app.ishaar.cli.IshaarCli.run(args));
    }

    /**
     * The desktop app's wiring: the built-in sandbox (started when first needed), the OS keychain,
     * the user's settings folder.
     */
    private static AppServices desktopServices() {
        DesktopSandbox sandbox = new DesktopSandbox(DesktopSandbox::appConfig);
        Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "ishaar-sandbox-stop"));
        return new AppServices(
                sandbox,
                sandbox,
                new KeyringSecretStore(),
                SettingsStore.defaultConfigDir(),
                ClientConfig.defaults(),
                Duration.ofMillis(500));
    }
}
