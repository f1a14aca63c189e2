package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.SearchRulesContract;

/** Every search rule on the PostgreSQL archive (its tsvector words and their GIN index). */
class PgSearchRulesTest extends SearchRulesContract {
    @Override
    protected Archive newArchive() throws Exception {
        PgTestServer server = PgTestServer.get();
        return server.open(server.newDatabase());
    }
}
