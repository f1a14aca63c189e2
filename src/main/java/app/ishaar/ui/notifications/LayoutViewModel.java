package app.ishaar.ui.notifications;

import app.ishaar.core.settings.HistoryPrefs;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The history screen's layout as the user left it, remembered per taxpayer: the table's columns and
 * whether and how wide the detail pane shows; and whether the table or the summary shows. The view
 * writes it.
 */
public final class LayoutViewModel {
    /** A remembered detail width outside these (a damaged or hand-edited file) is not used. */
    static final double MIN_DETAIL_WIDTH = 40;

    static final double MAX_DETAIL_WIDTH = 5000;

    private final ObjectProperty<List<HistoryPrefs.ColumnPref>> columns =
            new SimpleObjectProperty<>(this, "columns", List.of());

    /** The detail pane's width in pixels as the user left it; 0 for the view's default. */
    private final DoubleProperty detailWidth = new SimpleDoubleProperty(this, "detailWidth", 0);

    private final BooleanProperty detailVisible =
            new SimpleBooleanProperty(this, "detailVisible", true);

    /** Whether the screen shows its summary instead of its table (not remembered). */
    private final BooleanProperty summaryShown =
            new SimpleBooleanProperty(this, "summaryShown", false);

    /** {@code initial}: the remembered layout (null: the defaults). */
    LayoutViewModel(HistoryPrefs initial) {
        if (initial != null) {
            columns.set(initial.columns());
            if (initial.detailWidth() != null
                    && initial.detailWidth() >= MIN_DETAIL_WIDTH
                    && initial.detailWidth() <= MAX_DETAIL_WIDTH) {
                detailWidth.set(initial.detailWidth());
            }
            if (initial.detailVisible() != null) {
                detailVisible.set(initial.detailVisible());
            }
        }
    }

    /** Column order, widths and visibility, in display order. */
    public ObjectProperty<List<HistoryPrefs.ColumnPref>> columnsProperty() {
        return columns;
    }

    /** The detail pane's width in pixels as the user left it, 0 for the view's default. */
    public DoubleProperty detailWidthProperty() {
        return detailWidth;
    }

    /** Whether the detail pane shows. */
    public BooleanProperty detailVisibleProperty() {
        return detailVisible;
    }

    /**
     * Whether the screen shows the summary of its scope instead of the table (Table | Summary);
     * each screen starts on its table.
     */
    public BooleanProperty summaryShownProperty() {
        return summaryShown;
    }

    /** The detail pane's width to remember: null for the view's default. */
    Double detailWidthToRemember() {
        return detailWidth.get() > 0 ? detailWidth.get() : null;
    }
}
