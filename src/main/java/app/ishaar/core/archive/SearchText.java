package app.ishaar.core.archive;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.text.ArabicStemmer;
import app.ishaar.core.text.PlainText;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The archive's search rules, in one place: {@link #normalise} is applied both to the text that is
 * indexed and to the text a person searches for, so that each rule holds in both directions.
 *
 * <p>Text is split into words at anything that is not a letter or a digit (blanks, punctuation,
 * hyphens, the @ and dots of an address). A notification matches a search when each of the search's
 * words begins or ends a word of its text (the message as the detail pane shows it, the address,
 * the notification ID, the reasons its delivery attempts give): "valid" finds "validation", "4512"
 * finds "INV-2025-004512", "mailbox" finds an attempt that says "552 5.2.2 Mailbox full". Words are
 * compared after normalising:
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
 * An Arabic search word also finds the words that share its light stem ({@link ArabicStemmer}): the
 * article and the letters before it (وال، بال، كال، فال، لل), the attached pronouns (تكم، كم، هم،
 * ها، ه) and plural endings (ات، ون، ين) taken off on both sides, so that فاتورة finds فاتورتكم and
 * بالفاتورة. A word's stems are indexed beside it (also the stem without a one-letter و، ف، ب، ك، ل
 * before it: وفاتورتكم); a search word's stem is looked up as a whole indexed word.
 *
 * <p>A search word of fewer than {@value #MIN_TERM} letters or digits is dropped from a search that
 * has longer ones.
 */
public final class SearchText {
    private SearchText() {}

    /** Letters or digits a search word needs at least. */
    public static final int MIN_TERM = 3;

    /** The longest search accepted, in characters. */
    public static final int MAX_LENGTH = 500;

    /** Why a typed search cannot be run. */
    public enum Problem {
        /** Nothing but blanks (or punctuation) in it. */
        EMPTY,
        /** Longer than {@link #MAX_LENGTH}. */
        TOO_LONG,
        /** Every word shorter than {@link #MIN_TERM} characters. */
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
     * What is indexed of a notification: the words of its message as the detail pane shows it (HTML
     * made plain text), of its address, of its ID and of its delivery attempts' reasons,
     * normalised, one space between words, with the Arabic words' stems beside them; and the same
     * words (not the stems) each written backwards, so that a word's end can be looked up as a
     * beginning. Only what a search can find is indexed: each word once, none shorter than {@link
     * #MIN_TERM} (no search term is shorter), and backwards only the words longer than that (a term
     * as long as the word ends it only by being the whole word, which the words as they are find).
     */
    public record Indexed(String words, String backwards) {}

    public static Indexed indexed(Notification n) {
        StringBuilder all = new StringBuilder(256);
        all.append(PlainText.of(n.finalMessage()));
        if (n.address() != null) {
            all.append(' ').append(n.address());
        }
        if (n.notificationId() != null) {
            all.append(' ').append(n.notificationId());
        }
        for (DeliveryAttempt a : n.deliveryAttempts()) {
            if (a.statusDetails() != null) {
                all.append(' ').append(a.statusDetails());
            }
        }
        List<String> words = words(normalise(all.toString()));
        StringBuilder w = new StringBuilder(all.length());
        StringBuilder b = new StringBuilder(all.length());
        java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (String word : words) {
            if (word.length() < MIN_TERM || !seen.add(word)) {
                continue;
            }
            append(w, word);
            if (word.length() > MIN_TERM) {
                if (b.length() > 0) {
                    b.append(' ');
                }
                for (int i = word.length() - 1; i >= 0; i--) {
                    b.append(word.charAt(i));
                }
            }
        }
        // the stems after the words, so that a word that is also another's stem is a word first
        java.util.Set<String> stems = new java.util.LinkedHashSet<>();
        for (String word : seen) {
            stems.add(ArabicStemmer.stem(word));
            String bare = ArabicStemmer.withoutProclitic(word);
            if (bare != null) {
                stems.add(bare);
            }
        }
        for (String stem : stems) {
            if (stem.length() >= MIN_TERM && seen.add(stem)) {
                append(w, stem);
            }
        }
        return new Indexed(w.toString(), b.toString());
    }

    private static void append(StringBuilder words, String word) {
        if (words.length() > 0) {
            words.append(' ');
        }
        words.append(word);
    }

    /**
     * The light stem of a search term ({@link #terms} gives it), looked up as a whole indexed word;
     * null when it is the term itself (a Latin word, a number, an Arabic word without affixes),
     * which the term's own look-up finds.
     */
    public static String stem(String term) {
        String s = ArabicStemmer.stem(term);
        return s.equals(term) || s.length() < MIN_TERM ? null : s;
    }

    /**
     * Whether a search term ({@link #terms}) finds a word of the text (normalised, one of {@link
     * #words}), by the rules the archive's index applies: the word begins or ends with the term, or
     * the term's light stem is one of the word's stems. For showing which words a search found.
     */
    public static boolean finds(String term, String word) {
        if (word.startsWith(term) || word.endsWith(term)) {
            return true;
        }
        String stem = stem(term);
        String wanted = stem == null ? term : stem;
        return wanted.equals(ArabicStemmer.stem(word))
                || wanted.equals(ArabicStemmer.withoutProclitic(word));
    }

    /** The words of normalised text: runs of letters and digits; anything else separates them. */
    public static List<String> words(String normalised) {
        List<String> out = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= normalised.length(); i++) {
            boolean part =
                    i < normalised.length() && Character.isLetterOrDigit(normalised.charAt(i));
            if (part && start < 0) {
                start = i;
            } else if (!part && start >= 0) {
                out.add(normalised.substring(start, i));
                start = -1;
            }
        }
        return out;
    }

    /**
     * The words of a typed search, normalised, each to be found at the beginning or at the end of a
     * word of the text (so also as a whole word); the article ال taken off a word that keeps {@link
     * #MIN_TERM} letters without it; words shorter than {@link #MIN_TERM} dropped when there are
     * longer ones.
     *
     * @throws InvalidSearchException when nothing can be searched for
     */
    public static List<String> terms(String typed) {
        if (typed != null && typed.length() > MAX_LENGTH) {
            throw new InvalidSearchException(
                    Problem.TOO_LONG,
                    "a search is at most " + MAX_LENGTH + " characters (" + typed.length() + ")");
        }
        List<String> words = words(normalise(typed));
        if (words.isEmpty()) {
            throw new InvalidSearchException(Problem.EMPTY, "the search is empty");
        }
        List<String> terms = new ArrayList<>();
        for (String word : words) {
            String term = word;
            if (term.startsWith("\u0627\u0644") && term.length() - 2 >= MIN_TERM) {
                term = term.substring(2);
            }
            if (term.length() >= MIN_TERM && !terms.contains(term)) {
                terms.add(term);
            }
        }
        if (terms.isEmpty()) {
            throw new InvalidSearchException(
                    Problem.TOO_SHORT,
                    "search for at least " + MIN_TERM + " letters or digits in a row");
        }
        return terms;
    }
}
