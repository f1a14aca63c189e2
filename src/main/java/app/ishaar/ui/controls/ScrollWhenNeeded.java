package app.ishaar.ui.controls;

import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;

/**
 * Shows a form as it is while it fits, and scrolls it (vertically) once it first does not: when the
 * window is made shorter than the form, or the form grows (more rows, error lines, a banner) in a
 * window that does not. From then on the form stays in its {@link ScrollPane}.
 *
 * <p>Why not a scroll pane from the start: a scroll pane makes its two scroll bars, their parts and
 * a clipped viewport with it, and styles and lays them out, for a form that almost always fits:
 * work on the login dialog's start for nothing.
 *
 * <p>Putting the form into the scroll pane moves it in the scene graph; the keyboard focus, the
 * caret and the selection of a field being typed in are kept (LoginDialogFxTest).
 */
public final class ScrollWhenNeeded extends Region {

    private final Region content;
    private final String[] scrollStyleClasses;
    private ScrollPane scroll;

    public ScrollWhenNeeded(Region content, String... scrollStyleClasses) {
        this.content = content;
        this.scrollStyleClasses = scrollStyleClasses.clone();
        getChildren().add(content);
    }

    @Override
    protected double computePrefWidth(double height) {
        return snappedLeftInset() + content.prefWidth(-1) + snappedRightInset();
    }

    @Override
    protected double computePrefHeight(double width) {
        double inner =
                width < 0 ? -1 : Math.max(0, width - snappedLeftInset() - snappedRightInset());
        return snappedTopInset() + content.prefHeight(inner) + snappedBottomInset();
    }

    @Override
    protected double computeMinWidth(double height) {
        return scroll != null
                ? scroll.minWidth(-1)
                : snappedLeftInset() + content.minWidth(-1) + snappedRightInset();
    }

    /** As little as a scroll pane's: a window shorter than the form is what makes it scroll. */
    @Override
    protected double computeMinHeight(double width) {
        return snappedTopInset() + snappedBottomInset();
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset();
        double y = snappedTopInset();
        double w = getWidth() - x - snappedRightInset();
        double h = getHeight() - y - snappedBottomInset();
        double needed = scroll == null ? content.prefHeight(w) : 0;
        if (scroll == null && needed > h + 0.5) {
            wrap();
        }
        if (scroll != null) {
            scroll.resizeRelocate(x, y, w, h);
        } else {
            content.resizeRelocate(x, y, w, needed);
        }
    }

    /** Moves the form into a new scroll pane, within the layout that found it too tall. */
    private void wrap() {
        scroll = new ScrollPane();
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().addAll(scrollStyleClasses);
        getChildren().setAll(scroll);
        scroll.setContent(content);
        // styled now, so its skin takes the form in before this layout places it
        scroll.applyCss();
    }
}
