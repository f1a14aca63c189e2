package app.ishaar;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.cli.CliIo;
import app.ishaar.cli.IshaarCli;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxQuery;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code notifications --follow} against a sandbox whose notifications arrive as its clock passes
 * them: what comes is printed once, oldest first, as JSON Lines, and the command ends after
 * --count.
 */
class FollowCliTest {
    private static final String NILE = "204918573";
    private static final Pattern FOLLOWING =
            Pattern.compile("ishaar: following from (\\S+), asked every 1 s");

    private Sandbox sandbox;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** stderr as written, and its line saying from when the command follows, once written. */
    private final StringBuilder err = new StringBuilder();

    private final CompletableFuture<Instant> following = new CompletableFuture<>();

    /** Completed once stderr said a check failed and will be asked again. */
    private final CompletableFuture<String> askingAgain = new CompletableFuture<>();

    @BeforeEach
    void start() throws Exception {
        sandbox = Sandbox.start(SandboxConfig.builder().arrivalsPerHour(60).build());
    }

    @AfterEach
    void stop() {
        sandbox.close();
    }

    private int cli(String... more) {
        OutputStream errStream =
                new OutputStream() {
                    @Override
                    public synchronized void write(int b) {
                        err.append((char) b);
                        Matcher m = FOLLOWING.matcher(err);
                        if (b == '\n' && !following.isDone() && m.find()) {
                            following.complete(Instant.parse(m.group(1)));
                        }
                        if (b == '\n'
                                && !askingAgain.isDone()
                                && err.indexOf("; asking again in 1 s") >= 0) {
                            askingAgain.complete(err.toString());
                        }
                    }
                };
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(errStream, true, StandardCharsets.US_ASCII),
                        Map.of("NILE_SECRET", "sandbox-secret-1")::get,
                        null,
                        ZoneOffset.UTC,
                        ClientConfig.defaults(),
                        () -> null);
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "notifications",
                                "--auth-url",
                                sandbox.authUrl(),
                                "--base-url",
                                sandbox.baseUrl(),
                                "--client-id",
                                "erp-nile-trading",
                                "--client-secret-env",
                                "NILE_SECRET"));
        args.addAll(List.of(more));
        return IshaarCli.run(io, args.toArray(new String[0]));
    }

    @Test
    void whatComesIsPrintedOnceOldestFirstAsJsonLinesUntilTheCountAndAFaultIsAskedAgain()
            throws Exception {
        CompletableFuture<Integer> exit =
                CompletableFuture.supplyAsync(
                        () ->
                                cli(
                                        "--follow",
                                        "--interval",
                                        "1",
                                        "--count",
                                        "3",
                                        "--format",
                                        "json",
                                        "--verbose"));
        Instant newestKnown = following.get(30, TimeUnit.SECONDS);

        // the service fails for a while: said on stderr, and asked again
        sandbox.knobs().fail503Share(1.0);
        assertThat(askingAgain.get(30, TimeUnit.SECONDS)).contains("ishaar: ").contains("503");
        assertThat(exit).as("still following").isNotDone();
        sandbox.knobs().fail503Share(0);

        // half an hour passes at the service: some thirty notifications come at once
        sandbox.knobs().clockOffset(Duration.ofMinutes(30));
        assertThat(exit.get(30, TimeUnit.SECONDS)).as(err.toString()).isZero();

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).as("one object a line").hasSize(3);
        ObjectMapper json = new ObjectMapper();
        List<String> printed = new ArrayList<>();
        for (String line : lines) {
            JsonNode n = json.readTree(line);
            printed.add(n.get("notificationId").asText());
        }
        List<String> expected =
                sandbox
                        .query(
                                NILE,
                                SandboxQuery.all()
                                        .withDates(newestKnown.plusNanos(100), null)
                                        .withPage(1, 100))
                        .result()
                        .stream()
                        .sorted(Comparator.comparing(SandboxNotification::receivedDateTime))
                        .limit(3)
                        .map(SandboxNotification::notificationId)
                        .toList();
        assertThat(printed)
                .as("the three that came first, oldest first")
                .containsExactlyElementsOf(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--follow --all|--follow: prints what comes from now on; give it without --all",
                "--follow --page 2|--follow: prints what comes from now on; give it without --page",
                "--follow --output x.json|--output: --follow writes to stdout as it goes",
                "--interval 5|--interval: only with --follow",
                "--count 5|--count: only with --follow",
                "--follow --interval 0|--interval: must be 1 or more",
                "--follow --count 0|--count: must be 1 or more"
            })
    void followsOptionsThatDoNotGoTogetherAreUsageErrors(String options, String message) {
        assertThat(cli(options.split(" "))).isEqualTo(2);
        assertThat(err.toString()).contains(message);
        assertThat(out.size()).isZero();
    }
}
