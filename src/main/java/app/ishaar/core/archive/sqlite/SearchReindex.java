package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.RawItem;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.jdbc.JdbcSearchReindex;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema 5: the full-text index made again from the archived items (the delivery attempts' reasons,
 * the Arabic words' stems) by the app's own code ({@link SearchText#indexed}), and kept with each
 * word's place, which FTS5's bm25 needs to rank matches.
 */
final class SearchReindex extends JdbcSearchReindex<byte[], SearchText.Indexed> {

    SearchReindex() {
        super("5", 2000, "SELECT id, raw FROM notification_raw ORDER BY id", ArchiveSql.INDEX_TEXT);
    }

    @Override
    public void migrate(Context context) throws Exception {
        try (Statement s = context.getConnection().createStatement()) {
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
        super.migrate(context);
    }

    @Override
    protected byte[] item(ResultSet r) throws SQLException {
        return r.getBytes(2);
    }

    @Override
    protected SearchText.Indexed words(byte[] raw) throws IOException {
        return SearchText.indexed(RawItem.parse(RawCodec.decode(raw)));
    }

    @Override
    protected void bind(Connection c, PreparedStatement insert, long id, SearchText.Indexed text)
            throws SQLException {
        insert.setLong(1, id);
        insert.setString(2, text.words());
        insert.setString(3, text.backwards());
    }
}
