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
 * Makes a taxpayer's notification screen (its view model) when it is first shown, with the
 * preferences the window keeps for that taxpayer, and points it at the archive's pages of that
 * taxpayer once the service and the taxpayer's RIN are known: whatever the sync has archived shows
 * at once, online or offline.
 *
 * @param archive the app's archive, or null for none (no screen then has pages to show)
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
                        clock,
                        files);
        choose(e, h);
        // a taxpayer whose RIN a login's token names later (the ERP's own) is read once it does
        e.displayRinProperty().addListener((o, was, now) -> choose(e, h));
        return h;
    }

    /**
     * Points the taxpayer's screen at the archive's pages of the service the window reads now (a
     * login of another service, or a login after a logout, reads anew).
     */
    void choose(TaxpayerEntry e, HistoryViewModel h) {
        ServiceKey key = archive == null ? null : service.get();
        String shown = e.rin() != null ? e.rin() : e.displayRinProperty().get();
        if (key == null || shown == null || !Rin.isValid(shown)) {
            return;
        }
        if (h.pagesProperty().get() instanceof ArchivePages a && a.reads(key, Rin.of(shown))) {
            return;
        }
        h.readFrom(
                new ArchivePages(archive, key, Rin.of(shown), background, e.nameProperty()::get));
    }
}
