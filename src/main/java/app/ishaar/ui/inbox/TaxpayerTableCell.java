package app.ishaar.ui.inbox;

import app.ishaar.ui.i18n.I18n;
import javafx.scene.layout.HBox;
import javafx.scene.text.Text;

/**
 * The inbox's Taxpayer cell: the name, cut short when the column is narrow, and the RIN in brackets
 * after it, always whole; each part in its own direction (a Latin name in the Arabic table, the
 * RIN's digits together), the RIN muted.
 */
final class TaxpayerTableCell extends OneLineCell {
    private static final double GAP = 4;
    private final I18n i18n;
    private final Text rin = new Text();

    TaxpayerTableCell(I18n i18n) {
        this.i18n = i18n;
        rin.getStyleClass().addAll("text", "inbox-rin");
        rin.fontProperty().bind(fontProperty());
        HBox both = new HBox(GAP, line, rin); // mirrored in a right-to-left table
        both.setFillHeight(false);
        both.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        setGraphic(both);
    }

    @Override
    protected void updateItem(String ignored, boolean empty) {
        super.updateItem(ignored, empty);
        InboxRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
        if (r == null) {
            showText(null);
            rin.setText("");
            return;
        }
        String digits = i18n.localDigits(r.taxpayer().value());
        if (r.taxpayerName().isBlank()) {
            showText(digits); // a taxpayer the list has no name for: its RIN alone, as exported
            rin.setText("");
        } else {
            showText(r.taxpayerName());
            rin.setText("(" + digits + ")");
        }
        rin.setManaged(!rin.getText().isEmpty()); // no gap after a RIN alone
    }

    @Override
    protected double besideText() {
        return rin.getText().isEmpty() ? 0 : rin.getLayoutBounds().getWidth() + GAP;
    }
}
