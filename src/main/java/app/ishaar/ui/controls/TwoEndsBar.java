package app.ishaar.ui.controls;

import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * A bar of two groups: one at its start, the other at its end, on one line while both fit at their
 * preferred widths; on a narrower bar (a narrow window, or larger text) the end group goes on a
 * line of its own under the start group, still at the end, so that neither has its words cut.
 * Mirrored in a right-to-left scene, as every layout is.
 */
public final class TwoEndsBar extends Pane {
    private final Node start;
    private final Node end;
    private final double gap;

    public TwoEndsBar(Node start, Node end, double gap) {
        super(start, end);
        this.start = start;
        this.end = end;
        this.gap = gap;
    }

    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL;
    }

    private boolean oneLine(double width) {
        Insets in = getInsets();
        return width < 0
                || start.prefWidth(-1) + gap + end.prefWidth(-1)
                        <= width - in.getLeft() - in.getRight() + 0.5;
    }

    @Override
    protected double computePrefWidth(double height) {
        Insets in = getInsets();
        return in.getLeft() + start.prefWidth(-1) + gap + end.prefWidth(-1) + in.getRight();
    }

    @Override
    protected double computeMinWidth(double height) {
        Insets in = getInsets();
        return in.getLeft() + Math.max(start.minWidth(-1), end.minWidth(-1)) + in.getRight();
    }

    @Override
    protected double computePrefHeight(double width) {
        Insets in = getInsets();
        double lines =
                oneLine(width)
                        ? Math.max(start.prefHeight(-1), end.prefHeight(-1))
                        : start.prefHeight(-1) + gap + end.prefHeight(-1);
        return in.getTop() + lines + in.getBottom();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double x = in.getLeft();
        double y = in.getTop();
        double w = getWidth() - in.getLeft() - in.getRight();
        double h = getHeight() - in.getTop() - in.getBottom();
        double endWidth = Math.min(w, end.prefWidth(-1));
        if (oneLine(getWidth())) {
            layoutInArea(start, x, y, w - endWidth - gap, h, 0, HPos.LEFT, VPos.CENTER);
            layoutInArea(end, x + w - endWidth, y, endWidth, h, 0, HPos.RIGHT, VPos.CENTER);
        } else {
            double startHeight = start.prefHeight(-1);
            layoutInArea(start, x, y, w, startHeight, 0, HPos.LEFT, VPos.CENTER);
            layoutInArea(
                    end,
                    x + w - endWidth,
                    y + startHeight + gap,
                    endWidth,
                    h - startHeight - gap,
                    0,
                    HPos.RIGHT,
                    VPos.CENTER);
        }
    }
}
