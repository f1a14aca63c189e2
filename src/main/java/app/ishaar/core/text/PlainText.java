package app.ishaar.core.text;

import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeVisitor;

/**
 * A notification's final message as plain text, the way the detail pane shows it (the same rules as
 * {@code ui.notifications.MessageText#toPlainText}), for the archive's search, which must not
 * depend on the desktop app. E-mail bodies may be HTML: they are parsed (jsoup) and turned into
 * readable text with line breaks where blocks end; nothing is rendered, loaded or run (scripts,
 * styles and heads are dropped).
 */
public final class PlainText {
    private PlainText() {}

    private static final Pattern TAG = Pattern.compile("<\\s*/?\\s*[a-zA-Z][a-zA-Z0-9]*[^<>]*>");
    private static final Set<String> BLOCKS =
            Set.of(
                    "p",
                    "div",
                    "br",
                    "tr",
                    "li",
                    "ul",
                    "ol",
                    "table",
                    "h1",
                    "h2",
                    "h3",
                    "h4",
                    "h5",
                    "h6",
                    "blockquote",
                    "pre",
                    "hr",
                    "section",
                    "article",
                    "header",
                    "footer",
                    "title",
                    "dd",
                    "dt");
    private static final Set<String> SKIP =
            Set.of("script", "style", "head", "noscript", "template", "iframe", "object");

    /** True when the text carries HTML markup. */
    public static boolean looksLikeHtml(String text) {
        return text != null && TAG.matcher(text).find();
    }

    /** The message to show: HTML (of any channel) made plain text; other text as it is. */
    public static String of(String message) {
        if (message == null) {
            return "";
        }
        if (!looksLikeHtml(message)) {
            return message;
        }
        StringBuilder out = new StringBuilder();
        Element body = Jsoup.parse(message);
        body.traverse(
                new NodeVisitor() {
                    private int skipping;

                    @Override
                    public void head(Node node, int depth) {
                        if (node instanceof Element e) {
                            String tag = e.normalName();
                            if (SKIP.contains(tag)) {
                                skipping++;
                            } else if (skipping == 0) {
                                if (tag.equals("br")) {
                                    out.append('\n');
                                } else if (BLOCKS.contains(tag)) {
                                    newline(out);
                                }
                                if (tag.equals("li")) {
                                    out.append("• ");
                                }
                            }
                        } else if (node instanceof TextNode t && skipping == 0) {
                            String s = t.text();
                            if (!s.isBlank()
                                    || (out.length() > 0
                                            && out.charAt(out.length() - 1) != '\n'
                                            && out.charAt(out.length() - 1) != ' ')) {
                                out.append(
                                        out.length() == 0 || out.charAt(out.length() - 1) == '\n'
                                                ? s.stripLeading()
                                                : s);
                            }
                        }
                    }

                    @Override
                    public void tail(Node node, int depth) {
                        if (node instanceof Element e) {
                            String tag = e.normalName();
                            if (SKIP.contains(tag)) {
                                skipping--;
                            } else if (skipping == 0) {
                                if (tag.equals("a")) {
                                    String href = e.attr("href").strip();
                                    if (!href.isEmpty()
                                            && !href.regionMatches(true, 0, "javascript:", 0, 11)
                                            && !e.text().strip().equals(href)) {
                                        out.append(" (").append(href).append(')');
                                    }
                                }
                                if (BLOCKS.contains(tag) && !tag.equals("br")) {
                                    newline(out);
                                }
                            }
                        }
                    }
                });
        return out.toString().replaceAll("[ \\t]+\\n", "\n").replaceAll("\\n{3,}", "\n\n").strip();
    }

    private static void newline(StringBuilder out) {
        if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
            out.append('\n');
        }
    }
}
