package app.ishaar.ui.main;

import app.ishaar.core.settings.TaxpayerRows;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.ContextMenus;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListTexts;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import java.io.File;
import java.util.Locale;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextAlignment;
import javafx.stage.FileChooser;

/**
 * The main window's taxpayer list (the switcher): a search by RIN or name (Ctrl+T), the profile's
 * taxpayers with their state (Enter or a click opens one; F2 or the menu renames, Delete removes),
 * and the form to add one, or, for a taxpayer's own system, why there is none. It binds to the
 * window's {@link MainWindowViewModel} for which taxpayer is shown, and to its {@link
 * TaxpayerListViewModel} for the list, whose answers {@link TaxpayerListTexts} puts in words.
 */
final class SwitcherView {
    private final MainWindowViewModel vm;
    private final TaxpayerListViewModel taxpayers;
    private final TaxpayerListTexts texts;
    private final I18n i18n;
    private final TextField search = new TextField();
    private final ListView<TaxpayerEntry> list = new ListView<>();
    private final Node root;

    SwitcherView(MainWindowViewModel vm, I18n i18n) {
        this.vm = vm;
        this.taxpayers = vm.taxpayers();
        this.texts = new TaxpayerListTexts(i18n);
        this.i18n = i18n;
        this.root = make();
    }

    Node root() {
        return root;
    }

    /** The search field (Ctrl+T). */
    TextField search() {
        return search;
    }

    /** What F6 focuses: the list, or the search field while the list is empty. */
    Node keyboardPlace() {
        return list.getItems().isEmpty() ? search : list;
    }

