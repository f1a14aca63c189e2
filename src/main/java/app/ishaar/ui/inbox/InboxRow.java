package app.ishaar.ui.inbox;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.text.MessageText;
import java.util.Objects;

/**
 * One row of the inbox: an archived notification, the name of its taxpayer in the list, and its
 * message's text on one line. Rows are made where the page is read, off the FX thread: the
 * message's text (an e-mail's HTML or a system message's JSON read) would otherwise be made again
 * for each cell the table fills on a page change.
 *
 * @param taxpayerName blank when the list gives none
 * @param messageLine the message's readable text on one line ({@link MessageText#oneLine})
 */
public record InboxRow(ArchivedNotification item, String taxpayerName, String messageLine) {

    public InboxRow {
        Objects.requireNonNull(item, "item");
        taxpayerName = taxpayerName == null ? "" : taxpayerName;
        Objects.requireNonNull(messageLine, "messageLine");
    }

    public InboxRow(ArchivedNotification item, String taxpayerName) {
        this(item, taxpayerName, MessageText.oneLine(item.notification().finalMessage()));
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
