package app.ishaar.ui.main;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.taxpayers.SyncTexts;
import app.ishaar.ui.taxpayers.SyncViewModel;
import app.ishaar.ui.taxpayers.TaxpayerEntry;
import app.ishaar.ui.taxpayers.TaxpayerListViewModel;
import app.ishaar.ui.taxpayers.TaxpayerSyncStatus;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.collections.MapChangeListener;
import javafx.collections.WeakMapChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * A taxpayer in the switcher: name, RIN (left-to-right), and its state; F2 or the menu renames. Its
 * parts are made once and follow the shown taxpayer's name (in the UI language when it has none),
 * RIN and state, so a change of one taxpayer, or of the language, redraws the rows concerned only
 * (a refresh of the whole list made every row anew, and reset a rename under way).
 */
final class TaxpayerCell extends ListCell<TaxpayerEntry> {
    private final I18n i18n;
    private final TaxpayerListViewModel taxpayers;
    private final Consumer<String> namePicked;
    private final IntConsumer startRename;
    private final TextField editor = new TextField();
    private final SyncViewModel listSync;
    private final SyncTexts inboxTexts;

    /** Where its sync stands: last synced, syncing, waiting its turn, or why not. */
    private Label sync;

    private MenuItem syncNow;

    /** Whether the shown taxpayer's RIN is not known yet (nothing to sync by). */
    private final javafx.beans.property.BooleanProperty noSyncKey =
            new javafx.beans.property.SimpleBooleanProperty(true);

    /** A change of the shown taxpayer's sync redraws the row (heard weakly: cells come and go). */
    private final MapChangeListener<Rin, TaxpayerSyncStatus> syncChanged =
            c -> {
                TaxpayerEntry now = getItem();
                if (now != null && c.getKey().equals(syncKey(now))) {
                    render();
                }
            };

    /**
     * The row's parts, made when the cell first shows a taxpayer (most cells of the list stay
     * empty).
     */
    private Label name;

    private Label rin;
    private Label state;

    /** How many new notifications its history counted: "3 new". */
    private Label arrived;

    /** How many of its notifications are to handle: "4 to handle". */
    private Label toHandle;

    /** New counts to handle redraw the row (heard weakly: cells come and go). */
    private final InvalidationListener countsChanged = o -> render();

    private HBox line;

    /**
     * Rename and Remove (the own taxpayer: Rename only), made when the cell first shows a taxpayer.
     */
    private ContextMenu menu;

    private MenuItem rename;
    private MenuItem remove;
    private final InvalidationListener redraw = o -> render();
    private TaxpayerEntry shown;

