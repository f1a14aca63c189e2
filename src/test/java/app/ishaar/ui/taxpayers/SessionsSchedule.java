package app.ishaar.ui.taxpayers;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.session.LoginBudget;
import app.ishaar.core.session.TaxpayerSessions;
import app.ishaar.core.sync.OfficeKept;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.core.sync.SyncScheduler;
import app.ishaar.core.sync.SyncTurn;
import app.ishaar.core.sync.TaxpayerResult;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * A {@link SyncViewModel}'s schedule of its own, where no window syncs (tests, the bench): a {@link
 * SyncScheduler} on the sessions given that syncs only when asked, told to the view model on the
 * delivering executor. In the app, the main window's sync is the schedule.
 */
public final class SessionsSchedule implements SyncViewModel.Schedule, AutoCloseable {
    private final TaxpayerSessions sessions;
    private final SyncScheduler scheduler;
    private final SyncViewModel vm;

    /**
     * A view model following a schedule of its own on these sessions, which syncs only when asked:
     * the syncs run on {@code background}, one at a time. Closing the schedule ends them.
     */
    public static SessionsSchedule make(
            Archive archive,
            ServiceKey service,
            TaxpayerSessions sessions,
            LoginBudget budget,
            SyncOptions options,
            Executor background,
            Executor deliver) {
        SyncViewModel vm =
                new SyncViewModel(archive, service, budget, options.clock(), background, deliver);
        SessionsSchedule own =
                new SessionsSchedule(sessions, archive, service, options, background, deliver, vm);
        vm.follow(own);
        return own;
    }

    /** The view model it tells. */
    public SyncViewModel vm() {
        return vm;
    }

    SessionsSchedule(
            TaxpayerSessions sessions,
            Archive archive,
            ServiceKey service,
            SyncOptions options,
            Executor background,
            Executor deliver,
            SyncViewModel vm) {
        this.sessions = sessions;
        this.vm = vm;
        SyncScheduler.Worker runner =
                new SyncRunner(
                        sessions,
                        archive,
                        service,
                        options,
                        new SyncRunner.Listener() {
                            @Override
                            public void held(Rin rin, long held, long total) {
                                deliver.execute(() -> vm.held(rin, held, total));
                            }
                        });
        // on a shared archive, what the office syncer keeps is left to it
        SyncScheduler.Worker worker = OfficeKept.of(runner, archive, service);
        this.scheduler =
                new SyncScheduler(
                        worker,
                        null,
                        null,
                        options.clock(),
                        (task, delay) -> () -> {}, // only when asked: no turn by the clock
                        background,
                        new SyncScheduler.Listener() {
                            @Override
                            public void started(Rin taxpayer) {
                                deliver.execute(() -> vm.started(taxpayer));
                            }

                            @Override
                            public void finished(Rin taxpayer, TaxpayerResult r, Instant next) {
                                deliver.execute(() -> vm.finished(taxpayer, r, next));
                            }
                        });
        scheduler.start();
    }

    @Override
    public void syncNow(Rin key) {
        scheduler.syncNow(key);
    }

    @Override
    public void syncAll() {
        scheduler.syncAll();
    }

    @Override
    public Optional<SyncTurn> turn(Rin key) {
        return scheduler.turn(key);
    }

    @Override
    public String clientId() {
        return sessions.clientId();
    }

    @Override
    public Optional<? extends ServiceException> refusal(Rin key) {
        return sessions.refusal(key);
    }

    @Override
    public void listed(List<Rin> keys) {
        scheduler.taxpayers(keys);
    }

    /** The sync under way ends between two transactions; no other starts. */
    @Override
    public void close() {
        scheduler.stop();
    }
}
