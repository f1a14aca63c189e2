package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.MarkKilledChild;
import app.ishaar.core.model.Rin;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A desktop killed (SIGKILL) in the middle of a mark of 1,000 on the shared archive: the database
 * is left holding the mark's transaction halfway (a trigger sleeps at the 501st change), the
 * process is killed there, and nothing of the mark is kept once the server has seen the client go;
 * the earlier change stays, and the archive goes on.
 */
class PgMarkKilledTest {

    @Test
    void aMarkOfAThousandKilledHalfwayLeavesNothingOfIt() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation database = server.newDatabase();
        Map<Rin, List<ArchivedNotification>> histories = MarkKilledChild.histories();
        Rin nile = histories.keySet().iterator().next();
        String first = histories.get(nile).get(0).notificationId();
        try (Archive a = server.open(database)) {
            for (Map.Entry<Rin, List<ArchivedNotification>> h : histories.entrySet()) {
                a.store(
                        new SyncBatch(
                                ServiceKey.SANDBOX, h.getKey(), h.getValue(), "x", true, null));
            }
            a.handle(
                    ServiceKey.SANDBOX,
                    List.of(HandlingTarget.of(nile, first)),
                    HandlingEdit.mark(Handling.State.HANDLED));
        }
        try (Connection admin = server.admin(database.database());
                Statement s = admin.createStatement()) {
            s.execute(
                    "CREATE FUNCTION stall_halfway() RETURNS trigger LANGUAGE plpgsql AS $$"
                            + " BEGIN IF (SELECT COUNT(*) FROM handling_change) = 501 THEN"
                            + " PERFORM pg_sleep(3); END IF; RETURN NEW; END $$");
            s.execute(
                    "CREATE TRIGGER stall_halfway BEFORE INSERT ON handling_change"
                            + " FOR EACH ROW EXECUTE FUNCTION stall_halfway()");

            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(PgMarkKilledChild.class.getName());
            cmd.add(database.toString());
            Process child =
                    new ProcessBuilder(cmd)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            boolean held;
            try {
                held = within(60, () -> count(s, "wait_event = 'PgSleep'") == 1);
                assertThat(child.isAlive()).as("the mark still under way").isTrue();
            } finally {
                child.destroyForcibly(); // SIGKILL: no shutdown hook, no COMMIT
            }
            assertThat(held).as("the mark held halfway in the database").isTrue();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(within(60, () -> count(s, "pid <> pg_backend_pid()") == 0))
                    .as("the server saw the killed client go")
                    .isTrue();
        }

        try (Archive a = server.open(database)) {
            InboxQuery toHandle =
                    new InboxQuery(ServiceKey.SANDBOX, Set.of(), null, null, 1, 10)
                            .withHandling(InboxQuery.HandlingFilter.TO_HANDLE);
            assertThat(a.query(toHandle).totalCount())
                    .as("nothing of the 500 changes made before the kill")
                    .isZero();
            assertThat(
                            a.query(toHandle.withHandling(InboxQuery.HandlingFilter.HANDLED))
                                    .totalCount())
                    .isEqualTo(1);
            assertThat(a.history(ServiceKey.SANDBOX, nile, first)).hasSize(1);
            // and it goes on
            a.handle(
                    ServiceKey.SANDBOX,
                    List.of(HandlingTarget.of(nile, first)),
                    HandlingEdit.mark(Handling.State.TO_HANDLE));
            assertThat(a.query(toHandle).totalCount()).isEqualTo(1);
        }
    }

    /** The other sessions of the test's database that match {@code where}. */
    private static long count(Statement s, String where) {
        try (ResultSet r =
                s.executeQuery(
                        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
                                + " AND "
                                + where)) {
            r.next();
            return r.getLong(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code done} holds within {@code seconds}, asked every 50 ms. */
    private static boolean within(int seconds, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}
