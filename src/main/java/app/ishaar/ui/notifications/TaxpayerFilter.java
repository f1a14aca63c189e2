package app.ishaar.ui.notifications;

import app.ishaar.core.archive.SearchText;
import app.ishaar.core.model.Rin;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.util.StringConverter;
import org.controlsfx.control.SearchableComboBox;

/**
 * The taxpayer filter of a screen of several taxpayers: every taxpayer of the scope, or one, "name
 * (RIN)"; its choices follow the list. Among hundreds, the one sought is found by typing words of
 * its name or digits of its RIN into the list's search field (Arabic as the archive's search reads
 * it: with or without hamza, ة or ه). Binds to {@link HistoryViewModel#onlyProperty()}.
 */
final class TaxpayerFilter {
    private final ComboBox<ListedTaxpayer> choice = new SearchableComboBox<>();
    private final HistoryLabels texts;
    private final I18n i18n;
    private boolean updating;

    TaxpayerFilter(HistoryViewModel vm, I18n i18n) {
        this.i18n = i18n;
        this.texts = vm.labels();
        choice.setId("inbox-taxpayer-filter");
        choice.setButtonCell(new Cell(true));
        choice.setCellFactory(lv -> new Cell(false));
        choice.setVisibleRowCount(12);
        // the list's search field: an id of its own (the skin's "search" is the screen's search
        // field's), and its hint in the UI's language
        choice.skinProperty()
                .addListener(
                        (o, was, now) ->
                                choice.getChildrenUnmodifiable().stream()
                                        .filter(n -> n.getStyleClass().contains("combo-box-search"))
                                        .findFirst()
                                        .ifPresent(
                                                n -> {
                                                    n.setId("taxpayer-filter-search");
                                                    ((javafx.scene.control.TextField) n)
                                                            .promptTextProperty()
                                                            .bind(
                                                                    i18n.text(
                                                                            "inbox.taxpayerFilter.search"));
                                                }));
        choice.setConverter(
                new StringConverter<>() {
                    /** What the search field's words are looked for in: as shown, and folded. */
                    @Override
                    public String toString(ListedTaxpayer t) {
                        if (t == null) {
                            return i18n.get("inbox.taxpayerFilter.all");
                        }
                        String shown = texts.taxpayer(t.name(), t.rin());
                        return shown + " " + SearchText.normalise(shown);
                    }

                    @Override
                    public ListedTaxpayer fromString(String text) {
                        return null; // chosen from the list, never typed as a value
                    }
                });
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
                            choice.setButtonCell(new Cell(true));
                        });
    }

    ComboBox<ListedTaxpayer> choice() {
        return choice;
    }

    /** "All taxpayers", or "name (RIN)". */
    private final class Cell extends ListCell<ListedTaxpayer> {
        /**
         * The box's own cell, which says All when nothing is chosen; a list's empty one is blank.
         */
        private final boolean button;

        Cell(boolean button) {
            this.button = button;
        }

        @Override
        protected void updateItem(ListedTaxpayer t, boolean empty) {
            super.updateItem(t, empty);
            if (empty) {
                setText(button ? i18n.get("inbox.taxpayerFilter.all") : null);
            } else {
                setText(
                        t == null
                                ? i18n.get("inbox.taxpayerFilter.all")
                                : texts.taxpayer(t.name(), t.rin()));
            }
        }
    }
}
