package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import app.ishaar.ui.i18n.I18n;
import java.util.function.Function;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/**
 * The Taxpayer cell of a screen of several taxpayers: the name first, cut short only where the
 * column is narrower than it; the name with the RIN in the cell's tooltip. A taxpayer the list has
 * no name for shows its RIN alone, as exported. With the name alone in the cell, two names that
 * differ only after their first words ("Tenth of Ramadan Dairy", "Tenth of Ramadan Fertilisers")
 * still read apart at the column's least width.
 */
final class TaxpayerTableCell extends TableCell<Notification, Notification> {
    private final I18n i18n;
    private final Function<Notification, ListedTaxpayer> taxpayerOf;
    private final Tooltip rin = new Tooltip();

    TaxpayerTableCell(I18n i18n, Function<Notification, ListedTaxpayer> taxpayerOf) {
        this.i18n = i18n;
        this.taxpayerOf = taxpayerOf;
    }

    @Override
    protected void updateItem(Notification n, boolean empty) {
        super.updateItem(n, empty);
        ListedTaxpayer t = empty || n == null ? null : taxpayerOf.apply(n);
        if (t == null) {
            setText(null);
            setTooltip(null);
            return;
        }
        String digits = i18n.localDigits(t.rin().value());
        if (t.name().isBlank()) {
            setText(digits);
            setTooltip(null);
        } else {
            setText(t.name());
            rin.setText(t.name() + " — " + digits);
            setTooltip(rin);
        }
    }
}
