package app.ishaar.ui.inbox;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import java.util.Objects;

/**
 * One row of the inbox: an archived notification and the name of its taxpayer in the list.
 *
 * @param taxpayerName blank when the list gives none
 */
public record InboxRow(ArchivedNotification item, String taxpayerName) {

    public InboxRow {
        Objects.requireNonNull(item, "item");
        taxpayerName = taxpayerName == null ? "" : taxpayerName;
    }

    public String notificationId() {
        return item.notificationId();
    }

    public Rin taxpayer() {
        return item.taxpayer();
    }

    public Notification notification() {
        return item.notification();
    }
}
