package app.ishaar.core.archive.sqlite;

import java.util.Collections;

/**
 * Every statement the archive runs, in one place. Standard SQL where it can be; what is SQLite's
 * own is marked (the full-text index, its match operator, INSERT OR IGNORE), so that a PostgreSQL
 * form of the archive knows what to write its own way. The schema itself is in the migrations
 * ({@code db/archive/sqlite}).
 */
final class ArchiveSql {
    private ArchiveSql() {}

    /**
     * A write transaction takes the write lock at once (SQLite's BEGIN IMMEDIATE), so that two
     * writers wait for each other at the start rather than fail halfway.
     */
    static final String BEGIN_WRITE = "BEGIN IMMEDIATE";

    // --- services and taxpayers ---

    static final String SERVICE_ID = "SELECT id FROM service WHERE base_url = ?";
    static final String INSERT_SERVICE = "INSERT INTO service (base_url) VALUES (?)";
    static final String SERVICES =
            "SELECT s.base_url FROM service s"
                    + " WHERE EXISTS (SELECT 1 FROM taxpayer t WHERE t.service_id = s.id)"
                    + " ORDER BY s.base_url";
    static final String TAXPAYER_ID = "SELECT id FROM taxpayer WHERE service_id = ? AND rin = ?";
    static final String TAXPAYER_IDS = "SELECT id, rin FROM taxpayer WHERE service_id = ?";

    /**
     * A taxpayer first archived: its notifications are marked on arrival from now (its first sync).
     */
    static final String INSERT_TAXPAYER =
            "INSERT INTO taxpayer (service_id, rin, handling_since_ms) VALUES (?, ?, ?)";

    static final String SYNC_STATE =
            "SELECT t.sync_checkpoint, t.sync_complete, t.last_synced_ms FROM taxpayer t"
                    + " JOIN service s ON s.id = t.service_id WHERE s.base_url = ? AND t.rin = ?";

    /** The checkpoint (kept when null), complete once it has been, and when it last finished. */
    static final String SAVE_SYNC_STATE =
            "UPDATE taxpayer SET sync_checkpoint = COALESCE(?, sync_checkpoint),"
                    + " sync_complete = CASE WHEN ? = 1 THEN 1 ELSE sync_complete END,"
                    + " last_synced_ms = COALESCE(?, last_synced_ms) WHERE id = ?";

    static final String SUMMARIES =
            "SELECT s.base_url, t.rin, COUNT(n.id), MIN(n.id), MAX(n.id), t.last_synced_ms,"
                    + " t.sync_complete FROM taxpayer t JOIN service s ON s.id = t.service_id"
                    + " LEFT JOIN notification n ON n.taxpayer_id = t.id"
                    + " GROUP BY s.base_url, t.rin, t.last_synced_ms, t.sync_complete"
                    + " ORDER BY s.base_url, t.rin";

    // --- taxpayers' names ---

    static final String NAMES = "SELECT rin, name FROM taxpayer_name ORDER BY rin";

    /**
     * The commonest reasons of the failed deliveries under the conditions put for %s: each failed
     * notification's attempts' reasons, read from its item by {@link FailureReasons}.
     */
    static final String REASONS =
            "SELECT j.value, count(*) FROM notification n"
                    + " JOIN notification_raw r ON r.id = n.id,"
                    + " json_each("
                    + FailureReasons.NAME
                    + "(r.raw)) j"
                    + " WHERE %s AND n.status = 'error'"
                    + " GROUP BY j.value ORDER BY count(*) DESC, j.value LIMIT ?";

    static final String SET_NAME =
            "INSERT INTO taxpayer_name (rin, name) VALUES (?, ?)"
                    + " ON CONFLICT (rin) DO UPDATE SET name = excluded.name";
    static final String FORGET_NAME = "DELETE FROM taxpayer_name WHERE rin = ?";

    // --- notifications ---

    static final String FIND =
            "SELECT n.id, r.raw, n.type_id, n.language, n.status, n.channel FROM notification n"
                    + " JOIN notification_raw r ON r.id = n.id"
                    + " WHERE n.taxpayer_id = ? AND n.notification_id = ?";

