package app.ishaar;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.cli.CliIo;
import app.ishaar.cli.IshaarCli;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxPage;
import app.ishaar.sandbox.SandboxQuery;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The command line against the built-in sandbox over loopback: {@code notifications --env sandbox
 * --all --format json} returns exactly the sandbox's own data for the filter, newest first. The CLI
 * starts its own embedded sandbox (through {@link EmbeddedSandbox}); the expected data comes from a
 * second sandbox with the same pinned seed and anchor, queried through its test API.
 */
class SandboxCliTest {

    private static final String SEED = "4242";
    private static final String ANCHOR = "2026-01-01T00:00:00Z";
    private static String savedSeed;
    private static String savedAnchor;
    private static Sandbox reference;

    @BeforeAll
    static void pinTheData() throws Exception {
        savedSeed = System.getProperty(SandboxConfig.SEED_PROPERTY);
        savedAnchor = System.getProperty(SandboxConfig.ANCHOR_PROPERTY);
        System.setProperty(SandboxConfig.SEED_PROPERTY, SEED);
        System.setProperty(SandboxConfig.ANCHOR_PROPERTY, ANCHOR);
        reference = Sandbox.start(SandboxConfig.defaults());
    }

    @AfterAll
    static void restore() {
        reference.close();
        restore(SandboxConfig.SEED_PROPERTY, savedSeed);
        restore(SandboxConfig.ANCHOR_PROPERTY, savedAnchor);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    record Result(int code, String out, String err) {}

    private static Result cli(String... args) {
        SandboxAccount account = account();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String blocked =
                reference.accounts().stream()
                        .filter(a -> a.kind().equals("blocked"))
                        .findFirst()
                        .orElseThrow()
                        .clientSecret();
        Map<String, String> env =
                Map.of(
                        "NILE_SECRET",
                        account.clientSecret(),
                        "BLOCKED_SECRET",
                        blocked,
                        "WRONG_SECRET",
                        "not-the-secret");
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        env::get,
                        null,
                        ZoneOffset.UTC,
                        ClientConfig.defaults(),
                        EmbeddedSandbox::new);
        int code = IshaarCli.run(io, args);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static SandboxAccount account() {
        return reference.accounts().stream()
                .filter(a -> a.clientId().equals("erp-nile-trading"))
                .findFirst()
                .orElseThrow();
    }

    /**
     * Every page of the sandbox's own answer, written exactly as its API sends each notification.
     */
    private static ArrayNode expected(SandboxQuery q) {
        ObjectMapper m = new ObjectMapper();
        ArrayNode all = m.createArrayNode();
        String rin = account().taxpayers().get(0).rin();
        for (int p = 1; ; p++) {
            SandboxPage page = reference.query(rin, q.withPage(p, 100));
            for (SandboxNotification n : page.result()) {
                n.writeWire(all.addObject());
            }
            if (p >= page.totalPages()) {
                return all;
            }
        }
    }

    private static void assertNewestFirst(JsonNode array) {
        List<Instant> times = new ArrayList<>();
        array.forEach(n -> times.add(Instant.parse(n.get("receivedDateTime").asText())));
        assertThat(times).isSortedAccordingTo((a, b) -> b.compareTo(a));
    }

    @Test
    void everyNotificationAsJsonEqualsTheSandboxsOwnData() throws Exception {
        Result r =
                cli(
                        "notifications",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-nile-trading",
                        "--client-secret-env",
                        "NILE_SECRET",
                        "--all",
                        "--format",
                        "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode got = new ObjectMapper().readTree(r.out());
        ArrayNode want = expected(new SandboxQuery(null, null, null, null, null, null, 1, 100));
        assertThat(want.size())
                .isEqualTo(reference.notificationCount(account().taxpayers().get(0).rin()));
        assertThat(got.size()).isEqualTo(want.size());
        assertThat(got).isEqualTo(want);
        assertNewestFirst(got);
    }

    @Test
    void aFilteredExportEqualsTheSandboxsOwnAnswerForThatFilter() throws Exception {
        Result r =
                cli(
                        "notifications",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-nile-trading",
                        "--client-secret-env",
                        "NILE_SECRET",
                        "--all",
                        "--from",
                        "2025-03-01",
                        "--to",
                        "2025-10-31",
                        "--language",
                        "ar",
                        "--status",
                        "delivered",
                        "--format",
                        "json",
                        "--page-size",
                        "37");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode got = new ObjectMapper().readTree(r.out());
        Instant from = Instant.parse("2025-03-01T00:00:00Z");
        Instant to = Instant.parse("2025-11-01T00:00:00Z").minusNanos(100);
        ArrayNode want =
                expected(new SandboxQuery(from, to, null, "ar", "delivered", null, 1, 100));
        assertThat(want.size()).isGreaterThan(10);
        assertThat(got).isEqualTo(want);
        assertNewestFirst(got);
    }

    @Test
    void loginAgainstTheSandboxShowsTheTaxpayerAndWrongSecretsAndBlockedUsersExitWith3() {
        Result ok =
                cli(
                        "login",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-nile-trading",
                        "--client-secret-env",
                        "NILE_SECRET");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains(account().taxpayers().get(0).rin()).contains("Expires:");
        Result blocked =
                cli(
                        "login",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-blocked",
                        "--client-secret-env",
                        "BLOCKED_SECRET");
        assertThat(blocked.code()).isEqualTo(3);
        assertThat(blocked.err()).contains("blocked");
        Result wrong =
                cli(
                        "login",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-nile-trading",
                        "--client-secret-env",
                        "WRONG_SECRET");
        assertThat(wrong.code()).isEqualTo(3);
        assertThat(wrong.err()).contains("wrong client ID or client secret");
    }

    @Test
    void aPageSizeOverTheSandboxsMaximumIsReportedAsSuch() {
        Result r =
                cli(
                        "notifications",
                        "--env",
                        "sandbox",
                        "--client-id",
                        "erp-nile-trading",
                        "--client-secret-env",
                        "NILE_SECRET",
                        "--page-size",
                        "101");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--page-size").contains("refused");
    }
}
