package app.ishaar.ui.inbox;

import app.ishaar.core.model.Rin;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;

/**
 * The inbox's taxpayer filter: every taxpayer of the list, or one, "name (RIN)"; its choices follow
 * the list. Binds to {@link AllTaxpayersViewModel}.
 */
final class TaxpayerFilter {
    private final ComboBox<InboxTaxpayer> choice = new ComboBox<>();
    private final InboxTexts texts;
    private final I18n i18n;
    private boolean updating;

    TaxpayerFilter(AllTaxpayersViewModel vm, I18n i18n) {
        this.i18n = i18n;
        this.texts = new InboxTexts(i18n);
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
                    List<InboxTaxpayer> items = new ArrayList<>();
                    items.add(null); // every taxpayer
                    List<InboxTaxpayer> listed = vm.inbox().taxpayersProperty().get();
                    if (listed != null) {
                        items.addAll(listed);
                    }
                    choice.getItems().setAll(items);
                    Rin only = vm.onlyTaxpayer();
                    choice.getSelectionModel()
                            .select(
                                    items.stream()
                                            .filter(t -> t != null && t.rin().equals(only))
                                            .findFirst()
                                            .orElse(null));
                    updating = false;
                };
        vm.inbox().taxpayersProperty().addListener((o, was, now) -> fill.run());
        fill.run();
        choice.valueProperty()
                .addListener(
                        (o, was, now) -> {
                            if (!updating && !Objects.equals(was, now)) {
                                vm.onlyTaxpayer(now == null ? null : now.rin());
                            }
                        });
        i18n.languageProperty()
                .addListener(
                        (o, was, now) -> {
                            // the cells' words in the new language
                            choice.setButtonCell(new Cell());
                        });
    }

    ComboBox<InboxTaxpayer> choice() {
        return choice;
    }

    /** "All taxpayers", or "name (RIN)". */
    private final class Cell extends ListCell<InboxTaxpayer> {
        @Override
        protected void updateItem(InboxTaxpayer t, boolean empty) {
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
