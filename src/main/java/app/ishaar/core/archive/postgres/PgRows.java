package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.SearchText;
import app.ishaar.core.model.Notification;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What the shared archive writes of a notification beside its item: the filters' columns and the
 * search's words, as {@link PostgresArchive#store} writes them; public for a program that loads
 * rows in bulk (the benchmark's copy of an archive).
 */
public final class PgRows {
    private PgRows() {}

    /** The longest word kept (the index's words have a size limit; nobody types more of one). */
    static final int LONGEST = 200;

    /**
     * The searchable words as the index keeps them, for {@code array_to_tsvector}: each normalised
     * word ({@link SearchText}), and each written backwards after a '~' (so that a prefix query
     * finds the words that end with a term), each cut at {@value #LONGEST} characters.
     */
    public static List<String> lexemes(Notification n) {
        SearchText.Indexed text = SearchText.indexed(n);
        Set<String> all = new LinkedHashSet<>();
        for (String w : text.words().split(" ")) {
            if (!w.isEmpty()) {
                all.add(cut(w));
            }
        }
        for (String w : text.backwards().split(" ")) {
            if (!w.isEmpty()) {
                all.add("~" + cut(w));
            }
        }
        return List.copyOf(all);
    }

    static String cut(String w) {
        return w.length() <= LONGEST ? w : w.substring(0, LONGEST);
    }

    /** The filters' columns: type, language, status, channel. */
    public static String[] columns(Notification n) {
        return new String[] {
            column(n.typeId()), column(n.language()), column(n.status()), column(n.channel())
        };
    }

    /** A filter column: the wire value trimmed and in lower case, as the filters are given. */
    private static String column(String wire) {
        return wire == null ? null : wire.strip().toLowerCase(Locale.ROOT);
    }
}
