package app.ishaar.ui.fx;

import app.ishaar.core.text.MessageText;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.NodeOrientation;
import javafx.geometry.Pos;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Plain text wrapped into lines of its own direction. JavaFX 21 lays wrapped right-to-left text out
 * wrongly (a wrapped {@code Text}, {@code TextFlow}, {@code Label} or {@code TextArea} draws its
 * lines past its edge), while a single unwrapped line renders correctly; so this breaks the text
 * into lines itself (greedy, at spaces, measuring each candidate line) and shows one {@code Text}
 * per line. Linear in the text's length; re-wraps when the width changes. {@link WrappingLabel}
 * shows a label's text through it.
 *
 * <p>Data laid out left to right (JSON) may instead take each paragraph's own direction ({@link
 * #setContentEachParagraphInItsOwnDirection}): a paragraph whose first strong character is right to
 * left (an Arabic string value on a line of its own) reads right to left, as a block at its
 * indentation whose lines are flush on its right, where they start, while the rest reads left to
 * right. (Within one left-to-right line, an Arabic sentence holding Latin words or numbers would
 * show its parts in the wrong order.)
 */
public final class WrappedText extends VBox {
    private final Text probe = new Text();
    private String text = "";
    private boolean rightToLeft;

    /** Each paragraph in its own direction (the box itself left to right). */
    private boolean eachOwn;

    private double wrapWidth = -1;
    private Font font;
    private Paint fill;

    public WrappedText(Font font, Paint fill) {
        this.font = font;
        this.fill = fill;
        probe.setFont(font);
        setSpacing(1);
        setFillWidth(false);
        setMinWidth(0);
        // the lines start at the reading side: in a right-to-left box TOP_LEFT is mirrored to the
        // right
        setAlignment(Pos.TOP_LEFT);
    }

    public void setContent(String newText, boolean rtl) {
        setContent(newText, rtl, false);
    }

    /**
     * Shows left-to-right data whose paragraphs each read in their own direction, by their first
     * strong character: one that reads right to left is a block at its indentation, its lines flush
     * on its right (see the class's comment).
     */
    public void setContentEachParagraphInItsOwnDirection(String newText) {
        setContent(newText, false, true);
    }

    private void setContent(String newText, boolean rtl, boolean eachParagraphOwn) {
        String t = newText == null ? "" : newText;
        if (t.equals(text)
                && rtl == rightToLeft
                && eachParagraphOwn == eachOwn
                && !getChildren().isEmpty()) {
            return;
        }
        this.text = t;
        this.rightToLeft = rtl;
        this.eachOwn = eachParagraphOwn;
        measured.clear();
        unwrapped = -1;
        setNodeOrientation(rtl ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT);
        show();
    }

    /** The font and colour of the lines (a label's, as its style sheet sets them). */
    public void setLook(Font newFont, Paint newFill) {
        boolean newMetrics = !java.util.Objects.equals(newFont, font);
        if (newMetrics || !java.util.Objects.equals(newFill, fill)) {
            font = newFont;
            fill = newFill;
            if (newMetrics) {
                probe.setFont(font);
                measured.clear();
                unwrapped = -1;
            }
            for (javafx.scene.Node n : getChildren()) {
                ((Text) n).setFont(font);
                ((Text) n).setFill(fill);
            }
            show();
        }
    }

    /**
     * Where the lines start on each line: the reading side (TOP_LEFT, mirrored in right-to-left) or
     * the centre.
     */
    public void setLineAlignment(Pos pos) {
        setAlignment(pos);
    }

    /**
     * The widest paragraph's width, unwrapped: what the text needs to show on as few lines as it
     * has paragraphs.
     */
    public double unwrappedWidth() {
        if (unwrapped < 0) {
            double max = 0;
            for (String paragraph : text.split("\n", -1)) {
                max = Math.max(max, paragraph.isEmpty() ? 0 : width(paragraph));
            }
            unwrapped = Math.ceil(max);
        }
        return unwrapped;
    }

    /** The unwrapped width, measured once for a text and font. */
    private double unwrapped = -1;

    /**
     * A line as shown: its text (with its paragraph's indentation), its direction, and, for a
     * right-to-left line in left-to-right data (a block: {@link #inBlock}), how many of its leading
     * spaces are its indentation, drawn as a margin on its left (in its own direction, they would
     * fall on its right); {@code paragraph} counts the text's paragraphs.
     */
    private record Line(String text, boolean rtl, int indent, int paragraph) {}

    /** Whether a line is part of a right-to-left block in left-to-right data. */
    private boolean inBlock(Line l) {
        return eachOwn && l.rtl();
    }

    /** A text's lines at one width, and how tall they stand one under the other. */
    private record Measured(List<Line> lines, double height) {}

