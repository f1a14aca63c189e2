package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.HandlingContractTest;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeEach;

/** Who is dealing with which notification, on PostgreSQL. */
class PgHandlingTest extends HandlingContractTest {

    PgTestServer server;
    PgLocation database;

    @BeforeEach
    void server() {
        server = PgTestServer.get();
    }

    @Override
    protected Archive newArchive() throws Exception {
        database = server.newDatabase();
        return server.open(database);
    }

    @Override
    protected Archive openAgain() throws Exception {
        return server.open(database);
    }

    /** As the archive was before it kept handling (schema 9), its notifications kept. */
    @Override
    protected void schemaAsBefore() throws Exception {
        try (Connection c = server.admin(database.database());
                Statement s = c.createStatement()) {
            s.execute("DROP TABLE handling, handling_change, person");
            s.execute("DROP FUNCTION handling_change_apply()");
            s.execute("ALTER TABLE taxpayer DROP COLUMN handling_since_ms");
            s.execute("DELETE FROM archive_schema_history WHERE version IN ('10', '11')");
        }
    }

    /** A trigger in the database refuses the change after the next {@code n}. */
    @Override
    protected void failChangesAfter(int n) throws Exception {
        try (Connection c = server.admin(database.database());
                Statement s = c.createStatement()) {
            s.execute("DROP TRIGGER IF EXISTS killed_halfway ON handling_change");
            if (n >= 0) {
                long from;
                try (var r = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM handling_change")) {
                    r.next();
                    from = r.getLong(1);
                }
                s.execute(
                        "CREATE OR REPLACE FUNCTION killed_halfway() RETURNS trigger"
                                + " LANGUAGE plpgsql AS $$ BEGIN IF NEW.id > "
                                + (from + n)
                                + " THEN RAISE EXCEPTION 'killed halfway'; END IF; RETURN NEW;"
                                + " END $$");
                s.execute(
                        "CREATE TRIGGER killed_halfway BEFORE INSERT ON handling_change FOR EACH"
                                + " ROW EXECUTE FUNCTION killed_halfway()");
            }
        }
    }
}
