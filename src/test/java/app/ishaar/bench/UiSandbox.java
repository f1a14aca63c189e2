package app.ishaar.bench;

import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * The service behind the desktop-UI measurements: a sandbox started by the suite's own JVM (so that
 * its data is not counted in the measured app's heap), with 20,000 notifications per taxpayer (200
 * pages of 100), no added latency. The child learns where it is and the demo taxpayer account
 * through system properties.
 */
final class UiSandbox {
    private UiSandbox() {}

    static final int NOTIFICATIONS = 20_000;
    static final String AUTH = "bench.sandbox.auth";
    static final String API = "bench.sandbox.api";
    static final String CLIENT_ID = "bench.sandbox.clientId";
    static final String SECRET = "bench.sandbox.secret";
    static final String RIN = "bench.sandbox.rin";
    static final String NAME = "bench.sandbox.name";

    static Sandbox start() throws IOException {
        java.util.logging.Logger.getLogger("app.ishaar").setLevel(java.util.logging.Level.WARNING);
        return Sandbox.start(
                SandboxConfig.builder()
                        .seed(1)
                        .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                        .notificationsPerTaxpayer(NOTIFICATIONS)
                        .build());
    }

    /** The demo account the driver logs in with: the sandbox's first taxpayer account. */
    static SandboxAccount account(Sandbox sandbox) {
        return sandbox.accounts().stream()
                .filter(a -> a.kind().equals("taxpayer"))
                .findFirst()
                .orElseThrow();
    }

    static List<String> properties(Sandbox sandbox) {
        SandboxAccount account = account(sandbox);
        SandboxTaxpayer taxpayer = account.taxpayers().get(0);
        return List.of(
                "-D" + AUTH + "=" + sandbox.authUrl(),
                "-D" + API + "=" + sandbox.baseUrl(),
                "-D" + CLIENT_ID + "=" + account.clientId(),
                "-D" + SECRET + "=" + account.clientSecret(),
                "-D" + RIN + "=" + taxpayer.rin(),
                "-D" + NAME + "=" + taxpayer.nameEn());
    }
}
