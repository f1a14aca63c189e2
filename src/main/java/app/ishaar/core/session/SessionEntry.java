package app.ishaar.core.session;

import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionExpiredException;
import app.ishaar.core.service.TokenInfo;
import java.util.concurrent.CompletableFuture;

/**
 * A taxpayer's state in {@link TaxpayerSessions} (guarded by its lock): its session, its one handle
 * and what its login's token said, the login under way (and the session it logs in, closed when
 * that login is dropped), the refusal remembered, what the last login met, or what ended the
 * session.
 */
final class SessionEntry {
    Session session;
    SharedSession handle;
    TokenInfo token;
    CompletableFuture<TaxpayerSessions.Login> pending;
    Session opening;
    ServiceException refusal;
    Throwable failure;
    SessionExpiredException ended;

    /** Drops a login under way: its callers are told, its session closed. */
    static void drop(CompletableFuture<TaxpayerSessions.Login> pending, Session opening) {
        if (pending != null) {
            pending.cancel(false);
        }
        if (opening != null) {
            opening.close();
        }
    }
}
