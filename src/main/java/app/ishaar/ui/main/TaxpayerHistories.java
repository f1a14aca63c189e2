package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.ArchivePages;
import app.ishaar.ui.notifications.HandlingNews;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.notifications.Scope;
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
 * @param news the window's one hearing of changes of handling made anywhere in the archive (null
 *     with no archive)
 */
record TaxpayerHistories(
        I18n i18n,
        Executor fx,
        Executor background,
        Clock clock,
        WindowSettings settings,
        FileOpener files,
        Archive archive,
        Supplier<ServiceKey> service,
        HandlingNews news) {

    /** The key under which All taxpayers' screen keeps its preferences. */
    static final String ALL = "*";

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
        // a taxpayer whose RIN a login's token names later (the ERP's own) is read once it does;
        // a new name is the one its exports give
        e.displayRinProperty().addListener((o, was, now) -> choose(e, h));
        e.labelText().addListener((o, was, now) -> choose(e, h));
        return h;
    }

    /**
     * All taxpayers' screen: the same screen over the list's taxpayers (the window sets them as the
     * list changes), with its own preferences.
     */
    HistoryViewModel makeAll() {
        HistoryViewModel h =
                new HistoryViewModel(
                        i18n, fx, settings.history(ALL), settings.historySaver(ALL), clock, files);
        h.scope(Scope.all(java.util.List.of()));
        return h;
    }

    /**
     * Points the taxpayer's screen at the archive's pages of the service the window reads now (a
     * login of another service, or a login after a logout, reads anew), over the taxpayer.
     */
    void choose(TaxpayerEntry e, HistoryViewModel h) {
        String shown = e.rin() != null ? e.rin() : e.displayRinProperty().get();
        if (shown == null || !Rin.isValid(shown)) {
            return;
        }
        h.scope(
                Scope.of(
                        new ListedTaxpayer(
                                Rin.of(shown), e.hasName() ? e.label() : "", e.isOwn())));
        read(h);
    }

    /** Points a screen at the archive's pages of the service the window reads now, once known. */
    void read(HistoryViewModel h) {
        ServiceKey key = archive == null ? null : service.get();
        if (key == null || h.pagesProperty().get() instanceof ArchivePages a && a.reads(key)) {
            return;
        }
        h.readFrom(new ArchivePages(archive, key, background, news));
    }
}
