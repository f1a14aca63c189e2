package app.ishaar.core.export;

import java.util.regex.Pattern;

/**
 * Keeps a text cell from being run as a formula by a spreadsheet (CSV injection). The texts come
 * from the service (messages, addresses, details); a CSV cell such as {@code =HYPERLINK(…)} or
 * {@code @SUM(…)} would be evaluated when the file is opened. Such a cell is written with a leading
 * apostrophe, which spreadsheets read as "text follows". Plain numbers ({@code +201001234567},
 * {@code -5}) are left alone. The one rule, for every export and the command line's CSV. (An XLSX
 * cell is typed: its text cells are never formulas.)
 */
public final class FormulaGuard {
    private FormulaGuard() {}

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?\\d+([.,]\\d+)*");

    /**
     * The cell as a spreadsheet will show it without evaluating it: a would-be formula gets a
     * leading apostrophe.
     */
    public static String inert(String cell) {
        if (cell == null || cell.isEmpty()) {
            return cell;
        }
        char c = cell.charAt(0);
        boolean trigger =
                c == '='
                        || c == '+'
                        || c == '-'
                        || c == '@'
                        || c == '\t'
                        || c == '\r'
                        || c == '\uFF1D'
                        || c == '\uFF0B'
                        || c == '\uFF0D'
                        || c == '\uFF20'; // their full-width forms too
        return trigger && !PLAIN_NUMBER.matcher(cell).matches() ? "'" + cell : cell;
    }
}
