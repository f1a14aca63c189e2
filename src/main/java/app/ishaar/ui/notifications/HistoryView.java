package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.FocusParts;
import app.ishaar.ui.controls.TwoEndsBar;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The notification screen's view, for one taxpayer or several: the search ({@link SearchBar}), the
 * filters ({@link FiltersView}) with their notes and an error banner ({@link HistoryNotes}), the
 * paged table ({@link HistoryTable}, its columns in {@link HistoryColumns}, row copying in {@link
 * RowCopy}) beside a collapsible detail pane ({@link DetailPane} in a {@link DetailSplit}), and the
 * pager ({@link PagerView}) with the screen's actions and keys. It only binds to its {@link
 * HistoryViewModel}: every decision is the view model's. Nodes that tests look up carry ids ({@code
 * #history-table}, {@code #filter-type}, …).
 */
public final class HistoryView {
    /** The screen's own style sheet, beside the application's. */
    public static final String STYLESHEET = "/app/ishaar/ui/notifications/history.css";

    /** Opens the export dialog, as its button does. */
    static final KeyCodeCombination EXPORT = (KeyCodeCombination) Shortcut.EXPORT.key();

    /** Shows the summary or the table, as Table | Summary do. */
    static final KeyCodeCombination SUMMARY = (KeyCodeCombination) Shortcut.SUMMARY.key();

    /** Shows or hides the detail pane, as the Details button does. */
    static final KeyCodeCombination DETAILS = (KeyCodeCombination) Shortcut.DETAILS.key();

    private final HistoryViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;
    private final BorderPane root = new BorderPane();
    private final Controls controls;
    private final FiltersView filtersView;
    private final HistoryTable historyTable;
    private final TableView<Notification> table;
    private final RowCopy rowCopy;
    private final DetailSplit split;
    private final Node detailPane;
    private final PagerView pagerView;
    private final SearchBar searchBar;
    private final HandlingView handling;

    /** The filter bar, and the pager with its page field: parts of the screen F6 moves among. */
    private final Node filters;

    private final Node pager;
    private Button exportButton;
    private ExportDialog lastExport;

    /** The search, the filters and their notes: the table's, hidden while the summary shows. */
    private final VBox top;

    /** Table | Summary, once a summary is put beside the table ({@link #besideTable}). */
    private final HBox tabs = new HBox();

    /** The summary beside the table, or null. */
    private Node summary;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final ChangeListener<Object> localeChanged = (o, a, b) -> languageChanged();

