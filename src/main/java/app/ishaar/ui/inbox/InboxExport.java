package app.ishaar.ui.inbox;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.export.ArchiveExport;
import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.export.ReportLabels;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The inbox's export: every notification of the query shown (its taxpayers, filters and search,
 * across all pages), read from the archive by {@link ArchiveExport} into the report writers of
 * core.export, which give it a Taxpayer column when it holds several taxpayers. The file is written
 * whole or not at all.
 */
public final class InboxExport {

    private final Archive archive;
    private final Executor background;
    private final Clock clock;

    public InboxExport(Archive archive, Executor background, Clock clock) {
        this.archive = archive;
        this.background = background;
        this.clock = clock;
    }

    /**
     * Writes the query's notifications to {@code target}.
     *
     * @param taxpayers the list's taxpayers, to name each row's
     * @return completes with how many were written once the file is in place; fails with an {@link
     *     ArchiveException} or an {@link IOException} (no file then)
     */
    public CompletableFuture<Long> export(
            InboxQuery shown,
            List<InboxTaxpayer> taxpayers,
            ExportFormat format,
            ReportLabels labels,
            ZoneId zone,
            Path target) {
        List<ExportScope.Taxpayer> named = new ArrayList<>();
        for (InboxTaxpayer t : taxpayers) {
            if (shown.taxpayers().isEmpty() || shown.taxpayers().contains(t.rin())) {
                named.add(new ExportScope.Taxpayer(t.rin(), t.name()));
            }
        }
        ExportScope scope =
                new ExportScope(named, shown.filters(), shown.search(), clock.instant(), zone);
        return ArchiveExport.export(
                archive,
                shown,
                NotificationSink.report(format, labels, scope),
                target,
                background,
                null);
    }
}
