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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A taxpayer's Export while the window is offline: the history reads the archive and there is no
 * session, so the export writes from the archive, the same file the service's export writes of the
 * same notifications, and the dialog says it is the archive as of the taxpayer's last sync. Without
 * the toolkit: the archive is read and results delivered on the calling thread.
 */
class HistoryOfflineExportTest {

    private static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    private static final Executor NOW = Runnable::run;
    private static final Clock CLOCK =
            Clock.fixed(Instant.parse("2026-03-15T10:00:00Z"), ZoneOffset.UTC);
    private static final Instant SYNCED = Instant.parse("2026-03-14T18:30:00Z");
    private static final String NAME = "Nile Trading";

    private static SandboxTaxpayer firm;
    private static List<ArchivedNotification> history;

    @TempDir Path dir;
    private SqliteArchive archive;
    private I18n i18n;
    private HistoryViewModel vm;

    @BeforeAll
    static void generate() throws Exception {
        try (Sandbox s =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(7)
                                .anchor(Instant.parse("2026-03-01T10:00:00Z"))
                                .notificationsPerTaxpayer(1500)
                                .represented(1)
                                .build())) {
            firm = s.accounts().get(4).taxpayers().get(0);
            history = SandboxItems.history(s, firm.rin(), rin());
        }
    }

    private static Rin rin() {
        return Rin.of(firm.rin());
    }

    @BeforeEach
    void open() throws Exception {
        archive = SqliteArchive.open(dir.resolve("archive.db"));
        archive.store(new SyncBatch(SERVICE, rin(), history, "c", true, SYNCED));
        i18n = new I18n(AppLanguage.ENGLISH);
        i18n.zoneProperty().set(ZoneOffset.UTC);
        vm = new HistoryViewModel(i18n, NOW, null, p -> {}, CLOCK);
        // the offline window: the taxpayer's history from the archive, and no session
        vm.scope(Scope.of(ListedTaxpayer.represented(rin(), NAME)));
        vm.readFrom(new ArchivePages(archive, SERVICE, NOW));
        assertThat(vm.pagesProperty().get().ready()).isTrue();
    }

    @AfterEach
    void close() throws Exception {
        archive.close();
    }

    private List<Notification> archived(NotificationQuery filters) throws Exception {
        return archive
                .query(new InboxQuery(SERVICE, Set.of(rin()), filters, null, 1, 100_000))
                .items()
                .stream()
                .map(ArchivedNotification::notification)
                .toList();
    }

    @Test
    void offlineTheExportWritesTheArchivesNotificationsTheSameFileAsTheServicesExport()
            throws Exception {
        String status = history.get(0).notification().status();
        vm.filters().statusProperty().set(status);
        assertThat(vm.filters().apply()).isTrue();
        List<Notification> expected = archived(vm.exportQuery().filters());
        assertThat(expected.size()).as("more than one chunk of the archive").isGreaterThan(1000);

        ExportViewModel offline = vm.newExport();
        assertThat(offline.fromArchive()).isTrue();
        assertThat(offline.suggestedFileName()).startsWith("notifications-" + firm.rin() + "-");
        offline.formatProperty().set(ExportViewModel.Format.CSV);
        Path fromArchive = dir.resolve("offline.csv");
        offline.start(fromArchive);
        assertThat(offline.stateProperty().get())
                .as(offline.messageProperty().get())
                .isEqualTo(ExportViewModel.State.DONE);
        assertThat(offline.writtenProperty().get()).isEqualTo(expected.size());
        assertThat(offline.messageProperty().get())
                .startsWith("Done: ")
                .endsWith(" notifications written to offline.csv.");

        // online alike: the screen's export reads the archive, never the service
        ExportViewModel again = vm.newExport();
        assertThat(again.fromArchive()).isTrue();
        again.formatProperty().set(ExportViewModel.Format.CSV);
        Path second = dir.resolve("again.csv");
        again.start(second);
        assertThat(again.stateProperty().get()).isEqualTo(ExportViewModel.State.DONE);
        assertThat(Files.readString(second)).isEqualTo(Files.readString(fromArchive));
    }

    @Test
    void theDialogSaysTheFileComesFromTheArchiveAsOfTheTaxpayersLastSyncInBothLanguages() {
        ExportViewModel offline = vm.newExport();
        assertThat(offline.archivedAtProperty().get()).isEqualTo(SYNCED);
        assertThat(offline.sourceText().get())
                .isEqualTo(
                        "Written from the archive, as of the last sync ("
                                + i18n.formatDateTime(SYNCED)
                                + ").");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(offline.sourceText().get())
                .startsWith("يُكتب من الأرشيف")
                .contains(i18n.formatDateTime(SYNCED));
    }

    @Test
    void aCancelledOfflineExportLeavesNoFile() throws Exception {
        List<Runnable> queued = new ArrayList<>();
        HistoryViewModel later = new HistoryViewModel(i18n, NOW, null, p -> {}, CLOCK);
        later.scope(Scope.of(ListedTaxpayer.represented(rin(), NAME)));
        later.readFrom(new ArchivePages(archive, SERVICE, queued::add));
        runAll(queued); // the first page, and how far back the archive reaches
        ExportViewModel export = later.newExport();
        runAll(queued); // when it last synced

        Path out = Files.createDirectory(dir.resolve("out"));
        Path file = out.resolve("cancelled.xlsx");
        export.start(file);
        assertThat(export.runningProperty().get()).isTrue();
        export.cancel();
        queued.forEach(Runnable::run); // the read, after the cancel
        assertThat(export.stateProperty().get()).isEqualTo(ExportViewModel.State.CANCELLED);
        assertThat(file).doesNotExist();
        assertThat(out.toFile().list()).as("no temporary file either").isEmpty();
    }

    /** Runs what was queued, and what that queued, until nothing is left. */
    private static void runAll(List<Runnable> queued) {
        while (!queued.isEmpty()) {
            queued.remove(0).run();
        }
    }
}
