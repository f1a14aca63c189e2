package app.ishaar.ui.history;

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

    /**
     * A row's menu: Copy row (its shown cells, tab-separated, as Ctrl+C copies) and Copy
     * notification ID. A right click selects the row under the pointer and opens it there; the menu
     * key and Shift+F10 open it under the selected row.
     */
    private void installMenu() {
        table.addEventHandler(
                ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                e -> {
                    TableRow<?> row;
                    if (e.isKeyboardTrigger()) {
                        row =
                                ContextMenus.shownCell(
                                                table,
                                                TableRow.class,
                                                table.getSelectionModel().getSelectedIndex())
                                        .orElse(null);
                    } else {
                        row = null;
                        for (Node n = e.getTarget() instanceof Node t ? t : null;
                                n != null && n != table;
                                n = n.getParent()) {
                            if (n instanceof TableRow<?> r) {
                                row = r;
                                break;
                            }
                        }
                        if (row != null && !row.isEmpty() && row.getItem() != null) {
                            // a row among the selected keeps the selection; another is selected
                            // alone
                            if (!table.getSelectionModel().isSelected(row.getIndex())) {
                                table.getSelectionModel().clearAndSelect(row.getIndex());
                            }
                        } else {
                            row = null;
                        }
                    }
                    if (row == null) {
                        return;
                    }
                    e.consume();
                    if (rowMenu == null) {
                        BooleanBinding several =
                                Bindings.size(table.getSelectionModel().getSelectedIndices())
                                        .greaterThan(1);
                        MenuItem copyRow = new MenuItem();
                        copyRow.setId("row-copy");
                        copyRow.textProperty()
                                .bind(
                                        Bindings.when(several)
                                                .then(i18n.text("history.copyRows"))
                                                .otherwise(i18n.text("history.copyRow")));
                        copyRow.setAccelerator(COPY); // shown; the table's own key filter does it
                        copyRow.setOnAction(a -> copy());
                        MenuItem copyId = new MenuItem();
                        copyId.setId("row-copy-id");
                        copyId.textProperty()
                                .bind(
                                        Bindings.when(several)
                                                .then(i18n.text("history.copyIds"))
                                                .otherwise(i18n.text("history.copyId")));
                        copyId.setOnAction(
                                a -> {
                                    String ids = HistoryLabels.ids(selectedRows());
                                    if (ids != null) {
                                        Clipboards.copy(ids);
                                    }
                                });
                        rowMenu = new ContextMenu(copyRow, copyId);
                        rowMenu.getStyleClass().add("row-menu");
                    }
                    if (e.isKeyboardTrigger()) {
                        ContextMenus.openUnder(rowMenu, row, row);
                    } else {
                        ContextMenus.openAt(rowMenu, row, e.getScreenX(), e.getScreenY());
                    }
                });
    }
}
