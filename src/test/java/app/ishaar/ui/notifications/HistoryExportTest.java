package app.ishaar.ui.notifications;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxQuery;
import app.ishaar.ui.i18n.AppLanguage;
import app.ishaar.ui.i18n.I18n;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Export…" of a sandbox taxpayer's history as its sync archived it, without the FX toolkit: every
 * notification of the filter, in the service's order, to CSV (UTF-8 with BOM) and XLSX, read back;
 * a failed export leaves no file (a cancelled one: {@code HistoryOfflineExportTest}).
 */
class HistoryExportTest {

    private static SandboxFixture fixture;
    private static ArchivedSandbox archived;
    private static final ExecutorService BACKGROUND = Executors.newCachedThreadPool();

    @TempDir static Path archiveDir;
    @TempDir Path dir;

    /** Pages read from an archive that cannot be read (closed): each export of it fails. */
    private static ArchivePages unreadable;

    @BeforeAll
    static void start() throws Exception {
        fixture = SandboxFixture.start();
        archived = new ArchivedSandbox(fixture.sandbox, SandboxFixture.RIN, archiveDir, BACKGROUND);
        Path broken = Files.createDirectories(archiveDir.resolve("broken"));
        SqliteArchive closed = SqliteArchive.open(broken.resolve("archive.db"));
        closed.close();
        unreadable = new ArchivePages(closed, ServiceKey.SANDBOX, BACKGROUND);
    }

    @AfterAll
    static void stop() throws Exception {
        archived.close();
        fixture.close();
        BACKGROUND.shutdownNow();
    }

    private HistoryViewModel history() {
        return history(app.ishaar.ui.desktop.FileOpener.NONE);
    }

    /** The history, with what opens its exports' files (the desktop's, recorded). */
    private HistoryViewModel history(app.ishaar.ui.desktop.FileOpener desktop) {
        HistoryViewModel vm =
                new HistoryViewModel(
                        new I18n(AppLanguage.ENGLISH),
                        Runnable::run,
                        null,
                        p -> {},
                        java.time.Clock.systemUTC(),
                        desktop);
        archived.read(vm);
        return vm;
    }

