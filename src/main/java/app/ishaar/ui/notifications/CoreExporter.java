package app.ishaar.ui.notifications;

import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.export.ReportLabels;
import app.ishaar.ui.i18n.I18n;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
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

    /** The report's words in the UI's language, from the app's bundles. */
    static ReportLabels labels(I18n i18n) {
        return ReportLabels.of(i18n::get, i18n.language().rightToLeft());
    }
}
