package app.ishaar.ui.inbox;

import app.ishaar.ui.i18n.I18n;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * The inbox's Taxpayer cell: the name, cut short when the column is narrow, and the RIN in brackets
 * after it, always whole; each part in its own direction (a Latin name in the Arabic table, the
 * RIN's digits together). The name is the cell's own text and the RIN its graphic: one label more
 * per cell, not a box of two.
 */
final class TaxpayerTableCell extends OneLineCell {
    private static final double GAP = 4;
    private final I18n i18n;
    private final Label rin = new Label();

    TaxpayerTableCell(I18n i18n) {
        this.i18n = i18n;
        rin.setMinWidth(Region.USE_PREF_SIZE);
        rin.getStyleClass().add("muted");
        setContentDisplay(ContentDisplay.RIGHT); // mirrored in a right-to-left table
        setGraphicTextGap(GAP);
    }

    @Override
    protected void updateItem(String ignored, boolean empty) {
        super.updateItem(ignored, empty);
        InboxRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
        if (r == null) {
            showText(null);
            setGraphic(null);
            return;
        }
        showText(r.taxpayerName());
        rin.setText("(" + i18n.localDigits(r.taxpayer().value()) + ")");
        setGraphic(rin);
    }

    @Override
    protected double besideText() {
        return getGraphic() == null ? 0 : rin.prefWidth(-1) + GAP;
    }
}