    /** Runs an export and waits for it to end. */
    private static ExportViewModel.State run(ExportViewModel export, Path file)
            throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        export.stateProperty()
                .addListener(
                        (o, a, now) -> {
                            if (now != ExportViewModel.State.RUNNING) {
                                ended.countDown();
                            }
                        });
        export.start(file);
        assertThat(ended.await(60, TimeUnit.SECONDS)).as("export ended").isTrue();
        return export.stateProperty().get();
    }

    private static List<String> allIdsInServiceOrder() {
        List<String> ids = new ArrayList<>();
        for (int page = 1; ; page++) {
            var p =
                    fixture.sandbox.query(
                            SandboxFixture.RIN,
                            new SandboxQuery(null, null, null, null, null, null, page, 100));
            p.result().stream().map(SandboxNotification::notificationId).forEach(ids::add);
            if (page >= p.totalPages()) {
                return ids;
            }
        }
    }

    /** The records of a CSV file written with a BOM (messages may span lines inside quotes). */
    private static List<List<String>> readCsv(Path file) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
        CsvMapper csv = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it =
                csv.readerForListOf(String.class).readValues(text)) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void exportsAll2500ToCsvWithBomAndReadsBack() throws Exception {
        ExportViewModel export = history().newExport();
        export.formatProperty().set(ExportViewModel.Format.CSV);
        Path file = dir.resolve("all.csv");
        assertThat(run(export, file)).isEqualTo(ExportViewModel.State.DONE);
        assertThat(export.writtenProperty().get()).isEqualTo(2_500);
        assertThat(export.progressProperty().get()).isEqualTo(1.0);
        assertThat(export.messageProperty().get()).contains("2,500").contains("all.csv");

        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes).startsWith(0xEF, 0xBB, 0xBF);
        List<List<String>> rows = readCsv(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertThat(rows).hasSize(2_501);
        // a report in the UI's language: the notification ID in its column, the codes after it
        assertThat(rows.get(0).get(0)).startsWith("Sent (");
        assertThat(rows.get(0).subList(8, 11))
                .containsExactly("Message", "Notification ID", "Type code");
        assertThat(rows.subList(1, rows.size()).stream().map(r -> r.get(9)).toList())
                .isEqualTo(allIdsInServiceOrder());
        assertThat(text).doesNotContain("<html", "{\"event\"");
        assertThat(text).containsPattern("\\p{IsArabic}");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).containsExactly(file); // no temporary file left beside it
        }
    }

    @Test
    void exportsAll2500ToXlsxAndReadsBack() throws Exception {
        ExportViewModel export = history().newExport();
        export.formatProperty().set(ExportViewModel.Format.XLSX);
        assertThat(export.suggestedFileName()).endsWith(".xlsx");
        Path file = dir.resolve("all.xlsx");
        assertThat(run(export, file)).isEqualTo(ExportViewModel.State.DONE);
        List<String> ids = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file);
                ReadableWorkbook wb = new ReadableWorkbook(in);
                Stream<Row> rows = wb.getFirstSheet().openStream()) {
            rows.forEach(r -> ids.add(r.getCellText(8)));
        }
        assertThat(ids).hasSize(2_501);
        assertThat(ids.get(0)).isEqualTo("Notification ID");
        assertThat(ids.subList(1, ids.size())).isEqualTo(allIdsInServiceOrder());
    }

    @Test
    void theNextExportOffersTheFolderAndFormatTheTaxpayersLastOneChoseAlsoAfterARestart()
            throws Exception {
        List<app.ishaar.core.settings.HistoryPrefs> remembered = new ArrayList<>();
        HistoryViewModel vm =
                new HistoryViewModel(
                        new I18n(AppLanguage.ENGLISH), Runnable::run, null, remembered::add);
        archived.read(vm);
        ExportViewModel first = vm.newExport();
        assertThat(first.initialFolder())
                .as("no export yet: the chooser opens where the system says")
                .isEmpty();
        assertThat(first.formatProperty().get()).isEqualTo(ExportViewModel.Format.CSV);
        Path clients = Files.createDirectories(dir.resolve("Clients").resolve("Nile Trading"));
        first.formatProperty().set(ExportViewModel.Format.XLSX);
        assertThat(run(first, clients.resolve("march.xlsx"))).isEqualTo(ExportViewModel.State.DONE);

        ExportViewModel next = vm.newExport();
        assertThat(next.initialFolder()).contains(clients);
        assertThat(next.formatProperty().get()).isEqualTo(ExportViewModel.Format.XLSX);
        assertThat(next.suggestedFileName())
                .as("named for the taxpayer and the time, in the format chosen")
                .matches("notifications-" + SandboxFixture.RIN + "-[0-9]{8}-[0-9]{4}\\.xlsx");

        // remembered with the taxpayer's view, so a restart (a view model made from the saved
        // prefs) offers them too
        assertThat(remembered).isNotEmpty();
        app.ishaar.core.settings.HistoryPrefs saved = remembered.get(remembered.size() - 1);
        assertThat(saved.exportFolder()).isEqualTo(clients.toString());
        assertThat(saved.exportFormat()).isEqualTo("XLSX");
        HistoryViewModel restarted =
                new HistoryViewModel(new I18n(AppLanguage.ENGLISH), Runnable::run, saved, p -> {});
        archived.read(restarted);
        ExportViewModel afterRestart = restarted.newExport();
        assertThat(afterRestart.initialFolder()).contains(clients);
        assertThat(afterRestart.formatProperty().get()).isEqualTo(ExportViewModel.Format.XLSX);

        // a folder since removed is not offered (the chooser would fail to open in it); the format
        // still is
        Files.delete(clients.resolve("march.xlsx"));
        Files.delete(clients);
        assertThat(vm.newExport().initialFolder()).isEmpty();
        assertThat(vm.newExport().formatProperty().get()).isEqualTo(ExportViewModel.Format.XLSX);
    }

    @Test
    void exportsOnlyWhatTheFilterShows() throws Exception {
        HistoryViewModel vm = history();
        vm.filters().typeProperty().set("8");
        vm.filters().apply();
        ExportViewModel export = vm.newExport();
        Path file = dir.resolve("cancelled-docs.csv");
        assertThat(run(export, file)).isEqualTo(ExportViewModel.State.DONE);
        long expected =
                fixture.sandbox
                        .query(
                                SandboxFixture.RIN,
                                new SandboxQuery(null, null, "8", null, null, null, 1, 10))
                        .totalCount();
        assertThat(export.writtenProperty().get())
                .isEqualTo(expected)
                .isPositive()
                .isLessThan(2_500);
        List<List<String>> rows = readCsv(file);
        assertThat(rows).hasSize((int) expected + 1);
        assertThat(rows.subList(1, rows.size()))
                .allSatisfy(r -> assertThat(r.get(10)).isEqualTo("8"));
    }

    @Test
    void aFailedExportLeavesNoFileAndKeepsAnOldOne() throws Exception {
        Path file = dir.resolve("old.csv");
        Files.writeString(file, "previous content");
        HistoryViewModel vm = history();
        vm.scope(archived.scope);
        vm.readFrom(unreadable);
        ExportViewModel export = vm.newExport();
        assertThat(run(export, file)).isEqualTo(ExportViewModel.State.FAILED);
        assertThat(export.messageProperty().get()).contains("no file was written");
        assertThat(Files.readString(file)).isEqualTo("previous content");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).containsExactly(file);
        }
    }

    @Test
    void
            onceWrittenTheFileOpensInTheSpreadsheetAndItsFolderInTheFileManagerWhereTheDesktopCanOpenThem()
                    throws Exception {
        List<Path> opened = new ArrayList<>();
        HistoryViewModel vm = history(opened::add);
        ExportViewModel export = vm.newExport();
        assertThat(export.canOpenProperty().get()).as("nothing written yet").isFalse();
        export.openFile();
        assertThat(opened).isEmpty();
        Path file = dir.resolve("to-open.csv");
        assertThat(run(export, file)).isEqualTo(ExportViewModel.State.DONE);
        assertThat(export.canOpenProperty().get()).isTrue();
        export.openFile();
        export.showFolder();
        assertThat(opened).containsExactly(file, dir);

        // a failed export offers nothing to open
        vm.scope(archived.scope);
        vm.readFrom(unreadable);
        ExportViewModel failed = vm.newExport();
        assertThat(run(failed, dir.resolve("failed.csv"))).isEqualTo(ExportViewModel.State.FAILED);
        assertThat(failed.canOpenProperty().get()).isFalse();
        failed.openFile();
        assertThat(opened).hasSize(2);

        // where the desktop cannot be asked (no opener), a written file offers nothing either
        ExportViewModel nowhere = history().newExport();
        assertThat(run(nowhere, dir.resolve("nowhere.csv"))).isEqualTo(ExportViewModel.State.DONE);
        assertThat(nowhere.canOpenProperty().get()).isFalse();
    }
}
