package app.ishaar.ui.main;

import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the main window does when one of its taxpayers changes: the one shown changes the banner
 * (its session ended or was renewed) and the title (its name, RIN or new notifications); more new
 * notifications of any are told to the desktop.
 */
final class EntryEvents implements TaxpayerEntry.Window {
    private final Predicate<TaxpayerEntry> shown;
    private final Runnable bannerChanged;
    private final Runnable titleChanged;
    private final Consumer<TaxpayerEntry> moreArrived;
    private final Function<TaxpayerEntry, HistoryViewModel> makeHistory;

    EntryEvents(
            Predicate<TaxpayerEntry> shown,
            Runnable bannerChanged,
            Runnable titleChanged,
            Consumer<TaxpayerEntry> moreArrived,
            Function<TaxpayerEntry, HistoryViewModel> makeHistory) {
        this.shown = shown;
        this.bannerChanged = bannerChanged;
        this.titleChanged = titleChanged;
        this.moreArrived = moreArrived;
        this.makeHistory = makeHistory;
    }

    @Override
    public boolean shows(TaxpayerEntry e) {
        return shown.test(e);
    }

    @Override
    public void endedChanged(TaxpayerEntry e) {
        if (shows(e)) {
            bannerChanged.run();
        }
    }

    @Override
    public void labelChanged(TaxpayerEntry e) {
        if (shows(e)) {
            titleChanged.run();
        }
    }

    @Override
    public void arrivedChanged(TaxpayerEntry e, boolean more) {
        if (shows(e)) {
            titleChanged.run();
        }
        if (more) {
            moreArrived.accept(e);
        }
    }

    @Override
    public HistoryViewModel makeHistory(TaxpayerEntry e) {
        return makeHistory.apply(e);
    }
}
