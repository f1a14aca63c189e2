package app.ishaar.core.office;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.LoginGate;
import app.ishaar.core.session.LoginBudget;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What the processes sharing one archive (a firm's shared archive on PostgreSQL: the office syncers
 * and the accountants' desktops) coordinate through it. The embedded archive has none: {@link #of}
 * is empty there, and each process keeps its own login budget and syncs its own taxpayers.
 *
 * <p>A taxpayer is written {@code null} for the ERP system's own, as in the sync.
 */
public interface OfficeSync {

    /**
     * What the processes sharing this archive coordinate through it: one for each archive, closed
     * with it; empty for an archive only one process syncs (the embedded one).
     */
    static Optional<OfficeSync> of(Archive archive) {
        return archive instanceof PostgresArchive shared
                ? Optional.of(shared.attached(PgOffice.class, PgOffice::new))
                : Optional.empty();
    }

    /**
     * Holds a taxpayer of a service for one sync, so that several syncers sharing the archive never
     * sync the same taxpayer at once; empty when another sync (of this or another process) holds
     * it. Let go on {@link Claim#close}, or when the process ends.
     *
     * @throws ArchiveException {@link ArchiveException.Reason#LOCKED} when the claim's lock was not
     *     had within the archive's bound
     */
    Optional<Claim> claim(ServiceKey service, Rin taxpayer) throws ArchiveException;

    /** A taxpayer held for one sync. */
    interface Claim extends AutoCloseable {
        @Override
        void close() throws ArchiveException;
    }

    /**
     * The login gate of a syncer of this archive: its own budget first (its order and pace within
     * the process), then a slot of the one budget every syncer of the archive shares per client ID
     * ({@code own}'s logins per window, counted across all of them), waiting its turn when the
     * slots are used up or the identity service asked any of them to wait (Retry-After). Closed
     * with the archive.
     */
    LoginGate logins(LoginBudget own);

    // --- the office syncer's side ---

    /**
     * Announces a syncer that keeps these taxpayers of the service synced: a heartbeat every {@code
     * beat} until closed (a syncer that stops beating, killed or cut off, counts as gone after
     * three beats). Each Sync now a desktop asks for one of them is handed to {@code asked} at
     * once, on the announcement's own thread; the syncer then says {@link Announcement#served}.
     */
    Announcement announce(
            ServiceKey service, Collection<Rin> taxpayers, Duration beat, Consumer<Rin> asked)
            throws ArchiveException;

    /** A syncer announced; closing it says the syncer is gone. */
    interface Announcement extends AutoCloseable {
        /**
         * A sync of this taxpayer ended: the requests for it asked before are answered.
         *
         * @param message why it did not go through; null when it did
         */
        void served(Rin taxpayer, boolean ok, String message);

        @Override
        void close();
    }

    // --- a desktop's side ---

    /** Which of these taxpayers of the service a live syncer keeps now. */
    Set<Rin> kept(ServiceKey service, Collection<Rin> taxpayers) throws ArchiveException;

    /** Asks the syncer keeping this taxpayer to sync it now; the request's number. */
    long request(ServiceKey service, Rin taxpayer) throws ArchiveException;

    /** The syncer's answer to a request; empty while it is not served yet. */
    Optional<Served> served(long request) throws ArchiveException;

    /**
     * How the syncer's sync of a requested taxpayer ended.
     *
     * @param message why it did not go through; null when it did
     */
    record Served(boolean ok, String message) {}
}
