package app.ishaar.core.session;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;

/**
 * Where a taxpayer's session stands, as {@link TaxpayerSessions} publishes it: the one account of a
 * taxpayer's login and refusal in the process, which a screen shows as it is.
 *
 * @param taxpayer a represented taxpayer, or null for the ERP system's own
 * @param session its session while {@link Phase#READY}, else null
 * @param token what its login's token said while {@link Phase#READY}, else null
 * @param failure what its last login (or, refused, a call) met (a {@link
 *     app.ishaar.core.service.ServiceException} as a rule), while {@link Phase#FAILED} or {@link
 *     Phase#REFUSED}; what ended it, {@link Phase#ENDED}
 */
public record SessionState(
        Rin taxpayer, Phase phase, Session session, TokenInfo token, Throwable failure) {

    /** Where a taxpayer's session stands. */
    public enum Phase {
        /** No session and no login under way. */
        IDLE,
        /** A login under way. */
        CONNECTING,
        /** Logged in. */
        READY,
        /** Its session could not be renewed and was dropped: the next use logs in afresh. */
        ENDED,
        /** Its last login failed for a reason that may pass (the network, the service's limit). */
        FAILED,
        /**
         * The service refused it for a reason of its own (not delegated, blocked, no access): not
         * asked again until tried again.
         */
        REFUSED,
        /**
         * The ERP system's own entry of an intermediary: the login itself, which the service opens
         * only on behalf of a taxpayer it acts for, never a taxpayer that failed.
         */
        INTERMEDIARY
    }

    /** No session and no login under way. */
    public static SessionState idle(Rin taxpayer) {
        return new SessionState(taxpayer, Phase.IDLE, null, null, null);
    }

    /** Whether the service refused this taxpayer and is not asked again until tried again. */
    public boolean refused() {
        return phase == Phase.REFUSED;
    }
}
