package app.ishaar.ui.history;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.Session;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/** The export through the core's writers (CSV with BOM for Excel, XLSX). */
final class CoreExporter {
    private CoreExporter() {}

    static CompletableFuture<Long> export(Session session, NotificationQuery query, ExportViewModel.Format format, Path target,
            ExportViewModel.Progress progress) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("core export arrives with the client branch"));
    }
}
