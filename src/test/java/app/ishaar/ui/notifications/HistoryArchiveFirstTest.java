package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One taxpayer's history read from the archive once it holds the taxpayer's synced history, without
 * the FX toolkit: the archive is read and results delivered on the calling thread.
 */
class HistoryArchiveFirstTest {

    private static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    private static final Executor NOW = Runnable::run;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Clock CLOCK =
            Clock.fixed(Instant.parse("2026-03-15T10:00:00Z"), ZoneOffset.UTC);

    private static List<SandboxTaxpayer> firms;
    private static final List<List<ArchivedNotification>> histories = new ArrayList<>();

    @TempDir Path dir;
    private SqliteArchive archive;
    private FakeSession session;
    private HistoryViewModel vm;

    @BeforeAll
    static void generate() throws Exception {
        try (Sandbox s =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(5)
                                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                                .notificationsPerTaxpayer(120)
                                .represented(2)
                                .build())) {
            firms = s.accounts().get(4).taxpayers();
            for (SandboxTaxpayer t : firms.subList(0, 2)) {
                histories.add(SandboxItems.history(s, t.rin(), Rin.of(t.rin())));
            }
        }
    }

    private static Rin rin(int i) {
        return Rin.of(firms.get(i).rin());
    }

    @BeforeEach
    void open() throws Exception {
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        // the first taxpayer's first sync completed; the second's was interrupted
        archive.store(new SyncBatch(SERVICE, rin(0), histories.get(0), "c", true, Instant.now()));
        archive.store(new SyncBatch(SERVICE, rin(1), histories.get(1), "c", false, null));
        session = new FakeSession();
        vm = new HistoryViewModel(new I18n(AppLanguage.ENGLISH), NOW, null, p -> {}, CLOCK);
    }

    @AfterEach
    void close() throws Exception {
        archive.close();
    }

    private void fromArchive(int taxpayer) {
        vm.scope(Scope.of(ListedTaxpayer.represented(rin(taxpayer), "")));
        vm.readFrom(new ArchivePages(archive, SERVICE, NOW));
    }

    private List<Notification> archived(NotificationQuery filters, int page, int size)
            throws Exception {
        return archive
                .query(new InboxQuery(SERVICE, Set.of(rin(0)), filters, null, page, size))
                .items()
                .stream()
                .map(ArchivedNotification::notification)
                .toList();
    }

    @Test
    void aSyncedTaxpayersPagesComeFromTheArchiveAtOnceWithoutASessionNewestFirst()
            throws Exception {
        fromArchive(0);

        assertThat(vm.table().rows()).as("shown at once: no session").isNotEmpty();
        assertThat(vm.table().rows()).containsExactlyElementsOf(archived(null, 1, 50));
        assertThat(vm.table().rows())
                .extracting(Notification::receivedDateTime)
                .isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(histories.get(0).size());
        assertThat(vm.pager().totalPagesProperty().get()).isEqualTo(3);

        vm.pager().next();
        assertThat(vm.table().rows()).containsExactlyElementsOf(archived(null, 2, 50));
        assertThat(vm.reachProperty().get()).as("all of it archived").isEqualTo(Reach.COMPLETE);
    }

    @Test
    void theFiltersAreTheArchivesFiltersOfThatOneTaxpayerAndTheDetailHasTheAttempts()
            throws Exception {
        fromArchive(0);
        String status = histories.get(0).get(0).notification().status();
        vm.filters().statusProperty().set(status);
        assertThat(vm.filters().apply()).isTrue();

        NotificationQuery asked = vm.exportQuery().filters();
        assertThat(vm.table().rows()).isNotEmpty().allMatch(n -> status.equals(n.status()));
        assertThat(vm.table().rows()).containsExactlyElementsOf(archived(asked, 1, 50));
        long expected =
                histories.get(0).stream()
                        .filter(a -> status.equals(a.notification().status()))
                        .count();
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(expected);

        Notification withAttempts =
                vm.table().rows().stream()
                        .filter(n -> !n.deliveryAttempts().isEmpty())
                        .findFirst()
                        .orElseThrow();
        vm.table().select(withAttempts);
        assertThat(vm.detail().notificationProperty().get().deliveryAttempts())
                .isEqualTo(withAttempts.deliveryAttempts());
    }

    @Test
    void theDetailSaysWhenTheServiceLastConfirmedTheChosenNotificationsStatus() throws Exception {
        ArchivedNotification stored =
                archive.query(new InboxQuery(SERVICE, Set.of(rin(0)), null, null, 1, 50))
                        .items()
                        .get(3);
        Instant checked = Instant.parse("2026-03-14T08:30:00Z");
        confirm(stored, checked);
        fromArchive(0);

        vm.table().select(shown(stored.notificationId()));
        assertThat(vm.detail().statusCheckedProperty().get())
                .isNotEmpty()
                .isEqualTo(vm.labels().dateTime(checked));

        vm.table().select(vm.table().rows().get(0));
        assertThat(vm.detail().statusCheckedProperty().get())
                .as("archived before the archive kept the time: no line")
                .isEmpty();

        vm.table().select(shown(stored.notificationId()));
        Instant again = checked.plusSeconds(86_400);
        confirm(stored, again);
        vm.synced(0, CLOCK.instant());
        assertThat(vm.detail().statusCheckedProperty().get())
                .as("confirmed again by a sync, the row unchanged and still chosen")
                .isEqualTo(vm.labels().dateTime(again));
    }

    /** A sync found {@code a} unchanged at {@code at}. */
    private void confirm(ArchivedNotification a, Instant at) throws Exception {
        archive.store(
                new SyncBatch(
                        SERVICE, rin(0), List.of(a.checkedAt(at)), null, true, Instant.now()));
    }

    private Notification shown(String notificationId) {
        return vm.table().rows().stream()
                .filter(n -> n.notificationId().equals(notificationId))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aTaxpayerWhoseFirstSyncIsUnderWayShowsWhatLandedAndHowFarBackItReaches() {
        fromArchive(1);
        assertThat(vm.table().rows()).as("what its sync archived so far, at once").isNotEmpty();
        assertThat(vm.pager().totalCountProperty().get()).isEqualTo(histories.get(1).size());
        Instant oldest =
                histories.get(1).stream()
                        .map(a -> a.notification().receivedDateTime())
                        .min(java.util.Comparator.naturalOrder())
                        .orElseThrow();
        assertThat(vm.reachProperty().get())
                .as("synced back to its oldest archived notification; older ones are coming")
                .isEqualTo(new Reach(false, oldest));
        assertThat(vm.reachProperty().get().misses(oldest.minusSeconds(86_400)))
                .as("a filter from before it asks for what is not there yet")
                .isTrue();
        assertThat(vm.reachProperty().get().misses(oldest.plusSeconds(1))).isFalse();
        assertThat(session.calls).as("the service is asked for nothing").isEmpty();
    }

    @Test
    void aRowTheSyncChangedIsReplacedInPlaceAndStaysSelected() throws Exception {
        fromArchive(0);
        int index = 7;
        Notification row = vm.table().rows().get(index);
        vm.table().select(row);
        List<Notification> before = List.copyOf(vm.table().rows());

        ArchivedNotification stored =
                histories.get(0).stream()
                        .filter(a -> a.notificationId().equals(row.notificationId()))
                        .findFirst()
                        .orElseThrow();
        ObjectNode changed = (ObjectNode) JSON.readTree(stored.rawJson());
        String settled = "delivered".equals(row.status()) ? "error" : "delivered";
        changed.put("status", settled);
        archive.store(
                new SyncBatch(
                        SERVICE,
                        rin(0),
                        List.of(ArchivedNotification.fromRaw(rin(0), changed.toString())),
                        null,
                        true,
                        Instant.now()));

        List<String> changes = new ArrayList<>();
        vm.table()
                .rows()
                .addListener(
                        (ListChangeListener<Notification>)
                                c -> {
                                    while (c.next()) {
                                        changes.add(
                                                (c.wasReplaced() ? "replaced " : "changed ")
                                                        + c.getFrom()
                                                        + ".."
                                                        + c.getTo());
                                    }
                                });
        vm.synced(0, CLOCK.instant());

        assertThat(changes).containsExactly("replaced 7..8");
        assertThat(vm.table().rows().get(index).status()).isEqualTo(settled);
        assertThat(vm.table().selectedProperty().get()).isSameAs(vm.table().rows().get(index));
        assertThat(vm.detail().notificationProperty().get().status()).isEqualTo(settled);
        for (int i = 0; i < before.size(); i++) {
            if (i != index) {
                assertThat(vm.table().rows().get(i)).isSameAs(before.get(i));
            }
        }
    }

    @Test
    void newNotificationsTheSyncBroughtAreCountedNotPushedIntoTheShownPage() throws Exception {
        fromArchive(0);
        List<Notification> before = List.copyOf(vm.table().rows());
        ArchivedNotification newest = histories.get(0).get(0);
        ObjectNode fresh = (ObjectNode) JSON.readTree(newest.rawJson());
        fresh.put("notificationId", "brand-new-one");
        fresh.put("receivedDateTime", "2026-03-15T09:00:00Z");
        archive.store(
                new SyncBatch(
                        SERVICE,
                        rin(0),
                        List.of(ArchivedNotification.fromRaw(rin(0), fresh.toString())),
                        null,
                        true,
                        Instant.now()));

        vm.synced(1, CLOCK.instant());

        assertThat(vm.table().rows())
                .as("the page the user reads stays")
                .containsExactlyElementsOf(before);
        assertThat(vm.arrivedProperty().get()).isEqualTo(1);
        vm.showArrived();
        assertThat(vm.table().rows().get(0).notificationId()).isEqualTo("brand-new-one");
    }
}
