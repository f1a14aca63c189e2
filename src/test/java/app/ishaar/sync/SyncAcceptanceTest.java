package app.ishaar.sync;

import static app.ishaar.sync.SyncSandbox.ALEX;
import static app.ishaar.sync.SyncSandbox.CAIRO;
import static app.ishaar.sync.SyncSandbox.GIZA;
import static app.ishaar.sync.SyncSandbox.NILE;
import static app.ishaar.sync.SyncSandbox.assertArchiveEqualsService;
import static app.ishaar.sync.SyncSandbox.sync;
import static app.ishaar.sync.SyncSandbox.syncDelta;
import static app.ishaar.sync.SyncSandbox.syncNile;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ishaar sync} against the built-in sandbox with notifications arriving (a moved clock) and
 * a rate limit on: exactly once, settled statuses taken, refusals reported while the others sync.
 */
class SyncAcceptanceTest {

    @TempDir Path dir;

    /** A new archive for a test: a file here, a database where a subclass says so. */
    protected TestArchive newArchive() throws Exception {
        return TestArchive.file(dir.resolve("archive.db"));
    }

    static SandboxConfig.Builder arriving() {
        return SandboxConfig.builder()
                .seed(77)
                .notificationsPerTaxpayer(3_000)
                .anchor(Instant.now().minus(Duration.ofMinutes(20)))
                .arrivalsPerHour(600);
    }

