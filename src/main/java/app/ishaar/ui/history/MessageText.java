package app.ishaar.ui.history;

import app.ishaar.core.text.PlainText;
import app.ishaar.ui.controls.Bidi;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A notification's final message as plain text. E-mail bodies may be HTML: they are parsed (jsoup)
 * and turned into readable text with line breaks where blocks end; nothing is rendered, loaded or
 * run (scripts, styles and heads are dropped). A message that is one JSON object or array (what the
 * {@code system} channel carries to ERP systems) is laid out with one member per line. Also decides
 * the text's direction.
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
            if (m.matches() && Bidi.rightToLeft(m.group(3))) {
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
        return Bidi.rightToLeft(text);
    }
}
