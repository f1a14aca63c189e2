package app.ishaar.core.archive.postgres;

/**
 * Every statement the shared archive runs, in one place: the SQLite archive's statements ({@code
 * core.archive.sqlite.ArchiveSql}) in PostgreSQL's words where they differ (ON CONFLICT instead of
 * INSERT OR IGNORE, arrays for lists, a tsvector match instead of FTS5, row locks instead of a
 * file's lock). The schema is in the migrations ({@code db/archive/postgres}).
 */
final class PgSql {
    private PgSql() {}

    // --- services and taxpayers ---

    static final String SERVICE_ID = "SELECT id FROM service WHERE base_url = ?";
    static final String INSERT_SERVICE =
            "INSERT INTO service (base_url) VALUES (?) ON CONFLICT (base_url) DO NOTHING";
    static final String SERVICES =
            "SELECT s.base_url FROM service s"
                    + " WHERE EXISTS (SELECT 1 FROM taxpayer t WHERE t.service_id = s.id)"
                    + " ORDER BY s.base_url";
    static final String TAXPAYER_ID = "SELECT id FROM taxpayer WHERE service_id = ? AND rin = ?";
    static final String TAXPAYER_IDS = "SELECT id, rin FROM taxpayer WHERE service_id = ?";
    static final String INSERT_TAXPAYER =
            "INSERT INTO taxpayer (service_id, rin, handling_since_ms) VALUES (?, ?, ?)"
                    + " ON CONFLICT (service_id, rin) DO NOTHING";
    static final String SYNC_STATE =
            "SELECT t.sync_checkpoint, t.sync_complete, t.last_synced_ms FROM taxpayer t"
                    + " JOIN service s ON s.id = t.service_id WHERE s.base_url = ? AND t.rin = ?";
    static final String SAVE_SYNC_STATE =
            "UPDATE taxpayer SET sync_checkpoint = COALESCE(?, sync_checkpoint),"
                    + " sync_complete = sync_complete OR ?,"
                    + " last_synced_ms = COALESCE(?, last_synced_ms) WHERE id = ?";
    static final String SUMMARIES =
            "SELECT s.base_url, t.rin, COUNT(n.id), MIN(n.id), MAX(n.id), t.last_synced_ms,"
                    + " t.sync_complete FROM taxpayer t JOIN service s ON s.id = t.service_id"
                    + " LEFT JOIN notification n ON n.taxpayer_id = t.id"
                    + " GROUP BY s.base_url, t.rin, t.last_synced_ms, t.sync_complete"
                    + " ORDER BY s.base_url, t.rin";

    // --- locks ---

    /**
     * One batch of a taxpayer written at a time: its row locked to the end of the transaction. Only
     * a role that may update the table (the owner) can lock it; the wait is bounded ({@link
     * PostgresArchive#LOCK_WAIT}).
     */
    static final String LOCK_WRITES = "SELECT 1 FROM taxpayer WHERE id = ? FOR NO KEY UPDATE";

    // --- taxpayers' names (row-level security: a role reads its taxpayers' names only) ---

    static final String NAMES = "SELECT rin, name FROM taxpayer_name ORDER BY rin";

    /**
     * The commonest reasons of the failed deliveries under the conditions put for %s: each failed
     * notification's distinct reasons of its failed attempts, read from its item as received.
     */
    static final String REASONS =
            "SELECT f.reason, count(*) FROM notification n CROSS JOIN LATERAL ("
                    + "SELECT DISTINCT btrim(a ->> 'statusDetails') AS reason"
                    + " FROM jsonb_array_elements(CASE WHEN jsonb_typeof(n.raw::jsonb ->"
                    + " 'deliveryAttempts') = 'array' THEN n.raw::jsonb -> 'deliveryAttempts'"
                    + " ELSE '[]'::jsonb END) a"
                    + " WHERE lower(btrim(a ->> 'status')) = 'error'"
                    + " AND coalesce(btrim(a ->> 'statusDetails'), '') <> '') f"
                    + " WHERE %s AND n.status = 'error'"
                    + " GROUP BY f.reason ORDER BY count(*) DESC, f.reason LIMIT ?";

    static final String SET_NAME =
            "INSERT INTO taxpayer_name (rin, name) VALUES (?, ?)"
                    + " ON CONFLICT (rin) DO UPDATE SET name = excluded.name";
    static final String FORGET_NAME = "DELETE FROM taxpayer_name WHERE rin = ?";

    // --- notifications ---

    static final String FIND =
            "SELECT id, raw, type_id, language, status, channel FROM notification"
                    + " WHERE taxpayer_id = ? AND notification_id = ?";

    /** No row when the key is taken by another notification (the caller tries the next slot). */
    static final String INSERT =
            "INSERT INTO notification (id, service_id, taxpayer_id, notification_id, type_id,"
                    + " language, status, channel, raw, status_checked_ms)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    + " ON CONFLICT (id) DO NOTHING";

