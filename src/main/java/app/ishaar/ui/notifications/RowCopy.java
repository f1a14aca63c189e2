package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.ContextMenus;
import app.ishaar.ui.desktop.Clipboards;
import app.ishaar.ui.i18n.I18n;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCombination;

/**
 * Copying the history table's rows: the selected rows as shown ({@link #COPY}, or the row menu's
 * Copy row) and their notification IDs (the row menu's Copy notification ID).
 */
final class RowCopy {
    /** Copies the selected rows; the table's key filter in {@link HistoryView} does it. */
    static final KeyCombination COPY = Shortcut.COPY_ROWS.key();

    private final TableView<Notification> table;
    private final HistoryLabels labels;
    private final I18n i18n;

    /** Gives {@code table} its rows' menu. */
    RowCopy(TableView<Notification> table, HistoryLabels labels, I18n i18n) {
        this.table = table;
        this.labels = labels;
        this.i18n = i18n;
        installMenu();
    }

    /** The rows' menu, made at its first request. */
    private ContextMenu rowMenu;

    /** The ids of the table's shown columns, in the order shown. */
    private List<String> shownColumnIds() {
        return table.getVisibleLeafColumns().stream().map(TableColumn::getId).toList();
    }

    /** Copies the selected rows as shown, in the table's order, one a line. */
    void copy() {
        String text = labels.rows(selectedRows(), shownColumnIds());
        if (text != null) {
            Clipboards.copy(text);
        }
    }

    /** The selected rows, in the table's order. */
    private List<Notification> selectedRows() {
        return table.getSelectionModel().getSelectedIndices().stream()
                .sorted()
                .filter(i -> i >= 0 && i < table.getItems().size())
                .map(table.getItems()::get)
                .filter(Objects::nonNull)
                .toList();
    }

    /** Copies the selected rows' notification IDs, in the table's order, one a line. */
    private void copyIds() {
        String ids = HistoryLabels.ids(selectedRows());
        if (ids != null) {
            Clipboards.copy(ids);
        }
    }

    /**
     * A row's menu: Copy row (its shown cells, tab-separated, as Ctrl+C copies) and Copy
     * notification ID. A right click selects the row under the pointer and opens it there; the menu
     * key and Shift+F10 open it under the selected row.
     */
    private void installMenu() {
        table.addEventHandler(
                ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                e -> {
                    TableRow<?> row = e.isKeyboardTrigger() ? selectedRow() : clickedRow(e);
                    if (row == null) {
                        return;
                    }
                    e.consume();
                    if (e.isKeyboardTrigger()) {
                        ContextMenus.openUnder(menu(), row, row);
                    } else {
                        ContextMenus.openAt(menu(), row, e.getScreenX(), e.getScreenY());
                    }
                });
    }

    /** The selected row's shown row, or null when it is out of view. */
    private TableRow<?> selectedRow() {
        return ContextMenus.shownCell(
                        table, TableRow.class, table.getSelectionModel().getSelectedIndex())
                .orElse(null);
    }

    /**
     * The filled row under the pointer, selected (a row among the selected keeps the selection;
     * another is selected alone); null for none.
     */
    private TableRow<?> clickedRow(ContextMenuEvent e) {
        TableRow<?> row = null;
        for (Node n = e.getTarget() instanceof Node t ? t : null;
                n != null && n != table;
                n = n.getParent()) {
            if (n instanceof TableRow<?> r) {
                row = r;
                break;
            }
        }
        if (row == null || row.isEmpty() || row.getItem() == null) {
            return null;
        }
        if (!table.getSelectionModel().isSelected(row.getIndex())) {
            table.getSelectionModel().clearAndSelect(row.getIndex());
        }
        return row;
    }

    /** The rows' menu, made at its first request. */
    private ContextMenu menu() {
        if (rowMenu == null) {
            BooleanBinding several =
                    Bindings.size(table.getSelectionModel().getSelectedIndices()).greaterThan(1);
            MenuItem copyRow =
                    item("row-copy", "history.copyRow", "history.copyRows", several, this::copy);
            copyRow.setAccelerator(COPY); // shown; the table's own key filter does it
            MenuItem copyId =
                    item(
                            "row-copy-id",
                            "history.copyId",
                            "history.copyIds",
                            several,
                            this::copyIds);
            rowMenu = new ContextMenu(copyRow, copyId);
            rowMenu.getStyleClass().add("row-menu");
        }
        return rowMenu;
    }

    /**
     * A menu item whose text is {@code oneKey}'s, or {@code severalKey}'s while several rows are
     * selected.
     */
    private MenuItem item(
            String id, String oneKey, String severalKey, BooleanBinding several, Runnable action) {
        MenuItem item = new MenuItem();
        item.setId(id);
        item.textProperty()
                .bind(
                        Bindings.when(several)
                                .then(i18n.text(severalKey))
                                .otherwise(i18n.text(oneKey)));
        item.setOnAction(a -> action.run());
        return item;
    }
}
