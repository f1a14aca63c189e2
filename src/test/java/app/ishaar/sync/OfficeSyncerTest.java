package app.ishaar.sync;

import static app.ishaar.sync.SyncSandbox.JSON;
import static app.ishaar.sync.SyncSandbox.NILE;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ishaar sync --every 1h} on a shared archive, as the office runs it (a process of its own):
 * it announces the taxpayers it keeps, a desktop's Sync now is served at once (not an hour later)
 * with what arrived meanwhile, and a SIGTERM takes the announcement away.
 */
class OfficeSyncerTest {

    @Test
    void theOfficeSyncerServesADesktopsSyncNowAtOnce() throws Exception {
        TestArchive shared = PgTestServer.get().newArchive();
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(17)
                                .notificationsPerTaxpayer(200)
                                .anchor(Instant.now().minus(Duration.ofMinutes(3)))
                                .arrivalsPerHour(600)
                                .build())) {
            Instant clock = Instant.now();
            sandbox.knobs().pinClock(clock);
            ServiceKey service = SyncSandbox.key(sandbox);
            Rin nile = Rin.of(NILE);
            Process child = start(sandbox, shared);
            List<String> seen = new ArrayList<>();
            try (BufferedReader out =
                            new BufferedReader(
                                    new InputStreamReader(
                                            child.getInputStream(), StandardCharsets.UTF_8));
                    Archive desktop = shared.open()) {
                JsonNode first = nextResult(out, seen);
                assertThat(first).as(String.join("\n", seen)).isNotNull();
                assertThat(first.get("status").asText()).isEqualTo("ok");
                OfficeSync office = OfficeSync.of(desktop).orElseThrow();
                assertThat(office.kept(service, List.of(nile))).containsExactly(nile);

                // notifications arrive; the desktop's Sync now brings them within the hour
                sandbox.knobs().pinClock(clock.plusSeconds(600));
                long arrived = sandbox.notificationCount(NILE) - first.get("total").asLong();
                assertThat(arrived).isPositive();
                long request = office.request(service, nile);
                JsonNode served = nextResult(out, seen);
                assertThat(served).as(String.join("\n", seen)).isNotNull();
                assertThat(served.get("added").asLong()).isEqualTo(arrived);
                // answered before its line is printed
                assertThat(office.served(request))
                        .as(String.join("\n", seen))
                        .contains(new OfficeSync.Served(true, null));

                child.toHandle().destroy(); // SIGTERM
                assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
                while (out.readLine() != null) {
                    // the rest of its output
                }
                assertThat(child.exitValue()).isZero();
                assertThat(office.kept(service, List.of(nile))).isEmpty();
            } finally {
                child.destroyForcibly();
            }
        }
    }

    private static Process start(Sandbox sandbox, TestArchive archive) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("app.ishaar.Launcher");
        cmd.addAll(SyncSandbox.connection(sandbox));
        cmd.addAll(
                List.of(
                        "--client-id",
                        "erp-delta-accounting",
                        "--client-secret-env",
                        "DELTA_SECRET",
                        "--on-behalf-of",
                        NILE,
                        "--archive",
                        archive.arg(),
                        "--format",
                        "json",
                        "--every",
                        "1h"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(SyncSandbox.secrets());
        pb.environment().putAll(archive.env());
        return pb.start();
    }

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
}
