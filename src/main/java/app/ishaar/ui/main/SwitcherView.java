package app.ishaar.ui.main;

import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.controls.ContextMenus;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.ShownTaxpayers;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListTexts;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.io.File;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.skin.ChoiceBoxSkin;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextAlignment;

/**
 * The main window's taxpayer list (the switcher): how many there are, a filter by RIN or name that
 * filters as one types (Ctrl+T; Down goes into the list, Escape clears it), the order (as added, by
 * name, by RIN, what needs attention first), the profile's taxpayers with their state (Enter or a
 * click opens one; F2 or the menu renames, Delete removes), and the form to add one, or, for a
 * taxpayer's own system, why there is none. It binds to the window's {@link MainWindowViewModel}
 * for which taxpayer is shown, and to its {@link TaxpayerListViewModel} for the list, whose answers
 * {@link TaxpayerListTexts} puts in words. Its rows are {@link TaxpayerCell}s; its add form is
 * {@link AddTaxpayerForm}; the undo of a removal and the question whether to forget what the
 * archive keeps of it, {@link RemovedBar}.
 */
final class SwitcherView {
    private final MainWindowViewModel vm;
    private final TaxpayerListViewModel taxpayers;
    private final TaxpayerListTexts texts;
    private final I18n i18n;
    private final ShownTaxpayers shown;
    private final TextField search = new TextField();
    private ToggleButton allButton;
    private final ChoiceBox<ShownTaxpayers.Order> order = new ChoiceBox<>();
    private final ListView<TaxpayerEntry> list = new ListView<>();
    private final AddTaxpayerForm addForm;
    private final SyncViewModel sync;
    private final Node root;

    SwitcherView(MainWindowViewModel vm, SyncViewModel sync, I18n i18n) {
        this.vm = vm;
        this.sync = sync;
        this.taxpayers = vm.taxpayers();
        this.shown = taxpayers.shown();
        this.texts = new TaxpayerListTexts(i18n);
        this.i18n = i18n;
        // a taxpayer added below a long list is scrolled into view, where it can be chosen
        this.addForm = new AddTaxpayerForm(i18n, taxpayers, texts, this::scrollIntoView);
        this.root = make();
    }

    Node root() {
        return root;
    }

    /** The search field (Ctrl+T). */
    TextField search() {
        return search;
    }

    /** The All taxpayers button. */
    ToggleButton allButton() {
        return allButton;
    }

    /** What F6 focuses: the list, or the search field while the list is empty. */
    Node keyboardPlace() {
        return list.getItems().isEmpty() ? search : list;
    }

