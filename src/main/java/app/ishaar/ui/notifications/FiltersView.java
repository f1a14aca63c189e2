package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.DecimalStyle;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.ChoiceBoxSkin;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;

/**
 * The history screen's filters: the bar (sent date with its custom range, type, language, status,
 * channel, handling, Apply and Reset; Enter anywhere in it applies) and the chips of the applied
 * filter, each removable. It only binds to its {@link FiltersViewModel}. Its owner tells it of a
 * new language ({@link #languageChanged}), as it is told.
 */
public final class FiltersView {
    private final FiltersViewModel vm;
    private final I18n i18n;
    private final Controls controls;
    private final ChoiceBox<DatePreset> preset = new ChoiceBox<>();
    private final List<Runnable> onLanguage = new ArrayList<>();
    private final Node bar;
    private final Node chips;

    /** The history's filter bar over other notifications (the inbox's). */
    public FiltersView(FiltersViewModel vm, I18n i18n) {
        this(vm, i18n, new Controls(i18n));
    }

    FiltersView(FiltersViewModel vm, I18n i18n, Controls controls) {
        this.vm = vm;
        this.i18n = i18n;
        this.controls = controls;
        bar = filterBar();
        chips = chipPane();
    }

    /** The filter bar. */
    public Node bar() {
        return bar;
    }

    /**
     * A note at the bar's end, such as what the bold rows are: beside the filters where they leave
     * room, else on a line of its own under them.
     */
    void note(Node note) {
        ((FlowPane) bar).getChildren().add(note);
    }

    /** The applied filter's chips, shown when it is not the default. */
    public Node chips() {
        return chips;
    }

    /** The bar's first choice, the sent date: what Ctrl+F and F6 focus. */
    public Node first() {
        return preset;
    }

    /** The choices' names, the dates and times in the new language and digits. */
    public void languageChanged() {
        onLanguage.forEach(Runnable::run);
    }