    private Node make() {
        Label title = new Label();
        title.textProperty().bind(i18n.text("switcher.title"));
        title.getStyleClass().add("subheading");

        search.setId("switcher-search");
        search.promptTextProperty()
                .bind(i18n.text("switcher.search.prompt", Shortcut.SWITCH_TAXPAYER.displayText()));
        search.textProperty().bindBidirectional(taxpayers.filterProperty());
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
        list.setItems(taxpayers.filteredEntries());
        list.setEditable(false); // only F2 or the menu starts a rename; a click never does
        list.setCellFactory(lv -> new TaxpayerCell());
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
        // filtering rebuilds the visible list: keep the shown taxpayer selected when it is listed
        taxpayers
                .filteredEntries()
                .addListener(
                        (ListChangeListener<TaxpayerEntry>)
                                c -> {
                                    if (list.getItems().contains(vm.current())
                                            && list.getSelectionModel().getSelectedItem()
                                                    != vm.current()
                                            && taxpayers.filterProperty().get().isBlank()) {
                                        list.getSelectionModel().select(vm.current());
                                    }
                                });
        list.setOnMouseClicked(
                e -> {
                    TaxpayerEntry pick = list.getSelectionModel().getSelectedItem();
                    if (pick != null && pick != vm.current() && e.getClickCount() == 1) {
                        vm.switchTo(pick);
                    }
                });
        list.addEventHandler(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER && list.getEditingIndex() < 0) {
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
                    } else if (UNDO_REMOVE.match(e)
                            && taxpayers.lastRemovedProperty().get() != null) {
                        undoRemove();
                        e.consume();
                    }
                });
        list.setOnEditCommit(e -> taxpayers.rename(e.getNewValue(), pendingName));
        list.setOnEditCancel(e -> list.setEditable(false));
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

        TitledPane add = addForm();
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
        VBox box = new VBox(6, title, search, listPlace, undoBar(), add, ownOnly);
        box.setId("switcher");
        box.setPadding(new Insets(10));
        box.getStyleClass().add("switcher");
        acceptDroppedFile(box, dropNote);
        return box;
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
                        addFrom(file);
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

    /** Adds the taxpayers a file lists; the add form opens to say what it added, or why nothing. */
    private void addFrom(File file) {
        addPane.setExpanded(true);
        lastFolder = file.getParentFile();
        taxpayers
                .addFrom(file.toPath())
                .thenAccept(
                        r -> {
                            addMessage
                                    .textProperty()
                                    .bind(
                                            Bindings.createStringBinding(
                                                    () -> texts.fileAdded(r),
                                                    i18n.languageProperty(),
                                                    i18n.latinDigitsProperty()));
                            style(addMessage, r.isError());
                            addMessage.setVisible(true);
                        });
    }

    /** The folder of the list added last from a file, where the next choice starts. */
    private File lastFolder;

    /** The chooser From a file… opens: CSV and text files, or all. */
    private FileChooser fileChooser() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(i18n.get("switcher.file.title"));
        if (lastFolder != null && lastFolder.isDirectory()) {
            chooser.setInitialDirectory(lastFolder);
        }
        chooser.getExtensionFilters()
                .setAll(
                        new FileChooser.ExtensionFilter(
                                i18n.get("switcher.file.filter"),
                                "*.csv",
                                "*.CSV",
                                "*.txt",
                                "*.TXT",
                                "*.tsv",
                                "*.TSV"),
                        new FileChooser.ExtensionFilter(i18n.get("switcher.file.filter.all"), "*"));
        return chooser;
    }

    private String pendingName;

    /** Ctrl+Z in the list (Cmd+Z on macOS): the taxpayer removed last comes back. */
    static final KeyCombination UNDO_REMOVE = Shortcut.UNDO_REMOVE.key();

    /** "Removed … (RIN)." and Undo, under the list while a removed taxpayer can come back. */
    private Node undoBar() {
        Label removed = new WrappingLabel();
        removed.setId("switcher-removed");
        removed.getStyleClass().add("muted");
        removed.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> texts.removed(taxpayers.lastRemovedProperty().get()),
                                taxpayers.lastRemovedProperty(),
                                i18n.languageProperty()));
        Button undo = new Button();
        undo.setId("switcher-undo");
        undo.textProperty().bind(i18n.text("switcher.undo"));
        undo.setTooltip(
                Buttons.tooltip(i18n.text("switcher.undo.tooltip", UNDO_REMOVE.getDisplayText())));
        undo.setOnAction(e -> undoRemove());
        undo.setMinWidth(Region.USE_PREF_SIZE);
        // the offer can be put away (it also goes with the next removal, an undo or a log out)
        Button dismiss =
                Buttons.icon(
                        "switcher-undo-dismiss",
                        "icon-close",
                        i18n.text("switcher.undo.dismiss"),
                        () -> {
                            taxpayers.dismissUndo();
                            list.requestFocus();
                        });
        dismiss.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(removed, Priority.ALWAYS);
        removed.setMaxWidth(Double.MAX_VALUE);
        HBox bar = new HBox(6, removed, undo, dismiss);
        bar.setId("switcher-undo-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.visibleProperty().bind(taxpayers.lastRemovedProperty().isNotNull());
        bar.managedProperty().bind(bar.visibleProperty());
        return bar;
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

    /** The add form, and its message: what was added, or why not. */
    private TitledPane addPane;

    private Label addMessage;

    private TitledPane addForm() {
        Label error = new WrappingLabel();
        addMessage = error;
        // rows pasted into the number (copied from a spreadsheet or a CSV file) add a taxpayer each
        TextField rin =
                new TextField() {
                    @Override
                    public void paste() {
                        String text = Clipboard.getSystemClipboard().getString();
                        if (TaxpayerRows.isList(text)) {
                            showListAdded(error, taxpayers.addAll(text));
                        } else {
                            super.paste();
                        }
                    }
                };
        rin.setId("add-rin");
        Bidi.leftToRight(rin);
        rin.promptTextProperty().bind(i18n.text("switcher.add.rin"));
        TextField name = new TextField();
        name.setId("add-name");
        name.promptTextProperty().bind(i18n.text("switcher.add.name"));
        error.setId("add-error");
        error.getStyleClass().add("error-text");
        error.setVisible(false);
        error.managedProperty().bind(error.visibleProperty());
        Button add = new Button();
        add.setId("add-button");
        add.textProperty().bind(i18n.text("switcher.add"));
        Runnable doAdd =
                () -> {
                    String problem =
                            TaxpayerListTexts.problemKey(
                                    taxpayers.add(rin.getText(), name.getText()));
                    if (problem != null) {
                        error.textProperty().bind(i18n.text(problem));
                        style(error, true);
                        error.setVisible(true);
                    } else {
                        error.setVisible(false);
                        rin.clear();
                        name.clear();
                    }
                };
        add.setOnAction(e -> doAdd.run());
        rin.setOnAction(e -> doAdd.run());
        name.setOnAction(e -> doAdd.run());
        rin.textProperty().addListener((o, a, b) -> error.setVisible(false));
        Button fromFile = new Button();
        fromFile.setId("add-file");
        fromFile.textProperty().bind(i18n.text("switcher.file"));
        fromFile.setTooltip(Buttons.tooltip(i18n.text("switcher.file.tooltip")));
        fromFile.setOnAction(
                e -> {
                    File file = fileChooser().showOpenDialog(fromFile.getScene().getWindow());
                    if (file != null) {
                        addFrom(file);
                    }
                });
        HBox buttons = new HBox(6, add, fromFile);
        GridPane form = new GridPane();
        form.setVgap(4);
        form.add(rin, 0, 0);
        form.add(name, 0, 1);
        form.add(buttons, 0, 2);
        form.add(error, 0, 3);
        Label hint = new WrappingLabel();
        hint.setId("add-hint");
        hint.getStyleClass().add("muted");
        hint.textProperty().bind(i18n.text("switcher.add.pasteHint"));
        form.add(hint, 0, 4);
        GridPane.setHgrow(rin, Priority.ALWAYS);
        GridPane.setHgrow(name, Priority.ALWAYS);
        TitledPane pane = new TitledPane();
        pane.setId("add-pane");
        pane.textProperty().bind(i18n.text("switcher.add.title"));
        pane.setContent(form);
        pane.setExpanded(false);
        pane.setAnimated(false);
        addPane = pane;
        return pane;
    }

    /**
     * Says what a pasted list added and, as an error, the rows it left out (in the UI's language,
     * live).
     */
    private void showListAdded(Label message, TaxpayerListViewModel.ListAdded added) {
        message.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> texts.listAdded(added),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
        style(message, !added.leftOut().isEmpty());
        message.setVisible(true);
    }

    /** The form's message as an error, or as a quiet note. */
    private static void style(Label message, boolean error) {
        message.getStyleClass().removeAll("error-text", "muted");
        message.getStyleClass().add(error ? "error-text" : "muted");
    }

    /**
     * A taxpayer in the switcher: name, RIN (left-to-right), and its state; F2 or the menu renames.
     * Its parts are made once and follow the shown taxpayer's name (in the UI language when it has
     * none), RIN and state, so a change of one taxpayer, or of the language, redraws the rows
     * concerned only (a refresh of the whole list made every row anew, and reset a rename under
     * way).
     */
    private final class TaxpayerCell extends ListCell<TaxpayerEntry> {
        private final TextField editor = new TextField();

        /**
         * The row's parts, made when the cell first shows a taxpayer (most cells of the list stay
         * empty).
         */
        private Label name;

        private Label rin;
        private Label state;

        /** How many new notifications its history counted: "3 new". */
        private Label arrived;

        private HBox line;

        /**
         * Rename and Remove (the own taxpayer: Rename only), made when the cell first shows a
         * taxpayer.
         */
        private ContextMenu menu;

        private MenuItem rename;
        private MenuItem remove;
        private final InvalidationListener redraw = o -> render();
        private TaxpayerEntry shown;

        TaxpayerCell() {
            editor.setOnAction(
                    e -> {
                        pendingName = editor.getText();
                        commitEdit(getItem());
                        getListView().setEditable(false);
                        getListView().requestFocus();
                        e.consume();
                    });
            editor.addEventHandler(
                    KeyEvent.KEY_PRESSED,
                    e -> {
                        if (e.getCode() == KeyCode.ESCAPE) {
                            cancelEdit();
                            e.consume();
                        }
                    });
        }

        private void makeParts() {
            name = new Label();
            name.getStyleClass().add("taxpayer-name");
            rin = new Label();
            rin.getStyleClass().add("muted");
            Bidi.leftToRight(rin);
            state = new Label();
            state.getStyleClass().add("taxpayer-state");
            arrived = new Label();
            arrived.getStyleClass().add("taxpayer-arrived");
            arrived.managedProperty().bind(arrived.visibleProperty());
            Region spacer = new Region();
            HBox.setHgrow(spacer, Priority.ALWAYS);
            line = new HBox(6, new VBox(0, name, rin), spacer, arrived, state);
            line.setAlignment(Pos.CENTER_LEFT);
        }

        @Override
        public void startEdit() {
            if (getItem() == null) {
                return;
            }
            super.startEdit();
            // the own taxpayer from the name it shows (the token's, until the user gives one)
            editor.setText(
                    getItem().isOwn() && getItem().hasName()
                            ? getItem().label()
                            : getItem().nameProperty().get());
            setText(null);
            setGraphic(editor);
            editor.requestFocus();
            editor.selectAll();
        }

        @Override
        public void cancelEdit() {
            super.cancelEdit();
            render();
        }

        @Override
        public void commitEdit(TaxpayerEntry e) {
            super.commitEdit(e);
            render(); // the edit is over: the row's parts again
        }

        @Override
        protected void updateItem(TaxpayerEntry e, boolean empty) {
            super.updateItem(e, empty);
            TaxpayerEntry now = empty ? null : e;
            if (now != shown) {
                if (shown != null) {
                    shown.labelText().removeListener(redraw);
                    shown.displayRinProperty().removeListener(redraw);
                    shown.stateProperty().removeListener(redraw);
                    shown.arrivedProperty().removeListener(redraw);
                }
                shown = now;
                if (now != null) {
                    now.labelText().addListener(redraw);
                    now.displayRinProperty().addListener(redraw);
                    now.stateProperty().addListener(redraw);
                    now.arrivedProperty().addListener(redraw);
                }
            }
            render();
        }

        /** Shows the taxpayer's name, RIN and state (the parts stay; their texts change). */
        private void render() {
            TaxpayerEntry e = shown;
            if (e == null) {
                setText(null);
                setGraphic(null);
                setContextMenu(null);
                setId(null);
                setAccessibleText(null);
                return;
            }
            if (line == null) {
                makeParts();
            }
            setId("taxpayer-" + (e.rin() == null ? "own" : e.rin()));
            name.setText(e.label());
            // a name the user or the service gave: data, in whatever script
            if (!e.hasName()) {
                name.getStyleClass().remove("data");
            } else if (!name.getStyleClass().contains("data")) {
                name.getStyleClass().add("data");
            }
            String rinText = e.displayRinProperty().get();
            rin.setText(rinText == null ? "" : rinText);
            arrived.setText(e.arrivedText());
            arrived.setVisible(!arrived.getText().isEmpty());
            // read whole by a screen reader: the row shows its parts as a graphic, which it would
            // not read
            setAccessibleText(e.spokenText());
            TaxpayerEntry.State s = e.stateProperty().get();
            state.setText(
                    switch (s) {
                        case READY -> "●";
                        case FAILED -> "!";
                        case CONNECTING -> "…";
                        case IDLE -> "";
                    });
            String stateClass = s.name().toLowerCase(Locale.ROOT);
            state.getStyleClass()
                    .removeIf(c -> !c.equals("taxpayer-state") && !c.equals(stateClass));
            if (!state.getStyleClass().contains(stateClass)) {
                state.getStyleClass().add(stateClass);
            }
            if (menu == null) {
                rename = MainWindowView.item(i18n, "switcher.rename", null);
                rename.setOnAction(x -> startRename(getIndex()));
                remove = MainWindowView.item(i18n, "switcher.remove", null);
                remove.setOnAction(x -> taxpayers.remove(getItem()));
                menu = new ContextMenu(rename, remove);
            }
            // the ERP's own taxpayer can be renamed, not removed
            String key = e.isOwn() ? "own" : e.rin();
            rename.setId("rename-" + key);
            remove.setId("remove-" + key);
            remove.setVisible(!e.isOwn());
            setContextMenu(menu);
            if (!isEditing()) {
                setText(null);
                setGraphic(line);
            }
        }
    }
}
