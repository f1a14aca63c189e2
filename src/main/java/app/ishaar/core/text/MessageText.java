package app.ishaar.core.text;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A notification's final message as a person reads it. E-mail bodies may be HTML: they are made
 * plain text ({@link PlainText}, which the archive's search reads too). A message that is one JSON
 * object or array (what the {@code system} channel carries to ERP systems) is laid out with one
 * member per line, or (in a report) read as its text and its values ({@link #forReport}). Also
 * decides the text's direction. The one implementation, for the detail pane and the exports alike.
 */
public final class MessageText {
    private MessageText() {}

    private static final JsonFactory JSON = JsonFactory.builder().build();

    /**
     * Every member and every array element on a line of its own (Jackson's default keeps an array
     * on one line), each line ended by {@code \n} whatever the platform's line separator (Jackson's
     * default ends them with the platform's, {@code \r\n} on Windows).
     */
    private static final DefaultPrettyPrinter ONE_ITEM_PER_LINE;

    static {
        DefaultIndenter lines = new DefaultIndenter("  ", "\n");
        ONE_ITEM_PER_LINE =
                new DefaultPrettyPrinter().withObjectIndenter(lines).withArrayIndenter(lines);
    }

    /**
     * The message laid out for reading, one member or element per line and indented, when it is
     * exactly one JSON object or array (nothing before or after it); else empty. Strings keep their
     * characters (Arabic is not escaped); nothing in it is interpreted.
     */
    public static Optional<String> asJson(String message) {
        if (message == null) {
            return Optional.empty();
        }
        String t = message.strip();
        if (t.length() < 2 || (t.charAt(0) != '{' && t.charAt(0) != '[')) {
            return Optional.empty();
        }
        StringWriter out = new StringWriter();
        try (JsonParser p = JSON.createParser(t);
                JsonGenerator g = JSON.createGenerator(out)) {
            g.setPrettyPrinter(
                    ONE_ITEM_PER_LINE.createInstance()); // it counts the nesting: one each
            JsonToken first = p.nextToken();
            if (first != JsonToken.START_OBJECT && first != JsonToken.START_ARRAY) {
                return Optional.empty();
            }
            g.copyCurrentStructure(p);
            if (p.nextToken() != null) {
                return Optional.empty(); // more after the value: not one JSON document
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(ownLineForRightToLeftValues(out.toString()));
    }

    /**
     * A member on one laid-out line whose value is a string: indentation, name, value, comma. (An
     * array's string element is on a line of its own already.)
     */
    private static final Pattern STRING_MEMBER =
            Pattern.compile("( *)(\"(?:[^\"\\\\]|\\\\.)*\") : (\"(?:[^\"\\\\]|\\\\.)*\")(,?)");

    /**
     * Puts each string value that reads right to left (an Arabic sentence) on a line of its own,
     * under its member's name and one level deeper, where it can be shown in its own direction: on
     * the name's left-to-right line, its Arabic words and the Latin words or numbers among them
     * would show in the wrong order. The layout stays valid JSON.
     */
    private static String ownLineForRightToLeftValues(String laidOut) {
        StringBuilder b = new StringBuilder(laidOut.length() + 64);
        String[] lines = laidOut.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                b.append('\n');
            }
            java.util.regex.Matcher m = STRING_MEMBER.matcher(lines[i]);
            if (m.matches() && rightToLeft(m.group(3))) {
                b.append(m.group(1))
                        .append(m.group(2))
                        .append(" :\n")
                        .append(m.group(1))
                        .append("  ")
                        .append(m.group(3))
                        .append(m.group(4));
            } else {
                b.append(lines[i]);
            }
        }
        return b.toString();
    }

    /**
     * The message's readable text on one line, as a table cell shows it: the text a report's cell
     * holds ({@link #forReport}: an e-mail's HTML as its text, a system message's JSON as its text
     * then its other values, these joined with " · "). Never null.
     */
    public static String oneLine(String message) {
        String text = forReport(message);
        String between = asJson(message).isPresent() ? " · " : " ";
        StringBuilder line = new StringBuilder(text.length());
        for (String part : text.split("\n")) {
            String p = SPACES.matcher(part).replaceAll(" ").strip();
            if (!p.isEmpty()) {
                line.append(line.length() == 0 ? "" : between).append(p);
            }
        }
        return line.toString();
    }

    private static final Pattern SPACES = Pattern.compile("\\s+");

    /** Members whose string value is the message's own text, in the order they are looked for. */
    private static final List<String> TEXT_MEMBERS =
            List.of("text", "message", "body", "description");

    /**
     * The message as a report shows it in one cell: an HTML e-mail as its text ({@link
     * #toPlainText}); a message that is one JSON document (the {@code system} channel's) as its
     * text member (the first of {@code text}, {@code message}, {@code body}, {@code description}
     * that holds a string) followed by its other values one a line, {@code name: value}, nested
     * names joined with dots; any other text as it is. Never null.
     */
    public static String forReport(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        Optional<JsonNode> json = jsonDocument(message);
        if (json.isEmpty()) {
            return toPlainText(message);
        }
        JsonNode root = json.get();
        StringBuilder out = new StringBuilder();
        String textMember = null;
        if (root.isObject()) {
            for (String name : TEXT_MEMBERS) {
                JsonNode v = root.get(name);
                if (v != null && v.isTextual() && !v.asText().isBlank()) {
                    textMember = name;
                    out.append(toPlainText(v.asText()));
                    break;
                }
            }
        }
        String skip = textMember;
        flatten("", root, skip, out);
        return out.toString().strip();
    }

    /** The message's JSON tree when it is exactly one JSON object or array (as {@link #asJson}). */
    private static Optional<JsonNode> jsonDocument(String message) {
        String t = message.strip();
        if (t.length() < 2 || (t.charAt(0) != '{' && t.charAt(0) != '[')) {
            return Optional.empty();
        }
        try {
            return Optional.of(TREE.readTree(t));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static final ObjectMapper TREE =
            JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    /** One {@code name: value} line per scalar; the top-level member {@code skip} left out. */
    private static void flatten(String path, JsonNode node, String skip, StringBuilder out) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> members = node.fields();
            while (members.hasNext()) {
                Map.Entry<String, JsonNode> m = members.next();
                if (path.isEmpty() && m.getKey().equals(skip)) {
                    continue;
                }
                flatten(
                        path.isEmpty() ? m.getKey() : path + "." + m.getKey(),
                        m.getValue(),
                        null,
                        out);
            }
        } else if (node.isArray()) {
            boolean scalars = true;
            for (JsonNode e : node) {
                scalars &= !e.isContainerNode();
            }
            if (scalars) {
                List<String> values = new ArrayList<>();
                node.forEach(e -> values.add(e.isNull() ? "" : e.asText()));
                line(path, String.join(", ", values), out);
            } else {
                for (int i = 0; i < node.size(); i++) {
                    flatten(path + "[" + (i + 1) + "]", node.get(i), null, out);
                }
            }
        } else if (!node.isNull()) { // a null member says nothing
            line(path, node.asText(), out);
        }
    }

    private static void line(String name, String value, StringBuilder out) {
        if (out.length() > 0) {
            out.append('\n');
        }
        out.append(name.isEmpty() ? value : name + ": " + value);
    }

    /** True when the text carries HTML markup. */
    public static boolean looksLikeHtml(String text) {
        return PlainText.looksLikeHtml(text);
    }

    /** The message to show: HTML (of any channel) made plain text; other text as it is. */
    public static String toPlainText(String message) {
        return PlainText.of(message);
    }

    /**
     * Whether the message reads right to left: by the notification's language ({@code ar}), else by
     * the first strong directional character of the text.
     */
    public static boolean rightToLeft(String language, String text) {
        if (language != null) {
            String l = language.strip().toLowerCase(java.util.Locale.ROOT);
            if (l.equals("ar")) {
                return true;
            }
            if (l.equals("en")) {
                return false;
            }
        }
        return rightToLeft(text);
    }

    /**
     * Whether a text of unknown language reads right to left: by its first strong directional
     * character (Unicode's rule for a paragraph's direction); a text with none reads left to right.
     */
    public static boolean rightToLeft(String text) {
        if (text != null) {
            for (int i = 0; i < text.length(); ) {
                int cp = text.codePointAt(i);
                byte d = Character.getDirectionality(cp);
                if (d == Character.DIRECTIONALITY_RIGHT_TO_LEFT
                        || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC) {
                    return true;
                }
                if (d == Character.DIRECTIONALITY_LEFT_TO_RIGHT) {
                    return false;
                }
                i += Character.charCount(cp);
            }
        }
        return false;
    }
}
