package app.ishaar.ui.notifications;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Duration;

/** A running in-process sandbox and a session of its demo taxpayer account (erp-nile-trading). */
final class SandboxFixture implements AutoCloseable {
    static final String CLIENT_ID = "erp-nile-trading";
    static final String SECRET = "sandbox-secret-1";
    static final String RIN = "204918573";

    final Sandbox sandbox;
    final ServiceClient client;

    SandboxFixture(SandboxConfig config) throws Exception {
        sandbox = Sandbox.start(config);
        // one quick retry, so that a 503 reaches the screen in tests without long backoffs
        client = new ServiceClient(ClientConfig.defaults().withRetries(1, Duration.ofMillis(20)));
    }

    static SandboxFixture start() throws Exception {
        return new SandboxFixture(SandboxConfig.defaults());
    }

    Session openSession() throws Exception {
        return client.openSession(
                Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl()),
                new Credentials(CLIENT_ID, SECRET.toCharArray(), null, null));
    }

    @Override
    public void close() {
        client.close();
        sandbox.close();
    }
}
