package app.ishaar.ui.history;

import app.ishaar.core.model.Notification;
import app.ishaar.core.settings.HistoryPrefs;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.ContextMenus;
import app.ishaar.ui.controls.FocusParts;
import app.ishaar.ui.controls.TwoEndsBar;
import app.ishaar.ui.desktop.Clipboards;
import app.ishaar.ui.fx.AfterAMoment;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.css.PseudoClass;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The history screen's view (issue #5): the filters ({@link FiltersView}), an error banner, the
 * paged table with a collapsible detail pane ({@link DetailPane}), and the pager ({@link
 * PagerView}) with the screen's actions. It only binds to its {@link HistoryViewModel}: every
 * decision is the view model's. Nodes that tests look up carry ids ({@code #history-table}, {@code
 * #filter-type}, …).
 */
public final class HistoryView {
    /** The screen's own style sheet, beside the application's. */
    public static final String STYLESHEET = "/app/ishaar/ui/history/history.css";

    /** Opens the export dialog, as its button does. */
    static final KeyCodeCombination EXPORT = (KeyCodeCombination) Shortcut.EXPORT.key();

    /** Shows or hides the detail pane, as the Details button does. */
    static final KeyCodeCombination DETAILS = (KeyCodeCombination) Shortcut.DETAILS.key();

    private Button exportButton;

    private final HistoryViewModel vm;
    private final I18n i18n;
    private final SceneFactory scenes;

    /**
     * The text size: the columns' widths are remembered at the normal size, and shown larger with
     * the text (a column as wide as before would cut more of its larger text). So is the detail's
     * default width; a width the user gave it stays in pixels (its text wraps).
     */
    private final TextSize textSize;

    private final HistoryLabels labels;
    private final BorderPane root = new BorderPane();
    private final TableView<Notification> table = new TableView<>();
    private final SplitPane split = new SplitPane();
    private final Node detailPane;

    /** The filter bar, and the pager with its page field: parts of the screen F6 moves among. */
    private final Node filters;

    private final Node pager;
    private final List<Runnable> onLanguage = new ArrayList<>();
    private final Controls controls;
    private final FiltersView filtersView;
    private final PagerView pagerView;
    private final PauseTransition columnsSettle = new PauseTransition(Duration.millis(400));
    private ExportDialog lastExport;

    /** Switches for the benchmark's with/without runs. */
    static final boolean BLANK_ROWS = !"false".equals(System.getProperty("ishaar.blankRows"));

    static final boolean STEADY_SKIN = !"false".equals(System.getProperty("ishaar.steadySkin"));

    /** Whether the table shows blank rows (see {@link #showRows}). */
    private boolean blankRows;

