package app.ishaar.ui.history;

import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Session;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/** The export through the core's writers: CSV with a BOM (so Excel reads the Arabic), or XLSX. */
final class CoreExporter {
    /** Pages in flight while exporting. */
    static final int CONCURRENCY = 4;

    private CoreExporter() {}

    static CompletableFuture<Long> export(
            Session session,
            NotificationQuery query,
            ExportViewModel.Format format,
            Path target,
            ExportViewModel.Progress progress) {
        ExportFormat f =
                format == ExportViewModel.Format.XLSX ? ExportFormat.XLSX : ExportFormat.CSV;
        return NotificationExporter.export(
                session, query, f, target, true, CONCURRENCY, progress::written);
    }
}
