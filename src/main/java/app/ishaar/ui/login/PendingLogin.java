package app.ishaar.ui.login;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A login under way: the session opened for it and its token request. Made off the FX thread; a
 * login no longer wanted is dropped, from any thread: its request cancelled, its session closed
 * (which wipes the session's secret).
 */
final class PendingLogin {

    private final Environment environment;
    private final Session session;
    private final CompletableFuture<TokenInfo> loginCall;
    private final CompletableFuture<TokenInfo> arrival = new CompletableFuture<>();

    private PendingLogin(Environment environment, Session session) {
        this.environment = environment;
        this.session = session;
        this.loginCall = session.login();
        loginCall.whenComplete(
                (token, error) -> {
                    if (error != null) {
                        arrival.completeExceptionally(error);
                    } else {
                        arrival.complete(token);
                    }
                });
    }

    /**
     * Resolves the input's environment (starting the sandbox, for Sandbox), opens a session on it
     * and starts its login, on {@code background}. A login dropped (the returned future cancelled)
     * before it is opened opens nothing, or closes what it opened.
     */
    static CompletableFuture<PendingLogin> open(
            Executor background, SandboxProvider sandbox, SessionOpener opener, LoginInput in) {
        CompletableFuture<PendingLogin> opened = new CompletableFuture<>();
        Credentials credentials = in.credentials(); // the session's own
        background.execute(
                () -> {
                    try {
                        Environment environment = in.environment(sandbox);
                        if (opened.isDone()) {
                            credentials.wipe();
                            return;
                        }
                        Session session = opener.open(environment, credentials);
                        PendingLogin login;
                        try {
                            login = new PendingLogin(environment, session);
                        } catch (RuntimeException e) {
                            session.close();
                            throw e;
                        }
                        if (!opened.complete(login)) {
                            login.drop();
                        }
                    } catch (Throwable e) {
                        // whatever went wrong ends the login with it: the dialog must not stay busy
                        credentials.wipe();
                        opened.completeExceptionally(e);
                    }
                });
        return opened;
    }

    Environment environment() {
        return environment;
    }

    Session session() {
        return session;
    }

    /** The token; the login's failure if it failed. */
    CompletableFuture<TokenInfo> arrival() {
        return arrival;
    }

    /** Releases the login: its request cancelled, its session closed. */
    void drop() {
        loginCall.cancel(true);
        arrival.cancel(true);
        session.close();
    }
}
