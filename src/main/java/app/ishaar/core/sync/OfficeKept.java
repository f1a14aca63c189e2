package app.ishaar.core.sync;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A desktop's sync of a shared archive that an office syncer keeps: the scheduler's worker asks the
 * archive before each taxpayer, and a taxpayer a live syncer keeps is not synced here (no login, no
 * request to the service). Its turn by the clock only reads how many notifications the archive
 * holds of it now (the new ones since its last turn are told as added, so that the window's counts
 * and the desktop's notification still follow the office's sync); a Sync now asks the syncer
 * instead, which serves it at once, and waits for its answer (at most {@link #WAIT}, then it is
 * left to the syncer). A taxpayer no live syncer keeps is synced here as before.
 */
public final class OfficeKept implements SyncScheduler.Worker {

    /** The message of a taxpayer's result when the office's sync keeps it. */
    public static final String KEPT = "kept by the office sync";

    /** The longest a Sync now waits for the office syncer's answer. */
    static final Duration WAIT = Duration.ofMinutes(2);

    private static final long LOOK_MS = 250;

    private final SyncScheduler.Worker own;
    private final Archive archive;
    private final OfficeSync office;
    private final ServiceKey service;
    private final Duration wait;
    private final Map<Rin, Long> totals = Collections.synchronizedMap(new HashMap<>());

    OfficeKept(
            SyncScheduler.Worker own,
            Archive archive,
            OfficeSync office,
            ServiceKey service,
            Duration wait) {
        this.own = Objects.requireNonNull(own, "own");
        this.archive = Objects.requireNonNull(archive, "archive");
        this.office = Objects.requireNonNull(office, "office");
        this.service = Objects.requireNonNull(service, "service");
        this.wait = wait;
    }

    /**
     * The worker of a desktop's scheduler: {@code own} for an archive no office syncer shares (the
     * embedded one), else one that leaves to the office syncer what it keeps. Which one is known
     * once the archive is open ({@link Archive#opened}): the desktop opens it when first used, on
     * the sync's thread, so the choice is made at the first turn; an archive that cannot be opened
     * yet leaves the turn to {@code own}, which reports why, and the next turn chooses again.
     */
    public static SyncScheduler.Worker of(
            SyncScheduler.Worker own, Archive archive, ServiceKey service) {
        return new SyncScheduler.Worker() {
            private SyncScheduler.Worker chosen;

            private synchronized SyncScheduler.Worker chosen() {
                if (chosen == null) {
                    Archive open;
                    try {
                        open = archive.opened();
                    } catch (ArchiveException e) {
                        return own;
                    }
                    Optional<OfficeSync> office = OfficeSync.of(open);
                    chosen =
                            office.isPresent()
                                    ? new OfficeKept(own, open, office.get(), service, WAIT)
                                    : own;
                }
                return chosen;
            }

            @Override
            public void prepare(Rin taxpayer) {
                chosen().prepare(taxpayer);
            }

            @Override
            public void release(Rin taxpayer) {
                chosen().release(taxpayer);
            }

            @Override
            public TaxpayerResult sync(Rin taxpayer, boolean askAgain) throws InterruptedException {
                return chosen().sync(taxpayer, askAgain);
            }

            @Override
            public TaxpayerResult sync(Rin taxpayer, boolean askAgain, boolean asked)
                    throws InterruptedException {
                return chosen().sync(taxpayer, askAgain, asked);
            }
        };
    }

    /**
     * Whether a taxpayer's result says the office's sync keeps it (the desktop did not sync it).
     */
    public static boolean kept(TaxpayerResult r) {
        return r != null && KEPT.equals(r.message());
    }

    @Override
    public void prepare(Rin taxpayer) {
        if (!keeps(taxpayer)) {
            own.prepare(taxpayer);
        }
    }

    @Override
    public void release(Rin taxpayer) {
        own.release(taxpayer);
    }

    @Override
    public TaxpayerResult sync(Rin taxpayer, boolean askAgain) throws InterruptedException {
        return sync(taxpayer, askAgain, false);
    }

    @Override
    public TaxpayerResult sync(Rin taxpayer, boolean askAgain, boolean asked)
            throws InterruptedException {
        if (!keeps(taxpayer)) {
            return own.sync(taxpayer, askAgain, asked);
        }
        own.release(taxpayer); // prepared here before the office syncer took it over
        if (!asked) {
            return kept(taxpayer);
        }
        try {
            long request = office.request(service, taxpayer);
            long until = System.nanoTime() + wait.toNanos();
            while (System.nanoTime() < until) {
                Optional<OfficeSync.Served> served = office.served(request);
                if (served.isPresent()) {
                    return served.get().ok()
                            ? kept(taxpayer)
                            : new TaxpayerResult(
                                    taxpayer,
                                    TaxpayerResult.Outcome.FAILED,
                                    0,
                                    0,
                                    0,
                                    served.get().message(),
                                    null);
                }
                Thread.sleep(LOOK_MS); // the syncer's answer is a row it writes; looked at
            }
            return kept(taxpayer); // the syncer has it in line
        } catch (ArchiveException e) {
            return new TaxpayerResult(
                    taxpayer, TaxpayerResult.Outcome.FAILED, 0, 0, 0, e.getMessage(), e);
        }
    }

    /** Whether a live office syncer keeps the taxpayer; when that cannot be read, no. */
    private boolean keeps(Rin taxpayer) {
        try {
            return office.kept(service, Collections.singletonList(taxpayer)).contains(taxpayer);
        } catch (ArchiveException e) {
            return false; // synced here: its sync reports the archive's failure
        }
    }

    /** What the archive holds of the taxpayer now, and how many more than at its last turn. */
    private TaxpayerResult kept(Rin taxpayer) {
        long total = 0;
        try {
            for (TaxpayerSummary s : archive.summaries()) {
                if (s.service().equals(service) && Objects.equals(s.taxpayer(), taxpayer)) {
                    total = s.count();
                }
            }
        } catch (ArchiveException e) {
            total = totals.getOrDefault(taxpayer, 0L);
        }
        Long before = totals.put(taxpayer, total);
        int added = before == null ? 0 : (int) Math.max(0, total - before);
        return new TaxpayerResult(taxpayer, TaxpayerResult.Outcome.OK, added, 0, total, KEPT, null);
    }
}
