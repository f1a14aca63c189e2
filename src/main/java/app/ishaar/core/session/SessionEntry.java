package app.ishaar.core.session;

import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import java.util.concurrent.CompletableFuture;

/**
 * A taxpayer's state in {@link TaxpayerSessions} (guarded by its lock): its session (and, {@link
 * SessionRules#SHARED}, its one handle), the login under way (and the session it logs in, closed
 * when that login is dropped), or the refusal remembered.
 */
final class SessionEntry {
    Session session;
    SharedSession handle;
    CompletableFuture<TaxpayerSessions.Login> pending;
    Session opening;
    ServiceException refusal;

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
