package app.ishaar.ui.login;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.settings.Profile;
import app.ishaar.ui.app.SettingsService;
import java.net.URI;
import java.util.Optional;

/**
 * Opening the main window without the service, on the archive of a saved profile's taxpayers: when
 * the service cannot be reached at login (no connection, no answer in time, the connection lost;
 * not a refusal), or with Work offline. Only a saved profile has taxpayers whose archive can be
 * shown.
 */
public final class OfflineStart {

    private OfflineStart() {}

    /** Whether a login failed because the service could not be reached (not because it refused). */
    public static boolean unreachable(Throwable cause) {
        return cause instanceof NetworkException n
                && switch (n.kind()) {
                    case UNREACHABLE, TIMEOUT, CONNECTION_LOST -> true;
                    default -> false;
                };
    }

    /** The saved profile of this environment and client ID, if any. */
    static Optional<Profile> saved(
            SettingsService settings, Environment.Kind kind, String authUrl, String clientId) {
        if (kind == null || clientId == null || clientId.isBlank()) {
            return Optional.empty();
        }
        String auth = kind == Environment.Kind.CUSTOM && authUrl != null ? authUrl.trim() : null;
        return settings.get().profile(Profile.idOf(kind, auth, clientId.trim()));
    }

    /**
     * The environment of a saved profile, as the archive keys it and the window's sessions log in
     * to once the service answers; the built-in sandbox's is started now (off the FX thread).
     */
    static Environment environment(Profile p, SandboxProvider sandbox) throws ServiceException {
        return switch (p.environment()) {
            case SANDBOX -> sandbox.environment();
            case PREPROD -> Environment.preProduction();
            case PROD -> Environment.production();
            case CUSTOM ->
                    new Environment(
                            Environment.Kind.CUSTOM,
                            URI.create(p.authUrl()),
                            URI.create(p.baseUrl()));
        };
    }

    /** An offline window's login: the profile and the credentials to go online with, no session. */
    static LoginViewModel.LoginResult result(
            Profile p, Credentials credentials, Environment environment) {
        return new LoginViewModel.LoginResult(null, null, p, credentials, environment);
    }
}
