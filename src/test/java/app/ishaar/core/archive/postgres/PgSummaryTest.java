package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.SummaryContract;

/** A period summed up by the shared archive on PostgreSQL (the reasons read as JSON there). */
class PgSummaryTest extends SummaryContract {
    @Override
    protected Archive newArchive() throws Exception {
        PgTestServer server = PgTestServer.get();
        return server.open(server.newDatabase());
    }
}
