package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.SessionKey;
import app.ishaar.core.service.TokenInfo;
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
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
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
        vm = new HistoryViewModel(i18n, NOW, null, p -> {}, () -> {}, CLOCK);
        // the offline window: the taxpayer's history from the archive, and no session
        ArchivePages.ifSynced(archive, SERVICE, rin(), NOW, () -> NAME)
                .join()
                .ifPresent(vm::readFrom);
        assertThat(vm.pagesProperty().get().fromArchive()).isTrue();
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
        List<Notification> expected = archived(vm.exportQuery());
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

        // the same notifications from the service, online, with the token naming the taxpayer
        ServiceOf service = new ServiceOf(expected);
        vm.sessionProperty().set(service);
        ExportViewModel online = vm.newExport();
        assertThat(online.fromArchive()).isFalse();
        assertThat(online.sourceText().get()).isEmpty();
        online.formatProperty().set(ExportViewModel.Format.CSV);
        Path fromService = dir.resolve("online.csv");
        online.start(fromService);
        assertThat(online.stateProperty().get()).isEqualTo(ExportViewModel.State.DONE);
        assertThat(service.asked).containsExactly(vm.exportQuery());

        assertThat(Files.readString(fromArchive)).isEqualTo(Files.readString(fromService));
    }

    @Test
    void theDialogSaysTheFileComesFromTheArchiveAsOfTheTaxpayersLastSyncInBothLanguages() {
        ExportViewModel offline = vm.newExport();
        assertThat(offline.archivedAtProperty().get()).isEqualTo(SYNCED);
        assertThat(offline.sourceText().get())
                .isEqualTo(
                        "Offline: written from the archive, as of the last sync ("
                                + i18n.formatDateTime(SYNCED)
                                + ").");
        i18n.languageProperty().set(AppLanguage.ARABIC);
        assertThat(offline.sourceText().get())
                .startsWith("غير متصل: يُكتب من الأرشيف")
                .contains(i18n.formatDateTime(SYNCED));
    }

    @Test
    void aCancelledOfflineExportLeavesNoFile() throws Exception {
        List<Runnable> queued = new ArrayList<>();
        HistoryViewModel later = new HistoryViewModel(i18n, NOW, null, p -> {}, () -> {}, CLOCK);
        later.readFrom(new ArchivePages(archive, SERVICE, rin(), queued::add, () -> NAME));
        queued.forEach(Runnable::run); // the first page
        queued.clear();
        ExportViewModel export = later.newExport();
        queued.forEach(Runnable::run); // when it last synced
        queued.clear();

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

    /** The service, answering every query with these notifications, its token naming the firm. */
    private static final class ServiceOf implements Session {
        private final List<Notification> all;
        final List<NotificationQuery> asked = new ArrayList<>();

        ServiceOf(List<Notification> all) {
            this.all = all;
        }

        @Override
        public SessionKey key() {
            return new SessionKey(Environment.production(), "test", null);
        }

        @Override
        public Environment environment() {
            return Environment.production();
        }

        @Override
        public CompletableFuture<TokenInfo> login() {
            return new CompletableFuture<>();
        }

        @Override
        public Optional<TokenInfo> tokenInfo() {
            return Optional.of(
                    new TokenInfo(firm.rin(), NAME, "erp", "id", true, null, null, null, null));
        }

        @Override
        public CompletableFuture<NotificationPage> fetch(NotificationQuery query) {
            return new CompletableFuture<>();
        }

        @Override
        public CompletableFuture<Long> readAll(
                NotificationQuery query, int concurrency, Consumer<NotificationPage> onPage) {
            asked.add(query);
            onPage.accept(new NotificationPage(all, 1, all.size(), 1, all.size()));
            return CompletableFuture.completedFuture((long) all.size());
        }

        @Override
        public void close() {}
    }
}
