package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.TestTokens;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.testing.LogCapture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a scripted session through the command line and the settings store — remember the profile,
 * log in, browse, export as CSV and JSON, a token renewal, a failed login, a session that cannot be
 * renewed, all with {@code --verbose} and every logger at ALL — no file written under the temporary
 * home (settings, exports, leftovers), no log record, and no line printed contains the client
 * secret, its Basic form, or either access token (whole, payload or signature). {@code
 * SecretsNeverLeakTest} proves the same for the client's own log records and exceptions.
 */
class SecretsAfterASessionTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @TempDir Path home;

    LogCapture logs;

    @BeforeEach
    void captureEveryLogger() {
        // The command line sets "app.ishaar" to WARNING unless --verbose (INFO), overriding the ALL
        // set here; explicit levels on its children win over it, hence they are raised one by one.
        logs =
                LogCapture.install(
                        "",
                        "okhttp3",
                        "app.ishaar",
                        "app.ishaar.core",
                        "app.ishaar.cli",
                        "app.ishaar.sandbox",
                        "app.ishaar.ui",
                        "app.ishaar.EmbeddedSandbox");
    }

    @AfterEach
    void release() {
        logs.close();
        // undo what the command line under test set on "app.ishaar" (close() alone would put back
        // whatever was there before)
        Logger.getLogger("app.ishaar").setLevel(null);
    }

    static final String WRONG = "Wrong-S3cret-\u0635";

    /**
     * Checks the Basic header; issues two distinct tokens; refuses the first token once; can refuse
     * every token.
     */
    final class Service extends Dispatcher {
        final String expectedBasic =
                okhttp3.Credentials.basic("erp-nile", FaultKit.SECRET, StandardCharsets.UTF_8);
        final List<String> issued = new ArrayList<>();
        final AtomicInteger apiCalls = new AtomicInteger();
        volatile boolean refuseEveryToken;

        @Override
        public synchronized MockResponse dispatch(RecordedRequest r) {
            if (r.getUrl().encodedPath().equals("/connect/token")) {
                if (!expectedBasic.equals(r.getHeaders().get("Authorization"))) {
                    return TestTokens.json(
                            400,
                            "{\"error\":\"invalid_client\",\"error_description\":\"bad credentials\"}");
                }
                String t = TestTokens.standardToken("secret-session-" + issued.size());
                issued.add(t);
                return TestTokens.tokenResponse(t);
            }
            int n = apiCalls.getAndIncrement();
            if (refuseEveryToken || n == 1) {
                return new MockResponse.Builder()
                        .code(401)
                        .addHeader("WWW-Authenticate", "Bearer error=\"invalid_token\"")
                        .build();
            }
            String p = r.getUrl().queryParameter("pageNo");
            int pageNo = p == null ? 1 : Integer.parseInt(p);
            return TestTokens.json(200, FaultKit.page(3, 3, "n" + pageNo));
        }
    }

    @Test
    void noFileNoLogLineAndNoOutputHoldsTheSecretOrAToken() throws Exception {
        Service service = new Service();
        server.setDispatcher(service);
        String url = server.url("/").toString();
        Path config = Files.createDirectories(home.resolve("config"));
        Path exports = Files.createDirectories(home.resolve("exports"));
        Map<String, String> env =
                Map.of(FaultKit.SECRET_VAR, FaultKit.SECRET, "WRONG_SECRET", WRONG);
        List<String> printed = new ArrayList<>();

        // remember the profile (the secret itself goes to the keychain, never here)
        SettingsStore store = new SettingsStore(config);
        store.save(
                Settings.defaults()
                        .withProfile(
                                new Profile(
                                        Profile.idOf(
                                                app.ishaar.core.service.Environment.Kind.CUSTOM,
                                                url,
                                                "erp-nile"),
                                        app.ishaar.core.service.Environment.Kind.CUSTOM,
                                        url,
                                        url,
                                        "erp-nile",
                                        "InvoicingAPI",
                                        true,
                                        List.of(),
                                        null)));

        String[] connect = {
            "--auth-url",
            url,
            "--base-url",
            url,
            "--client-id",
            "erp-nile",
            "--client-secret-env",
            FaultKit.SECRET_VAR,
            "--verbose"
        };
        FaultKit.CliResult login = cli(env, printed, concat(new String[] {"login"}, connect));
        assertThat(login.code()).as(login.err()).isZero();
        FaultKit.CliResult csv =
                cli(
                        env,
                        printed,
                        concat(
                                new String[] {
                                    "notifications",
                                    "--all",
                                    "--concurrency",
                                    "1",
                                    "--page-size",
                                    "1",
                                    "--format",
                                    "csv",
                                    "--output",
                                    exports.resolve("history.csv").toString()
                                },
                                connect));
        assertThat(csv.code()).as(csv.err()).isZero();
        FaultKit.CliResult json =
                cli(
                        env,
                        printed,
                        concat(
                                new String[] {
                                    "notifications",
                                    "--format",
                                    "json",
                                    "--output",
                                    exports.resolve("history.json").toString()
                                },
                                connect));
        assertThat(json.code()).as(json.err()).isZero();
        FaultKit.CliResult table =
                cli(env, printed, concat(new String[] {"notifications"}, connect));
        assertThat(table.code()).as(table.err()).isZero();
        FaultKit.CliResult wrong =
                cli(
                        env,
                        printed,
                        "login",
                        "--auth-url",
                        url,
                        "--base-url",
                        url,
                        "--client-id",
                        "erp-nile",
                        "--client-secret-env",
                        "WRONG_SECRET",
                        "--verbose");
        assertThat(wrong.code()).isEqualTo(3);
        service.refuseEveryToken = true;
        FaultKit.CliResult ended =
                cli(env, printed, concat(new String[] {"notifications"}, connect));
        assertThat(ended.code()).isEqualTo(4);

        assertThat(service.issued)
                .as("a renewal happened: two tokens or more")
                .hasSizeGreaterThanOrEqualTo(2);
        assertThat(Files.readString(exports.resolve("history.csv"), StandardCharsets.UTF_8))
                .contains("n1")
                .contains("n3");
        List<String> logged = logs.lines();
        assertThat(logged)
                .as("the loggers heard the session")
                .anyMatch(l -> l.contains("logging in"));
        assertThat(logged)
                .as("DEBUG records were captured too")
                .anyMatch(l -> l.contains("correlationId"));

        List<String> secrets =
                new ArrayList<>(
                        List.of(
                                FaultKit.SECRET,
                                WRONG,
                                service.expectedBasic.substring("Basic ".length()),
                                Base64.getEncoder()
                                        .encodeToString(
                                                ("erp-nile:" + WRONG)
                                                        .getBytes(StandardCharsets.UTF_8))));
        for (String t : service.issued) {
            String[] parts = t.split("\\.");
            secrets.addAll(List.of(t, parts[1], parts[2]));
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(home)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertThat(files)
                .as("settings and both exports were written")
                .hasSizeGreaterThanOrEqualTo(3);
        for (Path f : files) {
            String content = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
            for (String s : secrets) {
                assertThat(content).as("%s holds a secret", home.relativize(f)).doesNotContain(s);
            }
        }
        List<String> lines = new ArrayList<>(printed);
        lines.addAll(logs.lines());
        for (String line : lines) {
            for (String s : secrets) {
                assertThat(line).doesNotContain(s);
            }
        }
    }

    private static FaultKit.CliResult cli(
            Map<String, String> env, List<String> printed, String... args) {
        FaultKit.CliResult r = FaultKit.cli(FaultKit.config(), () -> null, env, args);
        printed.add(r.out());
        printed.add(r.err());
        return r;
    }

    private static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
