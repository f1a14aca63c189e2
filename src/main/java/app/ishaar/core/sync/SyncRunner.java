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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Syncs many taxpayers of one ERP client into one archive, one after the other, each with its own
 * session from {@link TaxpayerSessions} (whose login budget paces the logins). The logins of the
 * next few taxpayers are asked for while one syncs, so that their turn in the budget comes
 * meanwhile. A taxpayer that refused is reported and the others still sync; one that failed for the
 * service or the network is tried once more after the others, then reported.
 */
public final class SyncRunner implements SyncScheduler.Worker {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.sync");

    /** Logins asked for ahead of the taxpayer syncing. */
    static final int LOGINS_AHEAD = 3;

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

    /** Logins asked for ahead of their taxpayer's turn in a schedule ({@link #prepare}). */
    private final Map<Rin, CompletableFuture<Session>> prepared =
            java.util.Collections.synchronizedMap(new HashMap<>());

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
     * Syncs these taxpayers (null: the ERP system's own, named by its token) and reports each, in
     * the order given. An archive that fails stops the run: it would fail for every taxpayer.
     */
    public List<TaxpayerResult> run(List<Rin> taxpayers)
            throws ArchiveException, InterruptedException {
        List<Rin> order = new ArrayList<>(new java.util.LinkedHashSet<>(taxpayers));
        Map<Integer, TaxpayerResult> results = new LinkedHashMap<>();
        Map<Integer, CompletableFuture<Session>> logins = new HashMap<>();
        // taxpayers held for this run before their login is asked for: one another syncer of the
        // same archive holds costs no login
        Map<Integer, OfficeSync.Claim> claims = new HashMap<>();
        Map<Integer, TaxpayerResult> skipped = new HashMap<>();
        List<Integer> again = new ArrayList<>();
        try {
            for (int i = 0; i < order.size(); i++) {
                for (int j = i; j < Math.min(order.size(), i + 1 + LOGINS_AHEAD); j++) {
                    if (logins.containsKey(j) || skipped.containsKey(j) || results.containsKey(j)) {
                        continue;
                    }
                    java.util.Optional<OfficeSync.Claim> claim;
                    try {
                        claim = claim(order.get(j));
                    } catch (ArchiveException e) {
                        if (e.reason() != ArchiveException.Reason.LOCKED) {
                            throw e;
                        }
                        skipped.put(j, notHeld(order.get(j), e));
                        continue;
                    }
                    if (claim.isEmpty()) {
                        skipped.put(j, syncedElsewhere(order.get(j)));
                    } else {
                        claims.put(j, claim.get());
                        logins.put(j, sessions.session(order.get(j)));
                    }
                }
                TaxpayerResult r;
                if (skipped.containsKey(i)) {
                    listener.started(order.get(i));
                    r = skipped.get(i);
                } else {
                    try {
                        r = one(order.get(i), logins.remove(i));
                    } finally {
                        claims.remove(i).close();
                    }
                }
                if (r.outcome() == TaxpayerResult.Outcome.FAILED && retryable(r.error())) {
                    again.add(i);
                } else {
                    listener.finished(r);
                }
                results.put(i, r);
            }
            for (int i : again) {
                LOG.log(System.Logger.Level.INFO, "trying {0} again", order.get(i));
                TaxpayerResult r;
                try {
                    var claim = claim(order.get(i));
                    if (claim.isEmpty()) {
                        r = syncedElsewhere(order.get(i));
                    } else {
                        try (OfficeSync.Claim c = claim.get()) {
                            r = one(order.get(i), sessions.session(order.get(i)));
                        }
                    }
                } catch (ArchiveException e) {
                    if (e.reason() != ArchiveException.Reason.LOCKED) {
                        throw e;
                    }
                    r = notHeld(order.get(i), e);
                }
                listener.finished(r);
                results.put(i, r);
            }
        } finally {
            for (OfficeSync.Claim c : claims.values()) {
                c.close();
            }
        }
        Map<Rin, Long> counts = new HashMap<>();
        for (TaxpayerSummary s : archive.summaries()) {
            if (s.service().equals(service)) {
                counts.put(s.taxpayer(), s.count());
            }
        }
        List<TaxpayerResult> out = new ArrayList<>();
        for (TaxpayerResult r : results.values()) {
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

    @Override
    public void prepare(Rin taxpayer) {
        prepared.computeIfAbsent(taxpayer, sessions::session);
    }

    /**
     * Syncs one taxpayer for a {@link SyncScheduler}, with the login {@link #prepare} asked for, if
     * any. A failure of the archive is reported as the taxpayer's: the schedule tries it again at
     * its next turn, as it does after the service's failures.
     */
    @Override
    public TaxpayerResult sync(Rin taxpayer, boolean askAgain) throws InterruptedException {
        CompletableFuture<Session> login = prepared.remove(taxpayer);
        if (askAgain && sessions.refused(taxpayer)) {
            login = sessions.retry(taxpayer);
        } else if (login == null || login.isCompletedExceptionally()) {
            login = sessions.session(taxpayer);
        }
        TaxpayerResult r;
        try {
            var claim = claim(taxpayer);
            if (claim.isEmpty()) {
                r = syncedElsewhere(taxpayer);
            } else {
                try (OfficeSync.Claim held = claim.get()) {
                    r = one(taxpayer, login);
                }
            }
        } catch (ArchiveException e) {
            r =
                    e.reason() == ArchiveException.Reason.LOCKED
                            ? notHeld(taxpayer, e)
                            : new TaxpayerResult(
                                    taxpayer,
                                    TaxpayerResult.Outcome.FAILED,
                                    0,
                                    0,
                                    0,
                                    e.getMessage(),
                                    e);
        }
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
