package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveContractTest;
import org.junit.jupiter.api.BeforeEach;

/** The contract of every archive, on PostgreSQL. */
class PostgresArchiveTest extends ArchiveContractTest {

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
}
