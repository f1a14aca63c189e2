package app.ishaar.ui.inbox;

import app.ishaar.core.model.Rin;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The inbox's rows shown and the one selected: a page read replaces only the rows that differ, so
 * that a table keeps its scroll position and focus, and the selection follows its notification.
 */
final class InboxShownRows {
    private final ObservableList<InboxRow> rows = FXCollections.observableArrayList();
    private final ObservableList<InboxRow> rowsView =
            FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyObjectWrapper<InboxRow> selected =
            new ReadOnlyObjectWrapper<>(this, "selected");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(this, "loaded");
    private final ReadOnlyObjectWrapper<List<String>> searchTerms =
            new ReadOnlyObjectWrapper<>(this, "searchTerms", List.of());

    ObservableList<InboxRow> rows() {
        return rowsView;
    }

    ReadOnlyObjectProperty<InboxRow> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<List<String>> searchTermsProperty() {
        return searchTerms.getReadOnlyProperty();
    }

    void select(InboxRow row) {
        selected.set(row);
    }

    /**
     * Puts a page's rows in. A page that shares no notification with the one shown (another page,
     * other filters) replaces the rows in one change; one read again changes only the rows that
     * differ, so that a table keeps its scroll position and focus. The table's selection and focus
     * follow each change of the list on their own: a new page in one change spares them a hundred.
     */
    void replace(List<InboxRow> fresh) {
        if (sharesANotification(fresh)) {
            replaceInPlace(fresh);
        } else {
            rows.setAll(fresh);
        }
    }

    private boolean sharesANotification(List<InboxRow> fresh) {
        Set<Map.Entry<Rin, String>> shownIds = new HashSet<>();
        for (InboxRow r : rows) {
            shownIds.add(Map.entry(r.taxpayer(), r.notificationId()));
        }
        for (InboxRow r : fresh) {
            if (shownIds.contains(Map.entry(r.taxpayer(), r.notificationId()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The page's rows are in: its search's words, and the selection on its notification.
     *
     * @param was the row selected before the rows changed
     * @param again the page shown read again: a selected row that left it stays selected
     */
    void shown(List<InboxRow> fresh, InboxRow was, List<String> terms, boolean again) {
        searchTerms.set(List.copyOf(terms));
        loaded.set(true);
        if (was != null) {
            InboxRow same =
                    fresh.stream()
                            .filter(r -> r.notificationId().equals(was.notificationId()))
                            .filter(r -> r.taxpayer().equals(was.taxpayer()))
                            .findFirst()
                            .orElse(null);
            // read again, a selected row pushed off the page stays selected (the detail stays)
            selected.set(same != null ? same : again ? was : null);
        }
    }

    /** Changes only the rows that differ, so a table keeps its scroll position and focus. */
    private void replaceInPlace(List<InboxRow> fresh) {
        int common = Math.min(rows.size(), fresh.size());
        for (int i = 0; i < common; i++) {
            if (!rows.get(i).equals(fresh.get(i))) {
                rows.set(i, fresh.get(i));
            }
        }
        if (rows.size() > fresh.size()) {
            rows.remove(fresh.size(), rows.size());
        } else if (fresh.size() > common) {
            rows.addAll(fresh.subList(common, fresh.size()));
        }
    }
}
