package app.ishaar.ui.main;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.model.Rin;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.RepresentedTaxpayer;
import app.ishaar.ui.taxpayers.TaxpayerArchive;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Makes the main window's taxpayer list: every taxpayer of the profile, each telling the window
 * what changes and given its history screen ({@link TaxpayerHistories}); the list kept in the
 * window's settings and, with an archive, in the archive.
 */
final class TaxpayerListFactory {

    private TaxpayerListFactory() {}

    /**
     * @param histories makes each taxpayer's history screen; its executors, settings (with the
     *     profile whose taxpayers are listed), archive and service are the list's too
     * @param events what the window does when one of its taxpayers changes
     * @param beforeRemoval a taxpayer about to be removed from the list
     * @param syncs the window's syncs, which forgetting a removed taxpayer waits for
     */
    static TaxpayerListViewModel make(
            TaxpayerHistories histories,
            TaxpayerEntry.Window events,
            Consumer<TaxpayerEntry> beforeRemoval,
            TaxpayerArchive.Syncs syncs) {
        Profile profile = histories.settings().profile();
        TaxpayerListViewModel.Store saved = histories.settings().taxpayerStore();
        TaxpayerListViewModel.Store store =
                new TaxpayerListViewModel.Store(
                        list -> {
                            saved.saveTaxpayers().accept(list);
                            nameInArchive(histories, list);
                        },
                        saved.saveOwnName());
        nameInArchive(histories, profile.taxpayers());
        return new TaxpayerListViewModel(
                histories.fx(),
                histories.background(),
                (rin, name) ->
                        new TaxpayerEntry(histories.i18n(), histories.fx(), events, rin, name),
                beforeRemoval,
                store,
                histories.archive() == null
                        ? TaxpayerArchive.NONE
                        : TaxpayerArchive.of(histories.archive(), histories.service(), syncs),
                profile.ownName(),
                profile.taxpayers());
    }

    /**
     * Writes the names the list gives its taxpayers into the archive, off the FX thread, so that
     * {@code ishaar inbox} and {@code archive info} show them too. A taxpayer without a name in the
     * list keeps the one the archive has. A failure (a shared archive whose role may not write
     * names, an archive that cannot be opened now) leaves the archive's names as they were.
     */
    private static void nameInArchive(TaxpayerHistories histories, List<RepresentedTaxpayer> list) {
        Archive archive = histories.archive();
        Map<Rin, String> names = new LinkedHashMap<>();
        for (RepresentedTaxpayer t : list) {
            if (t.name() != null
                    && !t.name().isBlank()
                    && Rin.parse(t.rin()) instanceof Rin.Valid v) {
                names.put(v.rin(), t.name());
            }
        }
        if (archive == null || names.isEmpty()) {
            return;
        }
        histories
                .background()
                .execute(
                        () -> {
                            try {
                                archive.name(names);
                            } catch (ArchiveException | RuntimeException e) {
                                LOG.log(
                                        System.Logger.Level.DEBUG,
                                        "the taxpayers' names were not written to the archive",
                                        e);
                            }
                        });
    }

    private static final System.Logger LOG = System.getLogger(TaxpayerListFactory.class.getName());
}
