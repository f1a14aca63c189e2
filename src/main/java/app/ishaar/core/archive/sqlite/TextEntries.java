package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.SearchText;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;

/**
 * The full-text entries one store adds, by order key, written at its end in ascending key order.
 * FTS5 writes what it holds in memory out as a segment of its own whenever a row comes with a
 * smaller key than the one before, so rows added newest first (as a sync reads them) would each
 * make a segment, to be merged again and again as the index grows.
 */
final class TextEntries {
    private final TreeMap<Long, SearchText.Indexed> pending = new TreeMap<>();

    /** A notification's words, to be added under its key. */
    void add(long id, SearchText.Indexed text) {
        pending.put(id, text);
    }

    /**
     * Forgets the entry of this key if it is still to be added; false when there is none (so it is
     * in the index, and is deleted there).
     */
    boolean drop(long id) {
        return pending.remove(id) != null;
    }

    /** Adds what is pending with this statement (rowid, words, backwards), lowest key first. */
    void write(PreparedStatement insert) throws SQLException {
        for (Map.Entry<Long, SearchText.Indexed> e : pending.entrySet()) {
            insert.setLong(1, e.getKey());
            insert.setString(2, e.getValue().words());
            insert.setString(3, e.getValue().backwards());
            insert.executeUpdate();
        }
        pending.clear();
    }

    void clear() {
        pending.clear();
    }
}