    private Node make() {
        Label title = new Label();
        title.textProperty().bind(i18n.text("switcher.title"));
        title.getStyleClass().add("subheading");
        Label count = new Label();
        count.setId("switcher-count");
        count.getStyleClass().add("muted");
        count.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        texts.count(
                                                shown.list().size(),
                                                taxpayers.entries().size(),
                                                !shown.filterProperty().get().isBlank()),
                                shown.list(),
                                taxpayers.entries(),
                                shown.filterProperty(),
                                i18n.languageProperty()));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox heading = new HBox(6, title, gap, count);
        heading.setAlignment(Pos.BASELINE_LEFT);

        search.setId("switcher-search");
        search.promptTextProperty()
                .bind(i18n.text("switcher.search.prompt", Shortcut.SWITCH_TAXPAYER.displayText()));
        search.textProperty().bindBidirectional(shown.filterProperty());
        search.addEventHandler(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.DOWN) {
                        list.requestFocus();
                        if (list.getSelectionModel().isEmpty() && !list.getItems().isEmpty()) {
                            list.getSelectionModel().selectFirst();
                        }
                        e.consume();
                    } else if (e.getCode() == KeyCode.ENTER) {
                        TaxpayerEntry pick = list.getSelectionModel().getSelectedItem();
                        if (pick == null || !list.getItems().contains(pick)) {
                            pick = list.getItems().isEmpty() ? null : list.getItems().get(0);
                        }
                        if (pick != null) {
                            vm.allShownProperty().set(false);
                            vm.switchTo(pick);
                            search.clear(); // the whole list is back for the next switch
                        }
                        e.consume();
                    } else if (e.getCode() == KeyCode.ESCAPE) {
                        search.clear();
                        e.consume();
                    }
                });

        list.setId("switcher-list");
        keepSelection(shown.list());
        Label none = new WrappingLabel();
        none.setId("switcher-none");
        none.getStyleClass().add("muted");
        none.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        i18n.get(
                                                "switcher.filter.none",
                                                shown.filterProperty().get()),
                                shown.filterProperty(),
                                i18n.languageProperty()));
        none.setPadding(new Insets(8));
        list.setPlaceholder(none);
        list.setEditable(false); // only F2 or the menu starts a rename; a click never does
        list.setCellFactory(
                lv ->
                        new TaxpayerCell(
                                i18n, taxpayers, n -> pendingName = n, this::startRename, sync));
        // the menu key and Shift+F10 (MenuKeys) ask the list, not a row: open the selected row's
        // menu under it
        list.addEventHandler(
                ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                e -> {
                    if (e.isKeyboardTrigger()) {
                        ContextMenus.shownCell(
                                        list,
                                        ListCell.class,
                                        list.getSelectionModel().getSelectedIndex())
                                .filter(cell -> cell.getContextMenu() != null)
                                .ifPresent(
                                        cell -> {
                                            ContextMenus.openUnder(
                                                    cell.getContextMenu(), cell, cell);
                                            e.consume();
                                        });
                    }
                });
        list.getSelectionModel().select(vm.current());
        vm.currentProperty().addListener((o, a, b) -> list.getSelectionModel().select(b));
        // All taxpayers chosen: no one taxpayer is; back to one, the shown one is again
        vm.allShownProperty()
                .addListener(
                        (o, a, allShown) -> {
                            if (allShown) {
                                list.getSelectionModel().clearSelection();
                            } else {
                                list.getSelectionModel().select(vm.current());
                            }
                        });
        list.setOnMouseClicked(
                e -> {
                    TaxpayerEntry pick = list.getSelectionModel().getSelectedItem();
                    if (pick != null && e.getClickCount() == 1) {
                        vm.allShownProperty().set(false);
                    }
                    if (pick != null && pick != vm.current() && e.getClickCount() == 1) {
                        vm.switchTo(pick);
                    }
                });
        list.addEventHandler(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER && list.getEditingIndex() < 0) {
                        vm.allShownProperty().set(false);
                        vm.switchTo(list.getSelectionModel().getSelectedItem());
                        e.consume();
                    } else if (e.getCode() == KeyCode.F2) {
                        TaxpayerEntry sel = list.getSelectionModel().getSelectedItem();
                        if (sel != null) {
                            startRename(list.getSelectionModel().getSelectedIndex());
                        }
                        e.consume();
                    } else if (e.getCode() == KeyCode.DELETE) {
                        taxpayers.remove(list.getSelectionModel().getSelectedItem());
                        e.consume();
                    } else if (RemovedBar.UNDO_REMOVE.match(e)
                            && taxpayers.lastRemovedProperty().get() != null) {
                        undoRemove();
                        e.consume();
                    }
                });
        list.setOnEditCommit(e -> taxpayers.rename(e.getNewValue(), pendingName));
        list.setOnEditCancel(
                e -> {
                    // a cell the list makes anew also gives its edit up (to the cell that shows
                    // the row now): the rename goes on
                    if (list.getEditingIndex() < 0) {
                        list.setEditable(false);
                    }
                });
        // a list of taxpayers dragged from the file manager is dropped on the list (or anywhere in
        // the switcher)
        Label dropText = new WrappingLabel();
        dropText.textProperty().bind(i18n.text("switcher.file.drop"));
        dropText.setTextAlignment(TextAlignment.CENTER);
        dropText.setMaxHeight(Region.USE_PREF_SIZE); // centred in the note, not stretched over it
        StackPane dropNote = new StackPane(dropText);
        dropNote.setId("switcher-drop-note");
        dropNote.getStyleClass().add("drop-note");
        dropNote.setMouseTransparent(true);
        dropNote.setVisible(false);
        StackPane listPlace = new StackPane(list, dropNote);
        VBox.setVgrow(listPlace, Priority.ALWAYS);

        TitledPane add = addForm.pane();
        // a taxpayer's own system cannot act for another: it is told so instead of offered a form
        // that would only fail
        Label ownOnly = new WrappingLabel();
        ownOnly.setId("switcher-own-only");
        ownOnly.getStyleClass().add("muted");
        ownOnly.textProperty().bind(i18n.text("switcher.ownOnly"));
        ownOnly.visibleProperty().bind(taxpayers.ownTaxpayerOnlyProperty());
        ownOnly.managedProperty().bind(ownOnly.visibleProperty());
        add.visibleProperty().bind(taxpayers.ownTaxpayerOnlyProperty().not());
        add.managedProperty().bind(add.visibleProperty());
        Node removed =
                RemovedBar.create(i18n, taxpayers, texts, this::undoRemove, list::requestFocus);
        VBox box =
                new VBox(
                        6,
                        heading,
                        search,
                        orderChoice(),
                        allTaxpayers(),
                        listPlace,
                        removed,
                        add,
                        ownOnly);
        box.setId("switcher");
        box.setPadding(new Insets(10));
        box.getStyleClass().add("switcher");
        acceptDroppedFile(box, dropNote);
        return box;
    }

    /**
     * All taxpayers, above the list: every taxpayer's notifications in one table, from the archive;
     * and Sync all beside it.
     */
    private Node allTaxpayers() {
        ToggleButton choose = new ToggleButton();
        allButton = choose;
        choose.setId("switcher-all");
        choose.getStyleClass().add("all-taxpayers");
        choose.textProperty().bind(i18n.text("inbox.all"));
        choose.setTooltip(Buttons.tooltip(i18n.text("inbox.all.tooltip")));
        choose.setMaxWidth(Double.MAX_VALUE);
        choose.setAlignment(Pos.CENTER_LEFT);
        choose.selectedProperty().bindBidirectional(vm.allShownProperty());
        // chosen again, it stays chosen (a taxpayer of the list is what leaves it)
        choose.setOnAction(e -> vm.allShownProperty().set(true));
        HBox.setHgrow(choose, Priority.ALWAYS);
        Button syncAll = new Button();
        syncAll.setId("switcher-sync-all");
        syncAll.textProperty().bind(i18n.text("inbox.syncAll"));
        syncAll.setMinWidth(Region.USE_PREF_SIZE);
        syncAll.disableProperty().bind(sync.canSyncAllProperty().not());
        syncAll.setOnAction(e -> sync.syncAll());
        Node syncAllTip =
                Buttons.tooltipEvenDisabled(
                        syncAll,
                        Bindings.when(sync.offlineProperty())
                                .then(i18n.text("inbox.syncAll.offline"))
                                .otherwise(i18n.text("inbox.syncAll.tooltip")));
        HBox line = new HBox(6, choose, syncAllTip);
        line.setAlignment(Pos.CENTER_LEFT);
        return line;
    }

    /**
     * A file dropped on the switcher adds the taxpayers it lists, as From a file… does; while one
     * is dragged over it, the list says so. Only one file at a time, and not for a taxpayer's own
     * system.
     */
    private void acceptDroppedFile(Node target, Node dropNote) {
        // Reading a drag's files can run the toolkit's events (the data comes from the other app),
        // so a drop and its exit may happen inside a handler: each counts as an end, after which a
        // handler that started before it changes nothing.
        target.addEventHandler(
                DragEvent.DRAG_ENTERED,
                e -> {
                    int ends = dragEnds;
                    File file = droppable(e.getDragboard());
                    if (ends == dragEnds) {
                        dragged = file;
                        dropNote.setVisible(file != null);
                    }
                });
        target.addEventHandler(
                DragEvent.DRAG_OVER,
                e -> {
                    if (dragged != null) {
                        e.acceptTransferModes(TransferMode.COPY);
                        e.consume();
                    }
                });
        target.addEventHandler(
                DragEvent.DRAG_EXITED,
                e -> {
                    dragEnds++;
                    dragged = null;
                    dropNote.setVisible(false);
                });
        target.addEventHandler(
                DragEvent.DRAG_DROPPED,
                e -> {
                    dragEnds++;
                    dragged = null;
                    dropNote.setVisible(false);
                    File file = droppable(e.getDragboard());
                    if (file != null) {
                        addForm.addFrom(file);
                    }
                    e.setDropCompleted(file != null);
                    e.consume();
                });
    }

    /** The file dragged over the switcher, while it can be dropped; null for none. */
    private File dragged;

    /** How many drags over the switcher ended (left it, or dropped). */
    private int dragEnds;

    /** The one file a drag holds, if a list can be added from it now; else null. */
    private File droppable(Dragboard board) {
        if (taxpayers.ownTaxpayerOnlyProperty().get()
                || board == null
                || !board.hasFiles()
                || board.getFiles().size() != 1) {
            return null;
        }
        File file = board.getFiles().get(0);
        return file.isFile() ? file : null;
    }

    private String pendingName;

    /**
     * Shows {@code items} in the list, keeping its selection when the list as shown changes (a
     * filter typed, another order, a taxpayer that moved): the taxpayer selected stays so while it
     * is listed, and once the filter is cleared the one shown is selected again. (A filter typed
     * replaces the list's items, and the list alone would keep the selected place, not the
     * taxpayer.) The selection is read before the list reacts to a change and set again after it.
     */
    private void keepSelection(ObservableList<TaxpayerEntry> items) {
        TaxpayerEntry[] kept = new TaxpayerEntry[1];
        items.addListener(
                (ListChangeListener<TaxpayerEntry>)
                        c -> kept[0] = list.getSelectionModel().getSelectedItem());
        list.setItems(items);
        items.addListener(
                (ListChangeListener<TaxpayerEntry>)
                        c -> {
                            TaxpayerEntry keep =
                                    shown.filterProperty().get().isBlank()
                                                    && items.contains(vm.current())
                                            ? vm.current()
                                            : kept[0];
                            // All taxpayers chosen: no one taxpayer is
                            if (keep != null
                                    && !vm.allShownProperty().get()
                                    && items.contains(keep)
                                    && list.getSelectionModel().getSelectedItem() != keep) {
                                list.getSelectionModel().select(keep);
                            }
                        });
    }

    /** "Sort: By name", the order of the list. */
    private Node orderChoice() {
        order.setId("switcher-order");
        order.getItems().setAll(ShownTaxpayers.Order.values());
        order.valueProperty().bindBidirectional(shown.orderProperty());
        Runnable names =
                () -> {
                    order.setConverter(
                            ChoiceNames.of(
                                    o ->
                                            i18n.get(
                                                    "switcher.order."
                                                            + o.name().toLowerCase(Locale.ROOT))));
                    if (order.getSkin() != null) {
                        order.setSkin(new ChoiceBoxSkin<>(order)); // sized for the new names
                    }
                };
        names.run();
        Weak.listen(order.getProperties(), (o, a, b) -> names.run(), i18n.languageProperty());
        Label label = new Label();
        label.textProperty().bind(i18n.text("switcher.order"));
        label.setLabelFor(order);
        order.accessibleTextProperty().bind(i18n.text("switcher.order"));
        order.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(order, Priority.ALWAYS);
        HBox row = new HBox(6, label, order);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** Brings the removed taxpayer back, selected in the list, which keeps focus. */
    private void undoRemove() {
        TaxpayerListViewModel.Removed r = taxpayers.lastRemovedProperty().get();
        taxpayers.undoRemove();
        if (r != null) {
            list.getItems().stream()
                    .filter(t -> r.rin().equals(t.rin()))
                    .findFirst()
                    .ifPresent(t -> list.getSelectionModel().select(t));
        }
        list.requestFocus();
    }

    private void startRename(int index) {
        list.setEditable(true);
        list.edit(index);
    }

    /**
     * Scrolls the list just enough to show a taxpayer whole (the list's own scrollTo would put it
     * at the top and move every other row out of view).
     */
    private void scrollIntoView(TaxpayerEntry entry) {
        int i = list.getItems().indexOf(entry);
        if (i >= 0 && list.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            flow.scrollTo(i);
        }
    }
}
