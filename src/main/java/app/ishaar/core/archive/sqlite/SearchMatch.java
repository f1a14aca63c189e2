package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.SearchText;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A search as one FTS5 query (SQLite only): every term of the search, each found where it begins a
 * word (column {@code words}) or ends one (column {@code backwards}: the term written backwards
 * begins the word written backwards), or, for an Arabic term, where its light stem is a stem
 * indexed in {@code words} ({@link SearchText#stem}).
 *
 * <p>FTS5 answers a prefix query ({@code "2025" *}) by merging the matches of all the words that
 * begin with it into one list before it returns the first match, so that a first page of a term
 * that a frequent word begins costs as much as all that word's matches. Here a term is asked as the
 * term itself, by name, and the longer words that begin with it, looked up first in the index's
 * term list ({@code notification_terms}): a word held by more than {@value #FREQUENT} notifications
 * is asked by name, so that its matches are read lazily, newest first, and a first page stops after
 * its first hundred; the others are asked as prefixes that no frequent word begins (one for each
 * next letter, as few as cover them), cheap to merge. A column with more than {@value #MAX_WORDS}
 * words beginning with a term is asked as a plain prefix after all.
 */
final class SearchMatch {
    private SearchMatch() {}

    /** Words of a column beginning with a term that are looked up; past this, a plain prefix. */
    static final int MAX_WORDS = 1000;

    /** Notifications holding a word past which the word is asked by name, never in a prefix. */
    static final int FREQUENT = 1000;

    private record Word(String text, long notifications) {}

    /**
     * The FTS5 query of a search's terms (each normalised, as {@code SearchText.terms} gives),
     * matching the notifications holding every term.
     */
    static String of(Connection conn, List<String> terms) throws SQLException {
        return of(conn, terms, FREQUENT, MAX_WORDS, false);
    }

    /** As {@link #of(Connection, List)}, matching the notifications holding any of the terms. */
    static String anyOf(Connection conn, List<String> terms) throws SQLException {
        return of(conn, terms, FREQUENT, MAX_WORDS, true);
    }

    /** As {@link #of(Connection, List)}, with other bounds (for tests). */
    static String of(Connection conn, List<String> terms, long frequent, int maxWords)
            throws SQLException {
        return of(conn, terms, frequent, maxWords, false);
    }

    private static String of(
            Connection conn, List<String> terms, long frequent, int maxWords, boolean any)
            throws SQLException {
        StringBuilder all = new StringBuilder();
        for (String t : terms) {
            String reversed = new StringBuilder(t).reverse().toString();
            // the term itself is a word of both columns: asked once, in words
            List<String> starting = new ArrayList<>(List.of(quoted(t)));
            if (!cover(conn, "words", t, frequent, maxWords, starting)) {
                starting = new ArrayList<>(List.of(quoted(t) + " *"));
            }
            String stem = SearchText.stem(t);
            if (stem != null) {
                starting.add(quoted(stem)); // the words sharing its stem, indexed beside them
            }
            List<String> ending = new ArrayList<>();
            if (!cover(conn, "backwards", reversed, frequent, maxWords, ending)) {
                ending = List.of(quoted(reversed) + " *");
            }
            all.append(all.length() > 0 ? (any ? " OR " : " AND ") : "")
                    .append("(words : (")
                    .append(String.join(" OR ", starting))
                    .append(')');
            if (!ending.isEmpty()) {
                all.append(" OR backwards : (").append(String.join(" OR ", ending)).append(')');
            }
            all.append(')');
        }
        return all.toString();
    }

    /**
     * Adds to {@code out} what covers the words of a column longer than {@code term} that begin
     * with it; false when there are more than {@code maxWords}.
     */
    private static boolean cover(
            Connection conn,
            String column,
            String term,
            long frequent,
            int maxWords,
            List<String> out)
            throws SQLException {
        List<Word> words = new ArrayList<>();
        try (PreparedStatement p = conn.prepareStatement(ArchiveSql.TERMS)) {
            p.setString(1, column);
            // from the term followed by the lowest character to the term followed by the highest
            p.setString(2, term + "\u0001");
            p.setString(3, term + "\uDBFF\uDFFF");
            p.setInt(4, maxWords + 1);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    words.add(new Word(r.getString(1), r.getLong(2)));
                }
            }
        }
        if (words.size() > maxWords) {
            return false;
        }
        cover(term, words, frequent, out);
        return true;
    }

    /**
     * The words (in the index's order, all longer than {@code base} and beginning with it) grouped
     * by their next letter: a group of one word is that word; a group without a frequent word is a
     * prefix; a group with one is its first word if that is the group's prefix itself, and the rest
     * covered the same way one letter further.
     */
    private static void cover(String base, List<Word> words, long frequent, List<String> out) {
        int i = 0;
        while (i < words.size()) {
            String first = words.get(i).text();
            int cp = first.codePointAt(base.length());
            String next = base + new String(Character.toChars(cp));
            int j = i;
            boolean many = false;
            while (j < words.size() && words.get(j).text().startsWith(next)) {
                many |= words.get(j).notifications() > frequent;
                j++;
            }
            if (j - i == 1) {
                out.add(quoted(first));
            } else if (!many) {
                out.add(quoted(next) + " *");
            } else {
                int from = i;
                if (first.equals(next)) {
                    out.add(quoted(first));
                    from++;
                }
                cover(next, words.subList(from, j), frequent, out);
            }
            i = j;
        }
    }

    /** A word as FTS5 reads a string: quoted, so that nothing typed is an operator. */
    private static String quoted(String t) {
        return '"' + t.replace("\"", "\"\"") + '"';
    }
}
