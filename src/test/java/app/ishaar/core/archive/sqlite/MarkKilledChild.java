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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sqlite.Function;

/**
 * A process that marks 1,000 notifications of an archive and stops halfway, inside the mark's
 * transaction, saying {@code STALLED} (for {@link SqliteMarkKilledTest} to kill it there): the
 * 501st change (one was made before) calls a function of this process's own that never returns.
 */
public final class MarkKilledChild {
    private MarkKilledChild() {}

    /** The two taxpayers' histories the tests archive, 500 notifications each. */
    public static Map<Rin, List<ArchivedNotification>> histories() throws Exception {
        Map<Rin, List<ArchivedNotification>> out = new LinkedHashMap<>();
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder().seed(3).notificationsPerTaxpayer(500).build())) {
            for (String rin : List.of(SqliteMarkKilledTest.NILE, SqliteMarkKilledTest.GIZA)) {
                out.put(Rin.of(rin), SandboxItems.history(sandbox, rin, Rin.of(rin)));
            }
        }
        return out;
    }

    /** The 1,000 notifications marked: every one of the two histories. */
    public static List<HandlingTarget> targets() throws Exception {
        return histories().values().stream()
                .flatMap(List::stream)
                .map(a -> HandlingTarget.of(a.taxpayer(), a.notificationId()))
                .toList();
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        List<HandlingTarget> targets = targets();
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
