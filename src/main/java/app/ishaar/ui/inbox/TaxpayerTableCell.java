package app.ishaar.ui.inbox;

import app.ishaar.ui.i18n.I18n;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The inbox's Taxpayer cell: the name, cut short when the column is narrow, and the RIN in
 * brackets, always whole; each part in its own direction (a Latin name in the Arabic table, the
 * RIN's digits together).
 */
final class TaxpayerTableCell extends TableCell<InboxRow, String> {
    private final I18n i18n;
    private final Label name = new Label();
    private final Label rin = new Label();
    private final HBox parts = new HBox(4, name, rin);

    TaxpayerTableCell(I18n i18n) {
        this.i18n = i18n;
        name.setMinWidth(0);
        HBox.setHgrow(name, Priority.SOMETIMES);
        rin.setMinWidth(Region.USE_PREF_SIZE);
        rin.getStyleClass().add("muted");
        parts.setAlignment(Pos.CENTER_LEFT); // mirrored in a right-to-left table
        setText(null);
    }

    @Override
    protected void updateItem(String ignored, boolean empty) {
        super.updateItem(ignored, empty);
        InboxRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
        if (r == null) {
            setGraphic(null);
            return;
        }
        name.setText(r.taxpayerName());
        name.setVisible(!r.taxpayerName().isBlank());
        name.setManaged(name.isVisible());
        rin.setText("(" + i18n.localDigits(r.taxpayer().value()) + ")");
        setGraphic(parts);
    }
}
