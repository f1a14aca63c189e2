package app.ishaar.ui.inbox;

import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.I18n;
import app.ishaar.ui.notifications.DetailPane;
import app.ishaar.ui.notifications.FiltersView;
import app.ishaar.ui.notifications.HistoryView;
import javafx.beans.value.ChangeListener;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;

/**
 * All taxpayers on screen: the inbox ({@link InboxView}) beside the detail of its chosen
 * notification, the history's own pane ({@link DetailPane}) with the words the search found marked.
 * Binds to {@link AllTaxpayersViewModel}.
 */
public final class AllTaxpayersView {

    /** The detail pane's share of the width at first. */
    static final double DETAIL_SHARE = 0.3;

    private final BorderPane root = new BorderPane();
    private final InboxView inbox;
    private final FiltersView filters;
    private final InboxExportButton export;

    /** Where the divider was when the detail was hidden: it comes back there. */
    private double dividerAt = 1 - DETAIL_SHARE;

    /** Held here, heard weakly by the app's I18n: the filters' words follow the language. */
    private final ChangeListener<Object> languageChanged;

    public AllTaxpayersView(AllTaxpayersViewModel vm, I18n i18n) {
        this.inbox = new InboxView(vm.inbox(), i18n);
        this.filters = new FiltersView(vm.filters(), i18n);
        inbox.addAboveSearch(filters.bar(), filters.chips());
        inbox.addBesideSearch(new TaxpayerFilter(vm, i18n).choice());
        this.export = new InboxExportButton(vm, i18n);
        inbox.addToPager(export.bar());
        inbox.addToPager(detailsButton(vm, i18n));
        root.addEventFilter(
                javafx.scene.input.KeyEvent.KEY_PRESSED,
                e -> {
                    if (app.ishaar.ui.app.Shortcut.EXPORT.matches(e)) {
                        export.choose();
                        e.consume();
                    } else if (app.ishaar.ui.app.Shortcut.DETAILS.matches(e)) {
                        vm.detailVisibleProperty().set(!vm.detailVisibleProperty().get());
                        e.consume();
                    }
                });
        languageChanged = (o, was, now) -> filters.languageChanged();
        Weak.listen(
                languageChanged,
                i18n.languageProperty(),
                i18n.latinDigitsProperty(),
                i18n.zoneProperty());
        DetailPane detail = new DetailPane(vm.detail(), i18n);
        SplitPane split = new SplitPane(inbox.root());
        split.setId("inbox-split");
        SplitPane.setResizableWithParent(detail.root(), false);
        showDetail(split, detail.root(), vm.detailVisibleProperty().get());
        vm.detailVisibleProperty()
                .addListener((o, was, now) -> showDetail(split, detail.root(), now));
        root.setId("all-taxpayers");
        // the detail pane's look is the history's
        root.getStyleClass().add("history");
        root.getStylesheets()
                .add(HistoryView.class.getResource(HistoryView.STYLESHEET).toExternalForm());
        root.nodeOrientationProperty().bind(i18n.orientationProperty());
        root.setCenter(split);
    }

    /** Shows the detail pane beside the table, as wide as it was, or hides it. */
    private void showDetail(SplitPane split, Node detail, boolean show) {
        if (show && !split.getItems().contains(detail)) {
            split.getItems().add(detail);
            split.setDividerPositions(dividerAt);
        } else if (!show && split.getItems().contains(detail)) {
            dividerAt = split.getDividerPositions()[0];
            split.getItems().remove(detail);
        }
    }

    private static Node detailsButton(AllTaxpayersViewModel vm, I18n i18n) {
        javafx.scene.control.ToggleButton details = new javafx.scene.control.ToggleButton();
        details.setId("inbox-details");
        details.textProperty().bind(i18n.text("history.details"));
        details.setTooltip(
                app.ishaar.ui.controls.Buttons.tooltip(
                        i18n.text(
                                "history.details.tooltip",
                                app.ishaar.ui.app.Shortcut.DETAILS.key().getDisplayText())));
        details.selectedProperty().bindBidirectional(vm.detailVisibleProperty());
        details.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return details;
    }

    public Parent root() {
        return root;
    }

    public InboxView inbox() {
        return inbox;
    }

    /** Exports the query shown to this file without asking for one (tests). */
    public void exportTo(app.ishaar.core.export.ExportFormat format, java.nio.file.Path target) {
        export.export(format, target);
    }

    /** The filter bar's first choice (F6). */
    public Node filtersFirst() {
        return filters.first();
    }
}
