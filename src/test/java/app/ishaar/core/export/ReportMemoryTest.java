package app.ishaar.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.ui.i18n.AppLanguage;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exports stay streaming: 100,000 notifications, each with its own message of about a kilobyte and
 * two delivery attempts (over 200 MB of distinct text in memory, were it kept), are written as a
 * workbook and as CSV for spreadsheets by a JVM given a 64 MB heap, page by page as the exporter
 * writes them.
 */
class ReportMemoryTest {

    static final int COUNT = 100_000;
    static final String HEAP = "-Xmx64m";

    @TempDir Path dir;

    @Test
    void aHundredThousandNotificationsExportWithinA64MegabyteHeap() throws Exception {
        Path xlsx = dir.resolve("large.xlsx");
        Path csv = dir.resolve("large.csv");
        String cp =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        Path log = dir.resolve("child.log");
        Process child =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                HEAP,
                                "-XX:+UseSerialGC",
                                "-Djava.io.tmpdir=" + dir,
                                "-cp",
                                cp,
                                LargeExport.class.getName(),
                                xlsx.toString(),
                                csv.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        if (!child.waitFor(10, TimeUnit.MINUTES)) {
            child.destroyForcibly();
        }
        String said = Files.readString(log, StandardCharsets.UTF_8);
        System.out.print(said);
        assertThat(child.exitValue()).as(said).isZero();
        try (ReadableWorkbook wb = new ReadableWorkbook(xlsx.toFile())) {
            List<Row> about = wb.getSheet(2).orElseThrow().read();
            assertThat(about)
                    .anySatisfy(
                            r -> {
                                assertThat(r.getCellText(0)).isEqualTo("Notifications");
                                assertThat(r.getCellText(1)).isEqualTo(String.valueOf(COUNT));
                            })
                    .anySatisfy(
                            r -> {
                                assertThat(r.getCellText(0)).isEqualTo("Delivery attempts");
                                assertThat(r.getCellText(1)).isEqualTo(String.valueOf(2 * COUNT));
                            });
        }
        long records = 0;
        try (MappingIterator<List<String>> it =
                new CsvMapper()
                        .enable(CsvParser.Feature.WRAP_AS_ARRAY)
                        .readerForListOf(String.class)
                        .readValues(Files.newBufferedReader(csv, StandardCharsets.UTF_8))) {
            for (; it.hasNext(); it.next()) {
                records++;
            }
        }
        assertThat(records).as("a header and a record per notification").isEqualTo(COUNT + 1);
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .as("the spooled attempts are gone")
                    .noneMatch(n -> n.startsWith("ishaar-export-"));
        }
    }

    /** The child: writes both files in pages of 100 and says how long and how much heap. */
    public static final class LargeExport {
        public static void main(String[] args) throws IOException {
            long start = System.nanoTime();
            write(Path.of(args[0]), ExportFormat.XLSX);
            write(Path.of(args[1]), ExportFormat.CSV);
            long peak = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    peak += pool.getPeakUsage().getUsed();
                }
            }
            System.out.printf(
                    "%,d notifications as XLSX and CSV in %,d ms; peak heap %d MB (max %d MB)%n",
                    COUNT,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start),
                    peak >> 20,
                    Runtime.getRuntime().maxMemory() >> 20);
        }

        private static void write(Path file, ExportFormat format) throws IOException {
            try (AtomicFileWriter f = AtomicFileWriter.open(file);
                    NotificationSink sink =
                            NotificationSink.report(
                                            format,
                                            ReportFixtures.labels(AppLanguage.ENGLISH),
                                            ReportFixtures.scope(NotificationQuery.ALL))
                                    .open(f.stream())) {
                for (int page = 0; page < COUNT / 100; page++) {
                    List<Notification> rows = new ArrayList<>(100);
                    for (int i = page * 100; i < (page + 1) * 100; i++) {
                        rows.add(notification(i));
                    }
                    sink.write(rows);
                }
                sink.finish();
                f.commit();
            }
        }

        static Notification notification(int i) {
            Instant t = Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i * 60L);
            String unique = "INV-" + i + "-" + Integer.toHexString(i * 7919);
            String sentence =
                    "Your invoice "
                            + unique
                            + " was received by Misr Chemical Industries and is being validated. ";
            String message =
                    switch (i % 10) {
                        case 0 ->
                                "<html><body><p>Dear taxpayer,</p><p>"
                                        + sentence.repeat(8)
                                        + "</p></body></html>";
                        case 1 ->
                                "{\"event\":\"DocumentReceived\",\"internalId\":\""
                                        + unique
                                        + "\",\"text\":\""
                                        + sentence.repeat(8)
                                        + "\"}";
                        default -> sentence.repeat(10);
                    };
            return new Notification(
                    "N-" + i,
                    t,
                    t.plusSeconds(5),
                    String.valueOf(1 + i % 9),
                    null,
                    message,
                    i % 2 == 0 ? "email" : "system",
                    "accounts+" + i + "@nile-trading.example",
                    i % 3 == 0 ? "ar" : "en",
                    "delivered",
                    List.of(
                            new DeliveryAttempt(
                                    t.plusSeconds(2), "error", "452 Mailbox full for " + unique),
                            new DeliveryAttempt(t.plusSeconds(5), "delivered", null)));
        }
    }
}
