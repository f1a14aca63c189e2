package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.time.Instant;
import java.util.Map;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * What the history screen says above its table: the error banner of a failed page, and the filter
 * bar's notes on the bold rows (new since the last visit) and on new notifications that arrived
 * since the page came.
 */
final class HistoryNotes {
    private final HistoryViewModel vm;
    private final I18n i18n;
    private final Controls controls;
    private final TableView<Notification> table;

    /** Keeps the listeners this class gives the view model (see {@link Weak}). */
    private final Map<Object, Object> keep;

    /**
     * {@code table}: gets focus after a note's button; {@code keep}: the view's root's properties.
     */
    HistoryNotes(
            HistoryViewModel vm,
            I18n i18n,
            Controls controls,
            TableView<Notification> table,
            Map<Object, Object> keep) {
        this.vm = vm;
        this.i18n = i18n;
        this.controls = controls;
        this.table = table;
        this.keep = keep;
    }

    /**
     * What the bold rows are, while the page shows one, and Mark as seen, after which they are
     * plain (the rows are drawn again).
     */
    Node newSinceNote() {
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
                keep,
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
    Node arrivedNote() {
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
     * How far back the archive reaches while a taxpayer's first sync is still bringing older pages
     * (the rows shown are what has landed), and, when the filter asks for older notifications than
     * that, that they are not there yet; nothing once the whole history is archived.
     */
    Node reachNote() {
        Label label = new WrappingLabel();
        label.setId("history-reach");
        label.getStyleClass().add("muted");
        label.textProperty()
                .bind(
                        javafx.beans.binding.Bindings.createStringBinding(
                                this::reachText,
                                vm.reachProperty(),
                                vm.filters().appliedProperty(),
                                i18n.languageProperty(),
                                i18n.latinDigitsProperty(),
                                i18n.zoneProperty()));
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }

    private String reachText() {
        Reach r = vm.reachProperty().get();
        if (r == null || r.complete()) {
            return "";
        }
        if (r.oldest() == null) {
            return i18n.get("history.reach.none");
        }
        return i18n.get(
                r.misses(vm.exportQuery().filters().dateFrom())
                        ? "history.reach.missing"
                        : "history.reach.partial",
                i18n.formatDate(r.oldest()));
    }

    /**
     * A note of the filter bar with its button, shown while its text is not empty (and taking no
     * room otherwise); the button does its action and gives the table focus.
     */
    private Node buttonNote(
            String id,
            String styleClass,
            ObservableStringValue text,
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

    /**
     * The error banner: what failed in words, with Retry and Dismiss; shown while a page failed.
     */
    Node banner() {
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
        banner.visibleProperty().bind(vm.requests().errorProperty().isNotNull());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }
}
