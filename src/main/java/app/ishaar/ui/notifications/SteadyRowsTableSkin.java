package app.ishaar.ui.notifications;

import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.VirtualFlow;

/**
 * The history table's skin: when the table's items are replaced by as many others (a page by the
 * next, the blank rows of a log out by the first page of the next login), each row keeps its place
 * and reads its new notification.
 *
 * <p>JavaFX 21's table skin takes any replacement in its items for a new list and rebuilds its
 * rows: every row lets go of its index and the rows are handed out again from the pile, in reverse
 * order. A row whose index turns from odd to even, or back, is then styled again with all its
 * cells, and whether that is every row of a page or none depends on how many rows the window's
 * height shows. Here a replacement that keeps the count reconfigures the rows instead (what the
 * skin does for any other change that keeps it): each row is laid out at its own index again and
 * reads the item there. Every other rebuild (the first items, another count, a refresh, a column
 * shown or hidden) is the skin's own.
 */
final class SteadyRowsTableSkin<T> extends TableViewSkin<T> {

    /** The count the rows were last made for; -1 before the first. */
    private int lastCount = -1;

    /** True while the skin updates its count and that count has not changed. */
    private boolean sameCount;

    SteadyRowsTableSkin(TableView<T> table) {
        super(table);
    }

    @Override
    protected VirtualFlow<TableRow<T>> createVirtualFlow() {
        // (called by the skin's constructor: the flow reads sameCount only later, at a count's
        // update)
        return new VirtualFlow<>() {
            @Override
            protected void rebuildCells() {
                if (sameCount) {
                    reconfigureCells();
                } else {
                    super.rebuildCells();
                }
            }
        };
    }

    @Override
    protected void updateItemCount() {
        int count = getItemCount();
        sameCount = count > 0 && count == lastCount;
        lastCount = count;
        try {
            super.updateItemCount();
        } finally {
            sameCount = false;
        }
    }
}
