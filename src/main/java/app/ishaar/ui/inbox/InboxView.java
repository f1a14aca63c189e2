package app.ishaar.ui.inbox;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.HistoryLabels;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The inbox on screen: a search field above a table of archived notifications (with a Taxpayer
 * column, "name (RIN)"), its inline messages, and a pager. A part of the main window, hosted by it;
 * Ctrl+F ({@link Shortcut#FIND}) goes to the search, Escape there clears it; Page Down and Page Up
 * (and Alt with an arrow, forward in the reading direction) page, as in the history.
 */
public final class InboxView {

    private final InboxViewModel vm;
    private final I18n i18n;
    private final InboxTexts texts;

    /** The columns' widths while the table fills its width, given back when it does again. */
    private final java.util.Map<TableColumn<InboxRow, ?>, Double> fillWidths =
            new java.util.HashMap<>();

    private final HistoryLabels labels;
    private final BorderPane root = new BorderPane();
    private final TextField search = new TextField();
    private final TableView<InboxRow> table = new TableView<>();
    private final VBox top = new VBox(4);
    private final HBox searchLine = new HBox(8);
    private final HBox pagerBar = new HBox(8);

    /** Held here, heard weakly by the app's I18n: the cells' words follow the language. */
    private final ChangeListener<Object> localeChanged = (o, was, now) -> table.refresh();

    public InboxView(InboxViewModel vm, I18n i18n) {
        this.vm = vm;
        this.i18n = i18n;
        this.texts = new InboxTexts(i18n);
        this.labels = new HistoryLabels(i18n);
        root.getStyleClass().add("inbox");
        root.nodeOrientationProperty().bind(i18n.orientationProperty());
        root.setTop(top());
        root.setCenter(makeTable());
        root.setBottom(pager());
        root.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (Shortcut.FIND.matches(e)) {
                        search.requestFocus();
                        search.selectAll();
                        e.consume();
                    } else if (Shortcut.PAGE_ON.matches(e) && !search.isFocused()) {
                        vm.next();
                        e.consume();
                    } else if (Shortcut.PAGE_BACK.matches(e) && !search.isFocused()) {
                        vm.previous();
                        e.consume();
                    } else if (Shortcut.PAGE_BY_ARROW.matches(e)) {
                        // forward is to the left in a right-to-left window
                        boolean rtl =
                                i18n.orientationProperty().get()
                                        == javafx.geometry.NodeOrientation.RIGHT_TO_LEFT;
                        if ((e.getCode() == KeyCode.RIGHT) != rtl) {
                            vm.next();
                        } else {
                            vm.previous();
                        }
                        e.consume();
                    }
                });
        Weak.listen(
                localeChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
    }

    public Parent root() {
        return root;
    }

    /** Puts the focus in the search field. */
    public void focusSearch() {
        search.requestFocus();
    }

    /** Puts these above the search field (the filters). */
    public void addAboveSearch(Node... nodes) {
        top.getChildren().addAll(0, List.of(nodes));
    }

    /** Puts this at the end of the search field's line (the taxpayer filter). */
    public void addBesideSearch(Node node) {
        searchLine.getChildren().add(node);
    }

    /** Puts this at the start of the pager's line (the export). */
    public void addToPager(Node node) {
        pagerBar.getChildren().add(1, node);
    }

    /** The table, which the keyboard goes to when All taxpayers is chosen. */
    public TableView<InboxRow> table() {
        return table;
    }

    /** The search field. */
    public TextField search() {
        return search;
    }

    private VBox top() {
        search.setId("inbox-search");
        search.textProperty().bindBidirectional(vm.searchTextProperty());
        search.promptTextProperty()
                .bind(i18n.text("inbox.search.prompt", Shortcut.FIND.displayText()));
        search.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.ESCAPE && !search.getText().isEmpty()) {
                        search.clear();
                        e.consume();
                    }
                });
        HBox.setHgrow(search, Priority.ALWAYS);
        Label searchProblem = message("inbox-search-problem");
        searchProblem
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> texts.searchProblem(vm.searchProblemProperty().get()),
                                vm.searchProblemProperty(),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
        Label archiveProblem = message("inbox-archive-problem");
        archiveProblem
                .textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> texts.archiveProblem(vm.archiveProblemProperty().get()),
                                vm.archiveProblemProperty(),
                                i18n.languageProperty()));
        searchLine.getChildren().add(search);
        searchLine.setAlignment(Pos.CENTER_LEFT);
        top.getChildren().addAll(searchLine, searchProblem, archiveProblem);
        top.setPadding(new Insets(8, 8, 4, 8));
        return top;
    }

    private static Label message(String id) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add("inline-error");
        l.setWrapText(true);
        l.managedProperty().bind(l.visibleProperty());
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        return l;
    }

    private TableView<InboxRow> makeTable() {
        table.setId("inbox-table"); // rows of a fixed height (ishaar.css): none measured
        table.setItems(vm.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // the columns fill the table while their least widths fit in it; below that they keep
        // those and the table scrolls sideways (a constrained table cuts off the columns that do
        // not fit, with no scroll bar to reach them)
        table.widthProperty().addListener((o, was, now) -> fitOrScroll());
        table.getColumns()
                .addAll(
                        List.of(
                                column("sent", "history.column.sent", 165, this::sent),
                                taxpayerColumn(),
                                column("type", "history.column.type", 150, r -> labels.type(n(r))),
                                statusColumn(),
                                column(
                                        "channel",
                                        "history.column.channel",
                                        90,
                                        r -> labels.channel(n(r).channel())),
                                column("message", "inbox.column.message", 300, this::message)));
        Label empty = new Label();
        empty.textProperty().bind(i18n.text("inbox.empty"));
        table.setPlaceholder(empty);
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null && now != vm.selectedProperty().get()) {
                                vm.select(now);
                            }
                        });
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null && table.getSelectionModel().getSelectedItem() != now) {
                                table.getSelectionModel().select(now);
                            }
                        });
        return table;
    }

    /**
     * Fills the table with its columns while their least widths fit; else scrolls sideways, each
     * column at its least width, so that the least is out of view (the status beside the date and
     * taxpayer, not behind the edge).
     */
    private void fitOrScroll() {
        double least = 0;
        for (TableColumn<InboxRow, ?> c : table.getVisibleLeafColumns()) {
            least += c.getMinWidth();
        }
        // room for the vertical scroll bar and the border
        boolean fits = table.getWidth() - 18 >= least;
        var policy =
                fits
                        ? TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN
                        : TableView.UNCONSTRAINED_RESIZE_POLICY;
        if (table.getColumnResizePolicy() != policy) {
            if (!fits) {
                for (TableColumn<InboxRow, ?> c : table.getVisibleLeafColumns()) {
                    fillWidths.put(c, c.getPrefWidth());
                    c.setPrefWidth(c.getMinWidth());
                }
            } else {
                fillWidths.forEach(TableColumn::setPrefWidth);
                fillWidths.clear();
            }
            table.setColumnResizePolicy(policy);
        }
    }

    private static Notification n(InboxRow r) {
        return r.notification();
    }

    private String sent(InboxRow r) {
        return labels.dateTime(n(r).receivedDateTime());
    }

    private String taxpayer(InboxRow r) {
        return texts.taxpayer(r.taxpayerName(), r.taxpayer());
    }

    /** The message's readable text on one line, as much as the column shows. */
    private String message(InboxRow r) {
        String line = r.messageLine();
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }

    /** The status as a badge, as in the history's table. */
    private TableColumn<InboxRow, String> statusColumn() {
        TableColumn<InboxRow, String> c =
                column("status", "history.column.status", 110, r -> labels.status(n(r).status()));
        c.setCellFactory(col -> new StatusTableCell());
        return c;
    }

    /**
     * The taxpayer's name, its RIN in the tooltip; never narrower than about 24 letters of a name,
     * so that names alike in their first 12 letters read apart.
     */
    private TableColumn<InboxRow, String> taxpayerColumn() {
        TableColumn<InboxRow, String> c =
                column("taxpayer", "inbox.column.taxpayer", 240, this::taxpayer);
        c.setMinWidth(TAXPAYER_MIN_WIDTH);
        c.setCellFactory(col -> new TaxpayerTableCell(i18n));
        return c;
    }

    /** The Taxpayer column's least width at the normal text size. */
    static final double TAXPAYER_MIN_WIDTH = 200;

    private TableColumn<InboxRow, String> column(
            String id, String key, double width, Function<InboxRow, String> text) {
        TableColumn<InboxRow, String> c = new TableColumn<>();
        c.setId("inbox-column-" + id);
        c.textProperty().bind(i18n.text(key));
        c.setPrefWidth(width);
        // the date whole; the others give way in a narrow window, down to where their usual
        // values still read ("Delivered", "E-mail", "Document received" cut a little), the table
        // scrolling sideways below that: a status cut to "De…" tells nothing
        c.setMinWidth(
                switch (id) {
                    case "sent" -> width;
                    case "status" -> 90;
                    case "channel" -> 85;
                    case "type" -> 100;
                    default -> 70;
                });
        c.setSortable(false); // newest first, as the archive reads it
        c.setCellFactory(col -> new OneLineCell()); // one line, cut short where it is too narrow
        c.setCellValueFactory(
                cell ->
                        new javafx.beans.property.ReadOnlyStringWrapper(
                                text.apply(cell.getValue())));
        return c;
    }

    private HBox pager() {
        Label count = new Label();
        count.setId("inbox-count");
        count.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        texts.count(
                                                vm.totalCountProperty().get(),
                                                !vm.searchTermsProperty().get().isEmpty(),
                                                vm.moreThanTotalProperty().get()),
                                vm.totalCountProperty(),
                                vm.moreThanTotalProperty(),
                                vm.searchTermsProperty(),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
        Label page = new Label();
        page.setId("inbox-page");
        page.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        texts.page(
                                                vm.pageProperty().get(),
                                                vm.totalPagesProperty().get(),
                                                vm.moreThanTotalProperty().get()),
                                vm.pageProperty(),
                                vm.moreThanTotalProperty(),
                                vm.totalPagesProperty(),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
        Button previous = new Button();
        previous.setId("inbox-previous");
        previous.textProperty().bind(i18n.text("inbox.previous"));
        previous.disableProperty().bind(vm.pageProperty().lessThanOrEqualTo(1));
        previous.setOnAction(e -> vm.previous());
        Button next = new Button();
        next.setId("inbox-next");
        next.textProperty().bind(i18n.text("inbox.next"));
        next.disableProperty()
                .bind(
                        vm.pageProperty()
                                .greaterThanOrEqualTo(vm.totalPagesProperty())
                                .and(vm.moreThanTotalProperty().not()));
        next.setOnAction(e -> vm.next());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        pagerBar.getChildren().addAll(count, gap, previous, page, next);
        pagerBar.setAlignment(Pos.CENTER_LEFT);
        pagerBar.setPadding(new Insets(4, 8, 8, 8));
        return pagerBar;
    }
}
