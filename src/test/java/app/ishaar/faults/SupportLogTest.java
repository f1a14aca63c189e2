package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.support.Diagnostics;
import app.ishaar.core.support.SupportLog;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The support log after a scripted session with the built-in sandbox: a login, every page of a
 * history, an export, a login with a wrong secret. Each step is there with its correlation ID,
 * status and time; no line holds the client secret, a token, or any notification's text or address.
 * Help › Copy diagnostics gives the version, the settings and the log's tail, and no secret either.
 */
class SupportLogTest {

    @TempDir Path home;

    @AfterEach
    void stopTheLog() {
        SupportLog.close();
    }

    /** The command line in-process with the support log in {@code logDir}. */
    private static FaultKit.CliResult cli(Path logDir, Map<String, String> env, String... args) {
        return FaultKit.cli(ClientConfig.defaults(), () -> null, env, null, false, logDir, args);
    }

    @Test
    void aScriptedSessionLeavesEachStepInTheLogAndNoSecretTokenOrMessage() throws Exception {
        Path logDir = home.resolve("state/ishaar/log");
        List<String> mustNotAppear = new ArrayList<>();
        try (Sandbox sandbox =
                Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(120).build())) {
            SandboxAccount account =
                    sandbox.accounts().stream()
                            .filter(a -> a.clientId().equals("erp-nile-trading"))
                            .findFirst()
                            .orElseThrow();
            mustNotAppear.add(account.clientSecret());
            Map<String, String> env =
                    Map.of("SECRET", account.clientSecret(), "WRONG", "Wrong-S3cret-value-1");
            String[] connect = {
                "--auth-url",
                sandbox.authUrl(),
                "--base-url",
                sandbox.baseUrl(),
                "--client-id",
                account.clientId()
            };

            // a login
            FaultKit.CliResult login =
                    cli(logDir, env, concat("login", connect, "--client-secret-env", "SECRET"));
            assertThat(login.code()).as(login.err()).isZero();

            // every page of the history
            FaultKit.CliResult pages =
                    cli(
                            logDir,
                            env,
                            concat(
                                    "notifications",
                                    connect,
                                    "--client-secret-env",
                                    "SECRET",
                                    "--all",
                                    "--page-size",
                                    "50",
                                    "--format",
                                    "json"));
            assertThat(pages.code()).as(pages.err()).isZero();
            JsonNode all = FaultKit.JSON.readTree(pages.out());
            assertThat(all).hasSizeGreaterThan(100);
            for (JsonNode n : all) {
                String message = n.path("finalMessage").asText("");
                if (message.length() >= 12) {
                    mustNotAppear.add(message.substring(0, 12));
                }
                String address = n.path("address").asText("");
                if (address.length() >= 6) {
                    mustNotAppear.add(address);
                }
            }

            // an export, as the desktop app runs it
            try (ServiceClient client = new ServiceClient(ClientConfig.defaults());
                    Session session =
                            client.openSession(
                                    Environment.custom(sandbox.authUrl(), sandbox.baseUrl()),
                                    new Credentials(
                                            account.clientId(),
                                            account.clientSecret().toCharArray(),
                                            null,
                                            null))) {
                long written =
                        NotificationExporter.export(
                                        session,
                                        NotificationQuery.ALL,
                                        NotificationSink.csvForPrograms(true),
                                        home.resolve("export.csv"),
                                        2,
                                        null)
                                .get(60, TimeUnit.SECONDS);
                assertThat(written).isEqualTo(all.size());
            }

            // a failure
            FaultKit.CliResult wrong =
                    cli(logDir, env, concat("login", connect, "--client-secret-env", "WRONG"));
            assertThat(wrong.code()).isEqualTo(3);
            mustNotAppear.add("Wrong-S3cret-value-1");
        }
        SupportLog.flush();

        String log = readAll(logDir);
        assertThat(log)
                .contains("run ")
                .contains("ishaar login --auth-url --base-url --client-id --client-secret-env")
                .contains("exit 0 in")
                .contains("exit 3 in")
                .contains("page 1 (size 50)")
                .contains("page 2 (size 50)")
                .contains("-> 200 in")
                .contains("export ")
                .contains("notifications written in")
                .contains("login rejected");
        assertThat(
                        Pattern.compile(
                                        "login [0-9a-f]{8}: POST \\S+/connect/token -> 200 in \\d+ ms")
                                .matcher(log)
                                .find())
                .as("a login with its correlation ID, status and time:%n%s", log)
                .isTrue();
        assertNothingSecret(log, mustNotAppear);

