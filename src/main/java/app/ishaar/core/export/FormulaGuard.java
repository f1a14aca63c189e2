package app.ishaar.core.export;

import java.util.regex.Pattern;

/**
 * Keeps a spreadsheet from running a cell as a formula (CSV injection): the texts come from the
 * service (messages, addresses, details), and a cell such as {@code =HYPERLINK(…)} or
 * {@code @SUM(…)} would otherwise be evaluated when the file is opened. As OWASP advises, a cell
 * that starts with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return (or their
 * full-width forms) is written with a leading apostrophe, which spreadsheets read as "text
 * follows"; the text itself stays as it was and readable. A plain number ({@code +201001234567},
 * {@code -5}) is left alone. The one rule for every CSV the application writes: the desktop export,
 * the command line's CSV (unless {@code --csv-raw}) and its other commands.
 */
public final class FormulaGuard {
    private FormulaGuard() {}

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?\\d+([.,]\\d+)*");

    /** The cell as a spreadsheet will show it without evaluating it. */
    public static String neutralise(String cell) {
        if (cell == null || cell.isEmpty()) {
            return cell;
        }
        return startsAFormula(cell) && !PLAIN_NUMBER.matcher(cell).matches() ? "'" + cell : cell;
    }

    /** Whether a spreadsheet would read a cell starting so as a formula. */
    static boolean startsAFormula(String cell) {
        char c = cell.charAt(0);
        return c == '='
                || c == '+'
                || c == '-'
                || c == '@'
                || c == '\t'
                || c == '\r'
                || c == '\uFF1D'
                || c == '\uFF0B'
                || c == '\uFF0D'
                || c == '\uFF20'; // their full-width forms too
    }
}
