package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.service.TokenInfo;
import app.ishaar.core.service.http.ServiceClient;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Found by {@link ResponseParserFuzzTest}: a token answer whose {@code expires_in} (or the token's
 * {@code exp}) is not a sane number of seconds ("Infinity", 10^30) overflowed the expiry arithmetic
 * and the login failed as an "unexpected answer". The token itself is fine: the login succeeds and
 * the documented hour is assumed.
 */
class LoginAnswerFaultsTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @ParameterizedTest(name = "expires_in {0}, exp {1}")
    @CsvSource({
        "'\"Infinity\"', ",
        "1e30, ",
        "99999999999999999999, ",
        "-5, ",
        "'\"soon\"', ",
        "3600, '\"99999999999999999999\"'",
        "3600, 1e300",
        "3600, -1",
    })
    void aTokenAnswerWithAnInsaneLifetimeStillLogsIn(String expiresIn, String exp)
            throws Exception {
        long now = Instant.now().getEpochSecond();
        String token =
                TestTokens.jwt(
                        "{\"nbf\":"
                                + now
                                + (exp == null ? "" : ",\"exp\":" + exp)
                                + ",\"client_id\":\"erp-nile\",\"TaxRin\":\"123456789\"}");
        ObjectNode answer = FaultKit.JSON.createObjectNode();
        answer.put("access_token", token);
        answer.put("token_type", "Bearer");
        answer.set("expires_in", FaultKit.JSON.readTree(expiresIn));
        server.enqueue(TestTokens.json(200, answer.toString()));
        String url = server.url("/").toString();
        try (ServiceClient client = new ServiceClient(FaultKit.config());
                Session s =
                        client.openSession(
                                Environment.custom(url, url),
                                new Credentials("erp-nile", "x".toCharArray(), null, null))) {
            TokenInfo info = s.login().get(10, TimeUnit.SECONDS);
            assertThat(info.taxRin()).isEqualTo("123456789");
            assertThat(info.expiresAt())
                    .isCloseTo(Instant.now().plusSeconds(3600), within(5, ChronoUnit.MINUTES));
        }
    }
}
