package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The shown page's notifications and the selected one. A new page keeps the selection on the same
 * notification (found by its ID) if the page has it, else clears it; the detail pane follows the
 * selection with no request.
 */
public final class RowsViewModel {
    private final ObservableList<Notification> rows = FXCollections.observableArrayList();
    private final ObjectProperty<Notification> selected =
            new SimpleObjectProperty<>(this, "selected");
    private final StringProperty leftAt = new SimpleStringProperty(this, "leftAt");

    /** The selected notification's ID, kept while a page replaces the rows. */
    private String selectedId;

    /** Whether the rows are being replaced: the selection the table drops meanwhile stays. */
    private boolean replacingRows;

    RowsViewModel() {
        selected.addListener(
                (obs, old, now) -> {
                    if (now != null) {
                        selectedId = now.notificationId();
                    } else if (!replacingRows) {
                        selectedId = null;
                    }
                });
    }

    /** The notifications of the shown page, in the service's order. */
    public ObservableList<Notification> rows() {
        return rows;
    }

    /** The selected row; the detail pane follows it with no request. */
    public ObjectProperty<Notification> selectedProperty() {
        return selected;
    }

    /**
     * The notification ID of the row the table showed first when its screen was last left, for a
     * screen made again (the main window keeps the screens of a few taxpayers only): the place in
     * the page the user had scrolled to. An ID, so that a page that changed meanwhile is not shown
     * at another row's place; null when unknown. A session's end forgets it.
     */
    public StringProperty leftAtProperty() {
        return leftAt;
    }

    /** Called by the view when the table selection changes. */
    public void select(Notification n) {
        if (replacingRows) {
            return;
        }
        selected.set(n);
    }

    /** Shows a page's notifications, the same one selected again if it is among them. */
    void show(List<Notification> page) {
        String keep = selectedId;
        replacingRows = true;
        try {
            rows.setAll(page);
            Notification again =
                    keep == null
                            ? null
                            : page.stream()
                                    .filter(n -> keep.equals(n.notificationId()))
                                    .findFirst()
                                    .orElse(null);
            selected.set(again);
            selectedId = again == null ? null : keep;
        } finally {
            replacingRows = false;
        }
    }

    /**
     * The shown page read again: each shown row whose notification changed (a status that settled,
     * an attempt added) is replaced where it is, the selection staying on it; rows are neither
     * added nor removed nor moved, so the table keeps its place. Returns how many rows changed.
     */
    int update(List<Notification> fresh) {
        java.util.Map<String, Notification> byId = new java.util.HashMap<>();
        for (Notification n : fresh) {
            byId.put(n.notificationId(), n);
        }
        int changed = 0;
        replacingRows = true;
        try {
            for (int i = 0; i < rows.size(); i++) {
                Notification now = byId.get(rows.get(i).notificationId());
                if (now != null && !now.equals(rows.get(i))) {
                    boolean wasSelected = selected.get() == rows.get(i);
                    rows.set(i, now);
                    if (wasSelected) {
                        selected.set(now);
                    }
                    changed++;
                }
            }
        } finally {
            replacingRows = false;
        }
        return changed;
    }

    /**
     * The shown page read again after the archive changed: the same notifications in the same order
     * are updated in place ({@link #update}); a page that gained, lost or moved rows is shown anew
     * ({@link #show}).
     */
    void reread(List<Notification> fresh) {
        boolean same = fresh.size() == rows.size();
        for (int i = 0; same && i < fresh.size(); i++) {
            same = fresh.get(i).notificationId().equals(rows.get(i).notificationId());
        }
        if (same) {
            update(fresh);
        } else {
            show(fresh);
        }
    }

    /** Shows nothing, and forgets the selection and the place in the page. */
    void clear() {
        replacingRows = true;
        try {
            rows.clear();
            selected.set(null);
        } finally {
            replacingRows = false;
        }
        selectedId = null;
        leftAt.set(null);
    }
}
