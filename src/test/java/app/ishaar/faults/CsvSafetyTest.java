package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.TestTokens;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/**
 * The command line's CSV: formula-safe by default, like the desktop export (a spreadsheet opening
 * {@code notifications --format csv --output march.csv} runs no cell), exact with {@code
 * --csv-raw}; and to a terminal, the service's control characters and escape sequences written as
 * {@code \\uXXXX} by the table's own escaper, never sent to the terminal.
 */
class CsvSafetyTest {

    @StartStop final MockWebServer server = new MockWebServer();

    static final String ESC = "\u001b]0;pwned\u0007\u001b[2J";

    /** One notification whose texts would run as formulas, or act on a terminal. */
    String hostilePage() {
        ObjectNode n = FaultKit.notification("n-1", Instant.parse("2026-03-01T10:00:00Z"), 1, 0);
        n.put("finalMessage", "=HYPERLINK(\"http://evil.example\",\"open\")");
        n.put("address", "+201001234567");
        n.put("typeName", "@SUM(1+1)" + ESC);
        n.put("status", "-2+3");
        n.put("channel", "\tcmd");
        return FaultKit.page(1, 1, List.of(n));
    }

    /** The CLI with its stdout a terminal or not. */
    FaultKit.CliResult cli(boolean terminal, String... more) {
        server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t")));
        server.enqueue(TestTokens.json(200, hostilePage()));
        String url = server.url("/").toString();
        List<String> args = new ArrayList<>(List.of("--format", "csv"));
        args.addAll(List.of(more));
        return FaultKit.cli(
                FaultKit.config(),
                () -> null,
                Map.of(FaultKit.SECRET_VAR, FaultKit.SECRET),
                null,
                terminal,
                null,
                FaultKit.asNile("notifications", url, args.toArray(new String[0])));
    }

    /** The CSV's data row, header name → cell. */
    static Map<String, String> row(String csv) throws Exception {
        CsvMapper m = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<String[]> rows = new ArrayList<>();
        try (MappingIterator<String[]> it = m.readerFor(String[].class).readValues(csv)) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(2);
        Map<String, String> r = new java.util.HashMap<>();
        for (int i = 0; i < rows.get(0).length; i++) {
            r.put(rows.get(0)[i], rows.get(1)[i]);
        }
        return r;
    }

    @Test
    void byDefaultNoCellRunsAsAFormulaAndTheTextStaysReadable() throws Exception {
        FaultKit.CliResult r = cli(false);
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, String> row = row(r.out());
        assertThat(row.get("finalMessage"))
                .isEqualTo("'=HYPERLINK(\"http://evil.example\",\"open\")");
        assertThat(row.get("typeName")).isEqualTo("'@SUM(1+1)" + ESC);
        assertThat(row.get("channel")).isEqualTo("'\tcmd");
        assertThat(row.get("status")).isEqualTo("'-2+3");
        assertThat(row.get("address"))
                .as("a plain number is left alone")
                .isEqualTo("+201001234567");
        LocalFaultMatrix.pass("csv-formula");
    }

    @Test
    void csvRawKeepsEveryValueExactlyForPrograms() throws Exception {
        FaultKit.CliResult r = cli(false, "--csv-raw");
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, String> row = row(r.out());
        assertThat(row.get("finalMessage"))
                .isEqualTo("=HYPERLINK(\"http://evil.example\",\"open\")");
        assertThat(row.get("typeName")).isEqualTo("@SUM(1+1)" + ESC);
        assertThat(row.get("channel")).isEqualTo("\tcmd");
    }

    @Test
    void csvRawIsForCsvOnly() {
        String url = server.url("/").toString();
        FaultKit.CliResult r =
                FaultKit.cli(
                        FaultKit.config(),
                        FaultKit.asNile("notifications", url, "--format", "json", "--csv-raw"));
        assertThat(r.code()).isEqualTo(2);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("--csv-raw: only with --format csv");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void toATerminalControlCharactersAreWrittenAsTheTableWritesThem() throws Exception {
        for (boolean raw : new boolean[] {false, true}) {
            FaultKit.CliResult r = raw ? cli(true, "--csv-raw") : cli(true);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(InputRules.hasUnsafeCharacters(r.out().replace("\r\n", "")))
                    .as("control characters reach the terminal: %s", r.out())
                    .isFalse();
            Map<String, String> row = row(r.out());
            String typeName = InputRules.printable("@SUM(1+1)" + ESC, Integer.MAX_VALUE);
            assertThat(row.get("typeName")).isEqualTo(raw ? typeName : "'" + typeName);
            assertThat(row.get("typeName")).contains("\\u001B]0;pwned\\u0007");
        }
        LocalFaultMatrix.pass("csv-terminal");
    }
}
