package app.ishaar.core.sync;

import app.ishaar.core.model.Rin;

/**
 * How one taxpayer's sync ended.
 *
 * @param taxpayer null only when the ERP's own taxpayer could not even be named (its login failed)
 * @param added notifications archived for the first time
 * @param updated archived notifications that changed (a status that settled)
 * @param total the notifications the archive holds of this taxpayer now
 * @param message why it was refused, failed or skipped; null when it synced
 * @param error what it met; null when it synced
 */
public record TaxpayerResult(
        Rin taxpayer,
        Outcome outcome,
        int added,
        int updated,
        long total,
        String message,
        Throwable error) {

    /** How a taxpayer's sync ended. */
    public enum Outcome {
        /** Synced: the archive holds its whole history as the service last showed it. */
        OK,
        /** The taxpayer did not grant access, or did not delegate to this ERP system. */
        REFUSED,
        /** The login failed, or the service or the network did; tried again at the next sync. */
        FAILED,
        /**
         * Not synced by this sync: another syncer of the shared archive holds it now, or a lock it
         * needs was not had within the archive's bound (the error then says so); left for the next
         * turn.
         */
        SKIPPED
    }

    public TaxpayerResult withTotal(long newTotal) {
        return new TaxpayerResult(taxpayer, outcome, added, updated, newTotal, message, error);
    }
}
