package app.ishaar.ui;

import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.ui.login.DemoAccounts;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the desktop app is wired with, supplied from outside the UI (the root package knows the
 * sandbox; tests supply their own config folder, secret store and client settings).
 *
 * @param sandbox starts the built-in sandbox on demand
 * @param demoAccounts lists the sandbox's demo accounts (may start it)
 * @param secrets the OS keychain, or a stand-in
 * @param configDir where settings.json lives
 * @param clientConfig the service client's tunables (its language is bound to the UI's by the app)
 * @param settingsDebounce how long settings changes are gathered before one write
 */
public record AppServices(
        SandboxProvider sandbox,
        DemoAccounts demoAccounts,
        SecretStore secrets,
        Path configDir,
        ClientConfig clientConfig,
        Duration settingsDebounce) {}