    @Test
    void exactlyOnceWhileNotificationsArriveAndSettledStatusesAreTaken() throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(arriving().rateLimit(25, Duration.ofSeconds(1)).build())) {
            TestArchive archive = newArchive();
            // the clock runs fast while the first sync reads: a notification or two arrive
            // between most pages, shifting every page after them
            CompletableFuture<SyncSandbox.Result> first =
                    CompletableFuture.supplyAsync(() -> syncNile(sandbox, archive));
            Instant clock = Instant.now();
            sandbox.knobs().pinClock(clock);
            int before = sandbox.notificationCount(NILE);
            while (!first.isDone()) {
                clock = clock.plusSeconds(6);
                sandbox.knobs().pinClock(clock);
                try {
                    first.get(50, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException stillReading) {
                    // move the clock on again
                }
            }
            SyncSandbox.Result r = first.join();
            // with the clock stopped, a rate-limit window would never end
            sandbox.knobs().rateLimit(null);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(sandbox.notificationCount(NILE))
                    .as("notifications arrived during the sync")
                    .isGreaterThan(before);
            JsonNode line = r.lines().get(0);
            assertThat(line.get("status").asText()).isEqualTo("ok");
            long firstAdded = line.get("added").asLong();

            // the next sync takes what arrived after the first one's last page, and nothing twice
            SyncSandbox.Result second = syncNile(sandbox, archive);
            assertThat(second.code()).as(second.err()).isZero();
            JsonNode l2 = second.lines().get(0);
            assertThat(firstAdded + l2.get("added").asLong())
                    .as("every notification added once")
                    .isEqualTo(sandbox.notificationCount(NILE));
            assertThat(l2.get("total").asLong()).isEqualTo(sandbox.notificationCount(NILE));
            assertArchiveEqualsService(sandbox, archive, NILE);

            // arrivals are pending for two minutes: three minutes on, they settled
            java.util.Set<String> pending = pendingArchived(archive, sandbox);
            assertThat(pending).as("fresh arrivals archived as pending").isNotEmpty();
            sandbox.knobs().pinClock(clock.plus(Duration.ofMinutes(3)));
            java.util.Map<String, JsonNode> now = SyncSandbox.service(sandbox, NILE);
            long settled =
                    pending.stream()
                            .filter(id -> !now.get(id).get("status").asText().equals("pending"))
                            .count();
            assertThat(settled).as("arrivals settled at the service").isPositive();
            SyncSandbox.Result third = syncNile(sandbox, archive);
            assertThat(third.code()).as(third.err()).isZero();
            assertThat(third.lines().get(0).get("updated").asLong())
                    .as("settled statuses taken")
                    .isEqualTo(settled);
            assertArchiveEqualsService(sandbox, archive, NILE);
        }
    }

    private static java.util.Set<String> pendingArchived(TestArchive archive, Sandbox sandbox)
            throws Exception {
        try (Archive a = archive.open()) {
            return a.unsettled(SyncSandbox.key(sandbox), Rin.of(NILE)).stream()
                    .filter(
                            n ->
                                    n.notification()
                                            .receivedDateTime()
                                            .isAfter(sandbox.config().anchor()))
                    .map(n -> n.notificationId())
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void refusedTaxpayersAreReportedWhileTheOthersSync() throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .notificationsPerTaxpayer(700)
                                .rateLimit(6, Duration.ofSeconds(1))
                                .build())) {
            TestArchive archive = newArchive();
            SyncSandbox.Result r =
                    syncDelta(
                            sandbox,
                            archive,
                            "--on-behalf-of",
                            NILE,
                            "--on-behalf-of",
                            ALEX,
                            "--on-behalf-of",
                            GIZA,
                            "--on-behalf-of",
                            "٢٨٧٣٦٤٥١٩", // Cairo Pharma, typed in Arabic-Indic digits
                            "--format",
                            "json");
            assertThat(r.code()).as("some refused, the rest synced").isEqualTo(4);
            List<JsonNode> lines = r.lines();
            assertThat(lines).hasSize(4);
            assertThat(lines.get(0).get("rin").asText()).isEqualTo(NILE);
            assertThat(lines.get(0).get("status").asText()).isEqualTo("ok");
            assertThat(lines.get(0).get("added").asLong()).isEqualTo(700);
            assertThat(lines.get(0).get("total").asLong()).isEqualTo(700);
            assertThat(lines.get(0).has("message")).isFalse();
            assertThat(lines.get(1).get("status").asText()).isEqualTo("refused");
            assertThat(lines.get(1).get("message").asText()).contains("not permitted");
            assertThat(lines.get(2).get("status").asText()).isEqualTo("refused");
            assertThat(lines.get(2).get("message").asText()).contains("unauthorized_client");
            assertThat(lines.get(3).get("rin").asText()).isEqualTo(CAIRO);
            assertThat(lines.get(3).get("status").asText()).isEqualTo("ok");
            assertArchiveEqualsService(sandbox, archive, NILE);
            assertArchiveEqualsService(sandbox, archive, CAIRO);

            SyncSandbox.Result text = syncDelta(sandbox, archive, "--on-behalf-of", NILE);
            assertThat(text.code()).isZero();
            assertThat(text.out()).startsWith(NILE + "  ok").contains("0 new");
            assertThat(text.err()).contains("ishaar: syncing " + NILE);

            // a scheduled sync that knows of its refusing taxpayers: each still listed, a warning
            SyncSandbox.Result known =
                    syncDelta(
                            sandbox,
                            archive,
                            "--on-behalf-of",
                            NILE,
                            "--on-behalf-of",
                            ALEX,
                            "--on-behalf-of",
                            GIZA,
                            "--refused-ok");
            assertThat(known.code()).as(known.err()).isZero();
            assertThat(known.out().lines().toList())
                    .hasSize(3)
                    .satisfiesExactly(
                            l -> assertThat(l).startsWith(NILE + "  ok"),
                            l -> assertThat(l).startsWith(ALEX + "  refused"),
                            l -> assertThat(l).startsWith(GIZA + "  refused"));
            assertThat(known.err())
                    .contains("ishaar: warning: taxpayer " + ALEX + " refused (")
                    .contains("ishaar: warning: taxpayer " + GIZA + " refused (");
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        try (Sandbox sandbox =
                Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(10).build())) {
            SyncSandbox.Result r =
                    syncDelta(
                            sandbox,
                            TestArchive.file(dir.resolve("a.db")),
                            "--on-behalf-of",
                            "12345");
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("ishaar: --on-behalf-of:").doesNotContain("\n");

            java.nio.file.Files.writeString(dir.resolve("foreign.db"), "not a database at all");
            SyncSandbox.Result foreign =
                    sync(
                            sandbox,
                            dir.resolve("foreign.db"),
                            "--client-id",
                            "erp-nile-trading",
                            "--client-secret-env",
                            "NILE_SECRET");
            assertThat(foreign.code()).isEqualTo(2);
            assertThat(foreign.err()).contains("archive");
            assertThat(java.nio.file.Files.readString(dir.resolve("foreign.db")))
                    .isEqualTo("not a database at all");

            SyncSandbox.Result wrong =
                    sync(
                            sandbox,
                            dir.resolve("b.db"),
                            "--client-id",
                            "erp-nile-trading",
                            "--client-secret-env",
                            "DELTA_SECRET");
            assertThat(wrong.code()).as("login failed").isEqualTo(3);
        }
    }
}
