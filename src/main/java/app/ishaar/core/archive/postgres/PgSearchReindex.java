package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.RawItem;
import app.ishaar.core.archive.jdbc.JdbcSearchReindex;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Schema 9: every notification's search words made again from its archived item (the delivery
 * attempts' reasons, the Arabic words' stems), by the app's own code ({@link PgRows#lexemes}).
 */
final class PgSearchReindex extends JdbcSearchReindex<String, List<String>> {

    PgSearchReindex() {
        super(
                "9",
                1000,
                "SELECT id, raw FROM notification ORDER BY id",
                "UPDATE notification_search SET words = array_to_tsvector(?) WHERE id = ?");
    }

    @Override
    protected String item(ResultSet r) throws SQLException {
        return r.getString(2);
    }

    @Override
    protected List<String> words(String raw) throws IOException {
        return PgRows.lexemes(RawItem.parse(raw));
    }

    @Override
    protected void bind(Connection c, PreparedStatement update, long id, List<String> words)
            throws SQLException {
        update.setArray(1, c.createArrayOf("text", words.toArray()));
        update.setLong(2, id);
    }
}