    private Node filterBar() {
        FlowPane pane = new FlowPane();
        pane.getStyleClass().add("filter-bar");
        pane.setId("filter-bar");

        preset.setId("filter-date");
        preset.getItems().setAll(vm.presets());
        preset.valueProperty().bindBidirectional(vm.presetProperty());
        converter(preset, p -> i18n.get(p.key()));

        DatePicker fromDate = datePicker("filter-from-date", vm.fromDateProperty());
        TextField fromTime = timeField("filter-from-time", vm.fromTimeProperty());
        DatePicker toDate = datePicker("filter-to-date", vm.toDateProperty());
        TextField toTime = timeField("filter-to-time", vm.toTimeProperty());
        HBox custom =
                Controls.group(
                        controls.label("filter.from"),
                        fromDate,
                        fromTime,
                        controls.label("filter.to"),
                        toDate,
                        toTime);
        custom.visibleProperty().bind(vm.presetProperty().isEqualTo(DatePreset.CUSTOM));
        custom.managedProperty().bind(custom.visibleProperty());

        Runnable apply =
                () -> {
                    commit(fromDate);
                    commit(toDate);
                    vm.apply();
                };
        Button applyButton = controls.button("filter.apply", "filter.apply.tooltip", apply);
        applyButton.setId("filter-apply");
        applyButton.disableProperty().bind(vm.validProperty().not());
        Button reset = controls.button("filter.reset", "filter.reset.tooltip", vm::reset);
        reset.setId("filter-reset");

        Label invalid = new Label();
        invalid.setId("filter-invalid");
        invalid.getStyleClass().add("error-text");
        invalid.textProperty().bind(vm.validationMessageProperty());
        invalid.visibleProperty().bind(vm.validProperty().not());
        invalid.managedProperty().bind(invalid.visibleProperty());

        pane.getChildren()
                .addAll(
                        Controls.group(controls.label("filter.date"), preset),
                        custom,
                        Controls.group(
                                controls.label("filter.type"),
                                multiChoice(
                                        "type", FiltersViewModel.typeOptions(), vm.typeProperty())),
                        Controls.group(
                                controls.label("filter.language"),
                                choice(
                                        "language",
                                        FiltersViewModel.languageOptions(),
                                        vm.languageProperty())),
                        Controls.group(
                                controls.label("filter.status"),
                                multiChoice(
                                        "status",
                                        FiltersViewModel.statusOptions(),
                                        vm.statusProperty())),
                        Controls.group(
                                controls.label("filter.channel"),
                                choice(
                                        "channel",
                                        FiltersViewModel.channelOptions(),
                                        vm.channelProperty())),
                        Controls.group(controls.label("filter.handling"), handlingChoice()),
                        Controls.group(applyButton, reset),
                        invalid);

        // Enter anywhere in the filter bar applies (after the date pickers took their typed text)
        pane.addEventHandler(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        apply.run();
                        e.consume();
                    }
                });
        return pane;
    }

    /** Who is dealing with them: All, To handle, Assigned to me, Handled. */
    private ChoiceBox<InboxQuery.HandlingFilter> handlingChoice() {
        ChoiceBox<InboxQuery.HandlingFilter> box = new ChoiceBox<>();
        box.setId("filter-handling");
        box.getItems().setAll(FiltersViewModel.handlingOptions());
        box.valueProperty().bindBidirectional(vm.handlingProperty());
        converter(box, vm::handlingText);
        return box;
    }

    /** A filter of any of several values (type, status): see {@link MultiChoice}. */
    private Node multiChoice(String dimension, List<String> options, StringProperty value) {
        MultiChoice m =
                new MultiChoice(
                        "filter-" + dimension,
                        "filter." + dimension,
                        options,
                        value,
                        v -> vm.optionText(dimension, v),
                        i18n);
        m.box().setTooltip(controls.tooltip("filter.multi.tooltip"));
        onLanguage.add(m::languageChanged);
        return m.box();
    }

    private ChoiceBox<String> choice(String dimension, List<String> options, StringProperty value) {
        ChoiceBox<String> box = new ChoiceBox<>();
        box.setId("filter-" + dimension);
        box.getItems().setAll(options);
        box.valueProperty().bindBidirectional(value);
        converter(box, v -> vm.optionText(dimension, v));
        return box;
    }

    /**
     * The choices' names in the UI language. Choice boxes, not combo boxes: a handful of fixed
     * choices need no list view, and each combo box made one (skin, cells, scroll bars) with the
     * screen, a fifth of the filter bar's nodes. A new converter is how a choice box relabels.
     */
    private <T> void converter(ChoiceBox<T> box, Function<T, String> text) {
        Runnable install =
                () -> {
                    box.setConverter(ChoiceNames.of(text));
                    if (box.getSkin() != null) {
                        // a fresh skin sizes the box for its longest choice in the new language, as
                        // at start (the old one shrank it to the shown choice, and the filter bar
                        // jumped when choosing)
                        box.setSkin(new ChoiceBoxSkin<>(box));
                    }
                };
        install.run();
        onLanguage.add(install);
    }

    private DatePicker datePicker(String id, ObjectProperty<LocalDate> value) {
        DatePicker picker = new DatePicker();
        picker.setId(id);
        picker.valueProperty().bindBidirectional(value);
        Runnable install =
                () -> {
                    // Arabic: d/M/y without CLDR's right-to-left marks (drawn as boxes by many
                    // fonts, and not typed by users)
                    DateTimeFormatter fmt =
                            (i18n.language() == AppLanguage.ARABIC
                                            ? DateTimeFormatter.ofPattern(
                                                    "d/M/y", i18n.formatLocale())
                                            : DateTimeFormatter.ofLocalizedDate(FormatStyle.SHORT)
                                                    .withLocale(i18n.formatLocale()))
                                    .withDecimalStyle(DecimalStyle.of(i18n.formatLocale()));
                    picker.setConverter(
                            new StringConverter<>() {
                                @Override
                                public String toString(LocalDate d) {
                                    return d == null ? "" : fmt.format(d);
                                }

                                @Override
                                public LocalDate fromString(String s) {
                                    if (s == null || s.isBlank()) {
                                        return null;
                                    }
                                    try {
                                        return LocalDate.parse(s.strip(), fmt);
                                    } catch (DateTimeParseException e) {
                                        try {
                                            return LocalDate.parse(I18n.latinDigits(s.strip()));
                                        } catch (DateTimeParseException e2) {
                                            return picker.getValue();
                                        }
                                    }
                                }
                            });
                };
        install.run();
        onLanguage.add(install);
        return picker;
    }

    /** Takes what was typed into a date picker's field without Enter. */
    private static void commit(DatePicker picker) {
        String typed = picker.getEditor().getText();
        LocalDate parsed = picker.getConverter().fromString(typed);
        if (!Objects.equals(parsed, picker.getValue())) {
            picker.setValue(parsed);
        }
    }

    /**
     * Latin digits shown in the UI's digits, either read back as Latin. Of nothing of the view: a
     * two-way binding holds its converter for as long as the view model's property lives, and the
     * view model outlives a screen the main window releases.
     */
    private static final class UiDigits extends StringConverter<String> {
        private final I18n i18n;

        UiDigits(I18n i18n) {
            this.i18n = i18n;
        }

        @Override
        public String toString(String latin) {
            return i18n.localDigits(latin);
        }

        @Override
        public String fromString(String shown) {
            return shown == null ? null : I18n.latinDigits(shown);
        }
    }

    private TextField timeField(String id, StringProperty value) {
        TextField field = new TextField();
        field.setId(id);
        field.getStyleClass().add("time-field");
        Bidi.leftToRight(field);
        field.promptTextProperty().bind(i18n.text("filter.time.prompt"));
        // shown in the UI's digits; the view model keeps Latin digits (and reads either)
        UiDigits digits = new UiDigits(i18n);
        Bindings.bindBidirectional(field.textProperty(), value, digits);
        onLanguage.add(() -> field.setText(digits.toString(value.get())));
        return field;
    }

    private Node chipPane() {
        FlowPane pane = new FlowPane();
        pane.getStyleClass().add("chips");
        pane.setId("filter-chips");
        Runnable rebuild =
                () -> {
                    List<Node> nodes = new ArrayList<>();
                    for (FiltersViewModel.Chip chip : vm.chips()) {
                        Label text = new Label(chip.text());
                        Button remove = new Button("×");
                        remove.getStyleClass().add("chip-remove");
                        remove.setId("chip-remove-" + chip.dimension());
                        remove.setTooltip(controls.tooltip("filter.chip.remove"));
                        remove.setOnAction(e -> vm.remove(chip.dimension()));
                        remove.setFocusTraversable(true);
                        HBox box = new HBox(text, remove);
                        box.getStyleClass().add("chip");
                        box.setId("chip-" + chip.dimension());
                        nodes.add(box);
                    }
                    pane.getChildren().setAll(nodes);
                };
        Weak.listen(
                pane.getProperties(),
                (ListChangeListener<FiltersViewModel.Chip>) c -> rebuild.run(),
                vm.chips());
        rebuild.run();
        pane.visibleProperty().bind(Bindings.isNotEmpty(vm.chips()));
        pane.managedProperty().bind(pane.visibleProperty());
        return pane;
    }
}
