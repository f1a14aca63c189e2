package app.ishaar.core.session;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.SessionExpiredException;

/**
 * For tests of what shows a session that could not be renewed: the taxpayer's session meets what a
 * call meets after a second 401, as a sync or a screen would report it through its handle.
 */
public final class SessionEnding {
    private SessionEnding() {}

    /** The taxpayer's session (null: the ERP's own) could not be renewed. */
    public static void of(TaxpayerSessions sessions, Rin taxpayer) {
        SharedSession handle = (SharedSession) sessions.current(taxpayer).orElseThrow();
        sessions.failed(
                taxpayer,
                handle.delegate(),
                new SessionExpiredException("the renewed token was refused too", null, null));
    }
}