    /** A notification's search row (V6), written with it; deleted with it (a cascade). */
    static final String INSERT_SEARCH =
            "INSERT INTO notification_search (id, service_id, taxpayer_id, type_id, language,"
                    + " status, channel, words) VALUES (?, ?, ?, ?, ?, ?, ?, array_to_tsvector(?))";

    static final String UPDATE =
            "UPDATE notification SET type_id = ?, language = ?, status = ?, channel = ?, raw = ?,"
                    + " status_checked_ms = COALESCE(?, status_checked_ms) WHERE id = ?";

    /** The service sent a notification again unchanged: its status confirmed at that time. */
    static final String CONFIRM = "UPDATE notification SET status_checked_ms = ? WHERE id = ?";

    static final String UPDATE_SEARCH =
            "UPDATE notification_search SET type_id = ?, language = ?, status = ?, channel = ?,"
                    + " words = array_to_tsvector(?) WHERE id = ?";
    static final String DELETE = "DELETE FROM notification WHERE id = ?";

    static final String KNOWN =
            "SELECT notification_id FROM notification WHERE taxpayer_id = ?"
                    + " AND notification_id = ANY (?)";

    static final String UNSETTLED =
            "SELECT raw, status_checked_ms FROM notification WHERE taxpayer_id = ?"
                    + " AND status IN ('pending', 'batched') ORDER BY id DESC";

    static final String TALLY =
            "INSERT INTO tally (taxpayer_id, service_id, type_id, language, status, channel, n)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (taxpayer_id, type_id, language,"
                    + " status, channel) DO UPDATE SET n = tally.n + excluded.n";

    // --- who is dealing with which notification (V10) ---

    /** A change added; the trigger applies it and says which change it followed. */
    static final String ADD_CHANGE =
            "INSERT INTO handling_change (taxpayer_id, notification_id, state, assigned_to, note)"
                    + " VALUES (?, ?, ?, ?, ?) RETURNING after_change";

    static final String HANDLED_ALREADY =
            "SELECT 1 FROM handling WHERE taxpayer_id = ? AND notification_id = ?";
    static final String HANDLING_SINCE = "SELECT handling_since_ms FROM taxpayer WHERE id = ?";
    static final String HANDLING_MOVED =
            "UPDATE handling SET nkey = ? WHERE taxpayer_id = ? AND notification_id = ?";
    static final String FORGET_TAXPAYER_CHANGES =
            "DELETE FROM handling_change WHERE taxpayer_id = ?";
    static final String FORGET_TAXPAYER_HANDLING = "DELETE FROM handling WHERE taxpayer_id = ?";
    static final String FORGET_SERVICE_CHANGES =
            "DELETE FROM handling_change WHERE taxpayer_id IN"
                    + " (SELECT id FROM taxpayer WHERE service_id = ?)";
    static final String FORGET_SERVICE_HANDLING =
            "DELETE FROM handling WHERE taxpayer_id IN"
                    + " (SELECT id FROM taxpayer WHERE service_id = ?)";
    static final String PRUNE_CHANGES =
            "DELETE FROM handling_change c USING handling h WHERE h.nkey >= ? AND h.nkey < ?"
                    + " AND c.taxpayer_id = h.taxpayer_id AND c.notification_id = h.notification_id";
    static final String PRUNE_HANDLING = "DELETE FROM handling WHERE nkey >= ? AND nkey < ?";

    static final String PEOPLE = "SELECT role_name, display_name FROM person ORDER BY role_name";
    static final String SET_PERSON =
            "INSERT INTO person (role_name, display_name) VALUES (?, ?)"
                    + " ON CONFLICT (role_name) DO UPDATE SET display_name = excluded.display_name";
    static final String FORGET_PERSON = "DELETE FROM person WHERE role_name = ?";

    // --- retention ---

    static final String FORGET_TAXPAYER_TALLY = "DELETE FROM tally WHERE taxpayer_id = ?";
    static final String FORGET_TAXPAYER_ROWS = "DELETE FROM notification WHERE taxpayer_id = ?";
    static final String FORGET_TAXPAYER = "DELETE FROM taxpayer WHERE id = ?";
    static final String FORGET_SERVICE_TALLY = "DELETE FROM tally WHERE service_id = ?";
    static final String FORGET_SERVICE_ROWS = "DELETE FROM notification WHERE service_id = ?";
    static final String FORGET_SERVICE_TAXPAYERS = "DELETE FROM taxpayer WHERE service_id = ?";
    static final String FORGET_SERVICE = "DELETE FROM service WHERE id = ?";

