package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.RawItem;
import app.ishaar.core.archive.SearchText;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Schema 5: the full-text index made again from the archived items, so that an archive written
 * before finds what the search rules now index (the delivery attempts' reasons, the Arabic words'
 * stems), and kept with each word's place, which FTS5's bm25 needs to rank matches. The words are
 * made by the app's own code ({@link SearchText#indexed}), which no SQL migration can run; rows are
 * added in ascending key order, as a store adds them.
 */
final class SearchReindex implements JavaMigration {

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("5");
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
        try (Statement s = c.createStatement()) {
            // made again with each word's place kept (detail = full): FTS5's bm25, which the best
            // match order asks, scores nothing in a contentless table that keeps only columns
            s.execute("DROP TABLE notification_terms");
            s.execute("DROP TABLE notification_text");
            s.execute(
                    "CREATE VIRTUAL TABLE notification_text USING fts5 (words, backwards,"
                            + " tokenize = 'unicode61 remove_diacritics 0', content = '',"
                            + " contentless_delete = 1, detail = full)");
            s.execute(
                    "CREATE VIRTUAL TABLE notification_terms USING fts5vocab"
                            + " (notification_text, col)");
        }
        try (PreparedStatement read =
                        c.prepareStatement("SELECT id, raw FROM notification_raw ORDER BY id");
                PreparedStatement insert = c.prepareStatement(ArchiveSql.INDEX_TEXT);
                ResultSet r = read.executeQuery()) {
            while (r.next()) {
                SearchText.Indexed text =
                        SearchText.indexed(RawItem.parse(RawCodec.decode(r.getBytes(2))));
                insert.setLong(1, r.getLong(1));
                insert.setString(2, text.words());
                insert.setString(3, text.backwards());
                insert.executeUpdate();
            }
        }
    }
}
