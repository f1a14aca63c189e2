package app.ishaar.cli;

import app.ishaar.core.export.FormulaGuard;
import app.ishaar.core.service.InputRules;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * How every command writes text the service sent (its own, or kept in the archive), in each format:
 * the one rule of {@code notifications} and {@code inbox} alike.
 *
 * <ul>
 *   <li>a table, for people, writes control and bidi characters as {@code \\uXXXX} always ({@link
 *       #shown});
 *   <li>CSV writes them so when it goes to a terminal, and as received to a file or a pipe (a
 *       program's data); a cell a spreadsheet would run as a formula is made inert unless {@code
 *       raw};
 *   <li>JSON escapes every C0 and C1 control character ({@code \\u0000}–{@code \\u001F}, {@code
 *       \\u007F}–{@code \\u009F}) wherever it goes: the values are the same once read, and no
 *       terminal is handed an escape sequence (a C1 CSI, {@code \\u009B}, acts like ESC [).
 * </ul>
 *
 * @param raw CSV cells exactly as received ({@code --csv-raw}), else no cell runs as a formula
 * @param terminal the output is standard output, and that is a terminal
 */
record OutputRules(boolean raw, boolean terminal) {

    private static final JsonFactory JSON = new JsonFactory();

    /** A table's cell: control and bidi characters written as \\uXXXX, at most 500 characters. */
    static String shown(String s) {
        return InputRules.printable(s, 500);
    }

    /** How a CSV cell is written. */
    UnaryOperator<String> csvCell() {
        UnaryOperator<String> seen =
                terminal ? s -> InputRules.printable(s, Integer.MAX_VALUE) : s -> s;
        return raw ? seen : s -> FormulaGuard.neutralise(seen.apply(s));
    }

    /** A JSON writer on {@code out} (UTF-8, never closing it) that escapes C0 and C1 controls. */
    static JsonGenerator json(OutputStream out) throws IOException {
        JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setCharacterEscapes(ControlEscapes.INSTANCE);
        return g;
    }

    /** JSON's own escapes, and \\uXXXX for DEL and the C1 controls, which JSON allows raw. */
    private static final class ControlEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        static final ControlEscapes INSTANCE = new ControlEscapes();

        private final int[] ascii;

        private ControlEscapes() {
            ascii = standardAsciiEscapesForJSON();
            ascii[0x7F] = ESCAPE_CUSTOM;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            if (ch == 0x7F || (ch >= 0x80 && ch <= 0x9F)) {
                return new SerializedString(String.format(Locale.ROOT, "\\u%04X", ch));
            }
            return null;
        }
    }
}