    /**
     * Keeping N days: the notifications whose keys are in a range (received before a cut-off) go,
     * and the tally loses what they counted, in one statement; answers how many went.
     */
    static final String PRUNE =
            "WITH gone AS (DELETE FROM notification WHERE id >= ? AND id < ? RETURNING taxpayer_id,"
                    + " COALESCE(type_id, '') AS t, COALESCE(language, '') AS l,"
                    + " COALESCE(status, '') AS s, COALESCE(channel, '') AS c),"
                    + " counted AS (SELECT taxpayer_id, t, l, s, c, COUNT(*) AS n FROM gone"
                    + " GROUP BY taxpayer_id, t, l, s, c),"
                    + " tallied AS (UPDATE tally SET n = tally.n - counted.n FROM counted"
                    + " WHERE tally.taxpayer_id = counted.taxpayer_id AND tally.type_id = counted.t"
                    + " AND tally.language = counted.l AND tally.status = counted.s"
                    + " AND tally.channel = counted.c RETURNING 1)"
                    + " SELECT COALESCE(SUM(n), 0) FROM counted";

    static final String EMPTY_TALLY = "DELETE FROM tally WHERE n <= 0";

    // --- the inbox ---

    /**
     * A page of a query, newest first: the page's keys first, then only those notifications read
     * for their item and taxpayer's RIN. Without a search the keys come from {@code
     * notification_taxpayer} alone where taxpayers are chosen (an index-only scan, V3). With one
     * they come from the narrow {@code notification_search} (V6: the words and the filters'
     * columns), where PostgreSQL's planner chooses between walking the keys newest first, checking
     * each row's words (a frequent word: the page fills at once), and the words index's matches
     * sorted (a rare word). {@code fewMatches}: the search's count (taken first, in the same
     * snapshot) found all its matches under the count's limit, so its page is taken from the
     * index's matches, sorted, and never by walking the keys newest first (which the planner
     * prefers when it expects matches spread evenly, and which reads most of the table when a
     * term's few matches are old). A page is read from a key ({@code where} ends with {@code n.id <
     * ?}) or from the oldest end ({@code oldestFirst}, its rows still given newest first) when that
     * skips fewer ({@code PageKeys}).
     *
     * @param where the filters on n, each starting with " AND "
     */
    static String page(boolean search, boolean fewMatches, String where, boolean oldestFirst) {
        String order = oldestFirst ? " ASC" : " DESC";
        String keys;
        if (search && fewMatches) {
            keys =
                    "WITH m AS MATERIALIZED (SELECT n.id FROM notification_search n"
                            + " WHERE n.service_id = ? AND n.words @@ ?::tsquery"
                            + where
                            + ") SELECT n.id, t.rin, n.raw, n.status_checked_ms FROM (SELECT id FROM m"
                            + " ORDER BY id"
                            + order;
        } else {
            keys =
                    "SELECT n.id, t.rin, n.raw, n.status_checked_ms FROM (SELECT n.id FROM "
                            + (search ? "notification_search" : "notification")
                            + " n WHERE n.service_id = ?"
                            + (search ? " AND n.words @@ ?::tsquery" : "")
                            + where
                            + " ORDER BY n.id"
                            + order;
        }
        return keys
                + " LIMIT ? OFFSET ?) p JOIN notification n ON n.id = p.id"
                + " JOIN taxpayer t ON t.id = n.taxpayer_id ORDER BY n.id DESC";
    }

    /**
     * The matches of a search best first ({@code ts_rank}: the more of the search's words a
     * notification holds, the higher), equal ones newest first. The search's tsquery is the first
     * parameter (for the rank) and the second after the service (for the match). Every match is
     * ranked before the page is taken.
     *
     * @param where the filters on n, each starting with " AND "
     */
    static String bestPage(String where) {
        return "SELECT n.id, t.rin, n.raw, n.status_checked_ms FROM (SELECT n.id,"
                + " ts_rank(n.words, ?::tsquery) AS score"
                + " FROM notification_search n WHERE n.service_id = ? AND n.words @@ ?::tsquery"
                + where
                + " ORDER BY score DESC, n.id DESC LIMIT ? OFFSET ?) p"
                + " JOIN notification n ON n.id = p.id JOIN taxpayer t ON t.id = n.taxpayer_id"
                + " ORDER BY p.score DESC, n.id DESC";
    }

    /** How many match: all of them, or a search's up to a limit (the last parameter). */
    static String count(boolean search, String where) {
        return search
                ? "SELECT COUNT(*) FROM (SELECT 1 FROM notification_search n WHERE n.service_id = ?"
                        + " AND n.words @@ ?::tsquery"
                        + where
                        + " LIMIT ?) m"
                : "SELECT COUNT(*) FROM notification n WHERE n.service_id = ?" + where;
    }

    /** How many match a query without dates or search: a sum of the tally. */
    static String tallied(String where) {
        return "SELECT COALESCE(SUM(n.n), 0) FROM tally n WHERE n.service_id = ?" + where;
    }

    /** Whether the connection's role may store notifications (the owner may; a reader may not). */
    static final String MAY_STORE =
            "SELECT has_table_privilege('notification', 'INSERT')"
                    + " AND has_table_privilege('notification', 'UPDATE')";
}
