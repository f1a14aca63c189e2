package app.ishaar.core.service;

import static app.ishaar.core.service.TestTokens.json;
import static app.ishaar.core.service.TestTokens.notification;
import static app.ishaar.core.service.TestTokens.page;
import static app.ishaar.core.service.TestTokens.standardToken;
import static app.ishaar.core.service.TestTokens.tokenResponse;
import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.testing.LogCapture;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/**
 * Neither the secret, nor the Basic header, nor a token reaches a log record, an exception or a
 * toString.
 */
class SecretsNeverLeakTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @Test
    void aWholeSessionLogsNothingSecret() throws Exception {
        String secret = "Sup3r-S3cret-\u0633\u0631";
        String basic =
                Base64.getEncoder()
                        .encodeToString(("erp-nile:" + secret).getBytes(StandardCharsets.UTF_8));
        String token1 = standardToken("first-token-marker");
        String token2 = standardToken("second-token-marker");

        List<String> shown = new ArrayList<>();
        List<Throwable> errors = new ArrayList<>();
        LogCapture logs = LogCapture.install("", "app.ishaar", "okhttp3");
        try (logs;
                ServiceClient client = new ServiceClient(ServiceClientTest.fastConfig())) {
            server.enqueue(tokenResponse(token1));
            server.enqueue(new MockResponse.Builder().code(401).build());
            server.enqueue(tokenResponse(token2));
            server.enqueue(json(200, page(1, 1, notification("n1", "2026-01-01T00:00:00Z"))));
            server.enqueue(
                    json(
                            400,
                            "{\"error\":{\"code\":\"BadArgument\",\"message\":\"bad\",\"target\":\"pageSize\"}}"));
            server.enqueue(json(503, ""));
            server.enqueue(json(503, ""));
            server.enqueue(json(503, ""));
            server.enqueue(json(503, ""));
            server.enqueue(
                    json(
                            400,
                            "{\"error\":\"invalid_client\",\"error_description\":\"bad secret "
                                    + "\"}"));
            String url = server.url("/").toString();
            Environment env = Environment.custom(url, url);
            Credentials credentials =
                    new Credentials("erp-nile", secret.toCharArray(), null, "InvoicingAPI");
            Session s = client.openSession(env, credentials);
            s.fetch(NotificationQuery.ALL).get(20, TimeUnit.SECONDS);
            errors.add(failure(s.fetch(NotificationQuery.ALL.withPageSize(500))));
            errors.add(failure(s.fetch(NotificationQuery.ALL)));
            Session other =
                    client.openSession(
                            env, new Credentials("erp-nile", secret.toCharArray(), null, null));
            errors.add(failure(other.login()));
            shown.add(s.toString());
            shown.add(credentials.toString());
            shown.add(s.tokenInfo().orElseThrow().toString());
            s.close();
            errors.add(failure(s.fetch(NotificationQuery.ALL)));
        }
        List<String> logged = new ArrayList<>(logs.lines());
        logged.addAll(shown);
        for (Throwable t : errors) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                logged.add(String.valueOf(c.getMessage()));
                logged.add(c.toString());
            }
        }
        assertThat(errors).hasSize(4);
        assertThat(logged)
                .as("something was logged at all")
                .anyMatch(l -> l.contains("logging in"));
        for (String line : logged) {
            assertThat(line)
                    .doesNotContain(secret)
                    .doesNotContain(basic)
                    .doesNotContain(token1)
                    .doesNotContain(token2)
                    .doesNotContain(
                            token1.substring(token1.indexOf('.') + 1, token1.lastIndexOf('.')))
                    .doesNotContain(token2.split("\\.")[2]);
        }
    }

    private static Throwable failure(java.util.concurrent.CompletableFuture<?> f) throws Exception {
        try {
            f.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("expected a failure");
    }
}
