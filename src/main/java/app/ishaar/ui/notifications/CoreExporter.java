package app.ishaar.ui.notifications;

import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.export.ReportLabels;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.report.SummaryLabels;
import app.ishaar.core.report.SummaryPdf;
import app.ishaar.core.report.SummaryQuery;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.ui.i18n.I18n;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * The export through the core's report writers, in the UI's language and time zone: an XLSX
 * workbook, or CSV for spreadsheets (with a BOM, so that Excel reads the Arabic), read from the
 * archive (as of the scope's last sync), with a Taxpayer column when the scope holds several.
 */
final class CoreExporter implements ExportViewModel.Exporter {

    private final I18n i18n;
    private final Clock clock;
    private final ArchivePages archived;

    /** {@code archived}: the archive to read; null while none is known (the export then fails). */
    CoreExporter(I18n i18n, Clock clock, ArchivePages archived) {
        this.i18n = i18n;
        this.clock = clock;
        this.archived = archived;
    }

    /** Called where the export starts (the FX thread): the words and zone are taken then. */
    @Override
    public CompletableFuture<Long> export(
            PageQuery query,
            ExportViewModel.Format format,
            Path target,
            ExportViewModel.Progress progress) {
        if (archived == null) {
            return CompletableFuture.failedFuture(new IOException("no archive to read yet"));
        }
        if (format == ExportViewModel.Format.PDF) {
            return report(query, target);
        }
        ExportFormat f =
                format == ExportViewModel.Format.XLSX ? ExportFormat.XLSX : ExportFormat.CSV;
        ExportScope scope =
                new ExportScope(
                        ArchivePages.named(query.scope()),
                        query.filters(),
                        query.search(),
                        clock.instant(),
                        i18n.zoneProperty().get());
        return archived.export(
                query, NotificationSink.report(f, labels(i18n), scope), target, progress::written);
    }

    /**
     * The report (PDF) of the query's period, for its scope's taxpayers, as {@code ishaar report
     * --format pdf} writes it: read and laid out off the FX thread, written whole or not at all;
     * completes with the number of notifications the period holds.
     */
    private CompletableFuture<Long> report(PageQuery query, Path target) {
        Instant from = query.filters().dateFrom();
        if (from == null) {
            return CompletableFuture.failedFuture(new IOException("the report has no period"));
        }
        Instant now = clock.instant();
        // the table's date filter ends at its last instant, the summary's period just after it
        Instant to = query.filters().dateTo() == null ? now : query.filters().dateTo().plusNanos(1);
        SummaryQuery q =
                archived.summaryQuery(
                        query.scope().rins(), from, to, i18n.zoneProperty().get(), now);
        if (q == null || !to.isAfter(from)) {
            return CompletableFuture.failedFuture(new IOException("nothing to report"));
        }
        SummaryLabels words = SummaryLabels.of(i18n::get, i18n.language().rightToLeft());
        CompletableFuture<Long> written = new CompletableFuture<>();
        archived.report(q, "Ishaar " + ServiceClient.version())
                .whenCompleteAsync(
                        (report, failure) -> {
                            if (failure != null) {
                                written.completeExceptionally(failure);
                                return;
                            }
                            try (AtomicFileWriter file = AtomicFileWriter.open(target)) {
                                SummaryPdf.write(report, words, file.stream());
                                if (written.isCancelled()) {
                                    return; // closed uncommitted: no file left behind
                                }
                                file.commit();
                                written.complete(report.summary().totals().all());
                            } catch (IOException | RuntimeException e) {
                                written.completeExceptionally(e);
                            }
                        },
                        archived.background());
        return written;
    }

    /** The report's words in the UI's language, from the app's bundles. */
    static ReportLabels labels(I18n i18n) {
        return ReportLabels.of(i18n::get, i18n.language().rightToLeft());
    }
}
