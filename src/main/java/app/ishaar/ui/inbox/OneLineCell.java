package app.ishaar.ui.inbox;

import javafx.scene.control.TableCell;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * A table cell of one line of text, cut short with an ellipsis where its column is too narrow. The
 * cut is found by halving on the widths of the text's beginnings, a few layouts of the line, where
 * a label's own ellipsis lays out each character on its own (the inbox's longest cost on a page
 * change, with its Arabic messages each through the bidirectional algorithm); the label then finds
 * that the text fits as it is.
 */
class OneLineCell extends TableCell<InboxRow, String> {
    static final String ELLIPSIS = "…";

    /** Measures texts (the FX thread's only). */
    private static final Text MEASURE = new Text();

    private String full;
    private double fittedTo = Double.NaN;
    private Font fittedIn;

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        showText(empty ? null : item);
    }

    /** Shows this text, cut at the next layout if it does not fit. */
    protected final void showText(String text) {
        full = text;
        fittedTo = Double.NaN;
        setText(text);
    }

    /** The width the cell's graphic takes beside the text (with the gap); none here. */
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
                setText(fit(full, getFont(), room));
            }
        }
        super.layoutChildren();
    }

    /** The text, or its longest beginning that fits with an ellipsis after it. */
    static String fit(String text, Font font, double room) {
        // half a pixel spare: the label measures the text again and must find that it fits
        double width = room - 0.5;
        if (width(text, font) <= width) {
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
        return text.substring(0, fits).stripTrailing() + ELLIPSIS;
    }

    private static double width(String text, Font font) {
        MEASURE.setFont(font);
        MEASURE.setText(text);
        return MEASURE.getLayoutBounds().getWidth();
    }
}