    /** SQLite's INSERT OR IGNORE: no row when the key is taken (the caller tries the next slot). */
    static final String INSERT =
            "INSERT OR IGNORE INTO notification"
                    + " (id, service_id, taxpayer_id, notification_id, type_id, language, status,"
                    + " channel, status_checked_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    static final String INSERT_RAW = "INSERT INTO notification_raw (id, raw) VALUES (?, ?)";

    static final String UPDATE =
            "UPDATE notification SET type_id = ?, language = ?, status = ?, channel = ?,"
                    + " status_checked_ms = COALESCE(?, status_checked_ms) WHERE id = ?";

    /** The service sent a notification again unchanged: its status confirmed at that time. */
    static final String CONFIRM = "UPDATE notification SET status_checked_ms = ? WHERE id = ?";

    static final String UPDATE_RAW = "UPDATE notification_raw SET raw = ? WHERE id = ?";
    static final String DELETE_RAW = "DELETE FROM notification_raw WHERE id = ?";
    static final String DELETE = "DELETE FROM notification WHERE id = ?";

    static String known(int ids) {
        return "SELECT notification_id FROM notification WHERE taxpayer_id = ?"
                + " AND notification_id IN ("
                + marks(ids)
                + ")";
    }

    static final String UNSETTLED =
            "SELECT r.raw, n.status_checked_ms FROM notification n"
                    + " JOIN notification_raw r ON r.id = n.id"
                    + " WHERE n.taxpayer_id = ? AND n.status IN ('pending', 'batched')"
                    + " ORDER BY n.id DESC";

    /** One more (or one less) of a combination of the filters' values. */
    static final String TALLY =
            "INSERT INTO tally (taxpayer_id, service_id, type_id, language, status, channel, n)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (taxpayer_id, type_id, language,"
                    + " status, channel) DO UPDATE SET n = tally.n + excluded.n";

    // --- the full-text index (SQLite's FTS5) ---

    static final String INDEX_TEXT =
            "INSERT INTO notification_text (rowid, words, backwards) VALUES (?, ?, ?)";
    static final String UNINDEX_TEXT = "DELETE FROM notification_text WHERE rowid = ?";
    static final String UNINDEX_TAXPAYER =
            "DELETE FROM notification_text WHERE rowid IN"
                    + " (SELECT id FROM notification WHERE taxpayer_id = ?)";
    static final String UNINDEX_SERVICE =
            "DELETE FROM notification_text WHERE rowid IN"
                    + " (SELECT id FROM notification WHERE service_id = ?)";

    /**
     * The index's words of one column (words or backwards) from a lower bound (inclusive) to an
     * upper bound (exclusive), in order, each with how many notifications hold it (FTS5's fts5vocab
     * table, which reads the index's term list within the bounds).
     */
    static final String TERMS =
            "SELECT term, doc FROM notification_terms WHERE col = ? AND term >= ? AND term < ?"
                    + " LIMIT ?";

    /** FTS5's own switch: entries of deleted rows removed from the index at once. */
    static String secureDeleteText(boolean on) {
        return "INSERT INTO notification_text (notification_text, rank) VALUES ('secure-delete', "
                + (on ? 1 : 0)
                + ")";
    }

    // --- retention ---

    static final String FORGET_TAXPAYER_RAW =
            "DELETE FROM notification_raw WHERE id IN"
                    + " (SELECT id FROM notification WHERE taxpayer_id = ?)";
    static final String FORGET_TAXPAYER_TALLY = "DELETE FROM tally WHERE taxpayer_id = ?";
    static final String FORGET_TAXPAYER_ROWS = "DELETE FROM notification WHERE taxpayer_id = ?";
    static final String FORGET_TAXPAYER = "DELETE FROM taxpayer WHERE id = ?";
    static final String FORGET_SERVICE_RAW =
            "DELETE FROM notification_raw WHERE id IN"
                    + " (SELECT id FROM notification WHERE service_id = ?)";
    static final String FORGET_SERVICE_TALLY = "DELETE FROM tally WHERE service_id = ?";
    static final String FORGET_SERVICE_ROWS = "DELETE FROM notification WHERE service_id = ?";
    static final String FORGET_SERVICE_TAXPAYERS = "DELETE FROM taxpayer WHERE service_id = ?";
    static final String FORGET_SERVICE = "DELETE FROM service WHERE id = ?";

    // --- the inbox ---

