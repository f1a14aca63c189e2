package app.ishaar.ui.login;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.PageAhead;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A login under way: the session opened for it, its token request, and the history page the window
 * it opens will show first, asked for as soon as the token comes (see {@link PageAhead}). Made off
 * the FX thread; a login no longer wanted is dropped, from any thread: its request and page
 * cancelled, its session closed (which wipes the session's secret).
 */
final class PendingLogin {

    /** The token, and the first page asked for ahead (null when none was). */
    record Arrival(TokenInfo token, PageAhead firstPage) {}

    private final Environment environment;
    private final Session session;
    private final CompletableFuture<TokenInfo> loginCall;
    private final CompletableFuture<Arrival> arrival = new CompletableFuture<>();

    private PendingLogin(Environment environment, Session session, NotificationQuery firstQuery) {
        this.environment = environment;
        this.session = session;
        this.loginCall = session.login();
        // the history's first page is asked for on the thread the token comes on, while the app
        // opens the window that shows it, rather than after that window's first request
        loginCall.whenComplete(
                (token, error) -> {
                    if (error != null) {
                        arrival.completeExceptionally(error);
                        return;
                    }
                    PageAhead page =
                            firstQuery == null ? null : PageAhead.fetch(session, firstQuery);
                    if (!arrival.complete(new Arrival(token, page)) && page != null) {
                        page.discard(); // dropped meanwhile
                    }
                });
    }

    /**
     * Resolves the input's environment (starting the sandbox, for Sandbox), opens a session on it
     * and starts its login, on {@code background}; {@code firstQuery}: the page to ask for ahead,
     * or null. A login dropped (the returned future cancelled) before it is opened opens nothing,
     * or closes what it opened.
     */
    static CompletableFuture<PendingLogin> open(
            Executor background,
            SandboxProvider sandbox,
            SessionOpener opener,
            LoginInput in,
            NotificationQuery firstQuery) {
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
                            login = new PendingLogin(environment, session, firstQuery);
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

    /** The token and the page asked for ahead; the login's failure if it failed. */
    CompletableFuture<Arrival> arrival() {
        return arrival;
    }

    /** Releases the login: its request and its page cancelled, its session closed. */
    void drop() {
        loginCall.cancel(true);
        if (!arrival.cancel(true) && !arrival.isCompletedExceptionally()) {
            PageAhead page = arrival.join().firstPage();
            if (page != null) {
                page.discard();
            }
        }
        session.close();
    }
}
