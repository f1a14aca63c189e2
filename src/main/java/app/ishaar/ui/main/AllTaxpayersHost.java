package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.inbox.AllTaxpayersView;
import app.ishaar.ui.inbox.AllTaxpayersViewModel;
import app.ishaar.ui.inbox.InboxTaxpayer;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.ArrayList;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;

/**
 * All taxpayers in the main window: its view (made when first shown), the window's taxpayer list
 * handed to it as the inbox and the sync see it (names and RINs followed), and choosing a taxpayer
 * leaving it for that taxpayer's screen.
 */
final class AllTaxpayersHost {
    private final AllTaxpayersViewModel all;
    private final I18n i18n;
    private final MainWindowViewModel vm;
    private AllTaxpayersView view;
    private final InvalidationListener relist = o -> relist();

    AllTaxpayersHost(AllTaxpayersViewModel all, MainWindowViewModel vm, I18n i18n) {
        this.all = all;
        this.vm = vm;
        this.i18n = i18n;
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
                                            e.nameProperty().removeListener(relist);
                                            e.displayRinProperty().removeListener(relist);
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
                        all.sync().started(taxpayer);
                    }

                    @Override
                    public void held(Rin taxpayer, long held, long total) {
                        all.sync().held(taxpayer, held, total);
                    }

                    @Override
                    public void finished(WindowSync.Arrived a) {
                        all.sync().finished(a.taxpayer(), a.result(), a.next());
                    }

                    @Override
                    public void stopped() {
                        all.sync().stopped();
                    }
                });
        all.sync().follow(windowSync);
        // the window's title and header name All taxpayers while it is shown
        vm.title().allTaxpayersShownProperty().bind(all.shownProperty());
        // offline, no sync is offered: the service cannot be reached
        all.offlineProperty().bind(vm.offline().offlineProperty());
        // choosing a taxpayer (or a login's, a notification's) shows that taxpayer
        vm.currentProperty().addListener((o, was, now) -> all.shownProperty().set(false));
    }

    AllTaxpayersViewModel model() {
        return all;
    }

    /** The view, made when All taxpayers is first shown. */
    AllTaxpayersView view() {
        if (view == null) {
            view = new AllTaxpayersView(all, i18n);
        }
        return view;
    }

    /** The view if it is made. */
    AllTaxpayersView madeView() {
        return view;
    }

    private void follow(TaxpayerEntry e) {
        e.nameProperty().addListener(relist);
        e.displayRinProperty().addListener(relist);
    }

    /**
     * The list as the inbox sees it: each taxpayer whose RIN is known, its name as the user gave.
     */
    private void relist() {
        java.util.Map<Rin, InboxTaxpayer> list = new java.util.LinkedHashMap<>();
        for (TaxpayerEntry e : vm.taxpayers().entries()) {
            String rin = e.displayRinProperty().get();
            if (rin != null && Rin.isValid(rin)) {
                String name = e.hasName() ? e.label() : "";
                list.putIfAbsent(Rin.of(rin), new InboxTaxpayer(Rin.of(rin), name, e.isOwn()));
            }
        }
        all.taxpayers(new ArrayList<>(list.values()));
    }
}
