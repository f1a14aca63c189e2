package app.ishaar.faults;

import static app.ishaar.faults.FaultKit.assertOneClearLine;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.TestTokens;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input on the command line (issue #9): every login field and every filter with an empty, a 10
 * kB, a control-character, an RTL-override (U+202E) and a wrongly formed value is refused before
 * anything is sent: exit 2, one line naming the option, the typed value never echoed raw (no
 * control or bidi character reaches the terminal, no 10 kB line), and the server sees no request at
 * all. Each field's good value is run too, so that a rule refusing everything would fail here.
 */
class BadInputCliTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @TempDir Path tmp;

    /** One input: the command it belongs to, its option, a good value and wrongly formed ones. */
    record Field(String command, String option, String good, List<String> wrong, String filler) {
        @Override
        public String toString() {
            return command + " " + option;
        }
    }

    static final String URL = "<server>";

    static final List<Field> FIELDS =
            List.of(
                    new Field(
                            "login",
                            "--client-id",
                            "erp-nile",
                            List.of("erp:nile", "erp nile"),
                            "a"),
                    new Field("login", "--client-secret-env", "s3cret-value", List.of(), "s"),
                    new Field("login", "--client-secret-file", "s3cret-value", List.of(), "s"),
                    new Field(
                            "login",
                            "--on-behalf-of",
                            "123456789",
                            List.of("12AB5678", "1234", "\u0661\u0662\u0663\u0664\u0665\u0666"),
                            "1"),
                    new Field(
                            "login",
                            "--scope",
                            "InvoicingAPI",
                            List.of("Invoicing\"API", "a\\b"),
                            "S"),
                    new Field(
                            "login",
                            "--auth-url",
                            URL,
                            List.of(
                                    "ftp://127.0.0.1/",
                                    "id.eta.gov.eg",
                                    "http://id.example.com",
                                    "https://user:pw@id.example.com"),
                            "a"),
                    new Field(
                            "login",
                            "--base-url",
                            URL,
                            List.of(
                                    "ftp://127.0.0.1/",
                                    "api.invoicing.eta.gov.eg",
                                    "http://api.example.com",
                                    "https://x/?q=1"),
                            "a"),
                    new Field(
                            "notifications",
                            "--from",
                            "2026-01-01",
                            List.of("yesterday", "2026-02-30", "01/01/2026"),
                            "0"),
                    new Field(
                            "notifications",
                            "--to",
                            "2026-01-02T10:00:00Z",
                            List.of("31/12/2026", "2026-01-02T25:00Z"),
                            "0"),
                    new Field("notifications", "--type", "7", List.of("letters", "-1"), "7"),
                    new Field(
                            "notifications", "--language", "ar", List.of("english", "arabic"), "a"),
                    new Field("notifications", "--status", "error", List.of("lost", "7"), "e"),
                    new Field("notifications", "--channel", "sms", List.of("pigeon"), "s"),
                    new Field(
                            "notifications", "--page", "2", List.of("-1", "0", "two", "1.5"), "1"),
                    new Field("notifications", "--page-size", "10", List.of("0", "x"), "1"),
                    new Field("notifications", "--concurrency", "2", List.of("99", "0"), "1"));

    static Stream<Arguments> badValues() {
        List<Arguments> out = new ArrayList<>();
        for (Field f : FIELDS) {
            String good = f.good().equals(URL) ? "http://127.0.0.1:1/" : f.good();
            out.add(Arguments.of(f, "empty", ""));
            out.add(Arguments.of(f, "10 kB", good + f.filler().repeat(10_240)));
            out.add(
                    Arguments.of(
                            f,
                            "control character",
                            good.charAt(0) + "\u0007\n" + good.substring(1)));
            out.add(Arguments.of(f, "RTL override", "\u202E" + good));
            for (String w : f.wrong()) {
                out.add(Arguments.of(f, "wrong format " + w, w));
            }
        }
        return out.stream();
    }

    static Stream<Field> fields() {
        return FIELDS.stream();
    }

    /** Answers any login and any query: only a good input may reach it. */
    static final class Anything extends Dispatcher {
        @Override
        public MockResponse dispatch(RecordedRequest r) {
            return r.getUrl().encodedPath().equals("/connect/token")
                    ? TestTokens.tokenResponse(TestTokens.standardToken("bad-input"))
                    : TestTokens.json(200, FaultKit.page(1, 1, "n1"));
        }
    }

    FaultKit.CliResult run(Field f, String value) throws Exception {
        server.setDispatcher(new Anything());
        String url = server.url("/").toString();
        Map<String, String> env = new HashMap<>();
        env.put(FaultKit.SECRET_VAR, "s3cret-value");
        List<String> args = new ArrayList<>(List.of(f.command()));
        args.addAll(
                List.of(
                        "--auth-url",
                        f.option().equals("--auth-url") ? value.replace(URL, url) : url));
        args.addAll(
                List.of(
                        "--base-url",
                        f.option().equals("--base-url") ? value.replace(URL, url) : url));
        args.addAll(List.of("--client-id", f.option().equals("--client-id") ? value : "erp-nile"));
        if (f.option().equals("--client-secret-env")) {
            env.put("BAD_SECRET", value);
            args.addAll(List.of("--client-secret-env", "BAD_SECRET"));
        } else if (f.option().equals("--client-secret-file")) {
            Path file = tmp.resolve("secret.txt");
            Files.writeString(file, value, StandardCharsets.UTF_8);
            args.addAll(List.of("--client-secret-file", file.toString()));
        } else {
            args.addAll(List.of("--client-secret-env", FaultKit.SECRET_VAR));
        }
        if (!f.option().startsWith("--client") && !f.option().endsWith("-url")) {
            args.addAll(List.of(f.option(), value));
        }
        return FaultKit.cli(FaultKit.config(), () -> null, env, args.toArray(new String[0]));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badValues")
    void isRefusedBeforeAnythingIsSent(Field f, String kind, String value) throws Exception {
        FaultKit.CliResult r = run(f, value);
        assertThat(r.code()).as("%s %s: %s", f.option(), kind, r.err()).isEqualTo(2);
        assertOneClearLine(r);
        String line = r.err().strip();
        assertThat(line).contains(f.option());
        assertThat(InputRules.hasUnsafeCharacters(line))
                .as("raw control/bidi characters echoed: %s", line)
                .isFalse();
        assertThat(line.length()).as("the line stays readable").isLessThan(800);
        if (f.option().startsWith("--client-secret") && value.length() > 3) {
            assertThat(line).doesNotContain(value.substring(1));
        }
        assertThat(server.getRequestCount()).as("requests sent").isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fields")
    void theGoodValueIsSent(Field f) throws Exception {
        FaultKit.CliResult r = run(f, f.good());
        assertThat(r.code()).as("%s: %s", f.option(), r.err()).isZero();
        assertThat(server.getRequestCount()).isPositive();
    }
}
