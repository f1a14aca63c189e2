package app.ishaar.sync;

import static app.ishaar.sync.SyncSandbox.JSON;
import static app.ishaar.sync.SyncSandbox.NILE;
import static app.ishaar.sync.SyncSandbox.assertArchiveEqualsService;
import static app.ishaar.sync.SyncSandbox.syncNile;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ishaar sync --every} as a process of its own against the sandbox: it syncs round after
 * round until SIGTERM, which stops it between two transactions with exit 0, the archive consistent.
 */
class SyncEveryTest {

    @TempDir Path dir;

    private Process start(Sandbox sandbox, Path archive, String every) throws Exception {
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
                        archive.toString(),
                        "--format",
                        "json",
                        "--every",
                        every));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("NILE_SECRET", "sandbox-secret-1");
        return pb.start();
    }

    /** The next JSON line of the child's output (its progress lines skipped); null at its end. */
    private static JsonNode nextResult(BufferedReader out, List<String> seen) throws Exception {
        String line;
        while ((line = out.readLine()) != null) {
            seen.add(line);
            if (line.startsWith("{")) {
                return JSON.readTree(line);
            }
        }
        return null;
    }

    @Test
    void syncsRoundAfterRoundTakingWhatArrivedUntilSigtermStopsItWithExitZero() throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(17)
                                .notificationsPerTaxpayer(300)
                                .anchor(Instant.now().minus(Duration.ofMinutes(3)))
                                .arrivalsPerHour(600)
                                .build())) {
            Instant clock = Instant.now();
            sandbox.knobs().pinClock(clock);
            long before = sandbox.notificationCount(NILE);
            Path archive = dir.resolve("archive.db");
            Process child = start(sandbox, archive, "1s");
            List<String> seen = new ArrayList<>();
            try (BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(
                                    child.getInputStream(), StandardCharsets.UTF_8))) {
                JsonNode first = nextResult(out, seen);
                assertThat(first).as(String.join("\n", seen)).isNotNull();
                assertThat(first.get("status").asText()).isEqualTo("ok");
                assertThat(first.get("added").asLong()).isEqualTo(before);

                // notifications arrive; a later round takes them, exactly once
                sandbox.knobs().pinClock(clock.plusSeconds(600));
                long arrived = sandbox.notificationCount(NILE) - before;
                assertThat(arrived).isPositive();
                long taken = 0;
                int rounds = 1;
                while (taken < arrived) {
                    JsonNode next = nextResult(out, seen);
                    assertThat(next).as(String.join("\n", seen)).isNotNull();
                    assertThat(next.get("status").asText()).isEqualTo("ok");
                    taken += next.get("added").asLong();
                    rounds++;
                }
                assertThat(taken).isEqualTo(arrived);
                assertThat(rounds).isGreaterThanOrEqualTo(2);

                child.toHandle().destroy(); // SIGTERM, the output still read
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
                while (out.readLine() != null) {
                    // the rest of its output
                }
            }
            assertThat(child.exitValue()).as("a stop asked for is a clean end").isZero();
            assertArchiveEqualsService(sandbox, archive, NILE);
        }
    }

    @Test
    void sigtermInTheMiddleOfAFirstSyncStopsBetweenTransactionsAndTheNextSyncCompletesIt()
            throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(29)
                                .notificationsPerTaxpayer(10_000)
                                .latency(Duration.ofMillis(40))
                                .build())) {
            Path archive = dir.resolve("archive.db");
            Process child = start(sandbox, archive, "5m");
            boolean asked = false;
            List<String> seen = new ArrayList<>();
            try (BufferedReader out =
                    new BufferedReader(
                            new InputStreamReader(
                                    child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    seen.add(line);
                    if (!asked && line.contains("(30%)")) {
                        child.toHandle().destroy(); // SIGTERM a third of the way through
                        asked = true;
                    }
                }
            }
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(asked).as("stopped during the sync: " + seen).isTrue();
            assertThat(child.exitValue()).as(String.join("\n", seen)).isZero();
            assertThat(seen)
                    .as("an interrupted sync is not reported as done")
                    .noneMatch(l -> l.startsWith("{"));

            long held;
            try (SqliteArchive a = SqliteArchive.open(archive)) {
                assertThat(a.syncState(SyncSandbox.key(sandbox), Rin.of(NILE)).complete())
                        .isFalse();
            }
            Map<String, JsonNode> archived =
                    SyncSandbox.archived(archive, SyncSandbox.key(sandbox), NILE);
            held = archived.size();
            assertThat(held).isBetween(1L, 9_999L);
            Map<String, JsonNode> service = SyncSandbox.service(sandbox, NILE);
            for (Map.Entry<String, JsonNode> e : archived.entrySet()) {
                assertThat(service.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
            }

            SyncSandbox.Result r = syncNile(sandbox, archive);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.lines().get(0).get("added").asLong()).isEqualTo(10_000 - held);
            assertArchiveEqualsService(sandbox, archive, NILE);
        }
    }

    @Test
    void aBadIntervalIsOneLineAndExitTwoBeforeAnyLogin() throws Exception {
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().seed(3).build())) {
            for (String bad : List.of("5", "5x", "m", "-5m", "0s", "25h", "5m ago", "")) {
                SyncSandbox.Result r =
                        SyncSandbox.sync(
                                sandbox,
                                dir.resolve("archive.db"),
                                "--client-id",
                                "erp-nile-trading",
                                "--client-secret-env",
                                "NILE_SECRET",
                                "--every",
                                bad);
                assertThat(r.code()).as(bad).isEqualTo(2);
                assertThat(r.err().strip())
                        .as(bad)
                        .startsWith("ishaar: --every: ")
                        .doesNotContain("\n");
                assertThat(r.out()).isEmpty();
            }
            assertThat(sandbox.logins()).as("no login spent").isEmpty();
        }
    }
}
