package app.ishaar.ui;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.AppServices.ArchiveSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The app's one archive, opened when first used (by a reader or the sync, always off the FX
 * thread), so that start-up does not wait for the database and its migrations. An archive that
 * cannot be opened (another program's file, a newer version, a folder that cannot be written) does
 * not stop the app: each use throws the opening's {@link ArchiveException}, which the inbox and the
 * sync show inline, and the next use tries to open it again. The history, read from the service,
 * works without it. When the settings keep archived notifications N days, older ones are forgotten
 * as it opens.
 */
final class AppArchive implements Archive {

    private final ArchiveSource source;
    private final int keepDays;
    private final Clock clock;
    private Archive opened;
    private boolean closed;

    /**
     * Guards the rule of what is marked on arrival and its hand-over to the archive once open: a
     * change of the settings (on the FX thread, a login saving its profile among them) never waits
     * for an opening under way, which holds this archive's own lock for its migrations and checks.
     * Taken after that lock where both are.
     */
    private final Object ruleLock = new Object();

    /** What is marked on arrival, given to the archive when it opens (null: its default). */
    private app.ishaar.core.archive.HandlingRule rule;

    AppArchive(ArchiveSource source) {
        this(source, 0, Clock.systemUTC());
    }

    /**
     * @param keepDays how long archived notifications are kept (Settings), in days; 0: for ever.
     *     Older ones are forgotten when the archive opens.
     */
    AppArchive(ArchiveSource source, int keepDays, Clock clock) {
        this.source = source;
        this.keepDays = keepDays;
        this.clock = clock;
    }

    /** The archive, opened now if it is not yet. */
    private synchronized Archive archive() throws ArchiveException {
        if (closed) {
            throw new ArchiveException(ArchiveException.Reason.FAILED, "the app is closing", null);
        }
        if (opened == null) {
            Archive a = source.open();
            synchronized (ruleLock) {
                if (rule != null) {
                    a.handleOnArrival(rule);
                }
                opened = a;
            }
            prune(a);
        }
        return opened;
    }

    /**
     * Forgets what is older than the kept days; a failure is logged and leaves the archive usable
     * (the next start tries again).
     */
    private void prune(Archive a) {
        if (keepDays <= 0) {
            return;
        }
        try {
            a.pruneBefore(clock.instant().minus(Duration.ofDays(keepDays)));
        } catch (ArchiveException | RuntimeException e) {
            System.getLogger("app.ishaar")
                    .log(System.Logger.Level.WARNING, "old notifications were not forgotten", e);
        }
    }

    @Override
    public Archive opened() throws ArchiveException {
        return archive();
    }

    /** Opens the archive ahead of its first use; a failure is left for that use to report. */
    void openAhead() {
        try {
            archive();
        } catch (ArchiveException | RuntimeException e) {
            System.getLogger("app.ishaar")
                    .log(System.Logger.Level.WARNING, "the archive cannot be opened", e);
        }
    }

    @Override
    public SyncState syncState(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return archive().syncState(service, taxpayer);
    }

    @Override
    public List<ArchivedNotification> prepare(List<ArchivedNotification> items) {
        try {
            return archive().prepare(items);
        } catch (ArchiveException e) {
            return items; // the store that follows reports it
        }
    }

    @Override
    public StoreResult store(SyncBatch batch) throws ArchiveException {
        return archive().store(batch);
    }

    @Override
    public Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException {
        return archive().known(service, taxpayer, ids);
    }

    @Override
    public List<ArchivedNotification> unsettled(ServiceKey service, Rin taxpayer)
            throws ArchiveException {
        return archive().unsettled(service, taxpayer);
    }

    @Override
    public InboxPage query(InboxQuery query) throws ArchiveException {
        return archive().query(query);
    }

    @Override
    public List<ServiceKey> services() throws ArchiveException {
        return archive().services();
    }

    @Override
    public List<TaxpayerSummary> summaries() throws ArchiveException {
        return archive().summaries();
    }

    @Override
    public Map<Rin, String> names() throws ArchiveException {
        return archive().names();
    }

    @Override
    public void name(Map<Rin, String> names) throws ArchiveException {
        archive().name(names);
    }

    @Override
    public String person() throws ArchiveException {
        return archive().person();
    }

    /**
     * Marks on arrival what the settings say needs handling (Settings → Handling): from now, and
     * from each change of them on, so that the next sync applies the rule as last chosen.
     */
    void followHandling(app.ishaar.ui.app.SettingsService settings) {
        handleOnArrival(settings.get().handling().rule());
        settings.addListener(s -> handleOnArrival(s.handling().rule()));
    }

    @Override
    public void handleOnArrival(app.ishaar.core.archive.HandlingRule rule) {
        synchronized (ruleLock) {
            this.rule = rule;
            if (opened != null) {
                opened.handleOnArrival(rule);
            }
        }
    }

    @Override
    public app.ishaar.core.archive.HandlingResult handle(
            ServiceKey service,
            List<app.ishaar.core.archive.HandlingTarget> targets,
            app.ishaar.core.archive.HandlingEdit edit)
            throws ArchiveException {
        return archive().handle(service, targets, edit);
    }

    @Override
    public Map<Rin, Long> toHandle(ServiceKey service) throws ArchiveException {
        return archive().toHandle(service);
    }

    @Override
    public List<app.ishaar.core.archive.HandlingChange> history(
            ServiceKey service, Rin taxpayer, String notificationId) throws ArchiveException {
        return archive().history(service, taxpayer, notificationId);
    }

    @Override
    public AutoCloseable onHandlingChanged(Runnable changed) throws ArchiveException {
        return archive().onHandlingChanged(changed);
    }

    @Override
    public long forget(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return archive().forget(service, taxpayer);
    }

    @Override
    public long forget(ServiceKey service) throws ArchiveException {
        return archive().forget(service);
    }

    @Override
    public long pruneBefore(Instant cutOff) throws ArchiveException {
        return archive().pruneBefore(cutOff);
    }

    @Override
    public void close() throws ArchiveException {
        Archive a;
        synchronized (this) {
            closed = true;
            synchronized (ruleLock) {
                a = opened;
                opened = null;
            }
        }
        if (a != null) {
            a.close();
        }
    }
}
