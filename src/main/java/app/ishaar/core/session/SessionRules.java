package app.ishaar.core.session;

import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;

/**
 * How {@link TaxpayerSessions} treats its taxpayers: who waits for a rate-limited login, which
 * answers are remembered as a taxpayer's refusal, and who watches what the sessions' calls meet.
 */
public enum SessionRules {
    /**
     * Background work (a sync, the command line): a rate-limited login is waited out without end; a
     * 403 from any call is remembered as a refusal, besides the login's; each session is handed out
     * as one handle (the same object each time) that reports its calls' refusals and endings.
     */
    SHARED,
    /**
     * A user waiting at the desktop: a rate-limited login fails at once (the user sees it and may
     * try again); only a login the service rejected for a reason of its own is remembered as a
     * refusal; the sessions handed out are the opened ones themselves, whose holder watches their
     * calls and reports an ended one ({@link TaxpayerSessions#ended}).
     */
    INTERACTIVE;

    /** Whether a login the identity service limited (429) is tried again without end. */
    boolean waitsOutLimitedLogins() {
        return this == SHARED;
    }

    /** Whether {@code c} is an answer for the taxpayer which asking again would only repeat. */
    boolean remembers(Throwable c) {
        return c instanceof NotPermittedException && this == SHARED
                || c instanceof LoginRejectedException r
                        && r.reason() != LoginRejectedException.Reason.OTHER;
    }
}
