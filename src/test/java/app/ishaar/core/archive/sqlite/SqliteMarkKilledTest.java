package app.ishaar.core.archive.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.model.Rin;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed with SIGKILL halfway through a mark of 1,000 notifications (a child JVM, stopped
 * inside the mark's transaction after 500 changes) leaves the archive's handling as it was before
 * the mark, and the archive goes on.
 */
class SqliteMarkKilledTest {

    static final String NILE = "204918573";
    static final String GIZA = "499201773";

    @TempDir Path dir;

    @Test
    void aMarkOfAThousandKilledHalfwayLeavesNothingOfIt() throws Exception {
        Path file = dir.resolve("archive.db");
        Map<Rin, List<ArchivedNotification>> histories = MarkKilledChild.histories();
        String first = histories.get(Rin.of(NILE)).get(0).notificationId();
        try (Archive a = SqliteArchive.open(file)) {
            for (Map.Entry<Rin, List<ArchivedNotification>> h : histories.entrySet()) {
                a.store(
                        new SyncBatch(
                                ServiceKey.SANDBOX, h.getKey(), h.getValue(), "x", true, null));
            }
            a.handle(
                    ServiceKey.SANDBOX,
                    List.of(HandlingTarget.of(Rin.of(NILE), first)),
                    HandlingEdit.mark(Handling.State.HANDLED));
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(MarkKilledChild.class.getName());
        cmd.add(file.toString());
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean stalled = false;
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.contains("STALLED")) {
                    child.destroyForcibly(); // SIGKILL: no shutdown hook, no last commit
                    stalled = true;
                    break;
                }
            }
        }
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(stalled).as("killed halfway through the mark").isTrue();

        try (Archive a = SqliteArchive.open(file)) {
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
            assertThat(a.history(ServiceKey.SANDBOX, Rin.of(NILE), first)).hasSize(1);
            // and it goes on
            a.handle(
                    ServiceKey.SANDBOX,
                    List.of(HandlingTarget.of(Rin.of(NILE), first)),
                    HandlingEdit.mark(Handling.State.TO_HANDLE));
            assertThat(a.query(toHandle).totalCount()).isEqualTo(1);
        }
    }
}
