package app.ishaar.ui.main;

import app.ishaar.core.settings.Profile;
import app.ishaar.ui.taxpayers.TaxpayerArchive;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Makes the main window's taxpayer list: every taxpayer of the profile, each telling the window
 * what changes ({@link EntryEvents}) and given its history screen ({@link TaxpayerHistories}); the
 * list kept in the window's settings and, with an archive, in the archive.
 */
final class TaxpayerListFactory {

    private TaxpayerListFactory() {}

    /**
     * @param histories makes each taxpayer's history screen; its executors, settings (with the
     *     profile whose taxpayers are listed), archive and service are the list's too
     * @param shown whether a taxpayer is the one the window shows
     * @param bannerChanged the shown taxpayer's session ended or was renewed
     * @param titleChanged the shown taxpayer's name, RIN or new notifications changed
     * @param moreArrived more new notifications of a taxpayer (any one), for the desktop
     * @param beforeRemoval a taxpayer about to be removed from the list
     */
    static TaxpayerListViewModel make(
            TaxpayerHistories histories,
            Predicate<TaxpayerEntry> shown,
            Runnable bannerChanged,
            Runnable titleChanged,
            Consumer<TaxpayerEntry> moreArrived,
            Consumer<TaxpayerEntry> beforeRemoval) {
        Profile profile = histories.settings().profile();
        TaxpayerEntry.Window events =
                new EntryEvents(shown, bannerChanged, titleChanged, moreArrived, histories::make);
        return new TaxpayerListViewModel(
                histories.fx(),
                histories.background(),
                (rin, name) ->
                        new TaxpayerEntry(histories.i18n(), histories.fx(), events, rin, name),
                beforeRemoval,
                histories.settings().taxpayerStore(),
                histories.archive() == null
                        ? TaxpayerArchive.NONE
                        : TaxpayerArchive.of(histories.archive(), histories.service()),
                profile.ownName(),
                profile.taxpayers());
    }
}
