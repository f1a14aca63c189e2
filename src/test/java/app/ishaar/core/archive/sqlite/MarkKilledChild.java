package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sqlite.Function;

/**
 * A process that marks 1,000 notifications of an archive and stops halfway, inside the mark's
 * transaction, saying {@code STALLED} (for {@link SqliteMarkKilledTest} to kill it there): the
 * 501st change (one was made before) calls a function of this process's own that never returns.
 */
public final class MarkKilledChild {
    private MarkKilledChild() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        List<HandlingTarget> targets = new ArrayList<>();
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder().seed(3).notificationsPerTaxpayer(500).build())) {
            for (String rin : List.of(SqliteMarkKilledTest.NILE, SqliteMarkKilledTest.GIZA)) {
                for (ArchivedNotification a : SandboxItems.history(sandbox, rin, Rin.of(rin))) {
                    targets.add(HandlingTarget.of(a.taxpayer(), a.notificationId()));
                }
            }
        }
        SqliteArchive archive = SqliteArchive.open(file);
        Connection writer = archive.writerForTests();
        Function.create(
                writer,
                "stall",
                new Function() {
                    @Override
                    protected void xFunc() {
                        System.out.println("STALLED");
                        System.out.flush();
                        try {
                            Thread.sleep(Long.MAX_VALUE);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
        try (Statement s = writer.createStatement()) {
            s.execute(
                    "CREATE TEMP TRIGGER stall_halfway BEFORE INSERT ON main.handling_change WHEN"
                            + " (SELECT COUNT(*) FROM main.handling_change) >= 501"
                            + " BEGIN SELECT stall(); END");
        }
        archive.handle(
                ServiceKey.SANDBOX,
                targets,
                new HandlingEdit(Handling.State.TO_HANDLE, null, "all of them"));
        System.out.println("NOT STOPPED");
    }
}
