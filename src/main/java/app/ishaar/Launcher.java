package app.ishaar;

import app.ishaar.core.secrets.KeyringSecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.sandbox.SandboxConfig;
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
        if (args.length == 0) {
            DesktopSandbox sandbox = new DesktopSandbox(SandboxConfig::defaults);
            Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "ishaar-sandbox-stop"));
            IshaarApp.configure(new AppServices(sandbox, sandbox, new KeyringSecretStore(), SettingsStore.defaultConfigDir(), ClientConfig.defaults(),
                    Duration.ofMillis(500)));
            javafx.application.Application.launch(IshaarApp.class);
            return;
        }
        System.exit(app.ishaar.cli.IshaarCli.run(args));
    }
}
