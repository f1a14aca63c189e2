package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryView;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.notifications.Scope;
import app.ishaar.ui.summary.SummaryView;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;

/**
 * All taxpayers in the main window: the notification screen over the window's taxpayer list (its
 * view made when first shown), the list handed to it and to the list's sync as they see it (names
 * and RINs followed), and the window's sync told to both: the screen reads its page again when a
 * sync changed the archive.
 */
final class AllTaxpayersHost {
    private final HistoryViewModel all;
    private final SyncViewModel sync;
    private final I18n i18n;
    private final SceneFactory scenes;
    private final MainWindowViewModel vm;
    private HistoryView view;
    private final InvalidationListener relist = o -> relist();

    AllTaxpayersHost(MainWindowViewModel vm, SyncViewModel sync, I18n i18n, SceneFactory scenes) {
        this.all = vm.allTaxpayers();
        this.sync = sync;
        this.vm = vm;
        this.i18n = i18n;
        this.scenes = scenes;
        for (TaxpayerEntry e : vm.taxpayers().entries()) {
            follow(e);
        }
        vm.taxpayers()
                .entries()
                .addListener(
                        (ListChangeListener<TaxpayerEntry>)
                                c -> {
                                    while (c.next()) {
                                        c.getAddedSubList().forEach(this::follow);
                                        for (TaxpayerEntry e : c.getRemoved()) {
                                            e.labelText().removeListener(relist);
                                            e.displayRinProperty().removeListener(relist);
                                            e.intermediaryLoginProperty().removeListener(relist);
                                        }
                                    }
                                    relist();
                                });
        relist();
        // the list's sync is the window's: Sync now and Sync all ask it, and each sync is told
        MainWindowSync windowSync = vm.sync();
        windowSync.follow(
                new MainWindowSync.Follower() {
                    @Override
                    public void started(Rin taxpayer, java.time.Instant at) {
                        sync.started(taxpayer);
                    }

                    @Override
                    public void held(Rin taxpayer, long held, long total) {
                        sync.held(taxpayer, held, total);
                    }

                    @Override
                    public void finished(WindowSync.Arrived a) {
                        sync.finished(a.taxpayer(), a.result(), a.next());
                    }

                    @Override
                    public void stopped() {
                        sync.stopped();
                    }
                });
        sync.follow(windowSync);
        // a sync that changed the archive: the page shown is read again, rows in place
        sync.archiveChangesProperty().addListener((o, was, now) -> all.landed());
        // offline, no sync is offered: the service cannot be reached
        sync.offlineProperty().bind(vm.offline().offlineProperty());
    }

    /** The list's sync, as the taxpayer list shows it. */
    SyncViewModel sync() {
        return sync;
    }

    /** The view, made when All taxpayers is first shown. */
    HistoryView view() {
        if (view == null) {
            view = new HistoryView(all, i18n, scenes);
            view.besideTable(new SummaryView(vm.summaries().of(all), i18n, scenes).root());
        }
        return view;
    }

    /** The view if it is made. */
    HistoryView madeView() {
        return view;
    }

    private void follow(TaxpayerEntry e) {
        e.labelText().addListener(relist);
        e.displayRinProperty().addListener(relist);
        e.intermediaryLoginProperty().addListener(relist);
    }

    /**
     * The list as the screen and the sync see it: each taxpayer whose RIN is known, named; not an
     * intermediary's own entry, which is the window's login and has no notifications of its own.
     */
    private void relist() {
        Map<Rin, ListedTaxpayer> list = new LinkedHashMap<>();
        for (TaxpayerEntry e : vm.taxpayers().entries()) {
            String rin = e.displayRinProperty().get();
            if (rin != null && Rin.isValid(rin) && !e.intermediaryLoginProperty().get()) {
                String name = e.hasName() ? e.label() : "";
                list.putIfAbsent(Rin.of(rin), new ListedTaxpayer(Rin.of(rin), name, e.isOwn()));
            }
        }
        ArrayList<ListedTaxpayer> now = new ArrayList<>(list.values());
        all.scope(Scope.all(now));
        if (!now.equals(sync.taxpayersProperty().get())) {
            sync.taxpayersProperty().set(now);
            sync.load();
        }
    }
}
