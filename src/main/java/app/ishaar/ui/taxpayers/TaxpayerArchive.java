package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What the taxpayer list asks of the archive, for the service the window is logged in to: how many
 * notifications it keeps of a taxpayer, forgetting them, and how many each has to handle. Called
 * off the FX thread.
 */
public interface TaxpayerArchive {

    /** How many notifications the archive keeps of this taxpayer. */
    long count(Rin taxpayer) throws ArchiveException;

    /** Removes this taxpayer's notifications and sync state for good; returns how many went. */
    long forget(Rin taxpayer) throws ArchiveException;

    /**
     * How many notifications each taxpayer has to handle, all in one question; a taxpayer with none
     * is left out. None without an archive.
     */
    default Map<Rin, Long> toHandle() throws ArchiveException {
        return Map.of();
    }

    /** No archive: it keeps nothing, so nothing is offered to be forgotten. */
    TaxpayerArchive NONE =
            new TaxpayerArchive() {
                @Override
                public long count(Rin taxpayer) {
                    return 0;
                }

                @Override
                public long forget(Rin taxpayer) {
                    return 0;
                }
            };

    /** The window's syncs: forgetting waits for a sync under way of the taxpayer to end. */
    @FunctionalInterface
    interface Syncs {
        /** Returns once no sync of the taxpayer (dropped from the list) stores anything more. */
        void awaitEnded(Rin taxpayer) throws InterruptedException;
    }

    /**
     * The taxpayers of {@code service} (asked when needed: known once a login opened it).
     * Forgetting one first waits for its sync under way, if any, to end: its pages stored after the
     * forgetting would bring back what the user chose to forget.
     */
    static TaxpayerArchive of(Archive archive, Supplier<ServiceKey> service, Syncs syncs) {
        return new TaxpayerArchive() {
            @Override
            public long count(Rin taxpayer) throws ArchiveException {
                return archive.query(
                                new InboxQuery(service.get(), Set.of(taxpayer), null, null, 1, 1))
                        .totalCount();
            }

            @Override
            public long forget(Rin taxpayer) throws ArchiveException {
                try {
                    syncs.awaitEnded(taxpayer);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ArchiveException(
                            ArchiveException.Reason.FAILED, "forgetting was interrupted", e);
                }
                return archive.forget(service.get(), taxpayer);
            }

            @Override
            public Map<Rin, Long> toHandle() throws ArchiveException {
                ServiceKey s = service.get();
                return s == null ? Map.of() : archive.toHandle(s);
            }
        };
    }
}
