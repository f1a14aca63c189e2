package app.ishaar.ui.notifications;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;

/**
 * The taxpayer filter of a screen of several taxpayers: every taxpayer of the scope, or one, "name
 * (RIN)"; its choices follow the list. Binds to {@link HistoryViewModel#onlyProperty()}.
 */
final class TaxpayerFilter {
    private final ComboBox<ListedTaxpayer> choice = new ComboBox<>();
    private final HistoryLabels texts;
    private final I18n i18n;
    private boolean updating;

    TaxpayerFilter(HistoryViewModel vm, I18n i18n) {
        this.i18n = i18n;
        this.texts = vm.labels();
        choice.setId("inbox-taxpayer-filter");
        choice.setButtonCell(new Cell());
        choice.setCellFactory(lv -> new Cell());
        choice.setVisibleRowCount(12);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(i18n.text("inbox.taxpayerFilter.tooltip"));
        choice.setTooltip(tip);
        choice.accessibleTextProperty().bind(i18n.text("inbox.taxpayerFilter.tooltip"));
        Runnable fill =
                () -> {
                    updating = true;
                    List<ListedTaxpayer> items = new ArrayList<>();
                    items.add(null); // every taxpayer
                    items.addAll(vm.scopeProperty().get().taxpayers());
                    choice.getItems().setAll(items);
                    Rin only = vm.onlyProperty().get();
                    choice.getSelectionModel()
                            .select(
                                    items.stream()
                                            .filter(t -> t != null && t.rin().equals(only))
                                            .findFirst()
                                            .orElse(null));
                    updating = false;
                };
        vm.scopeProperty().addListener((o, was, now) -> fill.run());
        fill.run();
        choice.valueProperty()
                .addListener(
                        (o, was, now) -> {
                            if (!updating && !Objects.equals(was, now)) {
                                vm.onlyProperty().set(now == null ? null : now.rin());
                            }
                        });
        i18n.languageProperty()
                .addListener(
                        (o, was, now) -> {
                            // the cells' words in the new language
                            choice.setButtonCell(new Cell());
                        });
    }

    ComboBox<ListedTaxpayer> choice() {
        return choice;
    }

    /** "All taxpayers", or "name (RIN)". */
    private final class Cell extends ListCell<ListedTaxpayer> {
        @Override
        protected void updateItem(ListedTaxpayer t, boolean empty) {
            super.updateItem(t, empty);
            if (empty) {
                setText(i18n.get("inbox.taxpayerFilter.all"));
            } else {
                setText(
                        t == null
                                ? i18n.get("inbox.taxpayerFilter.all")
                                : texts.taxpayer(t.name(), t.rin()));
            }
        }
    }
}
