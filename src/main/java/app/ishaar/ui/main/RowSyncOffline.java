package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.inbox.AllTaxpayersViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import javafx.beans.binding.Bindings;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuItem;
import javafx.stage.WindowEvent;

/**
 * A taxpayer row's Sync now while the window is offline: disabled, and named so ("Sync now
 * (offline)"), since a menu item shows no tooltip to say why. The row makes its own menu; this
 * follows it, and sets the item as the menu opens from {@link AllTaxpayersViewModel#canSyncNow}.
 */
final class RowSyncOffline {
    private RowSyncOffline() {}

    /** The id the row gives its Sync now item, followed by the taxpayer's key. */
    private static final String SYNC_ID = "sync-";

    /** Follows {@code cell}'s menu; returns the cell. */
    static <C extends ListCell<TaxpayerEntry>> C follow(
            C cell, AllTaxpayersViewModel all, I18n i18n) {
        cell.contextMenuProperty()
                .addListener(
                        (o, was, menu) -> {
                            // the row sets its one menu again each time it shows a taxpayer:
                            // followed once
                            if (menu != null
                                    && menu.getProperties().putIfAbsent(RowSyncOffline.class, true)
                                            == null) {
                                followMenu(cell, menu, all, i18n);
                            }
                        });
        return cell;
    }

    private static void followMenu(
            ListCell<TaxpayerEntry> cell, ContextMenu menu, AllTaxpayersViewModel all, I18n i18n) {
        for (MenuItem item : menu.getItems()) {
            if (item.getId() != null && item.getId().startsWith(SYNC_ID)) {
                item.textProperty()
                        .bind(
                                Bindings.when(all.offlineProperty())
                                        .then(i18n.text("inbox.syncNow.offline"))
                                        .otherwise(i18n.text("inbox.syncNow")));
            }
        }
        menu.addEventHandler(
                WindowEvent.WINDOW_SHOWING,
                e -> {
                    Rin key = keyOf(cell.getItem());
                    for (MenuItem item : menu.getItems()) {
                        if (item.getId() != null && item.getId().startsWith(SYNC_ID)) {
                            item.setDisable(!all.canSyncNow(key));
                        }
                    }
                });
    }

    /** The taxpayer's key in the sync: its RIN once known. */
    private static Rin keyOf(TaxpayerEntry e) {
        String r = e == null ? null : e.displayRinProperty().get();
        return r != null && Rin.isValid(r) ? Rin.of(r) : null;
    }
}
