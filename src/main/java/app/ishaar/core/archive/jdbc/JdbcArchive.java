package app.ishaar.core.archive.jdbc;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.report.SummarySource;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every SQL archive does alike: its questions are its reader's ({@link JdbcReader}, on a
 * connection of its own), and forgetting a taxpayer or a whole service is one way of deleting rows.
 * A dialect keeps its writing, its SQL and how it opens.
 */
public abstract class JdbcArchive implements Archive, SummarySource {

    /** The reading side, on a connection of its own. */
    protected abstract JdbcReader reader();

    /**
     * Deletes a taxpayer's rows ({@code rin}), or a whole service's (null), in one transaction.
     *
     * @return how many notifications went
     */
    protected abstract long forgetRows(ServiceKey service, String rin) throws ArchiveException;

    @Override
    public SyncState syncState(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return reader().syncState(service, taxpayer);
    }

    @Override
    public Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException {
        return reader().known(service, taxpayer, ids);
    }

    @Override
    public List<ArchivedNotification> unsettled(ServiceKey service, Rin taxpayer)
            throws ArchiveException {
        return reader().unsettled(service, taxpayer);
    }

    @Override
    public InboxPage query(InboxQuery query) throws ArchiveException {
        return reader().query(query);
    }

    @Override
    public List<ServiceKey> services() throws ArchiveException {
        return reader().services();
    }

    @Override
    public List<TaxpayerSummary> summaries() throws ArchiveException {
        return reader().summaries();
    }

    @Override
    public Summary summary(SummaryQuery query) throws ArchiveException {
        return reader().summary(query);
    }

    @Override
    public Map<Rin, String> names() throws ArchiveException {
        return reader().names();
    }

    @Override
    public Map<Rin, Long> toHandle(ServiceKey service) throws ArchiveException {
        return reader().toHandle(service);
    }

    @Override
    public List<app.ishaar.core.archive.HandlingChange> history(
            ServiceKey service, Rin taxpayer, String notificationId) throws ArchiveException {
        return reader().history(service, taxpayer, notificationId);
    }

    @Override
    public long forget(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return forgetRows(service, taxpayer.value());
    }

    @Override
    public long forget(ServiceKey service) throws ArchiveException {
        return forgetRows(service, null);
    }
}
