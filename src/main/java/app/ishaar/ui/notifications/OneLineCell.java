package app.ishaar.ui.notifications;

import app.ishaar.core.model.Notification;
import java.util.Objects;
import java.util.function.Function;
import javafx.scene.AccessibleAttribute;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.TableCell;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * A table cell of one line of text, cut short with an ellipsis where its column is too narrow: the
 * Type and Message columns, whose texts are often longer than their columns.
 *
 * <p>The line is a text node of the cell's own, its graphic from the start, in the cell's font and
 * text colour (a selected or new row's too). A label's text would look the same at a higher price
 * on each page: its own ellipsis lays out each character of a text that does not fit on its own (an
 * Arabic message each through the bidirectional algorithm), and a change of its text takes its text
 * node out of the scene and puts it back, matched against every style sheet again. Here the cut is
 * found by halving on the widths of the text's beginnings, a few layouts of the line
 * (docs/performance.md, "Cut texts by halving").
 *
 * <p>A screen reader, and a copy of the row, get the whole text.
 */
final class OneLineCell extends TableCell<Notification, Notification> {
    /** Measures texts (the FX thread's only). */
    private static final Text MEASURE = new Text();

    private final Function<Notification, String> textOf;

    /** The text drawn: the whole text, or its beginning with an ellipsis. */
    private final Text line = new Text();

    private String full;
    private double fittedTo = Double.NaN;
    private Font fittedIn;
    private String fittedWith;

    /** {@code textOf}: a notification's whole text in this column. */
    OneLineCell(Function<Notification, String> textOf) {
        this.textOf = textOf;
        line.getStyleClass().add("text"); // placed in its height as a label's text is
        line.fontProperty().bind(fontProperty());
        line.fillProperty().bind(textFillProperty());
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setGraphic(line);
    }

    @Override
    protected void updateItem(Notification n, boolean empty) {
        super.updateItem(n, empty);
        String text = empty || n == null ? null : textOf.apply(n);
        if (Objects.equals(text, full)) {
            return;
        }
        full = text;
        fittedTo = Double.NaN;
        line.setText(text);
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        if (full != null && !full.isEmpty()) {
            double room =
                    getWidth()
                            - snappedLeftInset()
                            - snappedRightInset()
                            - getLabelPadding().getLeft()
                            - getLabelPadding().getRight();
            String ellipsis = getEllipsisString(); // a label's, as the other cells cut theirs
            if (room != fittedTo || getFont() != fittedIn || !ellipsis.equals(fittedWith)) {
                fittedTo = room;
                fittedIn = getFont();
                fittedWith = ellipsis;
                // the whole text measured by the line that draws it: a text that fits is laid out
                // once
                line.setText(full);
                line.setText(
                        fit(full, getFont(), room, line.getLayoutBounds().getWidth(), ellipsis));
            }
        }
        super.layoutChildren();
    }

    @Override
    public Object queryAccessibleAttribute(AccessibleAttribute attribute, Object... parameters) {
        if (attribute == AccessibleAttribute.TEXT) {
            return full; // a screen reader reads the whole text, not the cut
        }
        return super.queryAccessibleAttribute(attribute, parameters);
    }

    /**
     * The text, or its longest beginning that fits with the ellipsis after it; {@code whole}: the
     * whole text's width.
     */
    private static String fit(
            String text, Font font, double room, double whole, String ellipsisString) {
        // half a pixel spare: the cell's layout measures the line again and must find that it fits
        double width = room - 0.5;
        if (whole <= width) {
            return text;
        }
        double ellipsis = width(ellipsisString, font);
        if (ellipsis > width) {
            return "";
        }
        int fits = 0;
        int over = text.length();
        while (over - fits > 1) {
            int mid = (fits + over) >>> 1;
            if (width(text.substring(0, mid), font) + ellipsis <= width) {
                fits = mid;
            } else {
                over = mid;
            }
        }
        if (fits > 0 && Character.isHighSurrogate(text.charAt(fits - 1))) {
            fits--;
        }
        String shown = cut(text, fits, ellipsisString);
        // measured whole as it is drawn: the beginning and the ellipsis measured apart can be a
        // little narrower than the two with the direction mark, shaped and ordered together
        while (fits > 0 && width(shown, font) > width) {
            fits = text.offsetByCodePoints(fits, -1);
            shown = cut(text, fits, ellipsisString);
        }
        return shown;
    }

    /** The first {@code fits} characters of the text with the ellipsis and its direction mark. */
    private static String cut(String text, int fits, String ellipsis) {
        String kept = text.substring(0, fits).stripTrailing();
        return kept + ellipsis + endMark(kept);
    }

    /**
     * A mark of the kept text's last direction, after the ellipsis: the ellipsis then ends the
     * words it follows on the side they read to ("Cairo Ph…" in the Arabic table too, not "…Cairo
     * Ph"), where alone it would take the table's direction.
     */
    private static String endMark(String kept) {
        for (int i = kept.length(); i > 0; ) {
            int c = kept.codePointBefore(i);
            i -= Character.charCount(c);
            switch (Character.getDirectionality(c)) {
                case Character.DIRECTIONALITY_LEFT_TO_RIGHT:
                    return "\u200E";
                case Character.DIRECTIONALITY_RIGHT_TO_LEFT,
                Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC:
                    return "\u200F";
                default:
                    break;
            }
        }
        return "";
    }

    private static double width(String text, Font font) {
        MEASURE.setFont(font);
        MEASURE.setText(text);
        return MEASURE.getLayoutBounds().getWidth();
    }
}
