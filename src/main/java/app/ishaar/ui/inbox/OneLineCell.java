package app.ishaar.ui.inbox;

import javafx.scene.AccessibleAttribute;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.TableCell;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * A table cell of one line of text, cut short with an ellipsis where its column is too narrow.
 *
 * <p>The line is a text node of the cell's own, its graphic from the start, in the cell's font and
 * text colour (a selected row's too). A label's text would do the same on screen at a higher price
 * on each page: a label takes its text node out of the scene and puts it back at each change of its
 * text, and the node is then matched against every style sheet again; it also measures the text
 * once more to cut it itself.
 *
 * <p>The cut is found by halving on the widths of the text's beginnings, a few layouts of the line,
 * where a label's own ellipsis lays out each character on its own (with Arabic messages each
 * through the bidirectional algorithm).
 */
class OneLineCell extends TableCell<InboxRow, String> {
    static final String ELLIPSIS = "…";

    /** Measures texts (the FX thread's only). */
    private static final Text MEASURE = new Text();

    /** The text drawn: the whole text, or its beginning with an ellipsis. */
    final Text line = new Text();

    private String full;
    private double fittedTo = Double.NaN;
    private Font fittedIn;

    OneLineCell() {
        line.getStyleClass().add("text"); // placed in its height as a label's text is
        line.fontProperty().bind(fontProperty());
        line.fillProperty().bind(textFillProperty());
        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        setGraphic(line);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        showText(empty ? null : item);
    }

    /** Shows this text, cut at the next layout if it does not fit. */
    protected final void showText(String text) {
        if (java.util.Objects.equals(text, full)) {
            return;
        }
        full = text;
        fittedTo = Double.NaN;
        line.setText(text);
        requestLayout();
    }

    /** The text shown on screen: the whole text or its cut beginning; null in an empty cell. */
    final String shown() {
        return full == null ? null : line.getText();
    }

    /** The width the cell shows beside its line (with the gap); none here. */
    protected double besideText() {
        return 0;
    }

    @Override
    protected void layoutChildren() {
        if (full != null && !full.isEmpty()) {
            double room =
                    getWidth()
                            - snappedLeftInset()
                            - snappedRightInset()
                            - getLabelPadding().getLeft()
                            - getLabelPadding().getRight()
                            - besideText();
            if (room != fittedTo || getFont() != fittedIn) {
                fittedTo = room;
                fittedIn = getFont();
                // the whole text measured by the line that draws it: a text that fits, as most
                // do, is laid out once
                line.setText(full);
                line.setText(fit(full, getFont(), room, line.getLayoutBounds().getWidth()));
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

    /** The text, or its longest beginning that fits with an ellipsis after it. */
    static String fit(String text, Font font, double room) {
        return fit(text, font, room, width(text, font));
    }

    /** The same, the whole text's width known. */
    private static String fit(String text, Font font, double room, double whole) {
        // half a pixel spare: the cell's layout measures the line again and must find that it fits
        double width = room - 0.5;
        if (whole <= width) {
            return text;
        }
        double ellipsis = width(ELLIPSIS, font);
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
        String shown = cut(text, fits);
        // measured whole as it is drawn: the beginning and the ellipsis measured apart can be a
        // little narrower than the two with the direction mark, shaped and ordered together
        while (fits > 0 && width(shown, font) > width) {
            fits = text.offsetByCodePoints(fits, -1);
            shown = cut(text, fits);
        }
        return shown;
    }

    /** The first {@code fits} characters of the text with the ellipsis and its direction mark. */
    private static String cut(String text, int fits) {
        String kept = text.substring(0, fits).stripTrailing();
        return kept + ELLIPSIS + endMark(kept);
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

    /** The beginning a text cut by {@link #fit} kept, without its ellipsis; null: not cut. */
    static String kept(String shown) {
        int at = shown == null ? -1 : shown.lastIndexOf(ELLIPSIS);
        if (at < 0 || shown.length() - at > ELLIPSIS.length() + 1) {
            return null;
        }
        return shown.substring(0, at);
    }

    private static double width(String text, Font font) {
        MEASURE.setFont(font);
        MEASURE.setText(text);
        return MEASURE.getLayoutBounds().getWidth();
    }
}
