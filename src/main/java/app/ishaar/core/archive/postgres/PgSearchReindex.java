package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.RawItem;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
            int pending = 0;
            try (ResultSet r = read.executeQuery()) {
                while (r.next()) {
                    update.setArray(
                            1,
                            c.createArrayOf(
                                    "text",
                                    PgRows.lexemes(RawItem.parse(r.getString(2))).toArray()));
                    update.setLong(2, r.getLong(1));
                    update.addBatch();
                    if (++pending == BATCH) {
                        update.executeBatch();
                        pending = 0;
                    }
                }
            }
            if (pending > 0) {
                update.executeBatch();
            }
        }
    }
}
