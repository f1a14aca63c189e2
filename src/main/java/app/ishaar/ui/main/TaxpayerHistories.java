package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.ArchivePages;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Makes a taxpayer's history screen (its view model) when it is first shown, with the preferences
 * the window keeps for that taxpayer; its session ending is told to the taxpayer. Where its pages
 * come from is chosen per taxpayer: the archive when it holds the taxpayer's synced history (its
 * first sync completed), else the service.
 *
 * @param archive the app's archive, or null for none (every history then reads the service)
 * @param service the service the window reads, as the archive keys it (null while not known)
 */
record TaxpayerHistories(
        I18n i18n,
        Executor fx,
        Executor background,
        Clock clock,
        WindowSettings settings,
        FileOpener files,
        Archive archive,
        Supplier<ServiceKey> service) {

    HistoryViewModel make(TaxpayerEntry e) {
        HistoryViewModel h =
                new HistoryViewModel(
                        i18n,
                        fx,
                        settings.history(e.rin()),
                        settings.historySaver(e.rin()),
                        e::markSessionEnded,
                        clock,
                        files);
        choose(e, h);
        return h;
    }

    /**
     * Reads the taxpayer's history from the archive if the archive holds it synced: asked off the
     * FX thread; the history reads the service meanwhile, and for good if the archive cannot say.
     */
    void choose(TaxpayerEntry e, HistoryViewModel h) {
        ServiceKey key = archive == null ? null : service.get();
        String shown = e.rin() != null ? e.rin() : e.displayRinProperty().get();
        if (key == null
                || shown == null
                || !Rin.isValid(shown)
                || h.pagesProperty().get().fromArchive()) {
            return;
        }
        ArchivePages.ifSynced(archive, key, Rin.of(shown), background, e.nameProperty()::get)
                .thenAcceptAsync(synced -> synced.ifPresent(h::readFrom), fx);
    }
}
