package app.ishaar.core.export;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NotPermittedException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.ui.i18n.AppLanguage;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV for programs, and any export streamed from all pages, written atomically. */
class ExportTest {

    @TempDir Path dir;

    @StartStop final MockWebServer server = new MockWebServer();

    static Notification sample(String id, String message) {
        return new Notification(
                id,
                Instant.parse("2026-03-01T10:15:30.1234567Z"),
                Instant.parse("2026-03-01T10:16:00Z"),
                "7",
                "Document Validated",
                message,
                "email",
                "a@b.example",
                "ar",
                "delivered",
                List.of(
                        new DeliveryAttempt(
                                Instant.parse("2026-03-01T10:15:50Z"), "error", "mailbox full"),
                        new DeliveryAttempt(
                                Instant.parse("2026-03-01T10:16:00Z"), "delivered", null)));
    }

    @Test
    void csvHasAHeaderOneRowPerNotificationAndAttemptsSummarised() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvNotificationWriter w = new CsvNotificationWriter(out, true);
        w.write(List.of(sample("n1", "تم التحقق من المستند، \"رقم 5\"\nسطر ثان")));
        w.write(List.of(sample("n2", null)));
        w.finish();
        byte[] bytes = out.toByteArray();
        assertThat(bytes).startsWith(0xEF, 0xBB, 0xBF);
        String text = new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8);
        CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it = m.readerForListOf(String.class).readValues(text)) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).isEqualTo(ExportColumns.HEADERS);
        List<String> r1 = rows.get(1);
        assertThat(r1.get(0)).isEqualTo("n1");
        assertThat(r1.get(1)).isEqualTo("2026-03-01T10:15:30.1234567Z");
        assertThat(r1.get(9)).isEqualTo("تم التحقق من المستند، \"رقم 5\"\nسطر ثان");
        assertThat(r1.subList(10, 14))
                .containsExactly("2", "2026-03-01T10:16:00.0000000Z", "delivered", "");
        assertThat(rows.get(2).get(9)).isEmpty();

        ByteArrayOutputStream noBom = new ByteArrayOutputStream();
        CsvNotificationWriter plain = new CsvNotificationWriter(noBom, false);
        plain.write(List.of());
        plain.finish();
        assertThat(noBom.toString(StandardCharsets.UTF_8)).startsWith("notificationId,");
    }

    /** The rows of a CSV text (after its byte order mark, if any). */
    private static List<List<String>> csvRows(String text) throws Exception {
        CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<List<String>> it =
                m.readerForListOf(String.class)
                        .readValues(text.startsWith("\uFEFF") ? text.substring(1) : text)) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    @Test
    void aCsvForSpreadsheetsHasNoCellThatASpreadsheetWouldRunAsAFormula() throws Exception {
        Notification n =
                new Notification(
                        "n1",
                        Instant.parse("2026-03-01T10:15:30Z"),
                        null,
                        "7",
                        "=1+1",
                        "=HYPERLINK(\"http://evil.example\",\"Open\")",
                        "sms",
                        "+201001234567",
                        "ar",
                        "error",
                        List.of(
                                new DeliveryAttempt(
                                        Instant.parse("2026-03-01T10:15:50Z"),
                                        "-cmd|' /C calc'!A0",
                                        "@SUM(A1:A9)")));
        Notification plainNumbers =
                new Notification(
                        "n2",
                        Instant.parse("2026-03-01T10:15:30Z"),
                        null,
                        "7",
                        "-5",
                        "\uFF1DSUM(1)",
                        "sms",
                        "+20 100 123 4567",
                        "ar",
                        "error",
                        List.of());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvNotificationWriter forExcel = new CsvNotificationWriter(out, true);
        forExcel.write(List.of(n, plainNumbers));
        forExcel.finish();
        List<List<String>> rows = csvRows(out.toString(StandardCharsets.UTF_8));
        List<String> r1 = rows.get(1);
        assertThat(r1.get(4)).isEqualTo("'=1+1");
        assertThat(r1.get(9)).isEqualTo("'=HYPERLINK(\"http://evil.example\",\"Open\")");
        assertThat(r1.get(6)).as("a phone number is a plain number").isEqualTo("+201001234567");
        assertThat(r1.get(12)).isEqualTo("'-cmd|' /C calc'!A0");
        assertThat(r1.get(13)).isEqualTo("'@SUM(A1:A9)");
        assertThat(r1.get(1)).isEqualTo("2026-03-01T10:15:30.0000000Z");
        List<String> r2 = rows.get(2);
        assertThat(r2.get(4)).isEqualTo("-5");
        assertThat(r2.get(9)).as("the full-width equals sign too").isEqualTo("'\uFF1DSUM(1)");
        assertThat(r2.get(6))
                .as("spaces make it a formula to a spreadsheet")
                .isEqualTo("'+20 100 123 4567");

        // the command line's CSV is for programs: every value exactly as received
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        CsvNotificationWriter forPrograms = new CsvNotificationWriter(raw, false);
        forPrograms.write(List.of(n));
        forPrograms.finish();
        List<String> p1 = csvRows(raw.toString(StandardCharsets.UTF_8)).get(1);
        assertThat(p1.get(9)).isEqualTo("=HYPERLINK(\"http://evil.example\",\"Open\")");
        assertThat(p1.get(13)).isEqualTo("@SUM(A1:A9)");
    }

    @Test
    void theAtomicWriterLeavesNothingBehindOnAbortAndReplacesOnCommit() throws Exception {
        Path target = dir.resolve("report.csv");
        Files.writeString(target, "old");
        try (AtomicFileWriter f = AtomicFileWriter.open(target)) {
            f.stream().write("partial".getBytes(StandardCharsets.UTF_8));
            f.stream().flush();
            // no commit: closing aborts
        }
        assertThat(Files.readString(target)).isEqualTo("old");
        assertThat(listing()).containsExactly("report.csv");
        try (AtomicFileWriter f = AtomicFileWriter.open(target)) {
            f.stream().write("new".getBytes(StandardCharsets.UTF_8));
            f.commit();
        }
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(listing()).containsExactly("report.csv");
        assertThatThrownBy(() -> AtomicFileWriter.open(dir.resolve("no/such/dir.csv")))
                .isInstanceOf(java.io.IOException.class);
    }

    private List<String> listing() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    final class Pages extends Dispatcher {
        final int total;
        final int failOnPage;
        final CountDownLatch hold;

        Pages(int total, int failOnPage, CountDownLatch hold) {
            this.total = total;
            this.failOnPage = failOnPage;
            this.hold = hold;
        }

        @Override
        public MockResponse dispatch(RecordedRequest r) throws InterruptedException {
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                return tokenResponse(standardToken("t"));
            }
            int p = Integer.parseInt(r.getUrl().queryParameter("pageNo"));
            int size = Integer.parseInt(r.getUrl().queryParameter("pageSize"));
            if (p == failOnPage) {
                return json(403, "{\"error\":{\"code\":\"Forbidden\",\"message\":\"no\"}}");
            }
            if (hold != null && p > 1) {
                hold.await(10, TimeUnit.SECONDS);
            }
            List<String> items = new ArrayList<>();
            for (int i = (p - 1) * size; i < Math.min(total, p * size); i++) {
                items.add(
                        app.ishaar.core.service.TestTokens.notification(
                                String.format("n%05d", i), "2026-01-01T00:00:00Z"));
            }
            return json(
                    200,
                    app.ishaar.core.service.TestTokens.page(
                            (total + size - 1) / size, total, items.toArray(new String[0])));
        }
    }

    Session session(ServiceClient c) throws Exception {
        String url = server.url("/").toString();
        return c.openSession(
                Environment.custom(url, url),
                new Credentials("erp", "x".toCharArray(), null, null));
    }

    @Test
    void anExportStreamsEveryPageInOrderAndReportsProgress() throws Exception {
        server.setDispatcher(new Pages(950, -1, null));
        try (ServiceClient c =
                new ServiceClient(ClientConfig.defaults().withRetries(1, Duration.ofMillis(5)))) {
            Path target = dir.resolve("all.csv");
            List<long[]> progress = new ArrayList<>();
            long n =
                    NotificationExporter.export(
                                    session(c),
                                    NotificationQuery.ALL,
                                    NotificationSink.csvForPrograms(false),
                                    target,
                                    4,
                                    (w, t) -> progress.add(new long[] {w, t}))
                            .get(30, TimeUnit.SECONDS);
            assertThat(n).isEqualTo(950);
            List<String> lines = Files.readAllLines(target);
            assertThat(lines).hasSize(951);
            assertThat(lines.subList(1, 951)).extracting(l -> l.substring(0, 6)).isSorted();
            assertThat(progress).hasSize(10);
            assertThat(progress.get(9)).containsExactly(950, 950);
            assertThat(listing()).containsExactly("all.csv");
        }
    }

    @Test
    void aFailedExportLeavesNoFile() throws Exception {
        server.setDispatcher(new Pages(950, 3, null));
        try (ServiceClient c =
                new ServiceClient(ClientConfig.defaults().withRetries(1, Duration.ofMillis(5)))) {
            CompletableFuture<Long> f =
                    NotificationExporter.export(
                            session(c),
                            NotificationQuery.ALL,
                            NotificationSink.report(
                                    ExportFormat.XLSX,
                                    ReportFixtures.labels(AppLanguage.ENGLISH),
                                    ReportFixtures.scope(NotificationQuery.ALL)),
                            dir.resolve("x.xlsx"),
                            2,
                            null);
            assertThatThrownBy(() -> f.get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(NotPermittedException.class);
            assertThat(listing()).isEmpty();
        }
    }

    @Test
    void aCancelledExportLeavesNoFile() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        server.setDispatcher(new Pages(950, -1, hold));
        try (ServiceClient c = new ServiceClient(ClientConfig.defaults())) {
            CountDownLatch firstPage = new CountDownLatch(1);
            CompletableFuture<Long> f =
                    NotificationExporter.export(
                            session(c),
                            NotificationQuery.ALL,
                            NotificationSink.report(
                                    ExportFormat.CSV,
                                    ReportFixtures.labels(AppLanguage.ENGLISH),
                                    ReportFixtures.scope(NotificationQuery.ALL)),
                            dir.resolve("c.csv"),
                            4,
                            (w, t) -> firstPage.countDown());
            assertThat(firstPage.await(10, TimeUnit.SECONDS)).isTrue();
            f.cancel(true);
            hold.countDown();
            org.testfx.util.WaitForAsyncUtils.waitFor(
                    10, TimeUnit.SECONDS, () -> c.activeCalls() == 0);
            assertThat(f).isCancelled();
            assertThat(listing()).isEmpty();
        }
    }
}
