package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.jdbc.OrderKey;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * Keeping archived notifications N days: the notifications received before a cut-off go, with their
 * items, their full-text entries and their share of the tally, in the caller's transaction. Their
 * keys are a range (a key is the received time, {@link OrderKey}); the keys of notifications
 * without a received time (the first microsecond) are below it and stay.
 */
final class Pruning {
    private Pruning() {}

    /** Per combination of the filters' values, how many of the range are counted in the tally. */
    private static final String TALLIED =
            "SELECT taxpayer_id, service_id, COALESCE(type_id, ''), COALESCE(language, ''),"
                    + " COALESCE(status, ''), COALESCE(channel, ''), COUNT(*) FROM notification"
                    + " WHERE id >= ? AND id < ? GROUP BY taxpayer_id, service_id, 3, 4, 5, 6";

    private static final String UNINDEX =
            "DELETE FROM notification_text WHERE rowid IN"
                    + " (SELECT id FROM notification WHERE id >= ? AND id < ?)";
    private static final String RAW = "DELETE FROM notification_raw WHERE id >= ? AND id < ?";
    private static final String ROWS = "DELETE FROM notification WHERE id >= ? AND id < ?";
    private static final String EMPTY_TALLY = "DELETE FROM tally WHERE n <= 0";

    /** The keys that go: from the first timed microsecond up to the cut-off (excluded). */
    static long[] range(Instant cutOff) {
        return new long[] {OrderKey.SLOTS, Math.max(OrderKey.SLOTS, OrderKey.first(cutOff))};
    }

    /**
     * Forgets for good, in one write transaction (the caller holds the writer): SQLite overwrites
     * the freed pages, the full-text index drops the entries at once, and the WAL is written back,
     * as {@code forget} does.
     */
    static long pruneBefore(Connection writer, Path file, Instant cutOff) throws ArchiveException {
        try (Statement s = writer.createStatement()) {
            s.execute("PRAGMA secure_delete = ON");
            long gone;
            s.execute(ArchiveSql.BEGIN_WRITE);
            try {
                s.execute(ArchiveSql.secureDeleteText(true));
                gone = prune(writer, cutOff);
                s.execute(ArchiveSql.secureDeleteText(false));
                s.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                try {
                    s.execute("ROLLBACK");
                } catch (SQLException ignored) {
                    // SQLite ended the transaction with the failure already
                }
                throw e;
            } finally {
                s.execute("PRAGMA secure_delete = OFF");
            }
            if (gone > 0) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
            return gone;
        } catch (SQLException e) {
            throw SqliteErrors.map(e, file, "forgetting old notifications");
        }
    }

    /** Deletes the range within the open transaction; returns how many notifications went. */
    static long prune(Connection writer, Instant cutOff) throws SQLException {
        long[] keys = range(cutOff);
        if (keys[1] <= keys[0]) {
            return 0;
        }
        try (PreparedStatement counted = writer.prepareStatement(TALLIED);
                PreparedStatement tally = writer.prepareStatement(ArchiveSql.TALLY)) {
            bind(counted, keys);
            try (ResultSet r = counted.executeQuery()) {
                while (r.next()) {
                    tally.setLong(1, r.getLong(1));
                    tally.setLong(2, r.getLong(2));
                    for (int k = 3; k <= 6; k++) {
                        tally.setString(k, r.getString(k));
                    }
                    tally.setLong(7, -r.getLong(7));
                    tally.executeUpdate();
                }
            }
        }
        run(writer, SqliteHandling.PRUNE_CHANGES, keys);
        run(writer, SqliteHandling.PRUNE, keys);
        run(writer, UNINDEX, keys);
        run(writer, RAW, keys);
        long gone = run(writer, ROWS, keys);
        try (PreparedStatement p = writer.prepareStatement(EMPTY_TALLY)) {
            p.executeUpdate();
        }
        return gone;
    }

    private static long run(Connection writer, String sql, long[] keys) throws SQLException {
        try (PreparedStatement p = writer.prepareStatement(sql)) {
            bind(p, keys);
            return p.executeUpdate();
        }
    }

    private static void bind(PreparedStatement p, long[] keys) throws SQLException {
        p.setLong(1, keys[0]);
        p.setLong(2, keys[1]);
    }
}
