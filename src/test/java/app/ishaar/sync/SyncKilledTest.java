package app.ishaar.sync;

import static app.ishaar.sync.SyncSandbox.NILE;
import static app.ishaar.sync.SyncSandbox.assertArchiveEqualsService;
import static app.ishaar.sync.SyncSandbox.syncNile;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sync killed with SIGKILL in the middle of its first sync (a child JVM, {@code kill -9}) leaves
 * an archive that is consistent and not complete; the next sync completes it, and the archive then
 * equals the service's history.
 */
class SyncKilledTest {

    @TempDir Path dir;

    /** A new archive for a test: a file here, a database where a subclass says so. */
    protected TestArchive newArchive() throws Exception {
        return TestArchive.file(dir.resolve("archive.db"));
    }

    @Test
    void aSyncKilledMidwayIsCompletedByTheNext() throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(91)
                                .notificationsPerTaxpayer(20_000)
                                .latency(Duration.ofMillis(40))
                                .anchor(Instant.now().minus(Duration.ofMinutes(3)))
                                .arrivalsPerHour(120)
                                .build())) {
            Instant clock = Instant.now();
            sandbox.knobs().pinClock(clock);
            TestArchive archive = newArchive();
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add("app.ishaar.Launcher");
            cmd.addAll(SyncSandbox.connection(sandbox));
            cmd.addAll(
                    List.of(
                            "--client-id",
                            "erp-nile-trading",
                            "--client-secret-env",
                            "NILE_SECRET",
                            "--archive",
                            archive.arg()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().put("NILE_SECRET", "sandbox-secret-1");
            pb.environment().putAll(archive.env());
            Process child = pb.start();
            boolean killed = false;
            try (BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(
                                    child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    // the first sync's progress lines: kill it a third of the way through
                    if (line.contains("(30%)")) {
                        child.destroyForcibly(); // SIGKILL: no shutdown hook, no last commit
                        killed = true;
                        break;
                    }
                }
            }
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(killed).as("killed during the sync").isTrue();

            long held;
            try (Archive a = archive.open()) {
                SyncState state = a.syncState(SyncSandbox.key(sandbox), Rin.of(NILE));
                assertThat(state.complete())
                        .as("an interrupted first sync is not complete")
                        .isFalse();
                held = SyncSandbox.archived(archive, SyncSandbox.key(sandbox), NILE).size();
            }
            assertThat(held).isBetween(1L, 19_999L);

            // a few arrivals meanwhile; the next sync completes the history
            sandbox.knobs().pinClock(clock.plusSeconds(300));
            SyncSandbox.Result r = syncNile(sandbox, archive);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.lines().get(0).get("added").asLong())
                    .isEqualTo(sandbox.notificationCount(NILE) - held);
            try (Archive a = archive.open()) {
                assertThat(a.syncState(SyncSandbox.key(sandbox), Rin.of(NILE)).complete()).isTrue();
            }
            assertArchiveEqualsService(sandbox, archive, NILE);
        }
    }
}
