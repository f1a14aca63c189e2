package app.ishaar.ui.common;

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
 * lines past its edge), while a single unwrapped line renders correctly; so this breaks the text into
 * lines itself (greedy, at spaces, measuring each candidate line) and shows one {@code Text} per line.
 * Linear in the text's length; re-wraps when the width changes. {@link WrappingLabel} shows a
 * label's text through it.
 */
public final class WrappedText extends VBox {
    private final Text probe = new Text();
    private String text = "";
    private boolean rightToLeft;
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
        // the lines start at the reading side: in a right-to-left box TOP_LEFT is mirrored to the right
        setAlignment(Pos.TOP_LEFT);
    }

    public void setContent(String newText, boolean rtl) {
        String t = newText == null ? "" : newText;
        if (t.equals(text) && rtl == rightToLeft && !getChildren().isEmpty()) {
            return;
        }
        this.text = t;
        this.rightToLeft = rtl;
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

    /** Where the lines start on each line: the reading side (TOP_LEFT, mirrored in right-to-left) or the centre. */
    public void setLineAlignment(Pos pos) {
        setAlignment(pos);
    }

    /** The widest paragraph's width, unwrapped: what the text needs to show on as few lines as it has paragraphs. */
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

    /** A text's lines at one width, and how tall they stand one under the other. */
    private record Measured(List<String> lines, double height) {}

    /** The text measured at the widths asked for lately (a layout asks for a few), each once. */
    private final java.util.LinkedHashMap<Long, Measured> measured = new java.util.LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<Long, Measured> eldest) {
            return size() > 4;
        }
    };

    private Measured measure(double width) {
        long key = width <= 0 ? -1 : Math.round(width);
        Measured m = measured.get(key);
        if (m == null) {
            List<String> lines = wrap(text, key < 0 ? -1 : key);
            double height = 0;
            for (String line : lines) {
                // as the box stacks them: each line's own height (a fallback font may make it taller), snapped
                probe.setText(line.isEmpty() ? " " : line);
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
        return measure(width).lines();
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

    /** The lines as shown (tests). */
    public List<String> lines() {
        return getChildren().stream().map(n -> ((Text) n).getText()).toList();
    }

    /** Shows the lines at the current width, reusing the line nodes already there. */
    private void show() {
        List<String> lines = linesAt(wrapWidth);
        javafx.collections.ObservableList<javafx.scene.Node> nodes = getChildren();
        NodeOrientation dir = rightToLeft ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).isEmpty() ? " " : lines.get(i);
            if (i < nodes.size()) {
                Text t = (Text) nodes.get(i);
                t.setText(line);
                t.setNodeOrientation(dir);
            } else {
                Text t = new Text(line);
                t.setFont(font);
                t.setFill(fill);
                t.setNodeOrientation(dir);
                nodes.add(t);
            }
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

    public List<String> wrap(String all, double max) {
        List<String> out = new ArrayList<>();
        for (String paragraph : all.split("\n", -1)) {
            if (max <= 0 || paragraph.isEmpty() || (paragraph.length() <= MAX_LINE_CHARS && width(paragraph) <= max)) {
                out.add(paragraph);
                continue;
            }
            // a paragraph's indentation (a JSON member's level) starts each of its lines, unless it
            // takes more than half the line
            int lead = 0;
            while (lead < paragraph.length() && paragraph.charAt(lead) == ' ') {
                lead++;
            }
            String indent = paragraph.substring(0, lead);
            double indentWidth = lead == 0 ? 0 : width(indent);
            if (indentWidth > max / 2) {
                indent = "";
                indentWidth = 0;
            }
            int first = out.size();
            wrapWords(paragraph.substring(lead), max - indentWidth, out);
            for (int i = first; i < out.size(); i++) {
                out.set(i, indent + out.get(i));
            }
        }
        return out;
    }

    /** Adds the lines of a paragraph without indentation, each at most {@code max} wide. */
    private void wrapWords(String paragraph, double max, List<String> out) {
        String[] words = paragraph.split(" ");
        StringBuilder line = new StringBuilder();
        for (String word : words) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && (candidate.length() > MAX_LINE_CHARS || width(candidate) > max)) {
                out.add(line.toString());
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(candidate);
            }
            // a single word wider than the line (a long URL, ID or Base64 blob) is cut into pieces; the
            // search only ever measures short prefixes, so even a huge unbroken string stays linear
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
