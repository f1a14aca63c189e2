package app.ishaar.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every login of a real session passes the client's login budget. */
class LoginGateAtSandboxTest {

    @Test
    void loginsPastTheBudgetWaitAndAClosedSessionLeavesTheLine() throws Exception {
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(10).build());
                LoginBudget budget = LoginBudget.of(2, Duration.ofMinutes(10));
                ServiceClient client = new ServiceClient(ClientConfig.defaults(), budget)) {
            Environment env = Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl());
            TaxpayerSessions sessions =
                    new TaxpayerSessions(
                            client::openSession,
                            env,
                            new Credentials(
                                    "erp-delta-accounting",
                                    "sandbox-secret-2".toCharArray(),
                                    null,
                                    null));
            Session nile = sessions.session(Rin.of("204918573")).get(10, TimeUnit.SECONDS);
            sessions.session(Rin.of("287364519")).get(10, TimeUnit.SECONDS);
            CompletableFuture<Session> third = sessions.session(Rin.of("356781204"));
            assertFalse(third.isDone(), "a third login within the window waits for the budget");
            assertEquals(2, budget.granted());
            // the token at hand is reused: no login spent
            sessions.session(Rin.of("204918573")).get(10, TimeUnit.SECONDS);
            assertTrue(nile.tokenInfo().isPresent());
            assertEquals(2, budget.granted());
            sessions.close();
            assertTrue(third.isCompletedExceptionally());
            assertEquals(2, budget.granted(), "the waiting login left the line");
        }
    }
}
