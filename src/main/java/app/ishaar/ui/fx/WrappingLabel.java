package app.ishaar.ui.fx;

import javafx.geometry.HPos;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.control.Label;
import javafx.scene.control.Skin;
import javafx.scene.control.SkinBase;
import javafx.scene.text.TextAlignment;

/**
 * A label whose text wraps at its width, in right-to-left text too: use it wherever a label would
 * wrap. JavaFX 21 wraps right-to-left text wrongly in a {@code Label} (its lines come out of order,
 * run past the label's edge or repeat), so this one keeps the label (its text, font, colour, style
 * classes and what screen readers read) and draws the text through {@link WrappedText}: lines
 * broken at spaces by measuring, one single-line text each, which JavaFX draws correctly. The lines
 * read in the label's direction and start at its reading side (or are centred, with a centred text
 * alignment).
 */
public class WrappingLabel extends Label {

    public WrappingLabel() {
        setWrapText(true);
    }

    public WrappingLabel(String text) {
        super(text);
        setWrapText(true);
    }

    @Override
    protected Skin<?> createDefaultSkin() {
        return new LinesSkin(this);
    }

    /**
     * The label's text as lines of their own, re-broken when the text, the look or the width
     * changes.
     */
    static final class LinesSkin extends SkinBase<WrappingLabel> {
        private final WrappedText lines;

        LinesSkin(WrappingLabel label) {
            super(label);
            lines = new WrappedText(label.getFont(), label.getTextFill());
            lines.setManaged(false);
            getChildren().add(lines);
            consumeMouseEvents(false);
            registerChangeListener(label.textProperty(), o -> content());
            registerChangeListener(label.effectiveNodeOrientationProperty(), o -> content());
            registerChangeListener(label.fontProperty(), o -> look());
            registerChangeListener(label.textFillProperty(), o -> look());
            registerChangeListener(label.textAlignmentProperty(), o -> align());
            content();
            align();
        }

        private void content() {
            WrappingLabel l = getSkinnable();
            lines.setContent(
                    l.getText(), l.getEffectiveNodeOrientation() == NodeOrientation.RIGHT_TO_LEFT);
            l.requestLayout();
        }

        private void look() {
            lines.setLook(getSkinnable().getFont(), getSkinnable().getTextFill());
            getSkinnable().requestLayout();
        }

        private void align() {
            TextAlignment a = getSkinnable().getTextAlignment();
            lines.setLineAlignment(
                    a == TextAlignment.CENTER
                            ? Pos.TOP_CENTER
                            : a == TextAlignment.RIGHT ? Pos.TOP_RIGHT : Pos.TOP_LEFT);
        }

        @Override
        protected double computeMinWidth(
                double height, double top, double right, double bottom, double left) {
            // as a wrapping JavaFX label: it may be as narrow as its parent makes it
            return left + right;
        }

        @Override
        protected double computePrefWidth(
                double height, double top, double right, double bottom, double left) {
            return left + lines.unwrappedWidth() + right;
        }

        @Override
        protected double computeMinHeight(
                double width, double top, double right, double bottom, double left) {
            return computePrefHeight(width, top, right, bottom, left);
        }

        @Override
        protected double computePrefHeight(
                double width, double top, double right, double bottom, double left) {
            double textWidth =
                    width < 0 ? lines.unwrappedWidth() : Math.max(0, width - left - right);
            return top + lines.heightAt(textWidth) + bottom;
        }

        @Override
        protected void layoutChildren(double x, double y, double w, double h) {
            lines.setWrapWidth(w);
            lines.resize(w, lines.heightAt(w));
            positionInArea(lines, x, y, w, h, 0, HPos.LEFT, VPos.TOP);
        }
    }
}
