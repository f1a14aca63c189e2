package app.ishaar.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code ishaar sandbox --json}: the first stdout line is the JSON object; the sandbox answers; it
 * stops cleanly.
 */
class SandboxCommandTest {

    @Test
    void jsonFirstLineDescribesARunningSandboxUntilStopped() throws Exception {
        SandboxCommand command = new SandboxCommand();
        CommandLine cli = new CommandLine(command);
        PipedReader pipe = new PipedReader(1 << 16);
        PrintWriter out = new PrintWriter(new PipedWriter(pipe), true);
        cli.setOut(out);
        cli.setErr(new PrintWriter(new StringWriter()));
        CompletableFuture<Integer> exit =
                CompletableFuture.supplyAsync(
                        () -> cli.execute("--json", "--notifications", "50", "--seed", "3"));
        try {
            BufferedReader reader = new BufferedReader(pipe);
            String firstLine =
                    CompletableFuture.supplyAsync(
                                    () -> {
                                        try {
                                            return reader.readLine();
                                        } catch (java.io.IOException e) {
                                            throw new java.io.UncheckedIOException(e);
                                        }
                                    })
                            .get(20, TimeUnit.SECONDS);

            JsonNode json = new ObjectMapper().readTree(firstLine);
            assertThat(json.get("authUrl").asText()).matches("http://127\\.0\\.0\\.1:\\d+");
            assertThat(json.get("baseUrl").asText()).matches("http://127\\.0\\.0\\.1:\\d+");
            List<String> kinds = new ArrayList<>();
            json.get("accounts")
                    .forEach(
                            a ->
                                    kinds.add(
                                            a.get("clientId").asText()
                                                    + "/"
                                                    + a.get("clientSecret").asText()
                                                    + "/"
                                                    + a.get("kind").asText()));
            assertThat(kinds)
                    .containsExactly(
                            "erp-nile-trading/sandbox-secret-1/taxpayer",
                            "erp-delta-accounting/sandbox-secret-2/intermediary",
                            "erp-blocked/sandbox-secret-3/blocked",
                            "erp-expired/sandbox-secret-4/expired");
            JsonNode delta = json.get("accounts").get(1).get("taxpayers");
            assertThat(delta).hasSize(3);
            assertThat(delta.get(2).get("rin").asText()).isEqualTo("356781204");
            assertThat(delta.get(2).get("name").asText()).isEqualTo("Alexandria Textiles");
            assertThat(delta.get(2).get("grantsNotifications").asBoolean()).isFalse();
            assertThat(json.get("accounts").get(0).get("taxpayers").get(0).get("name").asText())
                    .isEqualTo("Nile Trading Co.");

            // the advertised sandbox answers a login
            HttpResponse<String> login =
                    HttpClient.newHttpClient()
                            .send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            json.get("authUrl").asText()
                                                                    + "/connect/token"))
                                            .header(
                                                    "Authorization",
                                                    "Basic "
                                                            + Base64.getEncoder()
                                                                    .encodeToString(
                                                                            "erp-nile-trading:sandbox-secret-1"
                                                                                    .getBytes()))
                                            .header(
                                                    "Content-Type",
                                                    "application/x-www-form-urlencoded")
                                            .POST(
                                                    HttpRequest.BodyPublishers.ofString(
                                                            "grant_type=client_credentials"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString());
            assertThat(login.statusCode()).isEqualTo(200);
            assertThat(command.sandbox().notificationCount("204918573")).isEqualTo(50);
        } finally {
            command.stop();
        }
        assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
        assertThat(command.sandbox()).isNull();
    }

    @Test
    void representedAddsTheIntermediaryOfManyTaxpayers() throws Exception {
        SandboxCommand command = new SandboxCommand();
        CommandLine cli = new CommandLine(command);
        PipedReader pipe = new PipedReader(1 << 16);
        PrintWriter out = new PrintWriter(new PipedWriter(pipe), true);
        cli.setOut(out);
        cli.setErr(new PrintWriter(new StringWriter()));
        CompletableFuture<Integer> exit =
                CompletableFuture.supplyAsync(
                        () -> cli.execute("--represented", "500", "--notifications", "20"));
        try {
            BufferedReader reader = new BufferedReader(pipe);
            StringBuilder text = new StringBuilder();
            CompletableFuture.runAsync(
                            () -> {
                                try {
                                    for (String line = reader.readLine();
                                            line != null && !line.contains("more (--json");
                                            line = reader.readLine()) {
                                        text.append(line).append('\n');
                                    }
                                } catch (java.io.IOException e) {
                                    throw new java.io.UncheckedIOException(e);
                                }
                            })
                    .get(20, TimeUnit.SECONDS);
            assertThat(text.toString())
                    .contains("erp-pyramids-advisers / sandbox-secret-5 / intermediary");
            assertThat(command.sandbox().accounts().get(4).taxpayers()).hasSize(500);
            JsonNode described = SandboxCommand.describe(command.sandbox());
            JsonNode many = described.get("accounts").get(4);
            assertThat(many.get("clientId").asText()).isEqualTo("erp-pyramids-advisers");
            assertThat(many.get("taxpayers")).hasSize(500);
        } finally {
            command.stop();
        }
        assertThat(exit.get(20, TimeUnit.SECONDS)).isZero();
        StringWriter err = new StringWriter();
        assertThat(
                        new CommandLine(new SandboxCommand())
                                .setErr(new PrintWriter(err))
                                .execute("--represented", "-3"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("represented taxpayers must be 0..10000: -3");
    }

    @Test
    void badKnobIsAUsageError() {
        SandboxCommand command = new SandboxCommand();
        CommandLine cli = new CommandLine(command);
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));
        assertThat(cli.execute("--fail-503-share", "2")).isEqualTo(2);
        assertThat(err.toString()).contains("503");
        assertThat(
                        new CommandLine(new SandboxCommand())
                                .setErr(new PrintWriter(err))
                                .execute("--arrivals-per-hour", "-1"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("arrivals per hour must be 0..3600: -1");
    }

    @Test
    void topCommandDispatchesToSandbox() {
        assertThat(IshaarCli.run("sandbox", "--help")).isZero();
    }
}
