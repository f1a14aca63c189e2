package app.ishaar.core.archive;

import app.ishaar.core.service.LoginGate;
import app.ishaar.core.session.LoginBudget;

/**
 * What the processes sharing one archive (a firm's shared archive on PostgreSQL: the office syncers
 * and the accountants' desktops) coordinate through it. The embedded archive has none: {@link
 * Archive#office()} is empty there, and each process keeps its own login budget.
 */
public interface OfficeSync {

    /**
     * The login gate of a syncer of this archive: its own budget first (its order and pace within
     * the process), then a slot of the one budget every syncer of the archive shares per client ID
     * ({@code own}'s logins per window, counted across all of them), waiting its turn when the
     * slots are used up or the identity service asked any of them to wait (Retry-After). Closed
     * with the archive.
     */
    LoginGate logins(LoginBudget own);
}
