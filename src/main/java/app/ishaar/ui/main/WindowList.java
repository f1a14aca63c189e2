package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.notifications.HistoryViewModel;
import app.ishaar.ui.notifications.ListedTaxpayer;
import app.ishaar.ui.notifications.Scope;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The window's taxpayer list as All taxpayers and the list's sync see it: each taxpayer whose RIN
 * is known, named, in the list's order, followed as taxpayers are added, renamed and removed. Not
 * an intermediary's own entry, which is the window's login and has no notifications of its own.
 */
final class WindowList {
    private final ObservableList<TaxpayerEntry> entries;
    private final HistoryViewModel all;
    private final SyncViewModel sync;
    private final InvalidationListener relist = o -> relist();

    WindowList(ObservableList<TaxpayerEntry> entries, HistoryViewModel all, SyncViewModel sync) {
        this.entries = entries;
        this.all = all;
        this.sync = sync;
        entries.forEach(this::follow);
        entries.addListener(
                (ListChangeListener<TaxpayerEntry>)
                        c -> {
                            while (c.next()) {
                                c.getAddedSubList().forEach(this::follow);
                                c.getRemoved().forEach(this::forget);
                            }
                            relist();
                        });
        relist();
    }

    private void follow(TaxpayerEntry e) {
        e.labelText().addListener(relist);
        e.displayRinProperty().addListener(relist);
        e.intermediaryLoginProperty().addListener(relist);
    }

    private void forget(TaxpayerEntry e) {
        e.labelText().removeListener(relist);
        e.displayRinProperty().removeListener(relist);
        e.intermediaryLoginProperty().removeListener(relist);
    }

    private void relist() {
        Map<Rin, ListedTaxpayer> list = new LinkedHashMap<>();
        for (TaxpayerEntry e : entries) {
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