    /** The text measured at the widths asked for lately (a layout asks for a few), each once. */
    private final java.util.LinkedHashMap<Long, Measured> measured =
            new java.util.LinkedHashMap<>(8, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<Long, Measured> eldest) {
                    return size() > 4;
                }
            };

    private Measured measure(double width) {
        long key = width <= 0 ? -1 : Math.round(width);
        Measured m = measured.get(key);
        if (m == null) {
            List<Line> lines = wrap(text, key < 0 ? -1 : key);
            double height = 0;
            for (Line line : lines) {
                // as the box stacks them: each line's own height (a fallback font may make it
                // taller), snapped
                probe.setText(line.text().isEmpty() ? " " : line.text());
                height += snapSizeY(probe.getLayoutBounds().getHeight());
            }
            height += Math.max(0, lines.size() - 1) * snapSpaceY(getSpacing());
            m = new Measured(lines, height);
            measured.put(key, m);
        }
        return m;
    }

    /** The lines of the text at this width (no nodes made). */
    public List<String> linesAt(double width) {
        return measure(width).lines().stream().map(Line::text).toList();
    }

    /** How tall the text is at this width: its lines, one under the other. */
    public double heightAt(double width) {
        return measure(width).height() + snappedTopInset() + snappedBottomInset();
    }

    public void setWrapWidth(double width) {
        if (Math.abs(width - wrapWidth) >= 1) {
            wrapWidth = width;
            show();
        }
    }

    /** The lines as shown, each with its indentation (tests). */
    public List<String> lines() {
        return shown.stream().map(Line::text).toList();
    }

    /** Whether each shown line reads right to left (tests). */
    public List<Boolean> linesRightToLeft() {
        return shown.stream().map(Line::rtl).toList();
    }

    private List<Line> shown = List.of();

    /** Shows the lines at the current width, reusing the line nodes already there. */
    private void show() {
        List<Line> lines = measure(wrapWidth).lines();
        shown = lines;
        javafx.collections.ObservableList<javafx.scene.Node> nodes = getChildren();
        // a right-to-left block's lines are flush on the right of its widest line
        double[] lineWidth = new double[lines.size()];
        double[] blockWidth =
                new double[lines.isEmpty() ? 0 : lines.get(lines.size() - 1).paragraph() + 1];
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (inBlock(l)) {
                lineWidth[i] = width(l.text().substring(l.indent()));
                blockWidth[l.paragraph()] = Math.max(blockWidth[l.paragraph()], lineWidth[i]);
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            String line = l.text().substring(l.indent());
            line = line.isEmpty() ? " " : line;
            NodeOrientation dir =
                    l.rtl() ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT;
            Text t;
            if (i < nodes.size()) {
                t = (Text) nodes.get(i);
                t.setText(line);
            } else {
                t = new Text(line);
                t.setFont(font);
                t.setFill(fill);
                nodes.add(t);
            }
            t.setNodeOrientation(dir);
            double left =
                    inBlock(l)
                            ? (l.indent() == 0 ? 0 : width(l.text().substring(0, l.indent())))
                                    + blockWidth[l.paragraph()]
                                    - lineWidth[i]
                            : 0;
            VBox.setMargin(t, left <= 0 ? null : new javafx.geometry.Insets(0, 0, 0, left));
        }
        if (nodes.size() > lines.size()) {
            nodes.remove(lines.size(), nodes.size());
        }
    }

    /** No line is longer than this many characters, whatever the width (keeps measuring cheap). */
    private static final int MAX_LINE_CHARS = 400;

    private boolean tooWide(CharSequence s, double max) {
        return s.length() > 1 && (s.length() > MAX_LINE_CHARS || width(s.toString()) > max);
    }

    private double width(String s) {
        probe.setText(s);
        return probe.getLayoutBounds().getWidth();
    }

    private List<Line> wrap(String all, double max) {
        List<Line> out = new ArrayList<>();
        List<String> pieces = new ArrayList<>();
        int index = -1;
        for (String paragraph : all.split("\n", -1)) {
            index++;
            boolean rtl = eachOwn ? MessageText.rightToLeft(paragraph) : rightToLeft;
            // right-to-left data in left-to-right data: its indentation is drawn as a margin
            boolean indentAsMargin = eachOwn && rtl;
            if (max <= 0
                    || paragraph.isEmpty()
                    || (paragraph.length() <= MAX_LINE_CHARS && width(paragraph) <= max)) {
                out.add(
                        new Line(
                                paragraph,
                                rtl,
                                indentAsMargin ? leadingSpaces(paragraph) : 0,
                                index));
                continue;
            }
            // a paragraph's indentation (a JSON member's level) starts each of its lines, unless it
            // takes more than half the line
            int lead = leadingSpaces(paragraph);
            String indent = paragraph.substring(0, lead);
            double indentWidth = lead == 0 ? 0 : width(indent);
            if (indentWidth > max / 2) {
                indent = "";
                indentWidth = 0;
            }
            pieces.clear();
            wrapWords(paragraph.substring(lead), max - indentWidth, pieces);
            for (String piece : pieces) {
                out.add(new Line(indent + piece, rtl, indentAsMargin ? indent.length() : 0, index));
            }
        }
        return out;
    }

    private static int leadingSpaces(String s) {
        int lead = 0;
        while (lead < s.length() && s.charAt(lead) == ' ') {
            lead++;
        }
        return lead;
    }

    /** Adds the lines of a paragraph without indentation, each at most {@code max} wide. */
    private void wrapWords(String paragraph, double max, List<String> out) {
        String[] words = paragraph.split(" ");
        StringBuilder line = new StringBuilder();
        for (String word : words) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0
                    && (candidate.length() > MAX_LINE_CHARS || width(candidate) > max)) {
                out.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(candidate);
            }
            // a single word wider than the line (a long URL, ID or Base64 blob) is cut into pieces;
            // the search only ever measures short prefixes, so even a huge unbroken string stays
            // linear
            while (tooWide(line, max)) {
                int lo = 1;
                int hi = Math.min(line.length() - 1, MAX_LINE_CHARS);
                while (lo < hi) {
                    int mid = (lo + hi + 1) >>> 1;
                    if (width(line.substring(0, mid)) <= max) {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                out.add(line.substring(0, lo));
                line.delete(0, lo);
            }
        }
        out.add(line.toString());
    }
}
