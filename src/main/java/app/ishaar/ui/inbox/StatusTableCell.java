package app.ishaar.ui.inbox;

import app.ishaar.ui.notifications.HistoryLabels;
import app.ishaar.ui.notifications.StatusBadge;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;

/**
 * The inbox's Status cell: the status as the history's table shows it, a badge whose colour
 * reinforces its text, so that a failed delivery or a rejection stands out in a page of all the
 * taxpayers' notifications.
 */
final class StatusTableCell extends TableCell<InboxRow, String> {
    private final Label badge = StatusBadge.create();

    StatusTableCell() {
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        // the badge is the cell's for good: a graphic set again is put back into the scene and
        // matched against every style sheet again, on each row of each page
        setGraphic(badge);
    }

    @Override
    protected void updateItem(String text, boolean empty) {
        super.updateItem(text, empty);
        InboxRow r = empty || getTableRow() == null ? null : getTableRow().getItem();
        badge.setVisible(r != null);
        if (r == null) {
            return;
        }
        badge.setText(text);
        StatusBadge.setKind(badge, HistoryLabels.statusStyle(r.notification().status()));
    }
}
