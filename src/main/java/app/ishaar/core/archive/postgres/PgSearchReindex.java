package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.RawItem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Schema 9: every notification's search words made again from its archived item, so that an archive
 * written before finds what the search rules now index (the delivery attempts' reasons, the Arabic
 * words' stems). The words are made by the app's own code ({@link PgRows#lexemes}), which no SQL
 * migration can run.
 */
final class PgSearchReindex implements JavaMigration {

    /** Rows read and written at a time. */
    private static final int BATCH = 1000;

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("9");
    }

    @Override
    public String getDescription() {
        return "search reindexed";
    }

    @Override
    public Integer getChecksum() {
        return null;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws Exception {
        Connection c = context.getConnection();
        try (PreparedStatement read =
                        c.prepareStatement("SELECT id, raw FROM notification ORDER BY id");
                PreparedStatement update =
                        c.prepareStatement(
                                "UPDATE notification_search SET words = array_to_tsvector(?)"
                                        + " WHERE id = ?")) {
            read.setFetchSize(BATCH); // a cursor, not every item in memory at once
            List<Long> ids = new ArrayList<>(BATCH);
            List<String> raws = new ArrayList<>(BATCH);
            try (ResultSet r = read.executeQuery()) {
                while (r.next()) {
                    ids.add(r.getLong(1));
                    raws.add(r.getString(2));
                    if (ids.size() == BATCH) {
                        write(c, ids, raws, update);
                    }
                }
            }
            write(c, ids, raws, update);
        }
    }

    /** Rewrites a batch's words, made on every core (reading each item is most of the work). */
    private static void write(
            Connection c, List<Long> ids, List<String> raws, PreparedStatement update)
            throws SQLException {
        List<List<String>> words =
                raws.parallelStream()
                        .map(
                                raw -> {
                                    try {
                                        return PgRows.lexemes(RawItem.parse(raw));
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                })
                        .toList();
        for (int i = 0; i < ids.size(); i++) {
            update.setArray(1, c.createArrayOf("text", words.get(i).toArray()));
            update.setLong(2, ids.get(i));
            update.addBatch();
        }
        if (!ids.isEmpty()) {
            update.executeBatch();
        }
        ids.clear();
        raws.clear();
    }
}
