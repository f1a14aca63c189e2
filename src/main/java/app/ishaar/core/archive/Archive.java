package app.ishaar.core.archive;

import app.ishaar.core.model.Rin;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The local archive: every notification of every taxpayer the user works with, per service. The one
 * interface through which the sync writes and the command line and desktop app read; its SQL lives
 * in one place behind it, portable, so that a firm's shared archive on PostgreSQL can follow the
 * embedded SQLite one. Implementations are safe for use from several threads; readers see whole
 * batches only.
 */
public interface Archive extends AutoCloseable {

    // --- the sync's side ---

    /** The stored sync state of a taxpayer, {@link SyncState#NONE} before its first sync. */
    SyncState syncState(ServiceKey service, Rin taxpayer) throws ArchiveException;

    /**
     * Writes a batch in one transaction: its notifications and its checkpoint, or nothing of
     * either.
     *
     * @return how many of the batch were new and how many replaced one already archived
     */
    StoreResult store(SyncBatch batch) throws ArchiveException;

    /**
     * Makes ahead, on the calling thread, what storing these notifications needs that no database
     * does (the item compressed, the indexed words), so that a sync can do it on the threads that
     * read the pages while its one writer only writes. {@link #store} takes notifications with or
     * without it. By default nothing is made.
     */
    default List<ArchivedNotification> prepare(List<ArchivedNotification> items) {
        return items;
    }

    /** Which of {@code ids} this taxpayer's archive already holds. */
    Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException;

    /**
     * The archived notifications of a taxpayer whose status may still change (pending, batched),
     * newest first.
     */
    List<ArchivedNotification> unsettled(ServiceKey service, Rin taxpayer) throws ArchiveException;

    /** How many notifications of a batch were new, and how many replaced an archived one. */
    record StoreResult(int added, int updated) {}

    // --- the readers' side ---

    /**
     * One page of notifications matching the query, in its order (newest first, or a search's best
     * matches first: {@link InboxQuery.Order}), and the total. The total of a query without a
     * search is exact; a search's matches are counted up to at least 10,000 (and to the end of the
     * page asked), and past that the page says that more than so many match. Any page may be asked;
     * a newest-first page near one asked before (the next, the previous) or near either end is read
     * from a key, not counted from the newest.
     */
    InboxPage query(InboxQuery query) throws ArchiveException;

    /** The services the archive holds anything of. */
    List<ServiceKey> services() throws ArchiveException;

    /** Per service and taxpayer: how many, oldest, newest, last synced. */
    List<TaxpayerSummary> summaries() throws ArchiveException;

    // --- taxpayers' names ---

    /**
     * The names kept for taxpayers, by RIN, in order of RIN: those this reader may see (on a shared
     * archive, the taxpayers granted to its role). None by default.
     */
    default Map<Rin, String> names() throws ArchiveException {
        return Map.of();
    }

    /**
     * Keeps these taxpayers' names, all in one transaction, each replacing the one kept; a blank
     * name forgets the taxpayer's. A name is kept as given, without its surrounding blanks.
     */
    default void name(Map<Rin, String> names) throws ArchiveException {
        throw new ArchiveException(
                ArchiveException.Reason.FAILED, "this archive keeps no taxpayers' names", null);
    }

    // --- who is dealing with which notification ---

    /**
     * Who this archive records changes as: on a shared archive the database role it logs in as,
     * else the user's name on this computer.
     */
    default String person() throws ArchiveException {
        return System.getProperty("user.name", "");
    }

    /**
     * Which notifications are marked to handle as they arrive, from now on; {@link
     * HandlingRule#DEFAULT} until set.
     */
    default void handleOnArrival(HandlingRule rule) {}

    /**
     * Records one change of these notifications' handling, all in one transaction, as {@link
     * #person}: every one changed, or none (one not found: {@link
     * ArchiveException.Reason#NOT_FOUND}, nothing changed). A change never replaces another: each
     * is added to the notification's history, and the latest gives its state. One made over a
     * change its changer had not seen is recorded all the same and said in the result.
     */
    default HandlingResult handle(
            ServiceKey service, java.util.List<HandlingTarget> targets, HandlingEdit edit)
            throws ArchiveException {
        throw new ArchiveException(
                ArchiveException.Reason.FAILED, "this archive keeps no handling", null);
    }

    /**
     * How many notifications each taxpayer of a service has to handle (those this reader may see),
     * in order of RIN; a taxpayer with none is not in it. None by default.
     */
    default Map<Rin, Long> toHandle(ServiceKey service) throws ArchiveException {
        return Map.of();
    }

    /** A notification's changes of handling, oldest first; empty when it has none. */
    default List<HandlingChange> history(ServiceKey service, Rin taxpayer, String notificationId)
            throws ArchiveException {
        return List.of();
    }

    /**
     * Calls {@code changed} (on a thread of its own) soon after anyone, on any computer, changes
     * the handling of a notification of this archive, until the returned handle is closed: so that
     * a desktop shows a colleague's change. Nothing is called by default (no one else writes).
     */
    default AutoCloseable onHandlingChanged(Runnable changed) throws ArchiveException {
        return () -> {};
    }

    // --- retention ---

    /**
     * The archive itself, opened: this one, or the one a wrapper that opens it when first used
     * holds (the desktop's), so that what only one kind of archive offers (a shared archive's
     * office coordination) is found behind it.
     */
    default Archive opened() throws ArchiveException {
        return this;
    }

    /**
     * Fails with {@link ArchiveException.Reason#NOT_WRITABLE} when this process may read the
     * archive but not store into it (a shared archive's role granted reading only): said before a
     * sync logs in and fetches what it could not keep. Nothing is checked by default.
     */
    default void requireWritable() throws ArchiveException {}

    /** Removes a taxpayer's notifications and sync state for good; returns how many went. */
    long forget(ServiceKey service, Rin taxpayer) throws ArchiveException;

    /** Removes everything of a service for good; returns how many notifications went. */
    long forget(ServiceKey service) throws ArchiveException;

    /**
     * Removes for good, in every service and taxpayer, the notifications received before {@code
     * cutOff} (Settings: keep archived notifications N days); a notification without a received
     * time is kept, its age being unknown. The search finds none of them afterwards, and the counts
     * no longer include them. Returns how many went.
     */
    long pruneBefore(Instant cutOff) throws ArchiveException;

    @Override
    void close() throws ArchiveException;
}
