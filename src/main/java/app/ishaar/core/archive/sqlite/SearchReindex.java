package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.RawItem;
import app.ishaar.core.archive.SearchText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
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

    /** Items read, and their words made, at a time. */
    private static final int BATCH = 2000;

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
            List<Long> ids = new ArrayList<>(BATCH);
            List<byte[]> raws = new ArrayList<>(BATCH);
            while (r.next()) {
                ids.add(r.getLong(1));
                raws.add(r.getBytes(2));
                if (ids.size() == BATCH) {
                    index(ids, raws, insert);
                }
            }
            index(ids, raws, insert);
        }
    }

    /**
     * Indexes a batch: the words made on every core (reading each item and its HTML is most of the
     * work), written in key order by this thread.
     */
    private static void index(List<Long> ids, List<byte[]> raws, PreparedStatement insert)
            throws SQLException {
        List<SearchText.Indexed> texts =
                raws.parallelStream()
                        .map(
                                raw -> {
                                    try {
                                        return SearchText.indexed(
                                                RawItem.parse(RawCodec.decode(raw)));
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                })
                        .toList();
        for (int i = 0; i < ids.size(); i++) {
            insert.setLong(1, ids.get(i));
            insert.setString(2, texts.get(i).words());
            insert.setString(3, texts.get(i).backwards());
            insert.executeUpdate();
        }
        ids.clear();
        raws.clear();
    }
}
