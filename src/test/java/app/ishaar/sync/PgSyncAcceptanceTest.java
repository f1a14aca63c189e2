package app.ishaar.sync;

import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;

/** The sync's acceptance tests with the archive on PostgreSQL ({@code --archive postgresql://}). */
class PgSyncAcceptanceTest extends SyncAcceptanceTest {
    @Override
    protected TestArchive newArchive() throws Exception {
        return PgTestServer.get().newArchive();
    }
}
