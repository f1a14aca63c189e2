package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The screen's search line: the search field (Escape clears it), the order (newest first or best
 * match, offered while a search is applied), and in a screen of several taxpayers the taxpayer
 * filter; under it, why a search typed cannot be run. Binds to {@link SearchViewModel}.
 */
final class SearchBar {
    private final TextField field = new TextField();
    private final VBox root = new VBox(2);

    private final ChoiceBox<InboxQuery.Order> order = new ChoiceBox<>();

    SearchBar(HistoryViewModel vm, I18n i18n) {
        SearchViewModel search = vm.search();
        field.setId("search");
        field.textProperty().bindBidirectional(search.textProperty());
        field.promptTextProperty()
                .bind(i18n.text("inbox.search.prompt", Shortcut.FIND.displayText()));
        field.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.ESCAPE && !field.getText().isEmpty()) {
                        field.clear();
                        e.consume();
                    }
                });
        HBox.setHgrow(field, Priority.ALWAYS);
        order.setId("search-order");
        order.getItems().setAll(InboxQuery.Order.values());
        order.valueProperty().bindBidirectional(search.orderProperty());
        order.setConverter(ChoiceNames.of(o -> i18n.get(orderKey(o))));
        order.setTooltip(Buttons.tooltip(i18n.text("search.order.tooltip")));
        order.accessibleTextProperty().bind(i18n.text("search.order.tooltip"));
        order.disableProperty()
                .bind(
                        Bindings.createBooleanBinding(
                                () -> search.termsProperty().get().isEmpty(),
                                search.termsProperty()));
        HBox line = new HBox(8, field, order);
        if (vm.scopeProperty().get().several()) {
            line.getChildren().add(new TaxpayerFilter(vm, i18n).choice());
        }
        line.setAlignment(Pos.CENTER_LEFT);
        Label problem = new Label();
        problem.setId("search-problem");
        problem.getStyleClass().add("inline-error");
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.visibleProperty());
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());
        problem.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> vm.labels().searchProblem(search.problemProperty().get()),
                                search.problemProperty(),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty()));
        root.getChildren().addAll(line, problem);
        root.setPadding(new Insets(6, 8, 0, 8));
    }

    VBox root() {
        return root;
    }

    TextField field() {
        return field;
    }

    /** The order's names in the language now (a choice box shows its converter's last names). */
    void languageChanged(I18n i18n) {
        order.setConverter(ChoiceNames.of(o -> i18n.get(orderKey(o))));
    }

    private static String orderKey(InboxQuery.Order o) {
        return o == InboxQuery.Order.BEST ? "search.order.best" : "search.order.newest";
    }
}
