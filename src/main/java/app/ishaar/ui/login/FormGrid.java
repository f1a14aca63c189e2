package app.ishaar.ui.login;

import app.ishaar.ui.controls.Bidi;
import app.ishaar.ui.fx.WhenFirst;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The login form's grid: labels in the first column, fields in the second, each field with its
 * error line under it, rows in the order they are added. A row made later (a part made when first
 * needed) keeps its place by reserving it.
 */
final class FormGrid {

    /** A field's error line: its id and the message key it shows (null when there is none). */
    record ErrorLine(String id, ObservableStringValue key) {}

    private final Node owner;
    private final Labels labels;
    private final GridPane grid = new GridPane();
    private int next;

    /** {@code owner}: a node of the view, which holds the parts made later until they are. */
    FormGrid(Node owner, Labels labels) {
        this.owner = owner;
        this.labels = labels;
        grid.setHgap(12);
        grid.setVgap(0); // hidden rows (custom addresses, errors) must leave no gap
        grid.setPadding(new Insets(8, 20, 8, 20));
        ColumnConstraints labelColumn = new ColumnConstraints();
        labelColumn.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fieldColumn = new ColumnConstraints();
        fieldColumn.setHgrow(Priority.ALWAYS);
        fieldColumn.setFillWidth(true);
        grid.getColumnConstraints().addAll(labelColumn, fieldColumn);
    }

    GridPane pane() {
        return grid;
    }

    /** Keeps the next row's place for a row made later (see {@link #addAt}). */
    int reserve() {
        return next++;
    }

    /** Adds a labelled field (with its error line, or none if {@code error} is null). */
    void add(Label label, Node field, ErrorLine error) {
        addAt(next++, label, field, error);
    }

    /** Adds a field without a label, in the fields' column. */
    void addUnlabelled(Node field) {
        grid.add(field, 1, next++);
    }

    /** Adds a part as wide as both columns. */
    void addAcross(Node part) {
        grid.add(part, 0, next++, 2, 1);
    }

    /** Adds a labelled field in a reserved row. */
    void addAt(int row, Label label, Node field, ErrorLine error) {
        label.setLabelFor(field);
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.getStyleClass().add("form-label"); // as high as its field, at every text size
        GridPane.setMargin(label, new Insets(3, 0, 3, 0));
        GridPane.setValignment(label, VPos.TOP);
        grid.add(label, 0, row);
        VBox cell = new VBox(2, field);
        cell.setPadding(new Insets(3, 0, 3, 0));
        if (error != null) {
            // the field's error line is made when it first has something to say
            WhenFirst.run(
                    owner,
                    Bindings.isNotNull(error.key()),
                    () -> cell.getChildren().add(labels.error(error.id(), error.key())));
        }
        cell.visibleProperty().bind(field.visibleProperty());
        cell.managedProperty().bind(field.managedProperty());
        grid.add(cell, 1, row);
        GridPane.setHgrow(cell, Priority.ALWAYS);
    }

    /** A field for data (an address, a RIN): left-to-right in the Arabic layout too. */
    static TextField dataField(String id, StringProperty model) {
        TextField f = new TextField();
        bindData(f, id, model);
        return f;
    }

    static void bindData(TextField f, String id, StringProperty model) {
        f.setId(id);
        Bidi.leftToRight(f);
        f.textProperty().bindBidirectional(model);
    }

    /** Gives {@code field} the style class "invalid" while {@code errorKey} holds a problem. */
    static void markInvalid(Node field, ObservableStringValue errorKey) {
        errorKey.addListener(
                (o, a, b) -> {
                    if (b == null) {
                        field.getStyleClass().remove("invalid");
                    } else if (!field.getStyleClass().contains("invalid")) {
                        field.getStyleClass().add("invalid");
                    }
                });
    }
}
