package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.AfterLayout;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.i18n.I18n;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The history table: the shown page's rows (bold while new), blank rows while logged out, the
 * selection kept in step with the view model's, the place in the page kept for a screen made again,
 * and, while a page loads slowly, the previous one dimmed under a progress indicator.
 */
final class HistoryTable {
    /** Whether the table shows blank rows (see {@link #showRows}). */
    private boolean blankRows;

    /** A row of a notification sent since the user's last visit. */
    private static final PseudoClass NEW = PseudoClass.getPseudoClass("new");

    private final HistoryViewModel vm;
    private final I18n i18n;
    private final Controls controls;

    /**
     * The text size: the columns' widths are remembered at the normal size, and shown larger with
     * the text.
     */
    private final TextSize textSize;

    /** Keeps the listeners this class gives the view model (see {@link Weak}). */
    private final Map<Object, Object> keep;

    private final TableView<Notification> table = new TableView<>();
    private final ProgressIndicator progress = new ProgressIndicator();
    private final StackPane holder = new StackPane();

    /** {@code keep}: the view's root's properties. */
    HistoryTable(
            HistoryViewModel vm,
            I18n i18n,
            Controls controls,
            TextSize textSize,
            Map<Object, Object> keep) {
        this.vm = vm;
        this.i18n = i18n;
        this.controls = controls;
        this.textSize = textSize;
        this.keep = keep;
        setUp();
    }

    TableView<Notification> table() {
        return table;
    }

    /** The table with its progress indicator over it. */
    Node root() {
        return holder;
    }

    /** Says the progress indicator and the rows again in the UI's language. */
    void languageChanged() {
        progress.setAccessibleText(i18n.get("history.loading"));
        table.refresh();
    }

    /**
     * Remembers in the view model which row the table shows first, for a screen made again in its
     * place (see {@link HistoryViewModel#leftAtProperty()}). Called as the screen is left.
     */
    void rememberPlace() {
        String id = null;
        VirtualFlow<?> flow = flow();
        if (flow != null && flow.getFirstVisibleCell() != null) {
            int first = flow.getFirstVisibleCell().getIndex();
            Notification n =
                    first >= 0 && first < table.getItems().size()
                            ? table.getItems().get(first)
                            : null;
            id = n == null ? null : n.notificationId();
        }
        vm.table().leftAtProperty().set(id);
    }

    /** The table's scrolling part, or null before the table has its skin. */
    private VirtualFlow<?> flow() {
        return table.lookup(".virtual-flow") instanceof VirtualFlow<?> f ? f : null;
    }

    /** Runs once, after the first layout of the screen in a window (before that frame is drawn). */
    private void afterFirstLayout(Runnable r) {
        WhenFirst.run(
                table,
                table.sceneProperty().isNotNull(),
                () -> AfterLayout.next(table.getScene(), r));
    }

