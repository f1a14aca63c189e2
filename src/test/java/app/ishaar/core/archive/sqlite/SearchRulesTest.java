package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.SearchRulesContract;

/** Every search rule on the SQLite archive (its FTS5 index). */
class SearchRulesTest extends SearchRulesContract {
    @Override
    protected Archive newArchive() throws Exception {
        return SqliteArchive.temporary();
    }
}
