package app.ishaar.ui.notifications;

import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Executor;

/**
 * A sandbox taxpayer's whole history as its first sync leaves it in an archive: what the screen
 * reads (the service is asked only by the sync).
 */
final class ArchivedSandbox implements AutoCloseable {
    final SqliteArchive archive;
    final ArchivePages pages;
    final Scope scope;

    ArchivedSandbox(Sandbox sandbox, String rin, Path dir, Executor background) throws Exception {
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        archive.store(
                new SyncBatch(
                        ServiceKey.SANDBOX,
                        Rin.of(rin),
                        SandboxItems.history(sandbox, rin, Rin.of(rin)),
                        "c",
                        true,
                        Instant.now()));
        pages = new ArchivePages(archive, ServiceKey.SANDBOX, background);
        scope = Scope.of(ListedTaxpayer.represented(Rin.of(rin), ""));
    }

    /** Points the screen at this taxpayer's archived history, as the window does. */
    void read(HistoryViewModel vm) {
        vm.scope(scope);
        vm.readFrom(pages);
    }

    @Override
    public void close() throws Exception {
        archive.close();
    }
}
