package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.SearchRulesContract;

/**
 * Every search rule on the PostgreSQL archive when a search's page comes from its words' lists
 * (V7), as a frequent term's does: the same notifications found as by the words index and by the
 * SQLite archive.
 */
class PgWordListSearchRulesTest extends SearchRulesContract {
    @Override
    protected Archive newArchive() throws Exception {
        PgTestServer server = PgTestServer.get();
        PostgresArchive archive = server.open(server.newDatabase());
        archive.pageEverySearchFromWordLists();
        return archive;
    }
}
