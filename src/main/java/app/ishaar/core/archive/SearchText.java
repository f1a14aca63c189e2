package app.ishaar.core.archive;

import app.ishaar.core.model.Notification;
import app.ishaar.core.text.PlainText;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The archive's search rules, in one place: {@link #normalise} is applied both to the text that is
 * indexed and to the text a person searches for, so that each rule holds in both directions.
 *
 * <p>A search is split into terms at blanks; a notification matches when every term occurs in its
 * text (the message as the detail pane shows it, the address, the notification ID), as a whole word
 * or as part of one. Terms are compared after normalising:
 *
 * <ul>
 *   <li>compatibility forms unfolded (NFKD: Arabic presentation forms and ligatures, full-width
 *       Latin), then every combining mark removed: Arabic diacritics (tashkeel, the superscript
 *       alef, Quranic marks) and Latin accents; this also takes the hamza and madda off alef (أ إ آ
 *       → ا) and off waw and yeh (ؤ → و, ئ → ي);
 *   <li>tatweel (ـ) removed;
 *   <li>alef maqsura as yeh (ى → ي), teh marbuta as heh (ة → ه), Persian yeh and kaf as Arabic (ی →
 *       ي, ک → ك), alef wasla as alef (ٱ → ا);
 *   <li>Arabic-Indic and Eastern Arabic-Indic digits as ASCII digits (٠١٢ → 012);
 *   <li>lower case;
 *   <li>a search term that starts with the article ال (and keeps three letters after it) is looked
 *       for without it, so that فاتورة and الفاتورة find each other.
 * </ul>
 *
 * The index matches substrings of at least {@value #MIN_TERM} characters (trigrams); a shorter term
 * is dropped from a search that has longer ones.
 */
public final class SearchText {
    private SearchText() {}

    /** Characters a search term needs at least (the index is of three-character sequences). */
    public static final int MIN_TERM = 3;

    /** The longest search accepted, in characters. */
    public static final int MAX_LENGTH = 500;

    /** Why a typed search cannot be run. */
    public enum Problem {
        /** Nothing but blanks (or punctuation) in it. */
        EMPTY,
        /** Longer than {@link #MAX_LENGTH}. */
        TOO_LONG,
        /** Every term shorter than {@link #MIN_TERM} characters. */
        TOO_SHORT
    }

    /** A search that cannot be run. */
    public static final class InvalidSearchException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final Problem problem;

        InvalidSearchException(Problem problem, String message) {
            super(message);
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    /** The text as it is indexed and searched: see the class description for the rules. */
    public static String normalise(String text) {
        if (text == null || text.isEmpty()) {
            return "";
        }
        String d = Normalizer.normalize(text, Normalizer.Form.NFKD);
        StringBuilder b = new StringBuilder(d.length());
        boolean blank = true;
        for (int i = 0; i < d.length(); i++) {
            char c = d.charAt(i);
            int type = Character.getType(c);
            if (type == Character.NON_SPACING_MARK
                    || type == Character.ENCLOSING_MARK
                    || type == Character.FORMAT
                    || c == '\u0640') {
                continue; // diacritics, tatweel, direction marks and zero-width joiners
            }
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                if (!blank) {
                    b.append(' ');
                    blank = true;
                }
                continue;
            }
            blank = false;
            b.append(fold(c));
        }
        int end = b.length();
        while (end > 0 && b.charAt(end - 1) == ' ') {
            end--;
        }
        b.setLength(end);
        return b.toString().toLowerCase(Locale.ROOT);
    }

    private static char fold(char c) {
        if (c >= '\u0660' && c <= '\u0669') {
            return (char) ('0' + (c - '\u0660'));
        }
        if (c >= '\u06F0' && c <= '\u06F9') {
            return (char) ('0' + (c - '\u06F0'));
        }
        return switch (c) {
            case '\u0649', '\u06CC' -> '\u064A'; // alef maqsura, Persian yeh -> yeh
            case '\u0629' -> '\u0647'; // teh marbuta -> heh
            case '\u06A9' -> '\u0643'; // Persian kaf -> kaf
            case '\u0671' -> '\u0627'; // alef wasla -> alef
            default -> c;
        };
    }

    /**
     * The text of a notification that is indexed: its message as the detail pane shows it (HTML
     * made plain text), its address and its ID, normalised.
     */
    public static String indexed(Notification n) {
        StringBuilder b = new StringBuilder(256);
        b.append(normalise(PlainText.of(n.finalMessage())));
        if (n.address() != null) {
            b.append('\n').append(normalise(n.address()));
        }
        if (n.notificationId() != null) {
            b.append('\n').append(normalise(n.notificationId()));
        }
        return b.toString();
    }

    /**
     * The normalised terms of a typed search, each to be found as a substring; the article ال taken
     * off a term that keeps {@link #MIN_TERM} letters without it.
     *
     * @throws InvalidSearchException when nothing can be searched for
     */
    public static List<String> terms(String typed) {
        if (typed != null && typed.length() > MAX_LENGTH) {
            throw new InvalidSearchException(
                    Problem.TOO_LONG,
                    "a search is at most " + MAX_LENGTH + " characters (" + typed.length() + ")");
        }
        String n = normalise(typed);
        List<String> terms = new ArrayList<>();
        boolean any = false;
        for (String t : n.split(" ")) {
            String term = trimPunctuation(t);
            if (term.isEmpty()) {
                continue;
            }
            any = true;
            if (term.startsWith("\u0627\u0644")
                    && term.codePointCount(2, term.length()) >= MIN_TERM) {
                term = term.substring(2);
            }
            if (term.codePointCount(0, term.length()) >= MIN_TERM && !terms.contains(term)) {
                terms.add(term);
            }
        }
        if (!any) {
            throw new InvalidSearchException(Problem.EMPTY, "the search is empty");
        }
        if (terms.isEmpty()) {
            throw new InvalidSearchException(
                    Problem.TOO_SHORT,
                    "search for at least " + MIN_TERM + " letters or digits in a row");
        }
        return terms;
    }

    /** Punctuation around a term (quotes, commas, brackets) is not part of what is looked for. */
    private static String trimPunctuation(String t) {
        int s = 0;
        int e = t.length();
        while (s < e && !Character.isLetterOrDigit(t.charAt(s))) {
            s++;
        }
        while (e > s && !Character.isLetterOrDigit(t.charAt(e - 1))) {
            e--;
        }
        return t.substring(s, e);
    }
}