    /**
     * @param namePicked told the name typed in the row's editor, before its edit commits
     * @param startRename starts a rename of the row at this index (the menu's Rename)
     */
    TaxpayerCell(
            I18n i18n,
            TaxpayerListViewModel taxpayers,
            Consumer<String> namePicked,
            IntConsumer startRename,
            SyncViewModel listSync) {
        this.listSync = listSync;
        // as wide as the list, never wider: a long name or sync line is cut short (its whole words
        // in a tooltip), where a row as wide as its words would push the marks at its far end out
        // of view and give the list a sideways scroll bar
        setPrefWidth(0);
        this.inboxTexts = new SyncTexts(i18n);
        listSync.statuses().addListener(new WeakMapChangeListener<>(syncChanged));
        taxpayers
                .toHandle()
                .countsProperty()
                .addListener(new javafx.beans.WeakInvalidationListener(countsChanged));
        this.i18n = i18n;
        this.taxpayers = taxpayers;
        this.namePicked = namePicked;
        this.startRename = startRename;
        editor.setOnAction(
                e -> {
                    namePicked.accept(editor.getText());
                    commitEdit(getItem());
                    getListView().setEditable(false);
                    getListView().requestFocus();
                    e.consume();
                });
        editor.textProperty()
                .addListener(
                        (o, a, typed) -> {
                            if (isEditing() && getItem() != null) {
                                ListRename.Draft d = ListRename.kept(getListView(), getItem());
                                ListRename.keep(
                                        getListView(), getItem(), typed, d == null || d.keys());
                            }
                        });
        // the keyboard leaving the editor while its row stays (the user went elsewhere), not
        // while the list moves the edit to another of its rows
        editor.focusedProperty()
                .addListener(
                        (o, was, focused) -> {
                            if (isEditing()
                                    && getItem() != null
                                    && isVisible()
                                    && getScene() != null
                                    && !ListRename.moving(getListView())) {
                                ListRename.keep(
                                        getListView(), getItem(), editor.getText(), focused);
                            }
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
        toHandle = new Label();
        toHandle.getStyleClass().add("taxpayer-to-handle");
        toHandle.managedProperty().bind(toHandle.visibleProperty());
        toHandle.setMinWidth(Region.USE_PREF_SIZE);
        // the marks at the row's far end keep their size; the name and sync words give way
        state.setMinWidth(Region.USE_PREF_SIZE);
        arrived.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        sync = new Label();
        sync.setId("taxpayer-sync");
        sync.getStyleClass().addAll("taxpayer-sync", "muted");
        // one line, cut short: a row keeps its height as its sync's words change (a taller row
        // would push the rows below it, an edited one with the keyboard, out of view); the whole
        // words in its tooltip
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(sync.textProperty());
        sync.setTooltip(whole);
        sync.managedProperty().bind(sync.visibleProperty());
        line = new HBox(6, new VBox(0, name, rin, sync), spacer, toHandle, arrived, state);
        line.setAlignment(Pos.CENTER_LEFT);
    }

    @Override
    public void startEdit() {
        if (getItem() == null) {
            return;
        }
        super.startEdit();
        ListRename.keepTheKeysInTheEdit(getListView());
        ListRename.Draft kept = ListRename.kept(getListView(), getItem());
        setText(null);
        setGraphic(editor);
        if (kept != null) {
            editor.setText(kept.text());
            if (kept.keys()) {
                editor.requestFocus();
            }
            editor.positionCaret(kept.text().length());
        } else {
            // the own taxpayer from the name it shows (the token's, until the user gives one)
            editor.setText(
                    getItem().isOwn() && getItem().hasName()
                            ? getItem().label()
                            : getItem().nameProperty().get());
            editor.requestFocus();
            editor.selectAll();
            ListRename.keep(getListView(), getItem(), editor.getText(), true);
        }
    }

    @Override
    public void cancelEdit() {
        ListView<TaxpayerEntry> list = getListView();
        // the list still edits, at another row than this cell's now: the edit moves, not ends
        boolean moving =
                list != null && list.getEditingIndex() >= 0 && list.getEditingIndex() != getIndex();
        if (moving) {
            ListRename.moving(list, super::cancelEdit);
        } else {
            super.cancelEdit();
            forgetDraft();
        }
        render();
    }

    @Override
    public void commitEdit(TaxpayerEntry e) {
        super.commitEdit(e);
        forgetDraft();
        render(); // the edit is over: the row's parts again
    }

    private void forgetDraft() {
        if (getListView() != null) {
            ListRename.forget(getListView());
        }
    }

    /** The row's editor while it edits. */
    TextField editor() {
        return editor;
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

    private static final javafx.css.PseudoClass PROBLEM =
            javafx.css.PseudoClass.getPseudoClass("problem");

    /**
     * The RIN its sync is known by: its own, or the token's for the ERP's own; null when unknown.
     */
    private static Rin syncKey(TaxpayerEntry e) {
        String r = e.displayRinProperty().get();
        return r != null && Rin.isValid(r) ? Rin.of(r) : null;
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
        Rin counted = syncKey(e);
        long count = taxpayers.toHandle().of(counted);
        toHandle.setText(count <= 0 ? "" : i18n.get("switcher.toHandle", count));
        toHandle.setVisible(count > 0);
        // read whole by a screen reader: the row shows its parts as a graphic, which it would
        // not read
        setAccessibleText(
                count <= 0
                        ? e.spokenText()
                        : e.spokenText() + i18n.get("switcher.row.separator") + toHandle.getText());
        TaxpayerEntry.State s = e.stateProperty().get();
        state.setText(
                switch (s) {
                    case READY -> "●";
                    case FAILED -> "!";
                    case CONNECTING -> "…";
                    case IDLE -> "";
                });
        String stateClass = s.name().toLowerCase(Locale.ROOT);
        state.getStyleClass().removeIf(c -> !c.equals("taxpayer-state") && !c.equals(stateClass));
        if (!state.getStyleClass().contains(stateClass)) {
            state.getStyleClass().add(stateClass);
        }
        if (menu == null) {
            rename = MainMenu.item(i18n, "switcher.rename", null);
            rename.setOnAction(x -> startRename.accept(getIndex()));
            remove = MainMenu.item(i18n, "switcher.remove", null);
            remove.setOnAction(x -> taxpayers.remove(getItem()));
            syncNow = MainMenu.item(i18n, "inbox.syncNow", null);
            // offline it waits for the service, and says so (a menu item shows no tooltip)
            syncNow.textProperty()
                    .bind(
                            Bindings.when(listSync.offlineProperty())
                                    .then(i18n.text("inbox.syncNow.offline"))
                                    .otherwise(i18n.text("inbox.syncNow")));
            syncNow.disableProperty().bind(noSyncKey.or(listSync.offlineProperty()));
            syncNow.setOnAction(
                    x -> {
                        Rin k = getItem() == null ? null : syncKey(getItem());
                        if (k != null) {
                            listSync.syncNow(k);
                        }
                    });
            menu = new ContextMenu(syncNow, rename, remove);
        }
        Rin key0 = syncKey(e);
        TaxpayerSyncStatus status = key0 == null ? null : listSync.status(key0);
        sync.setText(status == null ? "" : inboxTexts.syncStatus(status, listSync.clock()));
        sync.setVisible(status != null);
        sync.pseudoClassStateChanged(PROBLEM, status != null && status.problem() != null);
        noSyncKey.set(key0 == null);
        // the ERP's own taxpayer can be renamed, not removed
        String key = e.isOwn() ? "own" : e.rin();
        rename.setId("rename-" + key);
        syncNow.setId("sync-" + key);
        remove.setId("remove-" + key);
        remove.setVisible(!e.isOwn());
        setContextMenu(menu);
        if (!isEditing()) {
            setText(null);
            setGraphic(line);
        }
    }
}