    private int indexOf(String notificationId) {
        if (notificationId != null) {
            for (int i = 0; i < table.getItems().size(); i++) {
                Notification n = table.getItems().get(i);
                if (n != null && notificationId.equals(n.notificationId())) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * Gives the table the view model's rows as a list of their own, each time they change. A change
     * of one list would cost more: the table's skin takes a list whose whole content was replaced
     * as a list of unknown length, empties every row it has (each row, cell and badge restyled as
     * empty) and fills them again; a new list of the same length is read into the rows as they are
     * (the measurements are in docs/performance.md).
     *
     * <p>A new page (its first notification differs) is shown from its top, and the Down key then
     * selects its first row. The same page again (a refresh) keeps its place, and the selected row,
     * which the table selects again, stays in view: the table re-estimates its row heights with new
     * items and would otherwise move it by a row.
     *
     * <p>With no session (logged out) the table keeps blank rows: as many as it showed, or a page's
     * worth, with no notification in them (null items) and nothing written in them, until the next
     * session's first page, or its first load ending without one. A row going from empty to filled
     * is styled anew, with each of its cells, badge and texts; blank rows stay filled, so the next
     * login's page only writes their texts (docs/performance.md, "Blank rows").
     */
    private void showRows() {
        if (vm.table().rows().isEmpty()
                && (!vm.pagesProperty().get().ready()
                        || blankRows && vm.requests().loadingProperty().get())) {
            showBlankRows();
            return;
        }
        blankRows = false;
        Notification firstBefore = shown.isEmpty() ? null : shown.get(0);
        show(vm.table().rows());
        if (shown.isEmpty()) {
            return;
        }
        boolean newPage =
                firstBefore == null
                        || !shown.get(0).notificationId().equals(firstBefore.notificationId());
        VirtualFlow<?> flow = flow();
        if (newPage) {
            if (table.getSelectionModel().isEmpty()) {
                // the table puts its keyboard focus on the first row of a new list, so Down would
                // select the second: with no row focused, Down selects the first
                table.getFocusModel().focus(-1);
            }
            if (flow != null && flow.getPosition() > 0) {
                table.scrollTo(
                        0); // (at the top already, scrolling would still lay every row out again)
            }
            return;
        }
        int selected = table.getSelectionModel().getSelectedIndex();
        Scene scene = table.getScene();
        if (selected >= 0 && scene != null && flow != null) {
            AfterLayout.next(
                    scene,
                    () -> {
                        if (table.getSelectionModel().getSelectedIndex() == selected) {
                            flow.scrollTo(selected); // no move when it is in view already
                            table.layout();
                        }
                    });
        }
    }

    /**
     * The table's one list of rows, its contents replaced page by page. A new list for each page
     * made the table hand its rows out anew, so that half of them changed between odd and even and
     * were styled again with all their cells; replaced in place, each row keeps its place and only
     * reads its new notification (docs/performance.md). The selection then goes as with a new list:
     * kept on the same notifications (a refresh), found by their IDs, the one chosen last chosen
     * last again (the detail's), else cleared.
     */
    private final ObservableList<Notification> shown = FXCollections.observableArrayList();

    private void show(List<Notification> rows) {
        Notification last = table.getSelectionModel().getSelectedItem();
        List<String> ids =
                table.getSelectionModel().getSelectedItems().stream()
                        .filter(n -> n != null && n != last)
                        .map(Notification::notificationId)
                        .toList();
        table.getSelectionModel().clearSelection();
        shown.setAll(rows);
        if (!ids.isEmpty()) {
            int[] again =
                    IntStream.range(0, shown.size())
                            .filter(
                                    i ->
                                            shown.get(i) != null
                                                    && ids.contains(shown.get(i).notificationId()))
                            .toArray();
            if (again.length > 0) {
                table.getSelectionModel()
                        .selectIndices(again[0], Arrays.copyOfRange(again, 1, again.length));
            }
        }
        int lastAgain = last == null ? -1 : indexOf(last.notificationId());
        if (lastAgain >= 0) {
            table.getSelectionModel().select(lastAgain);
        }
    }

    private void showBlankRows() {
        if (blankRows) {
            return; // blank already, as many as before
        }
        int count = !shown.isEmpty() ? shown.size() : vm.pager().pageSizeProperty().get();
        blankRows = true;
        show(Collections.nCopies(count, (Notification) null));
        table.getFocusModel().focus(-1);
        // the rows in view read the new items at the next layout; rows the table keeps out of view
        // for reuse (hidden) would keep theirs until used: they release them now, and again after
        // that layout, which puts aside the rows a change of the table's width (the detail pane
        // going with the choice) makes anew
        releaseHiddenRows();
        if (table.getScene() != null) {
            AfterLayout.next(table.getScene(), this::releaseHiddenRows);
        }
    }

    private void releaseHiddenRows() {
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> row && !row.isVisible()) {
                row.updateIndex(-1);
            }
        }
    }

    private void setUp() {
        table.setId("history-table");
        table.setSkin(new SteadyRowsTableSkin<>(table)); // a page's rows keep their places
        table.setItems(shown);
        showRows();
        Weak.listen(keep, (ListChangeListener<Notification>) c -> showRows(), vm.table().rows());
        // a first load that ended without rows (none, or failed) leaves the blank rows for an empty
        // table
        Weak.<Boolean>listen(
                keep,
                (o, was, now) -> {
                    if (!now && blankRows && vm.table().rows().isEmpty()) {
                        showRows();
                    }
                },
                vm.requests().loadingProperty());
        table.setTableMenuButtonVisible(true);
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        // a notification sent since the user's last visit is in bold (:new)
        table.setRowFactory(
                t ->
                        new TableRow<>() {
                            @Override
                            protected void updateItem(Notification n, boolean empty) {
                                super.updateItem(n, empty);
                                boolean isNew = !empty && vm.visits().isNew(n);
                                pseudoClassStateChanged(NEW, isNew);
                                setAccessibleHelp(
                                        isNew
                                                ? vm.visits().newRowHelp()
                                                : null); // bold, said to a screen reader too
                            }
                        });

        new HistoryColumns(
                table,
                vm.layout(),
                vm.labels(),
                i18n,
                textSize,
                keep,
                vm.scopeProperty().get().several() ? vm::taxpayerOf : null,
                vm.handling().revisionProperty());
        // a taxpayer renamed in the list: its rows say the new name
        Weak.listen(keep, (o, was, now) -> table.refresh(), vm.scopeProperty());

        // several rows can be selected (Shift or Ctrl with a click or the arrows, Ctrl+A) to be
        // copied together; the detail shows the one chosen last
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, a, now) -> vm.table().select(now));
        Weak.<Notification>listen(
                keep,
                (o, a, now) -> {
                    if (table.getSelectionModel().getSelectedItem() != now) {
                        if (now == null) {
                            table.getSelectionModel().clearSelection();
                        } else if (table.getItems().contains(now)) {
                            table.getSelectionModel()
                                    .clearAndSelect(
                                            table.getItems().indexOf(now)); // that row alone
                        }
                    }
                },
                vm.table().selectedProperty());
        // a screen made again for a taxpayer shown before (the main window keeps only the latest
        // few): the row that was chosen, chosen again, and the rows in view that were
        Notification chosen = vm.table().selectedProperty().get();
        if (chosen != null && table.getItems().contains(chosen)) {
            table.getSelectionModel().select(chosen);
        }
        int top = indexOf(vm.table().leftAtProperty().get());
        if (top > 0) {
            // once the table has its size in the window: a scroll asked before keeps its share of a
            // guessed height, and lands on another row once the table is laid out at its own
            afterFirstLayout(
                    () -> {
                        VirtualFlow<?> flow = flow();
                        if (flow != null && top < table.getItems().size()) {
                            flow.scrollToTop(top);
                            table.layout();
                        }
                    });
        } else if (chosen != null && table.getItems().contains(chosen)) {
            table.scrollTo(chosen);
        }

