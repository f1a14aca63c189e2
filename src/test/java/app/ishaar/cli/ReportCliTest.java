package app.ishaar.cli;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.report.SummaryFixture;
import app.ishaar.core.service.ClientConfig;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Sheet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ishaar report} over the archive of {@link SummaryFixture}, whose counts are known. */
class ReportCliTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;
    Path file;

    @BeforeEach
    void archive() throws Exception {
        file = tmp.resolve("archive.db");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            SummaryFixture.fill(a);
        }
    }

    InboxCliTest.Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of("ISHAAR_ARCHIVE", file.toString())::get,
                        null,
                        SummaryFixture.CAIRO,
                        ClientConfig.defaults(),
                        () -> null);
        int code = IshaarCli.run(io, args);
        return new InboxCliTest.Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jsonOfTheWeekIsTheGoldenOne() throws Exception {
        InboxCliTest.Result r =
                run(
                        "report",
                        "--env",
                        "sandbox",
                        "--from",
                        "2026-03-02",
                        "--to",
                        "2026-03-08",
                        "--format",
                        "json");
        assertThat(r.code()).as(r.err()).isZero();
        try (InputStream golden = getClass().getResourceAsStream("report-week.json")) {
            // every pending notification of the fixture is by now more than a day old
            assertThat(JSON.readTree(r.out())).isEqualTo(JSON.readTree(golden));
        }
    }

    @Test
    void theTaxpayersAskedAreTheOnlyOnesCounted() throws Exception {
        InboxCliTest.Result r =
                run(
                        "report",
                        "--env",
                        "sandbox",
                        "--taxpayer",
                        SummaryFixture.DELTA.value(),
                        "--from",
                        "2026-03-02",
                        "--to",
                        "2026-03-08T23:59:59+02:00",
                        "--format",
                        "json");
        assertThat(r.code()).as(r.err()).isZero();
        var json = JSON.readTree(r.out());
        assertThat(json.at("/totals/all").asLong()).isEqualTo(4);
        assertThat(json.at("/byTaxpayer/0/name").asText()).isEqualTo(SummaryFixture.DELTA_NAME);
        assertThat(json.get("byTaxpayer")).hasSize(1);
    }

    @Test
    void textSaysTheTotalsAndWhoNeedsAttention() {
        InboxCliTest.Result r =
                run("report", "--env", "sandbox", "--from", "2026-03-02", "--to", "2026-03-08");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("Notifications summary")
                .containsPattern("All notifications +12")
                .containsPattern("Failed +4")
                .contains("Nile Trading (204918573)")
                .containsPattern("SMS gateway timeout +3");
    }

    @Test
    void aPdfIsWrittenToTheOutputFile() throws Exception {
        Path pdf = tmp.resolve("week.pdf");
        InboxCliTest.Result r =
                run(
                        "report",
                        "--env",
                        "sandbox",
                        "--from",
                        "2026-03-02",
                        "--to",
                        "2026-03-08",
                        "--format",
                        "pdf",
                        "--lang",
                        "ar",
                        "--output",
                        pdf.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(Files.readAllBytes(pdf)).startsWith("%PDF-".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void aWorkbookOfThePeriodHasItsNotificationsAndTheSameSummary() throws Exception {
        Path xlsx = tmp.resolve("week.xlsx");
        InboxCliTest.Result r =
                run(
                        "report",
                        "--env",
                        "sandbox",
                        "--from",
                        "2026-03-02",
                        "--to",
                        "2026-03-08",
                        "--format",
                        "xlsx",
                        "--output",
                        xlsx.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        try (ReadableWorkbook wb = new ReadableWorkbook(xlsx.toFile())) {
            assertThat(wb.getSheets().map(Sheet::getName))
                    .containsExactly(
                            "Notifications", "Delivery attempts", "Summary", "About this export");
            assertThat(wb.getSheet(0).orElseThrow().read()).hasSize(1 + 12);
            List<String> all =
                    wb.getSheet(2).orElseThrow().read().stream()
                            .filter(row -> row.getCellText(0).equals("All notifications"))
                            .findFirst()
                            .map(row -> List.of(row.getCellText(0), row.getCellText(1)))
                            .orElseThrow();
            assertThat(all).containsExactly("All notifications", "12");
        }
        InboxCliTest.oneLine(
                run("report", "--from", "2026-03-02", "--to", "2026-03-08", "--format", "xlsx"),
                ExitCodes.USAGE,
                "--format xlsx: give --output FILE");
    }

    @Test
    void aPeriodEndingBeforeItBeginsIsOneLineAndExit2() {
        InboxCliTest.Result r = run("report", "--from", "2026-03-08", "--to", "2026-03-02");
        InboxCliTest.oneLine(r, ExitCodes.USAGE, "--to: is not after --from");
    }

    @Test
    void anUnknownTaxpayerIsOneLineAndExit2() {
        InboxCliTest.Result r =
                run(
                        "report",
                        "--env",
                        "sandbox",
                        "--taxpayer",
                        "100000009",
                        "--from",
                        "2026-03-02",
                        "--to",
                        "2026-03-08");
        InboxCliTest.oneLine(r, ExitCodes.USAGE, "100000009 is not in the archive");
    }

    @Test
    void aMissingPeriodOrAnUnreadableDateIsOneLineAndExit2() {
        InboxCliTest.oneLine(run("report", "--from", "2026-03-02"), ExitCodes.USAGE, "--to");
        InboxCliTest.oneLine(
                run("report", "--from", "last week", "--to", "2026-03-08"),
                ExitCodes.USAGE,
                "--from: not an ISO-8601 date");
    }
}
