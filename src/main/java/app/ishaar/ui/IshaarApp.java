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
 * one small file, the keychain is probed and the sandbox started in the background when needed. The
 * launcher supplies the wiring that knows the sandbox ({@link #configure}).
 */
public final class IshaarApp extends Application {

    private static volatile AppServices configured;
    private AppContext ctx;

    /**
     * Sets the services of the next launch (called by the launcher before {@code
     * Application.launch}), and the rendering settings the toolkit reads once, when it starts
     * ({@link #RENDERING_DEFAULTS}).
     */
    public static void configure(AppServices services) {
        RENDERING_DEFAULTS.forEach(
                (key, value) -> {
                    if (System.getProperty(key) == null) {
                        System.setProperty(key, value);
                    }
                });
        configured = services;
    }

    /**
     * Toolkit settings the app starts with unless the command line gives them.
     *
     * <ul>
     *   <li>{@code prism.disableRegionCaching=true}: by default JavaFX draws the background of a
     *       region with more than one fill (every table row, button and header of the default
     *       theme) once into an image, and then copies that image, cut in nine and stretched, each
     *       time the region is drawn. With the software renderer (machines and remote desktops
     *       without a usable GPU, and the headless runs here) the stretched copy costs far more
     *       than filling the rectangles again: replacing a page of 100 notifications spent most of
     *       the renderer's time in it, and paging showed longer pauses with the cache than without
     *       (docs/performance.md).
     * </ul>
     */
    public static final java.util.Map<String, String> RENDERING_DEFAULTS =
            java.util.Map.of("prism.disableRegionCaching", "true");

    /** Wiring without a sandbox (used when the launcher supplied none). */
    public static AppServices withoutSandbox() {
        return new AppServices(
                () -> {
                    throw new InvalidEndpointException(
                            "sandbox", "", InvalidEndpointException.Reason.MISSING);
                },
                DemoAccounts.NONE,
                new KeyringSecretStore(),
                SettingsStore.defaultConfigDir(),
                ClientConfig.defaults(),
                Duration.ofMillis(500),
                AppServices.ArchiveSource.usersOwn());
    }

    @Override
    public void start(Stage stage) {
        AppServices services = configured != null ? configured : withoutSandbox();
        ctx = new AppContext(services);
        ctx.useHostServicesOf(
                this); // an export opened in the spreadsheet, its folder in the file manager
        new WindowFlow(ctx, stage, Platform::exit).showLogin();
    }

    @Override
    public void stop() {
        if (ctx != null) {
            ctx.close();
        }
    }
}