        // While loading, the previous page stays, dimmed, with a progress indicator: from a moment
        // on. A page that comes sooner just replaces the one before: no flash of dimming, and no
        // two extra redraws of the whole table per page. Opacity, not a style class: toggling a
        // class on the table would restyle every cell twice a page.
        ReadOnlyBooleanProperty slow = AfterAMoment.shown(keep, vm.requests().loadingProperty());
        table.opacityProperty().bind(Bindings.when(slow).then(0.55).otherwise(1.0));
        progress.setId("history-progress");
        progress.visibleProperty().bind(slow);
        progress.setMouseTransparent(true);
        progress.setAccessibleText(i18n.get("history.loading"));

        table.setPlaceholder(placeholder());
        holder.getChildren().setAll(table, progress);
        holder.getStyleClass().add("table-holder");
    }

    private Node placeholder() {
        Label text = new Label();
        text.setId("history-empty");
        text.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    if (vm.emptyProperty().get()) {
                                        return i18n.get(
                                                vm.filters().applied().isDefault()
                                                        ? "history.emptyAll"
                                                        : "history.empty");
                                    }
                                    // (while the first page loads, the progress indicator says it)
                                    return "";
                                },
                                vm.emptyProperty(),
                                vm.filters().appliedProperty(),
                                i18n.languageProperty()));
        Button reset = controls.button("history.resetFilters", null, vm.filters()::reset);
        reset.setId("history-empty-reset");
        reset.visibleProperty()
                .bind(
                        vm.emptyProperty()
                                .and(
                                        Bindings.createBooleanBinding(
                                                () -> !vm.filters().applied().isDefault(),
                                                vm.filters().appliedProperty())));
        reset.managedProperty().bind(reset.visibleProperty());
        VBox box = new VBox(text, reset);
        box.getStyleClass().add("empty-state");
        return box;
    }
}
