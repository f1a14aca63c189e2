package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.TestTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One output rule for every command, format and place: the same hostile notification (ESC
 * sequences, BEL, NUL, a C1 CSI, a bidi override) read from the service ({@code notifications}) and
 * from the archive ({@code inbox}), written as a table, CSV and JSON, to a terminal, to standard
 * output that is not one (a pipe) and to a file. A table never hands a control character to
 * anything; CSV writes them as {@code \\uXXXX} to a terminal and as received elsewhere; JSON
 * escapes every C0 and C1 control everywhere and reads back exactly as received.
 */
class OutputRulesMatrixTest {

    @StartStop final MockWebServer server = new MockWebServer();
    @TempDir Path tmp;

    static final Rin NILE = Rin.of("204918573");
    static final String TYPE_NAME =
            "Validated\u001b]0;pwned\u0007\u001b[2J\u009b31m\u0000\u202Eend";
    static final String MESSAGE = "body\u009b2J\u0085\u007f\r\nline";

    enum Target {
        TERMINAL,
        PIPE,
        FILE
    }

    static List<Arguments> matrix() {
        List<Arguments> all = new ArrayList<>();
        for (String command : List.of("notifications", "inbox")) {
            for (String format : List.of("table", "csv", "json")) {
                for (Target t : Target.values()) {
                    all.add(Arguments.of(command, format, t));
                }
            }
        }
        return all;
    }

    ObjectNode hostile() {
        ObjectNode n = FaultKit.notification("n-1", Instant.parse("2026-03-01T10:00:00Z"), 1, 0);
        n.put("typeName", TYPE_NAME);
        n.put("finalMessage", MESSAGE);
        n.put("address", "\u202Emoc.elpmaxe@a\u009b");
        return n;
    }

    @ParameterizedTest(name = "{0} --format {1} to {2}")
    @MethodSource("matrix")
    void serviceTextIsWrittenByOneRule(String command, String format, Target target)
            throws Exception {
        List<String> args = new ArrayList<>();
        Map<String, String> env;
        if (command.equals("notifications")) {
            server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t")));
            server.enqueue(TestTokens.json(200, FaultKit.page(1, 1, List.of(hostile()))));
            String url = server.url("/").toString();
            args.addAll(List.of(FaultKit.asNile("notifications", url)));
            env = Map.of(FaultKit.SECRET_VAR, FaultKit.SECRET);
        } else {
            Path archive = tmp.resolve("archive.db");
            try (SqliteArchive a = SqliteArchive.open(archive)) {
                a.store(
                        new SyncBatch(
                                ServiceKey.SANDBOX,
                                NILE,
                                List.of(ArchivedNotification.fromRaw(NILE, hostile().toString())),
                                "cp",
                                true,
                                null));
            }
            args.add("inbox");
            env = Map.of("ISHAAR_ARCHIVE", archive.toString());
        }
        args.addAll(List.of("--format", format));
        Path file = tmp.resolve("out." + format);
        if (target == Target.FILE) {
            args.addAll(List.of("--output", file.toString()));
        }
        FaultKit.CliResult r =
                FaultKit.cli(
                        FaultKit.config(),
                        () -> null,
                        env,
                        null,
                        target == Target.TERMINAL,
                        null,
                        args.toArray(new String[0]));
        assertThat(r.code()).as(r.err()).isZero();
        String written =
                target == Target.FILE ? Files.readString(file, StandardCharsets.UTF_8) : r.out();
        String lines = written.replace("\r\n", "\n").replace("\n", "");

        switch (format) {
            case "table" -> {
                assertThat(InputRules.hasUnsafeCharacters(lines))
                        .as("a control or bidi character in the table: %s", written)
                        .isFalse();
                assertThat(written).contains("Validated\\u001B]0;pwned").contains("\\u202Emoc");
            }
            case "csv" -> {
                if (target == Target.TERMINAL) {
                    assertThat(InputRules.hasUnsafeCharacters(lines))
                            .as("a control or bidi character reaches the terminal: %s", written)
                            .isFalse();
                    assertThat(written).contains("\\u009B31m").contains("\\u001B[2J");
                } else {
                    // a program's data: every value as received (formula guard aside)
                    assertThat(written).contains(TYPE_NAME).contains("\u009b2J\u0085\u007f");
                }
            }
            default -> {
                assertThat(written.chars().filter(c -> c != '\n'))
                        .as("a raw C0 or C1 control in the JSON: %s", written)
                        .noneMatch(c -> c < 0x20 || (c >= 0x7F && c <= 0x9F));
                assertThat(written).contains("\\u009B").contains("\\u0085");
                JsonNode item = FaultKit.JSON.readTree(written).get(0);
                assertThat(item.get("typeName").asText()).isEqualTo(TYPE_NAME);
                assertThat(item.get("finalMessage").asText()).isEqualTo(MESSAGE);
            }
        }
    }
}