    public HistoryView(HistoryViewModel viewModel, I18n i18n, SceneFactory scenes) {
        this.vm = viewModel;
        this.i18n = i18n;
        this.scenes = scenes;

        root.getStyleClass().add("history");
        root.setId("history");
        root.getStylesheets().add(HistoryView.class.getResource(STYLESHEET).toExternalForm());

        controls = new Controls(i18n);
        historyTable =
                new HistoryTable(vm, i18n, controls, scenes.textSize(), root.getProperties());
        table = historyTable.table();
        HistoryNotes notes = new HistoryNotes(vm, i18n, controls, table, root.getProperties());
        filtersView = new FiltersView(vm.filters(), i18n, controls);
        filters = filtersView.bar();
        filtersView.note(notes.newSinceNote());
        filtersView.note(notes.arrivedNote());
        filtersView.note(notes.reachNote());
        searchBar = new SearchBar(vm, i18n);
        handling =
                new HandlingView(
                        vm.handling(), i18n, controls, table, vm.labels(), root.getProperties());
        top =
                new VBox(
                        searchBar.root(),
                        filters,
                        filtersView.chips(),
                        notes.banner(),
                        handling.outcomeBar(),
                        handling.assignBar());
        root.setTop(top);
        detailPane = new DetailPane(vm.detail(), i18n, handling.detailPart()).root();
        split =
                new DetailSplit(
                        historyTable.root(),
                        detailPane,
                        vm.layout(),
                        vm.table().selectedProperty(),
                        scenes.textSize(),
                        root.getProperties());
        root.setCenter(split.root());
        pagerView = new PagerView(vm.pager(), i18n, controls);
        pager = pagerBar();
        root.setBottom(pager);
        rowCopy = new RowCopy(table, vm.labels(), i18n);
        keys();
        // heard weakly: the screen's view model outlives a view the window let go
        Weak.listen(
                root.getProperties(),
                (o, was, now) -> showPart(),
                vm.layout().summaryShownProperty());

        Weak.listen(
                localeChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
    }

    public Parent root() {
        return root;
    }

    /** The table of notifications (for the shell's focus handling). */
    public TableView<Notification> table() {
        return table;
    }

    /**
     * Remembers in the view model which row the table shows first, for a screen made again in its
     * place (see {@link HistoryViewModel#leftAtProperty()}). Called as the screen is left.
     */
    public void rememberPlace() {
        historyTable.rememberPlace();
    }

    /**
     * Puts {@code summaryRoot} beside the table: the screen then offers Table | Summary (and its
     * key), the summary in the table's place while it is chosen ({@link
     * LayoutViewModel#summaryShownProperty()}), the search, filters and pager with the table.
     */
    public void besideTable(Node summaryRoot) {
        summary = summaryRoot;
        ToggleGroup group = new ToggleGroup();
        ToggleButton tableTab = tab("screen-table", "screen.table", group);
        ToggleButton summaryTab = tab("screen-summary", "screen.summary", group);
        summaryTab.setTooltip(
                Buttons.tooltip(i18n.text("screen.summary.tooltip", SUMMARY.getDisplayText())));
        tableTab.setTooltip(
                Buttons.tooltip(i18n.text("screen.summary.tooltip", SUMMARY.getDisplayText())));
        BooleanProperty shown = vm.layout().summaryShownProperty();
        group.selectToggle(shown.get() ? summaryTab : tableTab);
        group.selectedToggleProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now == null) {
                                group.selectToggle(was); // one of the two is always chosen
                            } else {
                                shown.set(now == summaryTab);
                            }
                        });
        Weak.<Boolean>listen(
                root.getProperties(),
                (o, was, now) -> group.selectToggle(now ? summaryTab : tableTab),
                shown);
        tabs.getChildren().setAll(tableTab, summaryTab);
        tabs.getStyleClass().add("screen-tabs");
        tabs.setId("screen-tabs");
        tabs.setPadding(new Insets(6, 8, 0, 8));
        showPart();
    }

    private ToggleButton tab(String id, String key, ToggleGroup group) {
        ToggleButton b = new ToggleButton();
        b.setId(id);
        b.textProperty().bind(i18n.text(key));
        b.setToggleGroup(group);
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    /** The table with its search, filters and pager, or the summary in their place. */
    private void showPart() {
        if (summary == null) {
            return;
        }
        top.getChildren().remove(tabs);
        if (vm.layout().summaryShownProperty().get()) {
            root.setTop(tabs);
            root.setCenter(summary);
            root.setBottom(null);
        } else {
            top.getChildren().add(0, tabs);
            root.setTop(top);
            root.setCenter(split.root());
            root.setBottom(pager);
        }
    }

    /** Puts the keyboard in the search field, its text selected (Ctrl+F). */
    public void focusSearch() {
        searchBar.field().requestFocus();
        searchBar.field().selectAll();
    }

    private void languageChanged() {
        searchBar.languageChanged(i18n);
        filtersView.languageChanged();
        pagerView.languageChanged();
        historyTable.languageChanged();
    }

    // ---------------------------------------------------------------- pager and actions

    private Node pagerBar() {
        Button refresh = controls.button("history.refresh", "history.refresh.tooltip", vm::refresh);
        refresh.setId("history-refresh");
        ToggleButton details = new ToggleButton();
        details.setId("history-details");
        details.textProperty().bind(i18n.text("history.details"));
        details.setTooltip(
                Buttons.tooltip(i18n.text("history.details.tooltip", DETAILS.getDisplayText())));
        details.selectedProperty().bindBidirectional(vm.layout().detailVisibleProperty());
        Button export = controls.button("history.export", null, this::openExport);
        export.setId("history-export");
        export.setTooltip(
                Buttons.tooltip(i18n.text("history.export.tooltip", EXPORT.getDisplayText())));
        exportButton = export;

        // where the pager and the actions do not fit on one line, the actions go under it (no word
        // cut)
        Node pagerRow = pagerView.root();
        Node[] actions = {handling.menu(), refresh, details, export};
        for (Node n : actions) {
            ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox actionGroup = new HBox(actions);
        actionGroup.getStyleClass().add("pager-group");
        actionGroup.setAlignment(Pos.CENTER_RIGHT);
        TwoEndsBar bar = new TwoEndsBar(pagerRow, actionGroup, 6);
        bar.getStyleClass().add("pager");
        bar.setId("pager");
        return bar;
    }

    private void openExport() {
        lastExport =
                new ExportDialog(
                        vm,
                        i18n,
                        scenes,
                        root.getScene() == null ? null : root.getScene().getWindow());
        lastExport.show();
    }

    /** The export dialog opened last, or null (tests). */
    public ExportDialog lastExportDialog() {
        return lastExport;
    }

    // ---------------------------------------------------------------- keys

    /**
     * The parts of the screen F6 moves among, in reading order (the main window puts its taxpayer
     * list before them): the filters, the table, the detail while it shows a notification, the
     * pager.
     */
    public List<FocusParts.Part> focusParts() {
        List<FocusParts.Part> parts = new ArrayList<>();
        parts.add(new FocusParts.Part(searchBar.root(), searchBar.field()));
        parts.add(new FocusParts.Part(filters, filtersView.first()));
        parts.add(new FocusParts.Part(table, table));
        if (split.showsDetail()) {
            parts.add(new FocusParts.Part(detailPane, detailPane.lookup("#detail-id")));
        }
        parts.add(new FocusParts.Part(pager, pagerView.pageField()));
        return parts;
    }

    private void keys() {
        table.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (RowCopy.COPY.match(e)) {
                        rowCopy.copy();
                        e.consume();
                    } else if (e.getCode() == KeyCode.ESCAPE
                            && !table.getSelectionModel().isEmpty()) {
                        // the choice let go (the detail says none is chosen)
                        table.getSelectionModel().clearSelection();
                        e.consume();
                    } else if (e.getCode() == KeyCode.PAGE_DOWN && !e.isShortcutDown()) {
                        vm.pager().next();
                        e.consume();
                    } else if (e.getCode() == KeyCode.PAGE_UP && !e.isShortcutDown()) {
                        vm.pager().previous();
                        e.consume();
                    }
                });
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (handling.key(e, () -> vm.layout().detailVisibleProperty().set(true))) {
                        e.consume();
                    } else if (Shortcut.FIND.matches(e)) {
                        vm.layout().summaryShownProperty().set(false);
                        focusSearch();
                        e.consume();
                    } else if (e.getCode() == KeyCode.F5) {
                        vm.refresh();
                        e.consume();
                    } else if (EXPORT.match(e)
                            && exportButton != null
                            && !exportButton.isDisabled()
                            && !vm.layout().summaryShownProperty().get()) {
                        exportButton.fire();
                        e.consume();
                    } else if (SUMMARY.match(e) && summary != null) {
                        vm.layout()
                                .summaryShownProperty()
                                .set(!vm.layout().summaryShownProperty().get());
                        e.consume();
                    } else if (DETAILS.match(e)) {
                        vm.layout()
                                .detailVisibleProperty()
                                .set(!vm.layout().detailVisibleProperty().get());
                        e.consume();
                    } else if (Shortcut.PAGE_BY_ARROW.matches(e)) {
                        // Alt+arrow pages in the reading direction: in Arabic, left is forward
                        boolean rtl =
                                root.getEffectiveNodeOrientation() == NodeOrientation.RIGHT_TO_LEFT;
                        if (e.getCode() == PagerView.pagingArrowKey(true, rtl)) {
                            vm.pager().next();
                        } else {
                            vm.pager().previous();
                        }
                        e.consume();
                    }
                });
    }
}
