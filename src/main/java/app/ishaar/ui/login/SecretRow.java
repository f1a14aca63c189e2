package app.ishaar.ui.login;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.AfterFirstFrame;
import app.ishaar.ui.fx.WhenFirst;
import app.ishaar.ui.i18n.I18n;
import javafx.geometry.Pos;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.SVGPath;

/**
 * The client secret's row: a password field, and an eye that shows the secret in a plain-text twin
 * (made at the first "show", holding the secret only while the user asks to see it).
 */
final class SecretRow {

    private static final String EYE =
            "M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5"
                    + " 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z";

    private final Node owner;
    private final LoginViewModel vm;
    private final PasswordField secret;
    private final StackPane fields;
    private final TypedAt typedAt = new TypedAt();
    private final Label label;

    private SecretRow(Node owner, Labels labels, LoginViewModel vm, PasswordField secret) {
        this.owner = owner;
        this.vm = vm;
        this.secret = secret;
        this.fields = new StackPane(secret);
        this.label = labels.label("login.secret");
    }

    /**
     * Adds the row, around the view's password field {@code secret}, to {@code grid}; {@code
     * owner}: a node of the view (see {@link WhenFirst}).
     */
    static void add(
            Node owner, FormGrid grid, Labels labels, LoginViewModel vm, PasswordField secret) {
        SecretRow row = new SecretRow(owner, labels, vm, secret);
        secret.setId("secret");
        Bidi.leftToRight(secret);
        secret.textProperty().bindBidirectional(vm.form().secretProperty());
        secret.visibleProperty().bind(vm.form().secretRevealedProperty().not());
        FormGrid.markInvalid(secret, vm.form().secretField().shownProperty());
        ToggleButton reveal = row.eye(labels);
        WhenFirst.run(owner, vm.form().secretRevealedProperty(), row::makeShownTwin);
        HBox.setHgrow(row.fields, Priority.ALWAYS);
        HBox box = new HBox(4, row.fields, reveal);
        box.setAlignment(Pos.CENTER_LEFT);
        grid.add(
                row.label,
                box,
                new FormGrid.ErrorLine("secretError", vm.form().secretField().shownProperty()));
        // the label names the secret's field itself, not the row (the twin takes it while shown)
        row.label.setLabelFor(secret);
    }

    /** The eye: Tab reaches it, and Space (or a click) shows and hides the secret. */
    private ToggleButton eye(Labels labels) {
        I18n i18n = labels.i18n();
        SVGPath eye = new SVGPath();
        eye.setContent(EYE);
        eye.getStyleClass().add("icon");
        eye.setScaleX(0.7);
        eye.setScaleY(0.7);
        ToggleButton reveal = new ToggleButton(null, new Group(eye));
        reveal.setId("reveal");
        reveal.getStyleClass().add("reveal");
        reveal.selectedProperty().bindBidirectional(vm.form().secretRevealedProperty());
        AfterFirstFrame.run(
                () -> {
                    reveal.setTooltip(labels.tooltip("login.secret.reveal"));
                    // an icon only: a screen reader reads this instead of "toggle button"
                    reveal.accessibleTextProperty().bind(i18n.text("login.secret.reveal"));
                });
        // a click on the eye while typing the secret leaves the keyboard in the secret, where a
        // click on a focusable button would take it
        reveal.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> typedAt.keep(fields));
        reveal.addEventFilter(KeyEvent.KEY_PRESSED, e -> typedAt.forget());
        return reveal;
    }

    /** The plain-text twin, made at the first "show". */
    private void makeShownTwin() {
        TextField shown = new TextField();
        shown.setId("secretShown");
        Bidi.leftToRight(shown);
        shown.visibleProperty().bind(vm.form().secretRevealedProperty());
        FormGrid.markInvalid(shown, vm.form().secretField().shownProperty());
        fields.getChildren().add(shown);
        vm.form()
                .secretRevealedProperty()
                .addListener(
                        (o, was, show) -> {
                            if (show) {
                                shown.textProperty().bindBidirectional(vm.form().secretProperty());
                            }
                            typedAt.handOver(show ? secret : shown, show ? shown : secret);
                            // the label names the one shown (a text field's accessible text would
                            // be read instead of its text)
                            label.setLabelFor(show ? shown : secret);
                            if (!show) {
                                shown.textProperty()
                                        .unbindBidirectional(vm.form().secretProperty());
                                shown.clear();
                            }
                        });
        shown.textProperty().bindBidirectional(vm.form().secretProperty());
        label.setLabelFor(shown);
        typedAt.handOver(secret, shown);
    }

    /**
     * The secret's field and its plain-text twin take each other's place: the one now shown gets
     * the caret and selection, and the keyboard if the other had it or the eye was clicked while
     * typing, so the next keys go on where the last ones went. The click's press takes focus to the
     * eye, and JavaFX moves a text field's caret to its start as the keyboard leaves it: where the
     * typing was is kept at the press.
     */
    private static final class TypedAt {
        private boolean kept;
        private int anchor;
        private int caret;

        void keep(StackPane fields) {
            forget();
            for (Node n : fields.getChildren()) {
                if (n.isFocused() && n instanceof TextField field) {
                    kept = true;
                    anchor = field.getAnchor();
                    caret = field.getCaretPosition();
                }
            }
        }

        void forget() {
            kept = false;
        }

        void handOver(TextField from, TextField to) {
            boolean typing = kept || from.isFocused();
            int a = kept ? anchor : from.getAnchor();
            int c = kept ? caret : from.getCaretPosition();
            forget();
            if (typing) {
                to.requestFocus();
            }
            to.selectRange(a, c);
        }
    }
}
