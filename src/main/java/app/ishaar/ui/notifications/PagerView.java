package app.ishaar.ui.notifications;

import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Buttons;
import app.ishaar.ui.controls.ChoiceNames;
import app.ishaar.ui.fx.ChoiceMenus;
import app.ishaar.ui.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The history screen's pager: first, previous, "page N of M" (N editable), next, last, the page
 * size and the count. It only binds to its {@link PagerViewModel}. Its owner tells it of a new
 * language ({@link #languageChanged}), as it is told.
 */
final class PagerView {
    private static final KeyCombination PAGE_BACK = Shortcut.PAGE_BACK.key();
    private static final KeyCombination PAGE_ON = Shortcut.PAGE_ON.key();

    private final PagerViewModel vm;
    private final I18n i18n;
    private final TextField pageField = new TextField();

    /** Kept: the page-size choice is bound through this adapter. */
    private final ObjectProperty<Integer> pageSizeObject;

    private Runnable sizeConverter;
    private final HBox root;

    PagerView(PagerViewModel vm, I18n i18n, Controls controls) {
        this.vm = vm;
        this.i18n = i18n;
        this.pageSizeObject = vm.pageSizeProperty().asObject();
        this.root = pager(controls);
    }

    /** The pager's row. */
    Node root() {
        return root;
    }

    /** The page number's field: what F6 focuses. */
    Node pageField() {
        return pageField;
    }

    /** The page sizes in the new language's digits. */
    void languageChanged() {
        sizeConverter.run();
    }

    /**
     * The arrow that, with Alt, pages on ({@code forward}) or back in a reading direction: in
     * Arabic, left is forward.
     */
    static KeyCode pagingArrowKey(boolean forward, boolean rtl) {
        return forward != rtl ? KeyCode.RIGHT : KeyCode.LEFT;
    }

    /**
     * Alt+← or Alt+→ as the platform names it: the one that pages on ({@code forward}) or back in
     * the UI's reading direction.
     */
    private ObservableValue<String> pagingArrow(boolean forward) {
        return Bindings.createStringBinding(
                () -> {
                    boolean rtl = i18n.orientationProperty().get() == NodeOrientation.RIGHT_TO_LEFT;
                    return new KeyCodeCombination(
                                    pagingArrowKey(forward, rtl), KeyCombination.ALT_DOWN)
                            .getDisplayText();
                },
                i18n.orientationProperty());
    }

    private HBox pager(Controls controls) {
        Button first =
                Buttons.icon("pager-first", "icon-first", i18n.text("pager.first"), vm::first);
        first.disableProperty().bind(vm.canPreviousProperty().not());
        // the keys as the platform names them (Ctrl or ⌘, Alt or ⌥), the arrow the reading
        // direction's
        Button previous =
                Buttons.icon(
                        "pager-previous",
                        "icon-previous",
                        i18n.text(
                                "pager.previous",
                                new ReadOnlyObjectWrapper<>(PAGE_BACK.getDisplayText()),
                                pagingArrow(false)),
                        vm::previous);
        previous.disableProperty().bind(vm.canPreviousProperty().not());
        Button next =
                Buttons.icon(
                        "pager-next",
                        "icon-next",
                        i18n.text(
                                "pager.next",
                                new ReadOnlyObjectWrapper<>(PAGE_ON.getDisplayText()),
                                pagingArrow(true)),
                        vm::next);
        next.disableProperty().bind(vm.canNextProperty().not());
        Button last = Buttons.icon("pager-last", "icon-last", i18n.text("pager.last"), vm::last);
        last.disableProperty().bind(vm.canNextProperty().not());

        TextField page = pageField;
        page.setId("pager-page");
        page.getStyleClass().add("page-field");
        page.setTooltip(controls.tooltip("pager.goTo"));
        var pageText = vm.pageText();
        page.setText(pageText.get());
        pageText.addListener((o, a, now) -> page.setText(now));
        page.setOnAction(
                e -> {
                    if (!vm.goTo(page.getText())) {
                        page.setText(pageText.get());
                    }
                });
        page.focusedProperty()
                .addListener(
                        (o, a, focused) -> {
                            if (!focused) {
                                page.setText(pageText.get());
                            }
                        });
        Label of = new Label();
        of.setId("pager-of");
        of.textProperty().bind(vm.ofPagesText());

        ChoiceBox<Integer> size = new ChoiceBox<>();
        size.setId("pager-size");
        size.getItems().setAll(PagerViewModel.PAGE_SIZES);
        size.valueProperty().bindBidirectional(pageSizeObject);
        sizeConverter = () -> size.setConverter(ChoiceNames.of(n -> i18n.formatNumber(n)));
        ChoiceMenus.keepChosenChecked(size);
        sizeConverter.run();

        Label total = new Label();
        total.setId("pager-total");
        total.getStyleClass().add("muted");
        total.textProperty().bind(vm.totalText());

        Node[] parts = {
            first,
            previous,
            controls.label("pager.page"),
            page,
            of,
            next,
            last,
            new Region(),
            controls.label("pager.pageSize"),
            size,
            total
        };
        Controls.nameByLabels(parts);
        // no word cut: only the count gives way (it says again what the pages say)
        for (Node n : parts) {
            if (n != total && n instanceof Region r) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        HBox row = new HBox(parts);
        row.getStyleClass().add("pager-group");
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }
}
