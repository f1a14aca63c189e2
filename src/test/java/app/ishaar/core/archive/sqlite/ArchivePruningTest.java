package app.ishaar.core.archive.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeping archived notifications N days: those received before the cut-off go, in every taxpayer,
 * and the counts, the filters' totals and the search agree with what stays.
 */
class ArchivePruningTest {
    static final ServiceKey SANDBOX = new ServiceKey("http://127.0.0.1:1/");
    static final Rin NILE = Rin.of("204918573");
    static final Rin GIZA = Rin.of("499201773");

    static Sandbox sandbox;
    static List<ArchivedNotification> nile;
    static List<ArchivedNotification> giza;

    @TempDir Path dir;

    @BeforeAll
    static void data() throws Exception {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(5)
                                .notificationsPerTaxpayer(200)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        giza = SandboxItems.history(sandbox, GIZA.value(), GIZA);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static Instant received(ArchivedNotification n) {
        return n.notification().receivedDateTime();
    }

    @Test
    void forgetsWhatWasReceivedBeforeTheCutOffAndKeepsCountsAndSearchConsistent() throws Exception {
        try (SqliteArchive a = SqliteArchive.open(dir.resolve("archive.db"))) {
            a.store(new SyncBatch(SANDBOX, NILE, nile, "n", true, null));
            a.store(new SyncBatch(SANDBOX, GIZA, giza, "g", true, null));
            List<ArchivedNotification> all = new ArrayList<>(nile);
            all.addAll(giza);
            List<Instant> times = all.stream().map(ArchivePruningTest::received).sorted().toList();
            Instant cutOff = times.get(times.size() / 3).plusNanos(1_000);
            List<ArchivedNotification> old =
                    all.stream().filter(n -> received(n).isBefore(cutOff)).toList();
            List<ArchivedNotification> kept =
                    all.stream().filter(n -> !received(n).isBefore(cutOff)).toList();
            assertThat(old).isNotEmpty();
            assertThat(kept).isNotEmpty();

            assertThat(a.pruneBefore(cutOff)).isEqualTo(old.size());

            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, null, 1, 10)).totalCount())
                    .as("the tallied total")
                    .isEqualTo(kept.size());
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(NILE), null, null, 1, 500)).items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactlyInAnyOrderElementsOf(
                            kept.stream()
                                    .filter(n -> n.taxpayer().equals(NILE))
                                    .map(ArchivedNotification::notificationId)
                                    .toList());
            String status = kept.get(0).notification().status();
            NotificationQuery byStatus = NotificationQuery.ALL.withStatus(status);
            assertThat(
                            a.query(new InboxQuery(SANDBOX, Set.of(), byStatus, null, 1, 10))
                                    .totalCount())
                    .as("a filter's total")
                    .isEqualTo(
                            kept.stream()
                                    .filter(n -> status.equals(n.notification().status()))
                                    .count());
            String gone = old.get(0).notificationId();
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, gone, 1, 10)).items())
                    .as("the search finds none of those forgotten")
                    .extracting(ArchivedNotification::notificationId)
                    .doesNotContain(gone);
            String stays = kept.get(0).notificationId();
            assertThat(a.query(new InboxQuery(SANDBOX, Set.of(), null, stays, 1, 10)).items())
                    .extracting(ArchivedNotification::notificationId)
                    .contains(stays);

            assertThat(a.pruneBefore(cutOff)).as("nothing more to forget").isZero();
            assertThat(a.pruneBefore(Instant.EPOCH)).isZero();
            // a sync state stays: the next sync goes on from its checkpoint
            assertThat(a.syncState(SANDBOX, NILE).complete()).isTrue();
        }
    }
}
