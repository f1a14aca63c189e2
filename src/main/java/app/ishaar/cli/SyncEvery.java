package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.SyncTimer;
import app.ishaar.core.sync.TaxpayerResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

/**
 * {@code ishaar sync --every}: the taxpayers synced again and again until the process is stopped
 * (SIGTERM or Ctrl+C), each one the interval after its own last sync ended (see {@link
 * SyncScheduler}). Each taxpayer's line is printed as its sync ends. A stop ends the sync under way
 * between two of the archive's transactions and exits 0; a login the identity service rejects for
 * the client itself (a wrong client ID or secret, a blocked or expired ERP user) cannot pass by
 * itself, so it ends the run with exit 3 after the sync under way.
 */
final class SyncEvery {

    /** How long after a refusal (no access, not delegated) the taxpayer is asked again. */
    static final Duration REFUSED_AGAIN = Duration.ofHours(1);

    /**
     * How often a syncer of a shared archive says it is alive (desktops leave it its taxpayers).
     */
    static final Duration HEARTBEAT = Duration.ofSeconds(15);

    private SyncEvery() {}

    /**
     * Runs until stopped; returns the exit status.
     *
     * @param print prints one taxpayer's line on stdout
     */
    static int run(
            TaxpayerSessions sessions,
            Archive archive,
            ServiceKey service,
            List<Rin> taxpayers,
            Duration every,
            SyncProgress progress,
            Consumer<TaxpayerResult> print)
            throws InterruptedException, ArchiveException {
        SyncRunner runner =
                new SyncRunner(sessions, archive, service, SyncOptions.defaults(), progress);
        ExecutorService syncs = Executors.newSingleThreadExecutor(r -> daemon(r, "ishaar-sync"));
        ScheduledExecutorService timer =
                Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "ishaar-sync-timer"));
        int[] code = {ExitCodes.OK};
        SyncScheduler[] self = new SyncScheduler[1];
        var announced = new java.util.concurrent.atomic.AtomicReference<OfficeSync.Announcement>();
        SyncScheduler scheduler =
                new SyncScheduler(
                        runner,
                        every,
                        REFUSED_AGAIN,
                        Clock.systemUTC(),
                        SyncTimer.of(timer),
                        syncs,
                        new SyncScheduler.Listener() {
                            @Override
                            public void finished(Rin asked, TaxpayerResult r, Instant next) {
                                if (announced.get() != null) { // a desktop's Sync now is answered
                                    announced
                                            .get()
                                            .served(
                                                    asked,
                                                    r.outcome() == TaxpayerResult.Outcome.OK,
                                                    r.message());
                                }
                                print.accept(r);
                                if (r.outcome() == TaxpayerResult.Outcome.FAILED
                                        && r.error() instanceof LoginRejectedException) {
                                    code[0] = ExitCodes.LOGIN_REJECTED;
                                    self[0].stop();
                                }
                            }
                        });
        self[0] = scheduler;
        StopSignals.install(scheduler::stop, scheduler::close);
        try {
            scheduler.taxpayers(taxpayers);
            scheduler.start();
            if (OfficeSync.of(archive).isPresent()) {
                // desktops reading the shared archive leave these taxpayers to this syncer, and
                // their Sync now comes here
                announced.set(
                        OfficeSync.of(archive)
                                .get()
                                .announce(service, taxpayers, HEARTBEAT, scheduler::syncNow));
            }
            scheduler.awaitStopped();
            progress.done();
            return code[0];
        } finally {
            scheduler.close();
            if (announced.get() != null) {
                announced.get().close();
            }
            syncs.shutdownNow();
            timer.shutdownNow();
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
