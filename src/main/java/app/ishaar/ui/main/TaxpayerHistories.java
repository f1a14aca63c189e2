package app.ishaar.ui.main;

import app.ishaar.ui.desktop.FileOpener;
import app.ishaar.ui.history.HistoryViewModel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.time.Clock;
import java.util.concurrent.Executor;

/**
 * Makes a taxpayer's history screen (its view model) when it is first shown, with the preferences
 * the window keeps for that taxpayer; its session ending is told to the taxpayer.
 */
record TaxpayerHistories(
        I18n i18n, Executor fx, Clock clock, WindowSettings settings, FileOpener files) {

    HistoryViewModel make(TaxpayerEntry e) {
        return new HistoryViewModel(
                i18n,
                fx,
                settings.history(e.rin()),
                settings.historySaver(e.rin()),
                e::markSessionEnded,
                clock,
                files);
    }
}
