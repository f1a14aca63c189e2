package app.ishaar.ui.summary;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.ui.app.SceneFactory;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.error.Failure;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.ExportDialog;
import app.ishaar.ui.notifications.ListedTaxpayer;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.DecimalStyle;
import java.time.format.FormatStyle;
import java.util.List;
import javafx.beans.value.ChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The summary beside a notification screen's table: the period chosen, the totals by status and by
 * type, the taxpayers needing attention (most failed deliveries first), the commonest reasons
 * deliveries failed, and the chart of each day by status ({@link SummaryChart}). Every count is a
 * link to the table showing exactly those rows. It only binds to its {@link SummaryViewModel}.
 * Nodes tests look up carry ids ({@code #summary-period}, {@code #summary-failed-<RIN>}, …).
 */
public final class SummaryView {

    /** The summary's own style sheet, beside the application's. */
    public static final String STYLESHEET = "/app/ishaar/ui/summary/summary.css";

    /** How many taxpayers the ranking lists until Show all is pressed. */
    static final int RANKED = 15;

    private final SummaryViewModel vm;
    private final I18n i18n;
    private final BorderPane root = new BorderPane();
    private final VBox body = new VBox(14);
    private final SummaryChart chart;
    private final ChoiceBox<SummaryViewModel.Period> period = new ChoiceBox<>();
    private final Label heading = new Label();
    private final Label problem = new Label();
    private boolean allRanked;
    private final SceneFactory scenes;
    private ExportDialog lastReport;

    /** Held here, heard weakly by the app's I18n (see {@link Weak}). */
    private final ChangeListener<Object> localeChanged = (o, a, b) -> languageChanged();

    public SummaryView(SummaryViewModel viewModel, I18n i18n, SceneFactory scenes) {
        this.vm = viewModel;
        this.i18n = i18n;
        this.scenes = scenes;
        this.chart = new SummaryChart(i18n);
        root.setId("summary");
        root.getProperties().put(SummaryView.class, this); // (tests find the view by its node)
        root.getStyleClass().add("summary");
        root.getStylesheets().add(SummaryView.class.getResource(STYLESHEET).toExternalForm());
        root.setTop(periodBar());
        body.setPadding(new Insets(8, 12, 12, 12));
        body.setFillWidth(true);
        ScrollPane scroll = new ScrollPane(body);
        scroll.setFitToWidth(true);
        scroll.setId("summary-scroll");
        scroll.getStyleClass().add("summary-scroll");
        root.setCenter(scroll);
        // Export's key makes the report here, as Export… does by the table
        root.addEventHandler(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (Shortcut.EXPORT.matches(e) && vm.summaryProperty().get() != null) {
                        openReport();
                        e.consume();
                    }
                });
        // heard weakly: the summary's view model lives with its screen, longer than a view
        Weak.<Object>listen(
                root.getProperties(),
                (o, was, now) -> render(),
                vm.summaryProperty(),
                vm.errorProperty());
        Weak.listen(root.getProperties(), (o, was, now) -> showProblem(), vm.problemProperty());
        Weak.listen(
                localeChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
        render();
    }

    public Parent root() {
        return root;
    }

    private void languageChanged() {
        period.setConverter(ChoiceNames.of(this::periodName));
        render();
    }

    // ---------------------------------------------------------------- the period

    private Node periodBar() {
        Label label = new Label();
        label.textProperty().bind(i18n.text("summary.period"));
        label.getStyleClass().add("filter-label");
        period.setId("summary-period");
        period.getItems().setAll(SummaryViewModel.Period.values());
        period.setConverter(ChoiceNames.of(this::periodName));
        period.valueProperty().bindBidirectional(vm.periodProperty());
        DatePicker from = datePicker("summary-from", vm.chosenFromProperty());
        DatePicker to = datePicker("summary-to", vm.chosenToProperty());
        Label dash = new Label("–");
        HBox chosen = new HBox(6, from, dash, to);
        chosen.setAlignment(Pos.CENTER_LEFT);
        chosen.visibleProperty()
                .bind(vm.periodProperty().isEqualTo(SummaryViewModel.Period.CHOSEN));
        chosen.managedProperty().bind(chosen.visibleProperty());
        problem.setId("summary-problem");
        problem.getStyleClass().add("inline-error");
        problem.managedProperty().bind(problem.visibleProperty());
        showProblem();
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("summary-loading");
        busy.setPrefSize(18, 18);
        busy.setMaxSize(18, 18);
        busy.visibleProperty().bind(vm.loadingProperty());
        Button report = new Button();
        report.setId("summary-report");
        report.textProperty().bind(i18n.text("summary.view.report"));
        report.setTooltip(
                Buttons.tooltip(
                        i18n.text("summary.view.report.tooltip", Shortcut.EXPORT.displayText())));
        report.disableProperty().bind(vm.summaryProperty().isNull());
        report.setOnAction(e -> openReport());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, label, period, chosen, problem, busy, spacer, report);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("summary-bar");
        bar.setPadding(new Insets(8, 12, 4, 12));
        for (Node n : bar.getChildren()) {
            if (n instanceof Region r && n != problem && n != spacer) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        return bar;
    }

    /** The report (PDF) of the summary shown: its scope and period. */
    private void openReport() {
        Summary s = vm.summaryProperty().get();
        if (s == null) {
            return;
        }
        lastReport =
                ExportDialog.report(
                        vm.history(),
                        s.query().from(),
                        s.query().to(),
                        i18n,
                        scenes,
                        root.getScene() == null ? null : root.getScene().getWindow());
        lastReport.show();
    }

    /** The report dialog opened last, or null (tests). */
    public ExportDialog lastReportDialog() {
        return lastReport;
    }

    private void showProblem() {
        SummaryViewModel.Problem p = vm.problemProperty().get();
        problem.setVisible(p != null);
        problem.setText(
                p == null
                        ? ""
                        : p == SummaryViewModel.Problem.ORDER
                                ? i18n.get("summary.view.problem.order")
                                : i18n.get("summary.view.problem.incomplete"));
    }

    private String periodName(SummaryViewModel.Period p) {
        return p == null
                ? ""
                : switch (p) {
                    case THIS_WEEK -> i18n.get("summary.view.thisWeek");
                    case LAST_WEEK -> i18n.get("summary.view.lastWeek");
                    case THIS_MONTH -> i18n.get("summary.view.thisMonth");
                    case CHOSEN -> i18n.get("summary.view.chosen");
                };
    }

    private DatePicker datePicker(String id, javafx.beans.property.ObjectProperty<LocalDate> v) {
        DatePicker picker = new DatePicker();
        picker.setId(id);
        picker.getStyleClass().add("summary-date");
        picker.valueProperty().bindBidirectional(v);
        picker.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(LocalDate d) {
                        return d == null ? "" : dates().format(d);
                    }

                    @Override
                    public LocalDate fromString(String s) {
                        if (s == null || s.isBlank()) {
                            return null;
                        }
                        try {
                            return LocalDate.parse(s.strip(), dates());
                        } catch (DateTimeParseException e) {
                            try {
                                return LocalDate.parse(I18n.latinDigits(s.strip()));
                            } catch (DateTimeParseException e2) {
                                return picker.getValue();
                            }
                        }
                    }
                });
        return picker;
    }

    /** A day as a date field shows it: d/M/y in Arabic (no bidi marks), the short form else. */
    private DateTimeFormatter dates() {
        return (i18n.language() == AppLanguage.ARABIC
                        ? DateTimeFormatter.ofPattern("d/M/y", i18n.formatLocale())
                        : DateTimeFormatter.ofLocalizedDate(FormatStyle.SHORT)
                                .withLocale(i18n.formatLocale()))
                .withDecimalStyle(DecimalStyle.of(i18n.formatLocale()));
    }

    // ---------------------------------------------------------------- the summary

    private void render() {
        Summary s = vm.summaryProperty().get();
        body.getChildren().clear();
        if (vm.errorProperty().get() != null) {
            Label failed = new WrappingLabel();
            failed.setId("summary-error");
            failed.getStyleClass().add("inline-error");
            failed.setText(
                    i18n.get(
                            "summary.view.failed",
                            Failure.describe(vm.errorProperty().get(), null).text(i18n)));
            body.getChildren().add(failed);
        }
        if (s == null) {
            chart.show(null);
            return;
        }
        heading.setText(
                i18n.get(
                        "summary.view.range",
                        i18n.formatDate(s.query().from()),
                        i18n.formatDate(s.query().to().minusNanos(1))));
        heading.setId("summary-heading");
        heading.getStyleClass().add("heading");
        body.getChildren().add(heading);
        if (s.totals().all() == 0) {
            Label none = new Label(i18n.get("summary.view.empty"));
            none.setId("summary-empty");
            none.getStyleClass().add("muted");
            body.getChildren().add(none);
        }
        // what and who beside when and why: the totals over the ranking, the chart over the
        // reasons, the chart in view at a laptop's size
        chart.show(s);
        VBox whatAndWho = new VBox(14, totals(s.totals()), ranked(s));
        VBox whenAndWhy = new VBox(12, chart.chart(), reasons(s));
        whenAndWhy.setMinWidth(400);
        whenAndWhy.setPrefWidth(520);
        HBox columns = new HBox(24, whatAndWho, whenAndWhy);
        HBox.setHgrow(whatAndWho, Priority.ALWAYS);
        HBox.setHgrow(whenAndWhy, Priority.SOMETIMES);
        body.getChildren().add(columns);
    }

    private Node totals(Summary.Totals t) {
        FlowPane byStatus = new FlowPane(10, 8);
        byStatus.setPrefWrapLength(560);
        byStatus.setId("summary-by-status");
        byStatus.getChildren()
                .add(tile("summary-all", "summary.all", t.all(), "all", () -> vm.openStatus(null)));
        for (Status st : SummaryChart.STACKED) {
            byStatus.getChildren()
                    .add(
                            tile(
                                    "summary-status-" + st.wire(),
                                    "status." + st.wire(),
                                    t.status(st),
                                    "status-" + st.wire(),
                                    () -> vm.openStatus(st.wire())));
        }
        byStatus.getChildren()
                .add(
                        tile(
                                "summary-late",
                                "summary.pendingTooLong",
                                t.pendingTooLong(),
                                "late",
                                () -> vm.openLate(null)));
        FlowPane byType = new FlowPane(10, 8);
        byType.setPrefWrapLength(560);
        byType.setId("summary-by-type");
        byType.getChildren()
                .addAll(
                        typeTile(
                                "summary.received",
                                t.received(),
                                NotificationType.DOCUMENT_RECEIVED),
                        typeTile(
                                "summary.validated",
                                t.validated(),
                                NotificationType.DOCUMENT_VALIDATED),
                        typeTile(
                                "summary.cancelled",
                                t.cancelled(),
                                NotificationType.DOCUMENT_CANCELLED),
                        typeTile(
                                "summary.rejected",
                                t.rejected(),
                                NotificationType.DOCUMENT_REJECTED));
        VBox box =
                new VBox(
                        6,
                        section("summary.view.byStatus"),
                        byStatus,
                        section("summary.view.byType"),
                        byType);
        return box;
    }

    private Node typeTile(String key, long n, NotificationType type) {
        return tile("summary-type-" + type.id(), key, n, "type", () -> vm.openType(type.id()));
    }

    private Node tile(String id, String key, long n, String style, Runnable open) {
        Node count = count(id, n, open);
        count.getStyleClass().add("tile-count");
        Label name = new Label(i18n.get(key));
        name.getStyleClass().add("tile-name");
        VBox tile = new VBox(2, count, name);
        tile.getStyleClass().addAll("summary-tile", style);
        tile.setMinWidth(Region.USE_PREF_SIZE);
        return tile;
    }

    /** A count: a link to its rows, or a plain zero (nothing to show). */
    private Node count(String id, long n, Runnable open) {
        if (n == 0) {
            Label zero = new Label(i18n.formatNumber(0));
            zero.setId(id);
            zero.getStyleClass().add("summary-zero");
            return zero;
        }
        Hyperlink link = new Hyperlink(i18n.formatNumber(n));
        link.setId(id);
        link.getStyleClass().add("summary-link");
        link.setTooltip(Buttons.tooltip(i18n.text("summary.view.link.tooltip")));
        link.setOnAction(
                e -> {
                    link.setVisited(false);
                    open.run();
                });
        return link;
    }

    private Label section(String key) {
        Label l = new Label(i18n.get(key));
        l.getStyleClass().add("summary-section");
        return l;
    }

    private Node ranked(Summary s) {
        VBox box = new VBox(6);
        box.setId("summary-ranked");
        box.getChildren().add(section("summary.byTaxpayer"));
        // what the firm still has to deal with, whatever the period: the scope's together
        long toHandle = vm.toHandleTotal();
        Label total =
                new Label(i18n.get("summary.view.toHandleTotal", i18n.formatNumber(toHandle)));
        total.setId("summary-to-handle-total");
        total.getStyleClass().add(toHandle == 0 ? "muted" : "summary-to-handle");
        if (s.byTaxpayer().isEmpty()) {
            Label none = new Label(i18n.get("summary.nothingToDo"));
            none.getStyleClass().add("muted");
            box.getChildren().addAll(none, total);
            return box;
        }
        GridPane grid = grid();
        grid.setId("summary-taxpayers");
        grid.addRow(
                0,
                header("summary.taxpayer"),
                countHeader("summary.failed"),
                countHeader("summary.rejected"),
                countHeader("summary.pendingTooLong"),
                countHeader("summary.view.toHandle"));
        List<Summary.TaxpayerCounts> shown =
                allRanked ? s.byTaxpayer() : s.byTaxpayer().stream().limit(RANKED).toList();
        int row = 1;
        for (Summary.TaxpayerCounts t : shown) {
            Rin rin = t.rin();
            Label name = new Label(nameOf(t));
            name.setId("summary-taxpayer-" + rin.value());
            name.setTooltip(Buttons.tooltip(i18n.text("summary.view.rin", rin.value())));
            name.setMinWidth(120);
            grid.addRow(
                    row++,
                    name,
                    count("summary-failed-" + rin.value(), t.failed(), () -> vm.openFailed(rin)),
                    count(
                            "summary-rejected-" + rin.value(),
                            t.rejected(),
                            () -> vm.openRejected(rin)),
                    count(
                            "summary-late-" + rin.value(),
                            t.pendingTooLong(),
                            () -> vm.openLate(rin)),
                    plainCount("summary-to-handle-" + rin.value(), vm.toHandle(rin)));
        }
        box.getChildren().addAll(grid, total);
        if (shown.size() < s.byTaxpayer().size()) {
            Hyperlink all =
                    new Hyperlink(
                            i18n.get("summary.view.showAll", s.byTaxpayer().size() - shown.size()));
            all.setId("summary-show-all");
            all.setOnAction(
                    e -> {
                        allRanked = true;
                        render();
                    });
            box.getChildren().add(all);
        }
        return box;
    }

    /** The taxpayer as the screen's list names it, else as the archive does, else its RIN. */
    private String nameOf(Summary.TaxpayerCounts t) {
        ListedTaxpayer listed = vm.history().scopeProperty().get().find(t.rin());
        if (listed != null && !listed.name().isBlank()) {
            return listed.name();
        }
        return t.name() != null && !t.name().isBlank() ? t.name() : t.rin().value();
    }

    private Node reasons(Summary s) {
        VBox box = new VBox(6);
        box.setId("summary-reasons");
        box.getChildren().add(section("summary.reasons"));
        if (s.reasons().isEmpty()) {
            Label none = new Label(i18n.get("summary.view.noReasons"));
            none.getStyleClass().add("muted");
            box.getChildren().add(none);
            return box;
        }
        GridPane grid = grid();
        grid.addRow(0, header("summary.reason"), header("summary.view.count"));
        int row = 1;
        for (Summary.Reason r : s.reasons()) {
            Label reason = new WrappingLabel();
            reason.setText(r.reason());
            reason.getStyleClass().add("summary-reason");
            Bidi.ownDirection(reason, i18n.orientationProperty());
            Node count =
                    count(
                            "summary-reason-" + (row - 1),
                            r.count(),
                            () -> vm.openReason(r.reason()));
            if (count instanceof Hyperlink link) {
                link.setTooltip(Buttons.tooltip(i18n.text("summary.view.reason.tooltip")));
            }
            grid.addRow(row++, reason, count);
        }
        box.getChildren().add(grid);
        Label note = new WrappingLabel();
        note.setText(i18n.get("summary.view.reason.note"));
        note.getStyleClass().add("muted");
        box.getChildren().add(note);
        return box;
    }

    private GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(2);
        grid.getStyleClass().add("summary-grid");
        ColumnConstraints first = new ColumnConstraints();
        first.setHgrow(Priority.SOMETIMES);
        grid.getColumnConstraints().add(first);
        return grid;
    }

    /** A count's heading: on two lines where long, leaving the names their room. */
    /** A count that opens nothing (the table's Handling filter shows those rows). */
    private Label plainCount(String id, long n) {
        Label l = new Label(i18n.formatNumber(n));
        l.setId(id);
        l.getStyleClass().add(n == 0 ? "summary-zero" : "summary-to-handle");
        return l;
    }

    private Label countHeader(String key) {
        Label l = new WrappingLabel(i18n.get(key));
        l.getStyleClass().add("summary-header");
        l.setMaxWidth(7.5 * l.getFont().getSize());
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private Label header(String key) {
        Label l = new Label(i18n.get(key));
        l.getStyleClass().add("summary-header");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