    public HistoryView(HistoryViewModel viewModel, I18n i18n, SceneFactory scenes) {
        this.vm = viewModel;
        this.i18n = i18n;
        this.scenes = scenes;
        this.textSize = scenes.textSize();
        this.labels = viewModel.labels();

        root.getStyleClass().add("history");
        root.setId("history");
        root.getStylesheets().add(HistoryView.class.getResource(STYLESHEET).toExternalForm());

        controls = new Controls(i18n);
        filtersView = new FiltersView(vm.filters(), i18n, controls);
        filters = filtersView.bar();
        filtersView.note(newSinceNote());
        filtersView.note(arrivedNote());
        root.setTop(new VBox(filters, filtersView.chips(), banner()));
        detailPane = new DetailPane(vm.detail(), i18n).root();
        split.getItems().add(tableHolder());
        split.setId("history-split");
        root.setCenter(split);
        pagerView = new PagerView(vm.pager(), i18n, controls);
        pager = pagerBar();
        root.setBottom(pager);
        detailVisibility();
        keys();
        rowMenu();

        Weak.listen(
                localeChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
    }

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final javafx.beans.value.ChangeListener<Object> localeChanged =
            (o, a, b) -> languageChanged();

    /**
     * What the bold rows are, while the page shows one, and Mark as seen, after which they are
     * plain (the rows are drawn again).
     */
    private Node newSinceNote() {
        Node note =
                buttonNote(
                        "history-new-since",
                        "muted",
                        vm.visits().newSinceText(),
                        "history.markSeen",
                        "history.markSeen.tooltip",
                        "history-mark-seen",
                        vm.visits()::markSeen);
        // Mark as seen: the rows drawn again, plain (a first visit's start, known at its first
        // page, makes none of that page new: its rows are not made anew for it, which a window
        // just opened would feel)
        Weak.<Instant>listen(
                root.getProperties(),
                (o, was, now) -> {
                    if (was != null) {
                        table.refresh();
                    }
                },
                vm.visits().newSinceProperty());
        return note;
    }

    /**
     * How many new notifications arrived since the page came, while some did, and Show, which shows
     * them (page 1) and gives the table focus.
     */
    private Node arrivedNote() {
        return buttonNote(
                "history-arrived",
                "arrived",
                vm.arrivedText(),
                "history.arrived.show",
                "history.arrived.show.tooltip",
                "history-arrived-show",
                vm::showArrived);
    }

    /**
     * A note of the filter bar with its button, shown while its text is not empty (and taking no
     * room otherwise); the button does its action and gives the table focus.
     */
    private Node buttonNote(
            String id,
            String styleClass,
            javafx.beans.value.ObservableStringValue text,
            String buttonKey,
            String tooltipKey,
            String buttonId,
            Runnable action) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(styleClass);
        label.textProperty().bind(text);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        Button button =
                controls.button(
                        buttonKey,
                        tooltipKey,
                        () -> {
                            action.run();
                            table.requestFocus();
                        });
        button.setId(buttonId);
        HBox note = Controls.group(label, button);
        note.visibleProperty().bind(label.visibleProperty());
        note.managedProperty().bind(note.visibleProperty());
        return note;
    }

