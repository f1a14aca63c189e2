package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.HandlingContractTest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;

/** Who is dealing with which notification, on SQLite. */
class SqliteHandlingTest extends HandlingContractTest {

    @TempDir Path dir;

    @Override
    protected Archive newArchive() throws Exception {
        return SqliteArchive.open(dir.resolve("archive.db"));
    }

    @Override
    protected Archive openAgain() throws Exception {
        return SqliteArchive.open(dir.resolve("archive.db"));
    }

    private Connection connection() throws Exception {
        return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("archive.db"));
    }

    /** As the archive was before it kept handling (schema 5), its notifications kept. */
    @Override
    protected void schemaAsBefore() throws Exception {
        try (Connection c = connection();
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE handling");
            s.execute("DROP TABLE handling_change");
            s.execute("ALTER TABLE taxpayer DROP COLUMN handling_since_ms");
            s.execute("DELETE FROM archive_schema_history WHERE version = '6'");
        }
    }

    /** A trigger in the file itself refuses the change after the next {@code n}. */
    @Override
    protected void failChangesAfter(int n) throws Exception {
        try (Connection c = connection();
                Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER IF EXISTS killed_halfway");
            if (n >= 0) {
                long from;
                try (var r = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM handling_change")) {
                    r.next();
                    from = r.getLong(1);
                }
                s.execute(
                        "CREATE TRIGGER killed_halfway BEFORE INSERT ON handling_change"
                                + " WHEN (SELECT COALESCE(MAX(id), 0) FROM handling_change) >= "
                                + (from + n)
                                + " BEGIN SELECT RAISE(ABORT, 'killed halfway'); END");
            }
        }
    }
}
