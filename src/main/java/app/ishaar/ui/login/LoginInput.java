package app.ishaar.ui.login;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import java.util.Arrays;

/**
 * What the form held when Log in was clicked: one login's inputs, kept as typed while the login
 * runs (the form may change meanwhile). The secret is a {@code char[]} owned by this object and
 * wiped once the login ends, whichever way.
 *
 * @param authUrl the typed address, used only for {@link Environment.Kind#CUSTOM}
 * @param baseUrl the typed address, used only for {@link Environment.Kind#CUSTOM}
 * @param rin the on-behalf-of RIN as the service takes it, or null for none
 * @param scope the requested scope, or null for none
 * @param remember whether to keep the secret in the keychain (false when there is none)
 * @param demo the demo account the form was filled from, or null
 */
record LoginInput(
        Environment.Kind kind,
        String authUrl,
        String baseUrl,
        String clientId,
        char[] secret,
        String rin,
        String scope,
        boolean remember,
        DemoAccount demo) {

    /** The environment to log in to: starting the sandbox, for Sandbox (off the FX thread). */
    Environment environment(SandboxProvider sandbox) throws ServiceException {
        return switch (kind) {
            case SANDBOX -> sandbox.environment();
            case PREPROD -> Environment.preProduction();
            case PROD -> Environment.production();
            case CUSTOM -> Environment.custom(authUrl, baseUrl);
        };
    }

    /** Credentials with their own copy of the secret (a session, or the main window, owns them). */
    Credentials credentials() {
        return new Credentials(clientId, secret.clone(), rin, scope);
    }

    void wipe() {
        Arrays.fill(secret, '\0');
    }
}
