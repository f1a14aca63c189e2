package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.cli.CliIo;
import app.ishaar.cli.IshaarCli;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.SandboxProvider;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Shared helpers of the fault suite: canned answers built with Jackson, an in-process CLI run, a
 * closed port.
 */
final class FaultKit {
    private FaultKit() {}

    static final ObjectMapper JSON = new ObjectMapper();
    static final String SECRET = "Fault-S3cret-\u0633\u0631-value";
    static final String SECRET_VAR = "ISHAAR_FAULT_SECRET";

    /**
     * Short timeouts and waits so that every fault is over in well under a second, except a 1 s
     * Retry-After, the rate-limit patience (1 s here, 5 min by default) and the deadline of one
     * exchange (4 s here, 60 s by default) that ends a server sending one byte at a time.
     */
    static ClientConfig config() {
        return ClientConfig.defaults()
                .withRetries(2, Duration.ofMillis(5))
                .withMaxRetryAfter(Duration.ofSeconds(5))
                .withRateLimitPatience(Duration.ofSeconds(1))
                .withReadTimeout(Duration.ofMillis(700))
                .withCallTimeout(Duration.ofSeconds(4));
    }

    /**
     * One notification as the service writes it; {@code attempts} delivery attempts; a message of
     * {@code messageChars}.
     */
    static ObjectNode notification(String id, Instant received, int attempts, int messageChars) {
        ObjectNode n = JSON.createObjectNode();
        n.put("notificationId", id);
        n.put("receivedDateTime", received.toString());
        n.putNull("deliveredDateTime");
        n.put("typeId", "7");
        n.put("typeName", "Document Validated");
        n.put(
                "finalMessage",
                messageChars <= 0
                        ? "ok"
                        : "\u0631".repeat(messageChars / 2)
                                + "x".repeat(messageChars - messageChars / 2));
        n.put("channel", "email");
        n.put("address", "a@b.example");
        n.put("language", "ar");
        n.put("status", "error");
        ArrayNode a = n.putArray("deliveryAttempts");
        for (int i = 0; i < attempts; i++) {
            ObjectNode x = a.addObject();
            x.put("attemptDateTime", received.plusSeconds(i).toString());
            x.put("status", "error");
            x.put("statusDetails", "mailbox unavailable #" + i);
        }
        return n;
    }

    static String page(int totalPages, long totalCount, List<ObjectNode> items) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode r = root.putArray("result");
        items.forEach(r::add);
        ObjectNode meta = root.putObject("metadata");
        meta.put("totalPages", totalPages);
        meta.put("totalCount", totalCount);
        return root.toString();
    }

    static String page(int totalPages, long totalCount, String... ids) {
        List<ObjectNode> items = new ArrayList<>();
        Instant t = Instant.parse("2026-03-01T10:00:00Z");
        for (String id : ids) {
            items.add(notification(id, t, 1, 0));
            t = t.minusSeconds(60);
        }
        return page(totalPages, totalCount, items);
    }

    /** A loopback port nobody listens on (bound, read, released). */
    static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * A command's line as erp-nile of the service at {@code url} (its identity service too), the
     * secret in {@link #SECRET_VAR}: {@code command --auth-url URL --base-url URL --client-id
     * erp-nile --client-secret-env ISHAAR_FAULT_SECRET more...}.
     */
    static String[] asNile(String command, String url, String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                command,
                                "--auth-url",
                                url,
                                "--base-url",
                                url,
                                "--client-id",
                                "erp-nile",
                                "--client-secret-env",
                                SECRET_VAR));
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    record CliResult(int code, String out, String err) {}

    static CliResult cli(
            ClientConfig config,
            Supplier<SandboxProvider> sandbox,
            Map<String, String> env,
            String... args) {
        return cli(config, sandbox, env, null, args);
    }

    /** The same, with a terminal that answers the command line's questions ({@code prompt}). */
    static CliResult cli(
            ClientConfig config,
            Supplier<SandboxProvider> sandbox,
            Map<String, String> env,
            CliIo.SecretPrompt prompt,
            String... args) {
        return cli(config, sandbox, env, prompt, false, null, args);
    }

    /**
     * The same, its standard output a terminal or not, its support log in {@code logDir} (null:
     * none).
     */
    static CliResult cli(
            ClientConfig config,
            Supplier<SandboxProvider> sandbox,
            Map<String, String> env,
            CliIo.SecretPrompt prompt,
            boolean terminal,
            Path logDir,
            String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        env::get,
                        prompt,
                        ZoneOffset.UTC,
                        config,
                        sandbox,
                        terminal,
                        logDir);
        int code = IshaarCli.run(io, args);
        return new CliResult(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static CliResult cli(ClientConfig config, String... args) {
        return cli(config, () -> null, Map.of(SECRET_VAR, SECRET), args);
    }

    /**
     * The command line's promise on failure: one line on stderr, prefixed, no stack trace, no
     * exception class names.
     */
    static void assertOneClearLine(CliResult r) {
        assertThat(r.err().strip().lines().count()).as("stderr: %s", r.err()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("ishaar: ")
                .doesNotContain("\tat ")
                .doesNotContain("Exception")
                .doesNotContain("internal error");
    }
}
