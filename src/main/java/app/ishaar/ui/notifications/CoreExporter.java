package app.ishaar.ui.notifications;

import app.ishaar.core.export.ExportFormat;
import app.ishaar.core.export.ExportScope;
import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.export.ReportLabels;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.ui.i18n.I18n;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;

/**
 * The export through the core's report writers, in the UI's language and time zone: an XLSX
 * workbook, or CSV for spreadsheets (with a BOM, so that Excel reads the Arabic). It reads the
 * service with the session, or, made with the history's archive pages, the archive (the same file,
 * as of the taxpayer's last sync: offline, there is no session).
 */
final class CoreExporter implements ExportViewModel.Exporter {
    /** Pages in flight while exporting. */
    static final int CONCURRENCY = 4;

    private final I18n i18n;
    private final Clock clock;
    private final ArchivePages archived;

    CoreExporter(I18n i18n, Clock clock) {
        this(i18n, clock, null);
    }

    /** {@code archived}: the archive to read instead of the service, or null. */
    CoreExporter(I18n i18n, Clock clock, ArchivePages archived) {
        this.i18n = i18n;
        this.clock = clock;
        this.archived = archived;
    }

    /** Called where the export starts (the FX thread): the words and zone are taken then. */
    @Override
    public CompletableFuture<Long> export(
            Session session,
            NotificationQuery query,
            ExportViewModel.Format format,
            Path target,
            ExportViewModel.Progress progress) {
        ExportFormat f =
                format == ExportViewModel.Format.XLSX ? ExportFormat.XLSX : ExportFormat.CSV;
        ExportScope scope =
                ExportScope.of(
                        archived != null ? archived.named() : taxpayer(session),
                        query,
                        clock.instant(),
                        i18n.zoneProperty().get());
        if (archived != null) {
            return archived.export(
                    query,
                    NotificationSink.report(f, labels(i18n), scope),
                    target,
                    progress::written);
        }
        return NotificationExporter.export(
                session,
                query,
                NotificationSink.report(f, labels(i18n), scope),
                target,
                CONCURRENCY,
                progress::written);
    }

    /** The report's words in the UI's language, from the app's bundles. */
    static ReportLabels labels(I18n i18n) {
        return ReportLabels.of(i18n::get, i18n.language().rightToLeft());
    }

    /** The session's taxpayer as its token names it, or null when it does not. */
    private static ExportScope.Taxpayer taxpayer(Session session) {
        TokenInfo t = session == null ? null : session.tokenInfo().orElse(null);
        if (t == null) {
            return null;
        }
        Rin rin = Rin.parse(t.taxRin()) instanceof Rin.Valid v ? v.rin() : null;
        return rin == null && (t.taxpayerName() == null || t.taxpayerName().isBlank())
                ? null
                : new ExportScope.Taxpayer(rin, t.taxpayerName());
    }
}
