package app.ishaar.ui.notifications;

import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.I18n;
import java.time.Clock;
import java.util.concurrent.Executor;

/**
 * Hands a history's filter over to a new export, offering the folder and format of this taxpayer's
 * last export, and keeps what each export chose for the next one (and the taxpayer's preferences).
 */
final class ExportHandOff {
    private final I18n i18n;
    private final Executor fx;
    private final Clock clock;
    private final FileOpener fileOpener;
    private final Runnable onChosen;

    /** The folder and format of this taxpayer's last export (each null: none yet). */
    private ExportViewModel.Remembered last;

    /**
     * {@code folder} and {@code format}: the last export's as remembered (null: none, or a format
     * this version does not know); {@code onChosen}: told when an export chose its folder and
     * format.
     */
    ExportHandOff(
            I18n i18n,
            Executor fx,
            Clock clock,
            FileOpener fileOpener,
            String folder,
            String format,
            Runnable onChosen) {
        this.i18n = i18n;
        this.fx = fx;
        this.clock = clock;
        this.fileOpener = fileOpener;
        this.onChosen = onChosen;
        this.last = new ExportViewModel.Remembered(folder, formatOf(format));
    }

    private static ExportViewModel.Format formatOf(String name) {
        for (ExportViewModel.Format f : ExportViewModel.Format.values()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /**
     * An export of {@code query} read from {@code archived}, offering the last export's choices.
     */
    ExportViewModel newExport(PageQuery query, ArchivePages archived) {
        return newExport(query, archived, false);
    }

    /**
     * The same; {@code reportOnly}: the report (PDF) of the query's period alone, as the summary
     * offers it.
     */
    ExportViewModel newExport(PageQuery query, ArchivePages archived, boolean reportOnly) {
        return new ExportViewModel(
                i18n,
                fx,
                query,
                new CoreExporter(i18n, clock, archived),
                clock,
                last,
                chosen -> {
                    last = chosen;
                    onChosen.run();
                },
                fileOpener,
                archived,
                reportOnly);
    }

    /** The last export's folder, to remember; null for none. */
    String folder() {
        return last.folder();
    }

    /** The last export's format's name, to remember; null for none. */
    String formatName() {
        return last.format() == null ? null : last.format().name();
    }
}
