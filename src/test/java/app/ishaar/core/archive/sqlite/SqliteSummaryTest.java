package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.SummaryContract;

/** A period summed up by the SQLite archive (the reasons read by its own SQL function). */
class SqliteSummaryTest extends SummaryContract {
    @Override
    protected Archive newArchive() throws Exception {
        return SqliteArchive.temporary();
    }
}
