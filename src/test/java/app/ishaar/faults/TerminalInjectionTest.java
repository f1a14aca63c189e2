package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.service.InputRules;
import app.ishaar.core.service.TestTokens;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/**
 * A service (or whatever sits in front of it) that puts terminal control sequences or bidi
 * overrides into the data: the command line's human outputs (the table, the login summary) must not
 * hand them to the terminal — an ESC sequence can clear the screen, retitle the window or fake
 * output, U+202E reorders the line — while the data formats (JSON) keep the values exactly as
 * received.
 */
class TerminalInjectionTest {

    @StartStop final MockWebServer server = new MockWebServer();

    static final String ESC_CLEAR = "\u001b[2J\u001b[H";
    static final String ESC_TITLE = "\u001b]0;pwned\u0007";

    String[] connect(String command, String... more) {
        String url = server.url("/").toString();
        List<String> a =
                new java.util.ArrayList<>(
                        List.of(
                                command,
                                "--auth-url",
                                url,
                                "--base-url",
                                url,
                                "--client-id",
                                "erp-nile",
                                "--client-secret-env",
                                FaultKit.SECRET_VAR));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    private static void assertNothingForTheTerminal(String out) {
        String withoutLineEnds = out.replace("\n", "");
        assertThat(InputRules.hasUnsafeCharacters(withoutLineEnds))
                .as("control or bidi characters reach the terminal: %s", out)
                .isFalse();
    }

    String hostilePage() {
        ObjectNode n =
                FaultKit.notification(
                        "id-" + ESC_CLEAR, Instant.parse("2026-03-01T10:00:00Z"), 1, 0);
        n.put("typeName", "Document " + ESC_TITLE + "Validated");
        n.put("address", "\u202Emoc.elpmaxe@a\r\n");
        n.put("status", "error\u0008\u0008\u0008\u0008\u0008delivered");
        n.put("channel", "email\u0000");
        return FaultKit.page(1, 1, List.of(n));
    }

    @Test
    void theTableNeutralisesControlSequencesFromTheService() {
        server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t")));
        server.enqueue(TestTokens.json(200, hostilePage()));
        FaultKit.CliResult r = FaultKit.cli(FaultKit.config(), connect("notifications"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Document").contains("id-");
        assertNothingForTheTerminal(r.out());
    }

    @Test
    void jsonKeepsTheValuesExactlyAsReceived() throws Exception {
        server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t")));
        server.enqueue(TestTokens.json(200, hostilePage()));
        FaultKit.CliResult r =
                FaultKit.cli(FaultKit.config(), connect("notifications", "--format", "json"));
        assertThat(r.code()).as(r.err()).isZero();
        assertNothingForTheTerminal(r.out().replace("\u202E", ""));
        JsonNode n = FaultKit.JSON.readTree(r.out()).get(0);
        assertThat(n.get("notificationId").asText()).isEqualTo("id-" + ESC_CLEAR);
        assertThat(n.get("address").asText()).isEqualTo("\u202Emoc.elpmaxe@a\r\n");
    }

    @Test
    void theLoginSummaryNeutralisesControlSequencesInTheTokensClaims() {
        long now = Instant.now().getEpochSecond();
        String token =
                TestTokens.jwt(
                        "{\"nbf\":"
                                + now
                                + ",\"exp\":"
                                + (now + 3600)
                                + ",\"client_id\":\"erp-nile\",\"TaxRin\":\"123456789\","
                                + "\"name\":\"Nile "
                                + "\\u001b[31mTrading\\u202E:erp-nile\",\"preferred_username\":\"Nile ERP\\u001b]0;x\\u0007\","
                                + "\"TaxProfTags\":[\"B2B\\u001b[2J\"]}");
        server.enqueue(TestTokens.tokenResponse(token));
        FaultKit.CliResult r = FaultKit.cli(FaultKit.config(), connect("login"));
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Nile");
        assertNothingForTheTerminal(r.out());
    }
}
