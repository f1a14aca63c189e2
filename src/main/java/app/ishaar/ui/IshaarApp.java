package app.ishaar.ui;

import app.ishaar.core.secrets.KeyringSecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.InvalidEndpointException;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.ui.login.DemoAccounts;
import java.time.Duration;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The desktop application. Start-up does no heavy work before the login dialog shows: settings are
 * one small file, the keychain is probed and the sandbox started in the background when needed.
 * The launcher supplies the wiring that knows the sandbox ({@link #configure}).
 */
public final class IshaarApp extends Application {

    private static volatile AppServices configured;
    private AppContext ctx;

    /** Sets the services of the next launch (called by the launcher before {@code Application.launch}). */
    public static void configure(AppServices services) {
        configured = services;
    }

    /** Wiring without a sandbox (used when the launcher supplied none). */
    public static AppServices withoutSandbox() {
        return new AppServices(() -> {
            throw new InvalidEndpointException("sandbox", "", InvalidEndpointException.Reason.MISSING);
        }, DemoAccounts.NONE, new KeyringSecretStore(), SettingsStore.defaultConfigDir(), ClientConfig.defaults(), Duration.ofMillis(500));
    }

    @Override
    public void start(Stage stage) {
        AppServices services = configured != null ? configured : withoutSandbox();
        ctx = new AppContext(services);
        new WindowFlow(ctx, stage, Platform::exit).showLogin();
    }

    @Override
    public void stop() {
        if (ctx != null) {
            ctx.close();
        }
    }
}
