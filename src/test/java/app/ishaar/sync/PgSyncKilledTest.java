package app.ishaar.sync;

import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;

/** A sync killed midway, with the archive on PostgreSQL: consistent, and completed by the next. */
class PgSyncKilledTest extends SyncKilledTest {
    @Override
    protected TestArchive newArchive() throws Exception {
        return PgTestServer.get().newArchive();
    }
}
