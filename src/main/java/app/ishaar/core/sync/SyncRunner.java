package app.ishaar.core.sync;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import app.ishaar.core.service.LoginRejectedException;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.ServiceUnavailableException;
import app.ishaar.core.service.Session;
import app.ishaar.core.session.TaxpayerSessions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Syncs taxpayers of one ERP client into one archive, each with its own session from {@link
 * TaxpayerSessions} (whose login budget paces the logins): the worker of every {@link
 * SyncScheduler} (the desktop's, the office syncer's), and through {@link #run} a one-off one (the
 * command line's {@code sync}). The scheduler asks for the next few taxpayers ({@link #prepare})
 * while one syncs: each is first held for this sync ({@code sync_claim} on a shared archive), then
 * its login asked for, so that a taxpayer another syncer of the archive holds costs no login. A
 * taxpayer that refused is reported and the others still sync; in {@link #run} one that failed for
 * the service or the network is tried once more after the others, then reported.
 */
public final class SyncRunner implements SyncScheduler.Worker {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.sync");

    /** Told of each taxpayer as it starts and ends, and of its progress. */
    public interface Listener extends TaxpayerSync.Progress {
        default void started(Rin taxpayer) {}

        default void finished(TaxpayerResult result) {}

        @Override
        default void held(Rin taxpayer, long held, long total) {}
    }

    private final TaxpayerSessions sessions;
    private final Archive archive;
    private final ServiceKey service;
    private final SyncOptions options;
    private final Listener listener;

    /** The shared archive's coordination of its syncers; empty for the embedded archive. */
    private final java.util.Optional<OfficeSync> office;

    /** The taxpayers held, with their logins asked for, ahead of their turn ({@link #prepare}). */
    private final Map<Rin, Held> prepared = Collections.synchronizedMap(new HashMap<>());

    /**
     * A taxpayer prepared for its turn: held for this sync, with its login asked for; or what its
     * turn reports without a login (another syncer holds it, its claim could not be had).
     */
    private record Held(
            OfficeSync.Claim claim, CompletableFuture<Session> login, TaxpayerResult skip)
            implements AutoCloseable {
        @Override
        public void close() throws ArchiveException {
            if (claim != null) {
                claim.close();
            }
        }
    }

    public SyncRunner(
            TaxpayerSessions sessions,
            Archive archive,
            ServiceKey service,
            SyncOptions options,
            Listener listener) {
        this.sessions = sessions;
        this.archive = archive;
        this.service = service;
        this.options = options;
        this.listener = listener == null ? new Listener() {} : listener;
        this.office = OfficeSync.of(archive);
    }

    /**
     * Syncs these taxpayers (null: the ERP system's own, named by its token) through a one-off
     * {@link SyncScheduler} on the calling thread, the same look-ahead as the scheduled syncs; then
     * those that failed for a reason that may pass by itself once more, after the others. Reports
     * each once, in the order given. An archive that fails stops the run: it would fail for every
     * taxpayer. An interrupt ends the sync under way between two of the archive's transactions and
     * is thrown on.
     */
    public List<TaxpayerResult> run(List<Rin> taxpayers)
            throws ArchiveException, InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException(); // before a taxpayer is held or a login asked
        }
        List<Rin> order = new ArrayList<>(new LinkedHashSet<>(taxpayers));
        Map<Rin, TaxpayerResult> results = new HashMap<>();
        List<Rin> again = new ArrayList<>();
        boolean[] retrying = {false};
        Throwable[] stopped = {null}; // what stopped the run: thrown on
        SyncScheduler[] self = {null};
        SyncScheduler.Worker worker =
                new SyncScheduler.Worker() {
                    @Override
                    public void prepare(Rin taxpayer) {
                        SyncRunner.this.prepare(taxpayer);
                    }

                    @Override
                    public void release(Rin taxpayer) {
                        SyncRunner.this.release(taxpayer);
                    }

                    @Override
                    public TaxpayerResult sync(Rin taxpayer, boolean askAgain)
                            throws InterruptedException {
                        try {
                            if (Thread.interrupted()) {
                                throw new InterruptedException();
                            }
                            return attempt(taxpayer, askAgain);
                        } catch (InterruptedException | RuntimeException e) {
                            stopped[0] = e;
                            self[0].stop();
                            throw e;
                        }
                    }
                };
        SyncScheduler.Listener told =
                new SyncScheduler.Listener() {
                    @Override
                    public void finished(Rin asked, TaxpayerResult r, java.time.Instant next) {
                        if (stopped[0] != null) {
                            return;
                        }
                        if (r.error() instanceof ArchiveException e
                                && e.reason() != ArchiveException.Reason.LOCKED) {
                            stopped[0] = e;
                            self[0].stop();
                            return;
                        }
                        if (!retrying[0]
                                && r.outcome() == TaxpayerResult.Outcome.FAILED
                                && retryable(r.error())) {
                            again.add(asked);
                        } else {
                            listener.finished(r);
                        }
                        results.put(asked, r);
                    }
                };
        try (SyncScheduler once =
                new SyncScheduler(
                        worker,
                        null,
                        null,
                        Clock.systemUTC(),
                        (task, delay) -> () -> {}, // nothing is due by the clock
                        Runnable::run,
                        told)) {
            self[0] = once;
            once.taxpayers(order);
            once.syncAll();
            once.start(); // syncs them all here, then returns
            if (stopped[0] == null && !again.isEmpty()) {
                retrying[0] = true;
                LOG.log(System.Logger.Level.INFO, "trying {0} again", again);
                once.taxpayers(again);
                once.syncAll();
            }
        }
        if (stopped[0] instanceof ArchiveException e) {
            throw e;
        } else if (stopped[0] instanceof InterruptedException e) {
            throw e;
        } else if (stopped[0] instanceof RuntimeException e) {
            throw e;
        } else if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Map<Rin, Long> counts = new HashMap<>();
        for (TaxpayerSummary s : archive.summaries()) {
            if (s.service().equals(service)) {
                counts.put(s.taxpayer(), s.count());
            }
        }
        List<TaxpayerResult> out = new ArrayList<>();
        for (Rin asked : order) {
            TaxpayerResult r = results.get(asked);
            out.add(r.taxpayer() == null ? r : r.withTotal(counts.getOrDefault(r.taxpayer(), 0L)));
        }
        return out;
    }

    /**
     * Holds a taxpayer for this run (the ERP's own, not named yet, is held once it is). The
     * embedded archive's own write lock serves for it: every claim is granted.
     */
    private java.util.Optional<OfficeSync.Claim> claim(Rin rin) throws ArchiveException {
        return rin == null || office.isEmpty()
                ? java.util.Optional.of(() -> {})
                : office.get().claim(service, rin);
    }

    /**
     * A taxpayer that another syncer of the same archive is syncing now: skipped here, and not a
     * failure (it is being brought up to date).
     */
    static TaxpayerResult syncedElsewhere(Rin rin) {
        return new TaxpayerResult(
                rin, TaxpayerResult.Outcome.SKIPPED, 0, 0, 0, SYNCED_ELSEWHERE, null);
    }

    /**
     * A taxpayer whose claim or write lock was not had within the archive's bound (another session
     * holds it): skipped, saying so; the others go on.
     */
    static TaxpayerResult notHeld(Rin rin, ArchiveException e) {
        return new TaxpayerResult(rin, TaxpayerResult.Outcome.SKIPPED, 0, 0, 0, e.getMessage(), e);
    }

    /** What a taxpayer held by another syncer is reported with. */
    public static final String SYNCED_ELSEWHERE = "another sync of this archive is syncing it now";

    /**
     * Holds the taxpayer for its coming sync, then asks for its login; one another syncer of the
     * archive holds is left to it, without a login. Asking again holds nothing more.
     */
    @Override
    public void prepare(Rin taxpayer) {
        prepared.computeIfAbsent(taxpayer, this::hold);
    }

    /** Lets go of the taxpayer {@link #prepare} held, whose turn does not come now. */
    @Override
    public void release(Rin taxpayer) {
        Held h = prepared.remove(taxpayer);
        if (h != null) {
            try {
                h.close();
            } catch (ArchiveException e) {
                // its claim's connection ending lets go of it too
                LOG.log(System.Logger.Level.DEBUG, "{0} not let go: {1}", taxpayer, e);
            }
        }
    }

    private Held hold(Rin taxpayer) {
        try {
            var claim = claim(taxpayer);
            return claim.isEmpty()
                    ? new Held(null, null, syncedElsewhere(taxpayer))
                    : new Held(claim.get(), sessions.session(taxpayer), null);
        } catch (ArchiveException e) {
            return new Held(
                    null,
                    null,
                    e.reason() == ArchiveException.Reason.LOCKED
                            ? notHeld(taxpayer, e)
                            : new TaxpayerResult(
                                    taxpayer,
                                    TaxpayerResult.Outcome.FAILED,
                                    0,
                                    0,
                                    0,
                                    e.getMessage(),
                                    e));
        }
    }

    /**
     * Syncs one taxpayer for a {@link SyncScheduler}, held and with the login {@link #prepare}
     * asked for (held and asked now if it was not). A failure of the archive is reported as the
     * taxpayer's: the schedule tries it again at its next turn, as it does after the service's
     * failures.
     */
    @Override
    public TaxpayerResult sync(Rin taxpayer, boolean askAgain) throws InterruptedException {
        TaxpayerResult r = attempt(taxpayer, askAgain);
        if (r.taxpayer() != null) {
            try {
                r = r.withTotal(total(r.taxpayer()));
            } catch (ArchiveException e) {
                LOG.log(System.Logger.Level.DEBUG, "no count for {0}: {1}", r.taxpayer(), e);
            }
        }
        listener.finished(r);
        return r;
    }

    /** One taxpayer's sync, told as it starts, not as it ends; the taxpayer let go after it. */
    private TaxpayerResult attempt(Rin taxpayer, boolean askAgain) throws InterruptedException {
        Held ahead = prepared.remove(taxpayer);
        try (Held held = ahead != null ? ahead : hold(taxpayer)) {
            if (held.skip() != null) {
                listener.started(taxpayer);
                return held.skip();
            }
            CompletableFuture<Session> login = held.login();
            if (askAgain && sessions.refused(taxpayer)) {
                login = sessions.retry(taxpayer);
            }
            return one(taxpayer, login);
        } catch (ArchiveException e) {
            return e.reason() == ArchiveException.Reason.LOCKED
                    ? notHeld(taxpayer, e)
                    : new TaxpayerResult(
                            taxpayer, TaxpayerResult.Outcome.FAILED, 0, 0, 0, e.getMessage(), e);
        }
    }

    private long total(Rin taxpayer) throws ArchiveException {
        for (TaxpayerSummary s : archive.summaries()) {
            if (s.service().equals(service) && s.taxpayer().equals(taxpayer)) {
                return s.count();
            }
        }
        return 0;
    }

    private TaxpayerResult one(Rin asked, CompletableFuture<Session> login)
            throws ArchiveException, InterruptedException {
        Rin rin = asked;
        TaxpayerSync sync = null;
        listener.started(asked);
        try {
            Session session;
            try {
                session = login.get();
            } catch (ExecutionException e) {
                return failure(asked, ServiceException.unwrap(e));
            }
            if (rin == null) {
                String own = session.tokenInfo().map(t -> t.taxRin()).orElse(null);
                if (own == null || !Rin.isValid(own)) {
                    return new TaxpayerResult(
                            null,
                            TaxpayerResult.Outcome.FAILED,
                            0,
                            0,
                            0,
                            "the token does not say which taxpayer it is for; name it with"
                                    + " --on-behalf-of",
                            null);
                }
                rin = Rin.of(own);
            }
            OfficeSync.Claim own = null;
            if (asked == null) {
                var claim = claim(rin);
                if (claim.isEmpty()) {
                    return syncedElsewhere(rin);
                }
                own = claim.get();
            }
            TaxpayerSync.Outcome o;
            try {
                sync = new TaxpayerSync(archive, service, rin, session, options, listener);
                o = sync.run();
            } finally {
                if (own != null) {
                    own.close();
                }
            }
            return new TaxpayerResult(
                    rin,
                    TaxpayerResult.Outcome.OK,
                    o.added(),
                    o.updated(),
                    o.serviceTotal(),
                    null,
                    null);
        } catch (ArchiveException e) {
            if (e.reason() != ArchiveException.Reason.LOCKED) {
                throw e;
            }
            TaxpayerResult r = notHeld(rin, e);
            return sync == null
                    ? r
                    : new TaxpayerResult(
                            rin, r.outcome(), sync.added(), sync.updated(), 0, r.message(), e);
        } catch (ServiceException | HistoryMovingException e) {
            TaxpayerResult r = failure(rin, e);
            return sync == null
                    ? r
                    : new TaxpayerResult(
                            rin, r.outcome(), sync.added(), sync.updated(), 0, r.message(), e);
        }
    }

    private static TaxpayerResult failure(Rin rin, Throwable e) {
        boolean refused =
                e instanceof NotPermittedException
                        || e instanceof LoginRejectedException r
                                && r.reason() == LoginRejectedException.Reason.NOT_DELEGATED;
        return new TaxpayerResult(
                rin,
                refused ? TaxpayerResult.Outcome.REFUSED : TaxpayerResult.Outcome.FAILED,
                0,
                0,
                0,
                e.getMessage(),
                e);
    }

    /**
     * A failure of the service, the network or a session, which may pass by itself. Not a rate
     * limit: the service client's retry policy has waited it out for as long as its patience
     * allows, and asking again at once would only spend more of the limit.
     */
    private static boolean retryable(Throwable e) {
        return !(e instanceof LoginRejectedException)
                && !(e instanceof NotPermittedException)
                && !(e instanceof ServiceUnavailableException su && su.rateLimited());
    }
}
