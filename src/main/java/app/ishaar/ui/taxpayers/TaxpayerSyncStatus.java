package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.model.Rin;
import java.time.Instant;

/**
 * Where one taxpayer's sync stands, for the taxpayer list: when it last synced, whether it is
 * syncing or waiting its turn, and why its last sync did not go through. Immutable; the view turns
 * it into words.
 *
 * @param lastSynced when a sync of this taxpayer last finished, null when never
 * @param problem why the last sync did not go through; null when it did (or none ran yet)
 * @param archiveReason for {@link Problem#ARCHIVE}: what the archive said
 * @param message the service's or the network's own words on the problem, for a tooltip; may be
 *     null
 * @param turn while waiting: when its login's turn is expected to come in the login budget; while
 *     idle: when its next sync is due by the clock; null when not known
 * @param held while syncing: positions of its history the archive holds
 * @param total while syncing: positions of its history, as the service last said (0: not yet known)
 * @param office the office's sync keeps it (a shared archive's syncer): this desktop does not sync
 *     it, and its Sync now asks that syncer
 */
public record TaxpayerSyncStatus(
        Rin taxpayer,
        Phase phase,
        Instant lastSynced,
        Problem problem,
        ArchiveException.Reason archiveReason,
        String message,
        Instant turn,
        long held,
        long total,
        boolean office) {

    /** What the sync is doing with the taxpayer now. */
    public enum Phase {
        /** Not in a sync now. */
        IDLE,
        /** In line: a sync will reach it. */
        WAITING,
        /** Its history is being read. */
        SYNCING
    }

    /** Why a sync did not go through. */
    public enum Problem {
        /** The taxpayer did not grant this system access to its notifications (403). */
        NO_ACCESS,
        /** The taxpayer has not delegated to this ERP system. */
        NOT_DELEGATED,
        /** The login was refused (wrong secret, a blocked or expired ERP user, a scope). */
        LOGIN_REFUSED,
        /** The service or the network could not be reached; tried again at the next sync. */
        UNREACHABLE,
        /** The local archive could not be written ({@link #archiveReason}). */
        ARCHIVE,
        /** The service answered in a way the sync could not use, or its history kept moving. */
        FAILED
    }

    /** Never synced, nothing known. */
    public static TaxpayerSyncStatus idle(Rin taxpayer, Instant lastSynced) {
        return new TaxpayerSyncStatus(
                taxpayer, Phase.IDLE, lastSynced, null, null, null, null, 0, 0, false);
    }

    /** Whether the taxpayer refused (it is not asked again until the user asks). */
    public boolean refused() {
        return problem == Problem.NO_ACCESS
                || problem == Problem.NOT_DELEGATED
                || problem == Problem.LOGIN_REFUSED;
    }

    TaxpayerSyncStatus with(Phase p, Instant turnAt) {
        return new TaxpayerSyncStatus(
                taxpayer,
                p,
                lastSynced,
                problem,
                archiveReason,
                message,
                turnAt,
                held,
                total,
                office);
    }

    TaxpayerSyncStatus progress(long heldNow, long totalNow) {
        return new TaxpayerSyncStatus(
                taxpayer,
                Phase.SYNCING,
                lastSynced,
                problem,
                archiveReason,
                message,
                null,
                heldNow,
                totalNow,
                office);
    }

    TaxpayerSyncStatus ended(
            Instant synced, Problem p, ArchiveException.Reason reason, String why) {
        return new TaxpayerSyncStatus(
                taxpayer,
                Phase.IDLE,
                synced != null ? synced : lastSynced,
                p,
                reason,
                why,
                null,
                0,
                0,
                false);
    }

    /** The office's sync keeps it: idle here, as synced when it was last known to be. */
    public TaxpayerSyncStatus keptByOffice() {
        return new TaxpayerSyncStatus(
                taxpayer, Phase.IDLE, lastSynced, null, null, null, null, 0, 0, true);
    }
}