        // Help › Copy diagnostics
        Path config = Files.createDirectories(home.resolve("config"));
        SettingsStore store = new SettingsStore(config);
        store.save(Settings.defaults().withLanguage("ar", false));
        String diagnostics =
                Diagnostics.text(ServiceClient.version(), store.file(), Optional.of(logDir));
        assertThat(diagnostics)
                .contains("Ishaar ")
                .contains("Java ")
                .contains(System.getProperty("os.name"))
                .contains("\"language\" : \"ar\"")
                .contains("--- support log, last lines ---")
                .contains("exit 3 in");
        assertNothingSecret(diagnostics, mustNotAppear);
        LocalFaultMatrix.pass("support-log");
    }

    @Test
    void theLogsFolderAndEveryFileAreTheUsersAloneWhateverTheyWere() throws Exception {
        Path logDir = Files.createDirectories(home.resolve("state/ishaar/log"));
        Files.setPosixFilePermissions(logDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        for (String name : List.of("ishaar.0.log", "ishaar.1.log")) {
            Files.writeString(logDir.resolve(name), "an older line\n");
            Files.setPosixFilePermissions(
                    logDir.resolve(name), PosixFilePermissions.fromString("rw-r--r--"));
        }
        assertThat(SupportLog.install(logDir, "cli")).isTrue();
        assertOwnerOnly(logDir);

        // past the first file's limit: the rotation opens a new file, which is the user's too
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("app.ishaar.test");
        // a command run earlier in this JVM may have left the app's loggers at WARNING
        log.setLevel(java.util.logging.Level.INFO);
        String line = "x".repeat(1000);
        for (int i = 0; i < SupportLog.FILE_LIMIT / 1000 + 50; i++) {
            log.info(line);
        }
        SupportLog.flush();
        try (Stream<Path> files = Files.list(logDir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .contains("ishaar.2.log")
                    .as("rotated");
        }
        assertOwnerOnly(logDir);

        // a new folder is made the user's alone as well
        SupportLog.close();
        Path fresh = home.resolve("other/log");
        assertThat(SupportLog.install(fresh, "cli")).isTrue();
        log.info("a line");
        SupportLog.flush();
        assertOwnerOnly(fresh);
    }

    private static void assertOwnerOnly(Path dir) throws Exception {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
                .as("the folder %s", dir)
                .isEqualTo("rwx------");
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f)))
                        .as("%s", f.getFileName())
                        .isEqualTo("rw-------");
            }
        }
    }

    @Test
    void aSecretOrTokenTheServiceEchoesIsMaskedOnStderrAsInTheLog() throws Exception {
        Path logDir = home.resolve("state/ishaar/log");
        String secret = "Echoed-S3cret-\u0633-" + Long.toHexString(System.nanoTime());
        String token = TestTokens.standardToken("echoed");
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            String url = server.url("/").toString();
            // the identity service refuses the login and quotes what it was sent
            server.enqueue(
                    TestTokens.json(
                            400,
                            FaultKit.JSON
                                    .createObjectNode()
                                    .put("error", "invalid_client")
                                    .put(
                                            "error_description",
                                            "client secret "
                                                    + secret
                                                    + " is not valid; last token "
                                                    + token)
                                    .toString()));
            // a login that works, then the service's error text quoting the secret and a token
            server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t")));
            com.fasterxml.jackson.databind.node.ObjectNode error = FaultKit.JSON.createObjectNode();
            error.putObject("error")
                    .put("code", "BadArgument")
                    .put("target", "query")
                    .put("message", "sent with " + secret + " and " + token);
            server.enqueue(TestTokens.json(400, error.toString()));
            Map<String, String> env = Map.of(FaultKit.SECRET_VAR, secret);
            FaultKit.CliResult login = cli(logDir, env, FaultKit.asNile("login", url, "-v"));
            FaultKit.CliResult page = cli(logDir, env, FaultKit.asNile("notifications", url, "-v"));
            assertThat(login.code()).as(login.err()).isEqualTo(3);
            assertThat(page.code()).as(page.err()).isNotZero();
            for (FaultKit.CliResult r : List.of(login, page)) {
                assertThat(r.err())
                        .as("stderr")
                        .doesNotContain(secret)
                        .doesNotContain(token)
                        .contains("[hidden]");
                assertThat(r.out()).doesNotContain(secret);
            }
            assertThat(login.err()).contains("[token hidden]");
            assertThat(page.err()).contains("sent with [hidden] and [token hidden]");
        }
        SupportLog.flush();
        String log = readAll(logDir);
        assertThat(log).doesNotContain(secret).doesNotContain(token).contains("[hidden]");
    }

    private static void assertNothingSecret(String text, List<String> mustNotAppear) {
        assertThat(text).doesNotContainPattern("eyJ[A-Za-z0-9_-]{4,}\\.");
        assertThat(text.toLowerCase(java.util.Locale.ROOT)).doesNotContain("bearer ");
        for (String s : mustNotAppear) {
            assertThat(text).as("the log holds %s", s).doesNotContain(s);
        }
    }

    private static String readAll(Path dir) throws Exception {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().contains(".log")).toList()) {
                b.append(Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return b.toString();
    }

    private static String[] concat(String command, String[] connect, String... more) {
        List<String> a = new ArrayList<>();
        a.add(command);
        a.addAll(List.of(connect));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }
}
