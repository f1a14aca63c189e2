package app.ishaar.ui.login;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;

/**
 * Opens a session (in the app: {@code ServiceClient::openSession}); the session owns the
 * credentials.
 */
@FunctionalInterface
public interface SessionOpener {
    Session open(Environment environment, Credentials credentials);
}
