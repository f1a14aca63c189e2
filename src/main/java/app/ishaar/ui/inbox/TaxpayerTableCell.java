package app.ishaar.ui.inbox;

import app.ishaar.ui.i18n.I18n;
import javafx.scene.control.Tooltip;

/**
 * The inbox's Taxpayer cell: the name first, in its own direction (a Latin name in the Arabic
 * table), cut short only where the column is narrower than it; the RIN in the cell's tooltip. A
 * taxpayer the list has no name for shows its RIN alone, as exported. With the name alone in the
 * cell, two names that differ only after their first words ("Tenth of Ramadan Dairy", "Tenth of
 * Ramadan Fertilisers") still read apart at the column's least width.
 */
final class TaxpayerTableCell extends OneLineCell {
    private final I18n i18n;
    private final Tooltip rin = new Tooltip();

    TaxpayerTableCell(I18n i18n) {
        this.i18n = i18n;
    }

    @Override
    protected void updateItem(String ignored, boolean empty) {
        super.updateItem(ignored, empty);
        InboxRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
        if (r == null) {
            showText(null);
            setTooltip(null);
            return;
        }
        String digits = i18n.localDigits(r.taxpayer().value());
        if (r.taxpayerName().isBlank()) {
            showText(digits);
            setTooltip(null);
        } else {
            showText(r.taxpayerName());
            rin.setText(r.taxpayerName() + " — " + digits);
            setTooltip(rin);
        }
    }
}
