package app.ishaar.core.text;

import java.util.List;

/**
 * A light stemmer for Arabic words: it takes off the letters attached before a word (the article
 * ال, alone or after و، ف، ب، ك، ل, as in والفاتورة، بالفاتورة، للشركة) and after it (the pronouns
 * تكم، كم، هم، ها، ه, with تهم، تها, and the plural and dual endings ات، ون، ين), so that فاتورة،
 * فاتورتكم and بالفاتورة share the stem فاتور. It works on text already normalised for search (teh
 * marbuta as heh, hamza forms as bare alef), and leaves any word that is not all Arabic letters as
 * it is.
 *
 * <p>A stem keeps at least {@value #MIN_STEM} letters: an affix whose removal would leave fewer
 * stays on (عين stays عين; بيتكم loses كم, not تكم). A single letter و، ف، ب، ك، ل before a word
 * without the article cannot be told from the word's own first letter (فاتورة begins with ف), so
 * {@link #stem} keeps it; {@link #withoutProclitic} gives the form without it, which the archive
 * indexes beside the stem, so that a search for فاتورة also finds وفاتورتكم and بفاتورة.
 */
public final class ArabicStemmer {
    private ArabicStemmer() {}

    /** The fewest letters a stem keeps. */
    public static final int MIN_STEM = 3;

    /** The article with what may come before it, longest first (لل is ل before ال). */
    private static final List<String> ARTICLES =
            List.of(
                    "وبال", "فبال", "وكال", "فكال", "ولل", "فلل", "وال", "فال", "بال", "كال", "لل",
                    "ال");

    /**
     * Pronouns attached at the end, longest first; teh marbuta is heh after normalising, and a teh
     * before a pronoun is the word's own teh marbuta (فاتورتكم، فاتورتهم، فاتورتها).
     */
    private static final List<String> PRONOUNS =
            List.of("تكم", "تهم", "تها", "كم", "هم", "ها", "ه");

    /** Plural and dual endings. */
    private static final List<String> PLURALS = List.of("ات", "ون", "ين");

    /** The one-letter conjunctions and prepositions attached before a word. */
    private static final String PROCLITICS = "وفبكل";

    /**
     * The stem of a normalised word: the article (with what precedes it) taken off, then one
     * pronoun, then one plural ending, each only if {@value #MIN_STEM} letters remain. A word that
     * is not all Arabic letters is returned as it is.
     */
    public static String stem(String word) {
        if (!arabic(word)) {
            return word;
        }
        String w = word;
        for (String a : ARTICLES) {
            if (w.startsWith(a) && w.length() - a.length() >= MIN_STEM) {
                w = w.substring(a.length());
                break;
            }
        }
        w = suffix(w, PRONOUNS);
        return suffix(w, PLURALS);
    }

    /**
     * The stem of the word without a one-letter conjunction or preposition (و، ف، ب، ك، ل) before
     * it, or null when it begins with none, or would keep fewer than {@value #MIN_STEM} letters, or
     * begins with the article (which {@link #stem} takes off with its letters).
     */
    public static String withoutProclitic(String word) {
        if (!arabic(word) || PROCLITICS.indexOf(word.charAt(0)) < 0) {
            return null;
        }
        for (String a : ARTICLES) {
            if (word.startsWith(a)) {
                return null;
            }
        }
        String s = stem(word.substring(1));
        return s.length() >= MIN_STEM ? s : null;
    }

    private static String suffix(String w, List<String> endings) {
        for (String e : endings) {
            if (e.charAt(0) == 'ت' && w.endsWith("ا" + e)) {
                continue; // ات then a pronoun (مستنداتكم), not a teh marbuta's teh
            }
            if (w.endsWith(e) && w.length() - e.length() >= MIN_STEM) {
                return w.substring(0, w.length() - e.length());
            }
        }
        return w;
    }

    /** Whether every character is an Arabic letter (hamza to yeh). */
    private static boolean arabic(String w) {
        if (w.isEmpty()) {
            return false;
        }
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (c < '\u0621' || c > '\u064A' || c == '\u0640') {
                return false;
            }
        }
        return true;
    }
}
