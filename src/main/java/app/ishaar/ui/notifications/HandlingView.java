package app.ishaar.ui.notifications;

import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingChange;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.model.Notification;
import app.ishaar.ui.app.Shortcut;
import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.Weak;
import app.ishaar.ui.fx.WrappingLabel;
import app.ishaar.ui.i18n.I18n;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Who is dealing with the notifications, on the screen: the Handling menu of the footer (mark the
 * selected or all shown handled or to handle, assign), the bar that says what a change did with its
 * Undo, the bar where a name to assign to is typed, the detail's note and history of changes, and
 * their keys ({@link #key}). It only binds to its {@link HandlingViewModel}.
 */
final class HandlingView {
    private static final List<PseudoClass> STATES =
            List.of(
                    PseudoClass.getPseudoClass("to-handle"),
                    PseudoClass.getPseudoClass("assigned"),
                    PseudoClass.getPseudoClass("handled"));

    private final HandlingViewModel vm;
    private final I18n i18n;
    private final Controls controls;
    private final TableView<Notification> table;
    private final HistoryLabels labels;
    private final Map<Object, Object> keep;

    private final HBox assignBar;
    private final TextField assignField = new TextField();
    private TextArea noteField;

    /** {@code keep}: the view's root's properties, which keep the listeners given the model. */
    HandlingView(
            HandlingViewModel vm,
            I18n i18n,
            Controls controls,
            TableView<Notification> table,
            HistoryLabels labels,
            Map<Object, Object> keep) {
        this.vm = vm;
        this.i18n = i18n;
        this.controls = controls;
        this.table = table;
        this.labels = labels;
        this.keep = keep;
        this.assignBar = makeAssignBar();
    }

    /** Sets a Handling cell's icon's look: to handle, assigned, handled, or none. */
    static void showIcon(Region icon, Handling h) {
        int k = -1;
        if (h != null) {
            k =
                    h.state() == Handling.State.HANDLED
                            ? 2
                            : h.assignedTo() == null || h.assignedTo().isBlank() ? 0 : 1;
        }
        for (int i = 0; i < STATES.size(); i++) {
            icon.pseudoClassStateChanged(STATES.get(i), i == k);
        }
        icon.setVisible(k >= 0);
    }

    /** A Handling cell's icon. */
    static Region icon() {
        Region icon = new Region();
        icon.getStyleClass().add("handling-icon");
        // a tick reads the same in either direction: never mirrored in the Arabic UI
        icon.setNodeOrientation(javafx.geometry.NodeOrientation.LEFT_TO_RIGHT);
        return icon;
    }

    private List<Notification> chosen() {
        return table.getSelectionModel().getSelectedItems().stream()
                .filter(n -> n != null)
                .toList();
    }

    // ---------------------------------------------------------------- the footer's menu

    /** The footer's Handling menu. */
    Node menu() {
        MenuButton menu = new MenuButton();
        menu.setId("handling-menu");
        menu.textProperty().bind(i18n.text("handling.menu"));
        menu.setTooltip(controls.tooltip("handling.menu.tooltip"));
        menu.setMinWidth(Region.USE_PREF_SIZE);
        MenuItem handled =
                item(
                        "handling-mark-handled",
                        "handling.markHandled",
                        Shortcut.MARK_HANDLED,
                        () -> vm.mark(chosen(), Handling.State.HANDLED));
        MenuItem toHandle =
                item(
                        "handling-mark-to-handle",
                        "handling.markToHandle",
                        Shortcut.MARK_TO_HANDLE,
                        () -> vm.mark(chosen(), Handling.State.TO_HANDLE));
        MenuItem assign =
                item("handling-assign", "handling.assign", Shortcut.ASSIGN, this::openAssign);
        MenuItem allHandled =
                item(
                        "handling-all-handled",
                        "handling.allHandled",
                        null,
                        () -> vm.markShown(Handling.State.HANDLED));
        MenuItem allToHandle =
                item(
                        "handling-all-to-handle",
                        "handling.allToHandle",
                        null,
                        () -> vm.markShown(Handling.State.TO_HANDLE));
        MenuItem note = item("handling-note", "handling.note", Shortcut.NOTE, this::focusNote);
        var none = Bindings.isEmpty(table.getSelectionModel().getSelectedItems());
        for (MenuItem m : List.of(handled, toHandle, assign)) {
            m.disableProperty().bind(none.or(vm.busyProperty()));
        }
        for (MenuItem m : List.of(allHandled, allToHandle)) {
            m.disableProperty().bind(Bindings.isEmpty(table.getItems()).or(vm.busyProperty()));
        }
        note.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        menu.getItems()
                .setAll(
                        handled,
                        toHandle,
                        assign,
                        note,
                        new SeparatorMenuItem(),
                        allHandled,
                        allToHandle);
        return menu;
    }

    /** A menu item, its key said after its words ("Mark handled Ctrl+D"). */
    private MenuItem item(String id, String key, Shortcut shortcut, Runnable action) {
        MenuItem m = new MenuItem();
        m.setId(id);
        m.textProperty()
                .bind(
                        shortcut == null
                                ? i18n.text(key)
                                : Bindings.concat(i18n.text(key), "   ", shortcut.displayText()));
        m.setOnAction(e -> action.run());
        return m;
    }

    // ---------------------------------------------------------------- what a change did

    /** What the last change did, with Undo while it can be undone; shown while there is one. */
    Node outcomeBar() {
        Label text = new WrappingLabel();
        text.setId("handling-said");
        text.getStyleClass().add("banner-text");
        text.textProperty().bind(said());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Button undo = controls.button("handling.undo", null, this::undo);
        undo.setId("handling-undo");
        undo.setTooltip(
                app.ishaar.ui.controls.Buttons.tooltip(
                        i18n.text("handling.undo.tooltip", Shortcut.UNDO_REMOVE.displayText())));
        undo.visibleProperty().bind(vm.undoableProperty());
        undo.managedProperty().bind(undo.visibleProperty());
        undo.disableProperty().bind(vm.busyProperty());
        undo.setMinWidth(Region.USE_PREF_SIZE);
        Button dismiss = controls.button("history.dismiss", null, vm::dismiss);
        dismiss.setId("handling-dismiss");
        dismiss.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(8, text, gap, undo, dismiss);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().addAll("banner", "info");
        bar.setId("handling-bar");
        bar.visibleProperty().bind(vm.outcomeProperty().isNotNull());
        bar.managedProperty().bind(bar.visibleProperty());
        Weak.<HandlingViewModel.Outcome>listen(
                keep,
                (o, was, now) -> {
                    boolean failed = now != null && now.kind() == HandlingViewModel.Kind.FAILED;
                    bar.getStyleClass().removeAll("info", "error");
                    bar.getStyleClass().add(failed ? "error" : "info");
                },
                vm.outcomeProperty());
        return bar;
    }

    private void undo() {
        vm.undo();
        table.requestFocus();
    }

    private StringBinding said() {
        return Bindings.createStringBinding(
                () -> {
                    HandlingViewModel.Outcome o = vm.outcomeProperty().get();
                    if (o == null) {
                        return "";
                    }
                    String what =
                            switch (o.kind()) {
                                case HANDLED -> counted("handling.said.handled", o.count());
                                case TO_HANDLE -> counted("handling.said.toHandle", o.count());
                                case ASSIGNED ->
                                        counted("handling.said.assigned", o.count(), o.name());
                                case UNASSIGNED -> counted("handling.said.unassigned", o.count());
                                case NOTED -> i18n.get("handling.said.noted");
                                case UNDONE -> counted("handling.said.undone", o.count());
                                case FAILED -> i18n.get("handling.said.failed");
                            };
                    if (o.overtaken() > 0) {
                        what +=
                                " "
                                        + i18n.get(
                                                "handling.said.overtaken",
                                                i18n.formatNumber(o.overtaken()),
                                                labels.person(o.overtakenBy()));
                    }
                    return what;
                },
                vm.outcomeProperty(),
                i18n.languageProperty(),
                i18n.latinDigitsProperty());
    }

    /** "1 notification …" or "{n} notifications …" (key.one for one). */
    private String counted(String key, int count, Object... more) {
        Object[] args = new Object[more.length + 1];
        args[0] = i18n.formatNumber(count);
        System.arraycopy(more, 0, args, 1, more.length);
        return i18n.get(count == 1 ? key + ".one" : key, args);
    }

    // ---------------------------------------------------------------- assigning

    /** Where the name to assign the selected notifications to is typed; shown while assigning. */
    Node assignBar() {
        return assignBar;
    }

    private HBox makeAssignBar() {
        Label label = controls.label("handling.assignTo");
        assignField.setId("handling-assign-name");
        assignField.setPrefColumnCount(16);
        Button ok = controls.button("handling.assign.ok", null, this::assignNow);
        ok.setId("handling-assign-ok");
        ok.setDefaultButton(false);
        Button me =
                controls.button(
                        "handling.assign.me",
                        null,
                        () -> {
                            assignField.setText(labels.person(vm.personProperty().get()));
                            assignNow();
                        });
        me.setId("handling-assign-me");
        me.disableProperty().bind(vm.personProperty().isEmpty());
        Button cancel = controls.button("handling.assign.cancel", null, this::closeAssign);
        cancel.setId("handling-assign-cancel");
        Label hint = new Label();
        hint.getStyleClass().add("muted");
        hint.textProperty().bind(i18n.text("handling.assign.hint"));
        HBox bar = Controls.group(label, assignField, ok, me, cancel, hint);
        bar.setId("handling-assign-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("assign-bar");
        bar.setVisible(false);
        bar.managedProperty().bind(bar.visibleProperty());
        bar.addEventHandler(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        assignNow();
                        e.consume();
                    } else if (e.getCode() == KeyCode.ESCAPE) {
                        closeAssign();
                        e.consume();
                    }
                });
        return bar;
    }

    /** Asks for the name to assign the selected notifications to (the user's own, at first). */
    private void openAssign() {
        if (chosen().isEmpty()) {
            return;
        }
        if (assignField.getText().isBlank()) {
            assignField.setText(labels.person(vm.personProperty().get()));
        }
        assignBar.setVisible(true);
        assignField.requestFocus();
        assignField.selectAll();
    }

    private void assignNow() {
        vm.assign(chosen(), assignField.getText());
        closeAssign();
    }

    private void closeAssign() {
        assignBar.setVisible(false);
        table.requestFocus();
    }

    // ---------------------------------------------------------------- the detail's part

    /**
     * The detail's handling: the state, the note being written (its limit said inline, Add note),
     * and the changes so far, oldest first.
     */
    Node detailPart() {
        Label heading = new Label();
        heading.textProperty().bind(i18n.text("handling.section"));
        heading.getStyleClass().add("detail-section");
        Label state = new WrappingLabel();
        state.setId("handling-state");
        state.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    Handling h = vm.selectedHandlingProperty().get();
                                    return h == null
                                            ? i18n.get("handling.none")
                                            : labels.handling(h);
                                },
                                vm.selectedHandlingProperty(),
                                i18n.languageProperty()));
        Region icon = icon();
        Weak.<Handling>listen(
                icon.getProperties(),
                (o, a, now) -> showIcon(icon, now),
                vm.selectedHandlingProperty());
        showIcon(icon, vm.selectedHandlingProperty().get());
        HBox stateLine = new HBox(6, icon, state);
        stateLine.setAlignment(Pos.CENTER_LEFT);

        noteField = new TextArea();
        noteField.setId("handling-note-text");
        noteField.setWrapText(true);
        noteField.setPrefRowCount(2);
        noteField.promptTextProperty().bind(i18n.text("handling.note.prompt"));
        noteField.textProperty().bindBidirectional(vm.noteProperty());
        noteField.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (Shortcut.ADD_NOTE.matches(e)) {
                        vm.addNote();
                        e.consume();
                    }
                });
        Label problem = new WrappingLabel();
        problem.setId("handling-note-problem");
        problem.getStyleClass().add("error-text");
        problem.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> {
                                    HandlingViewModel.NoteProblem p =
                                            vm.noteProblemProperty().get();
                                    if (p == null) {
                                        return "";
                                    }
                                    return p == HandlingViewModel.NoteProblem.TOO_LONG
                                            ? i18n.get(
                                                    "handling.note.tooLong",
                                                    i18n.formatNumber(HandlingEdit.NOTE_LIMIT),
                                                    i18n.formatNumber(
                                                            vm.noteLengthProperty().get()))
                                            : i18n.get("handling.note.notPlain");
                                },
                                vm.noteProblemProperty(),
                                vm.noteLengthProperty(),
                                i18n.languageProperty()));
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        Button add = controls.button("handling.note.add", null, vm::addNote);
        add.setId("handling-note-add");
        add.setTooltip(
                app.ishaar.ui.controls.Buttons.tooltip(
                        i18n.text("handling.note.add.tooltip", Shortcut.ADD_NOTE.displayText())));
        add.disableProperty().bind(vm.canAddNoteProperty().not());
        HBox addLine = new HBox(6, problem, add);
        HBox.setHgrow(problem, Priority.ALWAYS);
        problem.setMaxWidth(Double.MAX_VALUE);
        addLine.setAlignment(Pos.CENTER_RIGHT);

        VBox changes = new VBox(4);
        changes.setId("handling-history");
        Runnable fill =
                () -> {
                    List<Node> rows = new ArrayList<>();
                    List<HandlingChange> list = vm.history();
                    for (int i = list.size() - 1; i >= 0; i--) {
                        rows.add(change(list.get(i))); // newest first: what happened last on top
                    }
                    changes.getChildren().setAll(rows);
                };
        Weak.listen(
                changes.getProperties(),
                (ListChangeListener<HandlingChange>) c -> fill.run(),
                vm.history());
        Weak.listen(changes.getProperties(), (o, a, b) -> fill.run(), i18n.languageProperty());
        fill.run();

        VBox part = new VBox(6, heading, stateLine, noteField, addLine, changes);
        part.setId("handling-detail");
        return part;
    }

    /** One change as the history lists it: when and who, what it set, its note. */
    private Node change(HandlingChange c) {
        List<String> what = new ArrayList<>();
        if (c.state() != null) {
            what.add(
                    i18n.get(
                            c.state() == Handling.State.HANDLED
                                    ? "handling.handled"
                                    : "handling.toHandle"));
        }
        if (c.assignedTo() != null) {
            what.add(
                    c.assignedTo().isEmpty()
                            ? i18n.get("handling.unassigned")
                            : i18n.get("handling.assignedTo", labels.person(c.assignedTo())));
        }
        Label head =
                new Label(
                        i18n.get("handling.change", labels.dateTime(c.at()), labels.person(c.by()))
                                + (what.isEmpty() ? "" : " · " + String.join(" · ", what)));
        head.getStyleClass().add("muted");
        VBox row = new VBox(2, head);
        row.getStyleClass().add("handling-change");
        if (c.note() != null) {
            Label note = new WrappingLabel(c.note());
            note.getStyleClass().add("handling-note");
            Bidi.ownDirection(note, i18n.orientationProperty());
            note.setMaxWidth(Double.MAX_VALUE);
            row.getChildren().add(note);
        }
        return row;
    }

    /** Puts the keyboard in the detail's note field (the detail shown first). */
    private void focusNote() {
        if (noteField != null) {
            // the detail may come into the window only at the next layout
            app.ishaar.ui.fx.WhenFirst.run(
                    noteField, noteField.sceneProperty().isNotNull(), noteField::requestFocus);
        }
    }

    // ---------------------------------------------------------------- keys

    /**
     * Does what a key of the handling asks, and says whether it did: Ctrl+D, Ctrl+Shift+D,
     * Ctrl+Shift+A, Ctrl+Shift+N, and Ctrl+Z to undo. Keys typed in a text field are the field's.
     */
    boolean key(KeyEvent e, Runnable showDetail) {
        if (e.getTarget() instanceof TextInputControl) {
            return false;
        }
        if (Shortcut.MARK_HANDLED.matches(e)) {
            vm.mark(chosen(), Handling.State.HANDLED);
        } else if (Shortcut.MARK_TO_HANDLE.matches(e)) {
            vm.mark(chosen(), Handling.State.TO_HANDLE);
        } else if (Shortcut.ASSIGN.matches(e)) {
            openAssign();
        } else if (Shortcut.NOTE.matches(e)) {
            if (table.getSelectionModel().getSelectedItem() == null) {
                return false;
            }
            showDetail.run();
            focusNote();
        } else if (Shortcut.UNDO_REMOVE.matches(e) && vm.undoableProperty().get()) {
            vm.undo();
        } else {
            return false;
        }
        return true;
    }
}