    /**
     * The notifications of a query, newest first. With a search, the full-text index is read first
     * (its matches come newest first, keyed as the notifications are) and each match is checked
     * against the filters until the page is full; CROSS JOIN keeps that order of the tables. The
     * page's keys are found first and only then joined to their taxpayers and items, so that the
     * rows an offset skips are never read whole. A page is read from a key ({@code where} ends with
     * {@code n.id < ?}) or from the oldest end ({@code oldestFirst}, its rows still given newest
     * first) when that skips fewer ({@code PageKeys}).
     *
     * @param where the filters on n, each starting with " AND "
     */
    static String page(boolean search, String where, boolean oldestFirst) {
        String order = oldestFirst ? " ASC" : " DESC";
        String keys =
                search
                        ? "SELECT n.id, n.taxpayer_id FROM notification_text f"
                                + " CROSS JOIN notification n"
                                + " WHERE notification_text MATCH ? AND n.id = f.rowid"
                                + " AND n.service_id = ?"
                                + where.replace("n.id BETWEEN", "f.rowid BETWEEN")
                                        .replace("n.id < ?", "f.rowid < ?")
                                + " ORDER BY f.rowid"
                                + order
                                + " LIMIT ? OFFSET ?"
                        : "SELECT n.id, n.taxpayer_id FROM notification n WHERE n.service_id = ?"
                                + where
                                + " ORDER BY n.id"
                                + order
                                + " LIMIT ? OFFSET ?";
        // the time a status was checked is read for the page's rows only, by their keys: in the
        // keys' query it would take each skipped row from the table, not the covering index
        return "SELECT k.id, t.rin, r.raw, c.status_checked_ms FROM ("
                + keys
                + ") k CROSS JOIN taxpayer t CROSS JOIN notification_raw r CROSS JOIN notification c"
                + " WHERE t.id = k.taxpayer_id AND r.id = k.id AND c.id = k.id ORDER BY k.id DESC";
    }

    /**
     * The matches of a search best first (FTS5's bm25, {@code rank}: lowest best), equal ones
     * newest first. Every match is ranked before the page is taken, so a page costs what all the
     * matches cost; the order is asked for by a person, not used to page through everything.
     *
     * @param where the filters on n, each starting with " AND "
     */
    static String bestPage(String where) {
        return "SELECT k.id, t.rin, r.raw, c.status_checked_ms FROM (SELECT n.id, n.taxpayer_id,"
                + " bm25(notification_text) AS score"
                + " FROM notification_text f CROSS JOIN notification n"
                + " WHERE notification_text MATCH ? AND n.id = f.rowid AND n.service_id = ?"
                + where.replace("n.id BETWEEN", "f.rowid BETWEEN")
                + " ORDER BY score, f.rowid DESC LIMIT ? OFFSET ?) k"
                + " CROSS JOIN taxpayer t CROSS JOIN notification_raw r CROSS JOIN notification c"
                + " WHERE t.id = k.taxpayer_id AND r.id = k.id AND c.id = k.id"
                + " ORDER BY k.score, k.id DESC";
    }

    /**
     * How many match: a count of the notifications (a date range) or of the search's matches, the
     * latter up to a limit (the last parameter).
     */
    static String count(boolean search, String where) {
        return search
                ? "SELECT COUNT(*) FROM (SELECT 1 FROM notification_text f CROSS JOIN notification n"
                        + " WHERE notification_text MATCH ? AND n.id = f.rowid AND n.service_id = ?"
                        + where.replace("n.id BETWEEN", "f.rowid BETWEEN")
                        + " LIMIT ?)"
                : "SELECT COUNT(*) FROM notification n WHERE n.service_id = ?" + where;
    }

    /** How many of a whole service match a search, when nothing else narrows it, up to a limit. */
    static final String COUNT_MATCHES =
            "SELECT COUNT(*) FROM (SELECT 1 FROM notification_text WHERE notification_text MATCH ?"
                    + " LIMIT ?)";

    /** How many match a query without dates or search: a sum of the tally. */
    static String tallied(String where) {
        return "SELECT COALESCE(SUM(n.n), 0) FROM tally n WHERE n.service_id = ?" + where;
    }

    static final String SERVICE_COUNT = "SELECT COUNT(*) FROM service";

    static String marks(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