    /** A row of a notification sent since the user's last visit. */
    private static final PseudoClass NEW = PseudoClass.getPseudoClass("new");

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
        vm.leftAtProperty().set(id);
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
                () -> afterNextLayout(table.getScene(), r));
    }

    /** Runs once, after the scene's next layout pass (before that frame is drawn). */
    private static void afterNextLayout(Scene scene, Runnable r) {
        Runnable[] once = new Runnable[1];
        once[0] =
                () -> {
                    scene.removePostLayoutPulseListener(once[0]);
                    r.run();
                };
        scene.addPostLayoutPulseListener(once[0]);
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

    private void languageChanged() {
        filtersView.languageChanged();
        pagerView.languageChanged();
        onLanguage.forEach(Runnable::run);
        table.refresh();
    }

    // ---------------------------------------------------------------- banner

    private Node banner() {
        Label text = new Label();
        text.setId("history-error");
        text.getStyleClass().add("banner-text");
        text.textProperty().bind(vm.errorTexts().textProperty());
        Label detail = new WrappingLabel();
        detail.setId("history-error-detail");
        detail.getStyleClass().add("muted");
        detail.textProperty().bind(vm.errorTexts().detailProperty());
        Bidi.ownDirection(detail, i18n.orientationProperty());
        detail.visibleProperty().bind(detail.textProperty().isNotEmpty());
        detail.managedProperty().bind(detail.visibleProperty());
        Label reference = new Label();
        reference.setId("history-error-reference");
        reference.getStyleClass().add("muted");
        reference.textProperty().bind(vm.errorTexts().referenceProperty());
        reference.visibleProperty().bind(reference.textProperty().isNotEmpty());
        reference.managedProperty().bind(reference.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button retry = controls.button("history.retry", null, vm::retry);
        retry.setId("history-retry");
        Button dismiss = controls.button("history.dismiss", null, vm::dismissError);
        dismiss.setId("history-dismiss");
        VBox words = new VBox(2, text, detail, reference);
        HBox banner = new HBox(words, spacer, retry, dismiss);
        banner.getStyleClass().addAll("banner", "error");
        banner.setId("history-banner");
        banner.visibleProperty().bind(vm.errorProperty().isNotNull());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    // ---------------------------------------------------------------- table

    /**
     * Gives the table the view model's rows as a list of their own, each time they change. A change
     * of one list would cost more: the table's skin takes a list whose whole content was replaced
     * as a list of unknown length, empties every row it has (each row, cell and badge restyled as
     * empty) and fills them again; a new list of the same length is read into the rows as they are.
     * Paging through 50 pages of 100 the FX thread allocated about 42 MB instead of 60.
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
     * login's page only writes their texts (about 8 ms less from Log in to the page on screen,
     * README "Performance").
     */
    private void showRows() {
        if (BLANK_ROWS
                && vm.rows().isEmpty()
                && (vm.sessionProperty().get() == null
                        || blankRows && vm.loadingProperty().get())) {
            showBlankRows();
            return;
        }
        blankRows = false;
        Notification firstBefore = shown.isEmpty() ? null : shown.get(0);
        show(vm.rows());
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
            afterNextLayout(
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
     * reads its new notification (some milliseconds less from Log in to the page on screen, README
     * "Performance"). The selection then goes as with a new list: kept on the same notifications (a
     * refresh), found by their IDs, the one chosen last chosen last again (the detail's), else
     * cleared.
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
        // for reuse (hidden) would keep theirs until used: they release them now
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> row && !row.isVisible()) {
                row.updateIndex(-1);
            }
        }
    }

    private Node tableHolder() {
        table.setId("history-table");
        if (STEADY_SKIN) {
            table.setSkin(new SteadyRowsTableSkin<>(table)); // a page's rows keep their places
        }
        table.setItems(shown);
        showRows();
        Weak.listen(
                root.getProperties(),
                (ListChangeListener<Notification>) c -> showRows(),
                vm.rows());
        // a first load that ended without rows (none, or failed) leaves the blank rows for an empty
        // table
        Weak.<Boolean>listen(
                root.getProperties(),
                (o, was, now) -> {
                    if (!now && blankRows && vm.rows().isEmpty()) {
                        showRows();
                    }
                },
                vm.loadingProperty());
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

        List<TableColumn<Notification, Notification>> cols =
                List.of(
                        column(
                                "sent",
                                "history.column.sent",
                                180,
                                n ->
                                        i18n.get(
                                                "history.sentUtc",
                                                I18n.formatUtc(n.receivedDateTime())),
                                false),
                        column("type", "history.column.type", 175, null, false),
                        // the status third, so that a first-run window shows it beside the detail
                        // pane
                        statusColumn(),
                        column("channel", "history.column.channel", 90, null, false),
                        column("address", "history.column.address", 190, null, true),
                        column("language", "history.column.language", 85, null, false),
                        column(
                                "delivered",
                                "history.column.delivered",
                                180,
                                n ->
                                        n.deliveredDateTime() == null
                                                ? null
                                                : i18n.get(
                                                        "history.sentUtc",
                                                        I18n.formatUtc(n.deliveredDateTime())),
                                false),
                        column("attempts", "history.column.attempts", 75, null, false));
        applyColumnLayout(cols);
        watchColumnLayout();

        // several rows can be selected (Shift or Ctrl with a click or the arrows, Ctrl+A) to be
        // copied together; the detail shows the one chosen last
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, now) -> vm.select(now));
        Weak.<Notification>listen(
                root.getProperties(),
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
                vm.selectedProperty());
        // a screen made again for a taxpayer shown before (the main window keeps only the latest
        // few): the row that was chosen, chosen again, and the rows in view that were
        Notification chosen = vm.selectedProperty().get();
        if (chosen != null && table.getItems().contains(chosen)) {
            table.getSelectionModel().select(chosen);
        }
        int top = indexOf(vm.leftAtProperty().get());
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
        ReadOnlyBooleanProperty slow =
                AfterAMoment.shown(root.getProperties(), vm.loadingProperty());
        table.opacityProperty().bind(Bindings.when(slow).then(0.55).otherwise(1.0));
        ProgressIndicator progress = new ProgressIndicator();
        progress.setId("history-progress");
        progress.visibleProperty().bind(slow);
        progress.setMouseTransparent(true);
        progress.setAccessibleText(i18n.get("history.loading"));
        onLanguage.add(() -> progress.setAccessibleText(i18n.get("history.loading")));

        table.setPlaceholder(placeholder());
        StackPane holder = new StackPane(table, progress);
        holder.getStyleClass().add("table-holder");
        return holder;
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
                                    return ""; // while the first page loads, the progress indicator
                                    // says it
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

    /** A column whose cells show {@link HistoryLabels#cell} for its id (as a copied row does). */
    private TableColumn<Notification, Notification> column(
            String id,
            String key,
            double width,
            Function<Notification, String> tooltip,
            boolean leftToRight) {
        TableColumn<Notification, Notification> col = new TableColumn<>();
        col.setId(id);
        col.textProperty().bind(i18n.text(key));
        col.setPrefWidth(width * scale());
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setSortable(false); // the service orders by date; sorting one page would mislead
        col.setCellFactory(
                c ->
                        new TableCell<>() {
                            /**
                             * Made when the pointer first rests on the cell: a tooltip per cell
                             * made with the cell cost more than the rest of the row, and only the
                             * pointer can show it.
                             */
                            private Tooltip tip;

                            {
                                if (leftToRight) {
                                    setNodeOrientation(NodeOrientation.LEFT_TO_RIGHT);
                                    // the text reads left to right but sits at the column's
                                    // reading side, under its heading, as the other columns' do
                                    // (a language change makes the cells anew: languageChanged
                                    // refreshes the table)
                                    setAlignment(
                                            Bidi.readingSide(i18n.orientationProperty().get()));
                                }
                                if (tooltip != null) {
                                    addEventHandler(
                                            MouseEvent.MOUSE_ENTERED, e -> updateTooltip(true));
                                }
                            }

                            @Override
                            protected void updateItem(Notification n, boolean empty) {
                                super.updateItem(n, empty);
                                setText(empty || n == null ? null : labels.cell(id, n));
                                if (tip != null) {
                                    updateTooltip(false);
                                }
                            }

                            private void updateTooltip(boolean make) {
                                Notification n = getItem();
                                String t = isEmpty() || n == null ? null : tooltip.apply(n);
                                if (t == null) {
                                    setTooltip(null);
                                    return;
                                }
                                if (tip == null) {
                                    if (!make) {
                                        return;
                                    }
                                    tip = new Tooltip();
                                }
                                tip.setText(t);
                                if (getTooltip() != tip) {
                                    setTooltip(tip);
                                }
                            }
                        });
        return col;
    }

    private TableColumn<Notification, Notification> statusColumn() {
        TableColumn<Notification, Notification> col = new TableColumn<>();
        col.setId("status");
        col.textProperty().bind(i18n.text("history.column.status"));
        col.setPrefWidth(110 * scale());
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(
                c ->
                        new TableCell<>() {
                            private final Label badge = StatusBadge.create();

                            @Override
                            protected void updateItem(Notification n, boolean empty) {
                                super.updateItem(n, empty);
                                setText(null);
                                if (empty) {
                                    setGraphic(null);
                                    return;
                                }
                                setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
                                setGraphic(badge); // a blank row's too, hidden: attached, it is not
                                // styled anew when the row fills
                                if (n == null) {
                                    badge.setVisible(false);
                                    badge.setText(null);
                                    StatusBadge.setKind(badge, null);
                                    return;
                                }
                                badge.setText(labels.cell("status", n));
                                StatusBadge.setKind(badge, HistoryLabels.statusStyle(n.status()));
                                badge.setVisible(true);
                            }
                        });
        return col;
    }

    private void applyColumnLayout(List<TableColumn<Notification, Notification>> cols) {
        Map<String, TableColumn<Notification, Notification>> byId = new HashMap<>();
        cols.forEach(c -> byId.put(c.getId(), c));
        List<TableColumn<Notification, Notification>> ordered = new ArrayList<>();
        for (HistoryPrefs.ColumnPref p : vm.layout().columnsProperty().get()) {
            TableColumn<Notification, Notification> c = byId.remove(p.id());
            if (c != null) {
                if (p.width() >= 30 && p.width() <= 2000) {
                    c.setPrefWidth(p.width() * scale());
                }
                c.setVisible(p.visible());
                ordered.add(c);
            }
        }
        for (TableColumn<Notification, Notification> c : cols) {
            if (byId.containsKey(c.getId())) {
                ordered.add(c); // a column the remembered layout does not know yet
            }
        }
        if (ordered.stream().noneMatch(TableColumn::isVisible)) {
            ordered.forEach(c -> c.setVisible(true));
        }
        table.getColumns().setAll(ordered);
    }

    private void watchColumnLayout() {
        columnsSettle.setOnFinished(
                e ->
                        vm.layout()
                                .columnsProperty()
                                .set(
                                        table.getColumns().stream()
                                                .map(
                                                        c ->
                                                                new HistoryPrefs.ColumnPref(
                                                                        c.getId(),
                                                                        Math.round(
                                                                                c.getWidth()
                                                                                        / scale()),
                                                                        c.isVisible()))
                                                .toList()));
        Runnable changed = columnsSettle::playFromStart;
        table.getColumns()
                .addListener((ListChangeListener<TableColumn<Notification, ?>>) c -> changed.run());
        for (TableColumn<Notification, ?> c : table.getColumns()) {
            c.widthProperty().addListener((o, a, b) -> changed.run());
            c.visibleProperty().addListener((o, a, b) -> changed.run());
        }
        // another text size: each column as much wider or narrower as its text
        Weak.<Number>listen(
                root.getProperties(),
                (o, before, now) -> {
                    double ratio = now.doubleValue() / before.doubleValue();
                    for (TableColumn<Notification, ?> c : table.getColumns()) {
                        c.setPrefWidth(c.getWidth() * ratio);
                    }
                },
                textSize.percentProperty());
    }

    /** The text size as a factor of the normal size. */
    private double scale() {
        return textSize.percentProperty().get() / (double) TextSize.NORMAL;
    }

    // ---------------------------------------------------------------- detail

    /**
     * The detail pane's width at the normal text size until the user sets one: room for a whole ID
     * and the attempts' times and results. It grows with the text size, as the ID does.
     */
    static final double DEFAULT_DETAIL_WIDTH = 360;

    /** However wide the detail was left, the table keeps at least this share of a narrow screen. */
    static final double MAX_DETAIL_SHARE = 0.6;

    /**
     * The detail's width the divider was last put at by {@link #placeDivider}, or moved to by the
     * user.
     */
    private double placedDetailWidth = -1;

    /**
     * Shows or hides the detail pane. The pane keeps the width the user left it at (remembered in
     * pixels, not as a share, and the same at every text size: its text wraps, and the table keeps
     * the room; until the user sets one, the default grows and shrinks with the text size, for the
     * whole ID): a window made wider or narrower widens or narrows the table, and the divider is
     * put back at that width whenever the split's width changes, before it lays out.
     */
    private void detailVisibility() {
        Runnable show =
                () -> {
                    boolean visible = vm.layout().detailVisibleProperty().get();
                    if (visible && !split.getItems().contains(detailPane)) {
                        split.getItems().add(detailPane);
                        placedDetailWidth = -1;
                        placeDivider();
                        split.getDividers()
                                .get(0)
                                .positionProperty()
                                .addListener((o, a, now) -> dividerMoved(now.doubleValue()));
                    } else if (!visible) {
                        split.getItems().remove(detailPane);
                    }
                };
        Weak.<Boolean>listen(
                root.getProperties(), (o, a, b) -> show.run(), vm.layout().detailVisibleProperty());
        split.widthProperty().addListener((o, a, b) -> placeDivider());
        Weak.<Number>listen(
                root.getProperties(),
                (o, a, b) -> {
                    if (vm.layout().detailWidthProperty().get() <= 0) {
                        placeDivider();
                    }
                },
                textSize.percentProperty());
        show.run();
    }

    /** The split's width between its insets: what its divider's position is a share of. */
    private double splitSize() {
        return split.getWidth() - split.getInsets().getLeft() - split.getInsets().getRight();
    }

    private void placeDivider() {
        double size = splitSize();
        if (split.getDividers().isEmpty() || size <= 0) {
            return;
        }
        double wanted =
                vm.layout().detailWidthProperty().get() > 0
                        ? vm.layout().detailWidthProperty().get()
                        : DEFAULT_DETAIL_WIDTH * scale();
        placedDetailWidth = Math.min(wanted, size * MAX_DETAIL_SHARE);
        split.setDividerPosition(0, 1 - placedDetailWidth / size);
    }

    /**
     * The divider moved: by the user if it is not where {@link #placeDivider} put it (the split's
     * own layout only rounds it to a pixel), and then that width is remembered.
     */
    private void dividerMoved(double position) {
        double size = splitSize();
        if (size <= 0 || position <= 0 || position >= 1) {
            return;
        }
        double width = size * (1 - position);
        // (before the divider was first placed, a move is the split's own first layout)
        if (placedDetailWidth >= 0 && Math.abs(width - placedDetailWidth) > 1.5) {
            placedDetailWidth = width;
            vm.layout().detailWidthProperty().set(Math.round(width));
        }
    }

    // ---------------------------------------------------------------- pager

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
        Node[] actions = {refresh, details, export};
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
    ExportDialog lastExportDialog() {
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
        parts.add(new FocusParts.Part(filters, filtersView.first()));
        parts.add(new FocusParts.Part(table, table));
        if (split.getItems().contains(detailPane)) {
            parts.add(new FocusParts.Part(detailPane, detailPane.lookup("#detail-id")));
        }
        parts.add(new FocusParts.Part(pager, pagerView.pageField()));
        return parts;
    }

    private void keys() {
        table.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (COPY.match(e)) {
                        copyRow();
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
                    if (Shortcut.FOCUS_FILTERS.matches(e)) {
                        filtersView.first().requestFocus();
                        e.consume();
                    } else if (e.getCode() == KeyCode.F5) {
                        vm.refresh();
                        e.consume();
                    } else if (EXPORT.match(e)
                            && exportButton != null
                            && !exportButton.isDisabled()) {
                        exportButton.fire();
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

    // ---------------------------------------------------------------- copying rows

    private static final KeyCombination COPY = Shortcut.COPY_ROWS.key();

    /** The rows' menu, made at its first request. */
    private ContextMenu rowMenu;

    /** The ids of the table's shown columns, in the order shown. */
    private List<String> shownColumnIds() {
        return table.getVisibleLeafColumns().stream().map(TableColumn::getId).toList();
    }

    /** Copies the selected rows as shown, in the table's order, one a line. */
    private void copyRow() {
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
                .filter(java.util.Objects::nonNull)
                .toList();
    }

    /**
     * A row's menu: Copy row (its shown cells, tab-separated, as Ctrl+C copies) and Copy
     * notification ID. A right click selects the row under the pointer and opens it there; the menu
     * key and Shift+F10 open it under the selected row.
     */
    private void rowMenu() {
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
                        javafx.beans.binding.BooleanBinding several =
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
                        copyRow.setOnAction(a -> copyRow());
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
