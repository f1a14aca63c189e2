package app.ishaar.ui.notifications;

import app.ishaar.ui.app.TextSize;
import app.ishaar.ui.fx.Weak;
import java.util.Map;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;

/**
 * The table beside the detail pane and the divider between them. The pane shows while a row is
 * chosen and Details is on, its room taken from the table only then (on a laptop the table keeps
 * the width while nothing is chosen); the width the user gives the detail is remembered ({@link
 * LayoutViewModel#detailWidthProperty()}).
 */
final class DetailSplit {
    private final SplitPane split = new SplitPane();
    private final Node detailPane;
    private final LayoutViewModel layout;
    private final TextSize textSize;

    /** Keeps the listeners this class gives the view model and the text size (see {@link Weak}). */
    private final Map<Object, Object> keep;

    /** The row chosen: the pane shows only while there is one. */
    private final ObservableValue<?> chosen;

    /** {@code keep}: the view's root's properties. */
    DetailSplit(
            Node table,
            Node detailPane,
            LayoutViewModel layout,
            ObservableValue<?> chosen,
            TextSize textSize,
            Map<Object, Object> keep) {
        this.detailPane = detailPane;
        this.chosen = chosen;
        this.layout = layout;
        this.textSize = textSize;
        this.keep = keep;
        split.getItems().add(table);
        split.setId("history-split");
        detailVisibility();
    }

    SplitPane root() {
        return split;
    }

    /** Whether the detail pane shows. */
    boolean showsDetail() {
        return split.getItems().contains(detailPane);
    }

    /**
     * The detail pane's width at the normal text size until the user sets one: room for a whole ID
     * and the attempts' times and results. It grows with the text size, as the ID does.
     */
    static final double DEFAULT_DETAIL_WIDTH = 360;

    /** However wide the detail was left, the table keeps at least this share of a narrow screen. */
    static final double MAX_DETAIL_SHARE = 0.6;

    /**
     * The detail's width the divider was last put at by {@link #placeDivider}, or moved to by the
     * user.
     */
    private double placedDetailWidth = -1;

    /**
     * Shows or hides the detail pane. The pane keeps the width the user left it at (remembered in
     * pixels, not as a share, and the same at every text size: its text wraps, and the table keeps
     * the room; until the user sets one, the default grows and shrinks with the text size, for the
     * whole ID): a window made wider or narrower widens or narrows the table, and the divider is
     * put back at that width whenever the split's width changes, before it lays out.
     */
    private void detailVisibility() {
        Runnable show =
                () -> {
                    boolean visible =
                            layout.detailVisibleProperty().get() && chosen.getValue() != null;
                    if (visible && !split.getItems().contains(detailPane)) {
                        split.getItems().add(detailPane);
                        placedDetailWidth = -1;
                        placeDivider();
                        split.getDividers()
                                .get(0)
                                .positionProperty()
                                .addListener((o, a, now) -> dividerMoved(now.doubleValue()));
                    } else if (!visible) {
                        split.getItems().remove(detailPane);
                    }
                };
        Weak.<Object>listen(keep, (o, a, b) -> show.run(), layout.detailVisibleProperty(), chosen);
        split.widthProperty().addListener((o, a, b) -> placeDivider());
        Weak.<Number>listen(
                keep,
                (o, a, b) -> {
                    if (layout.detailWidthProperty().get() <= 0) {
                        placeDivider();
                    }
                },
                textSize.percentProperty());
        show.run();
    }

    /** The split's width between its insets: what its divider's position is a share of. */
    private double splitSize() {
        return split.getWidth() - split.getInsets().getLeft() - split.getInsets().getRight();
    }

    private void placeDivider() {
        double size = splitSize();
        if (split.getDividers().isEmpty() || size <= 0) {
            return;
        }
        double wanted =
                layout.detailWidthProperty().get() > 0
                        ? layout.detailWidthProperty().get()
                        : DEFAULT_DETAIL_WIDTH * textSize.factor();
        placedDetailWidth = Math.min(wanted, size * MAX_DETAIL_SHARE);
        split.setDividerPosition(0, 1 - placedDetailWidth / size);
    }

    /**
     * The divider moved: by the user if it is not where {@link #placeDivider} put it (the split's
     * own layout only rounds it to a pixel), and then that width is remembered.
     */
    private void dividerMoved(double position) {
        double size = splitSize();
        if (size <= 0 || position <= 0 || position >= 1) {
            return;
        }
        double width = size * (1 - position);
        // (before the divider was first placed, a move is the split's own first layout)
        if (placedDetailWidth >= 0 && Math.abs(width - placedDetailWidth) > 1.5) {
            placedDetailWidth = width;
            layout.detailWidthProperty().set(Math.round(width));
        }
    }
}
