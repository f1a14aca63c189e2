package app.ishaar.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's signing key is made on a thread of its own: a sandbox (and the login dialog's demo
 * accounts, which come from it) is up before its key, and the first token waits for the key.
 */
class TokenServiceTest {
    private static final Instant NOW = Instant.parse("2026-11-22T09:00:00Z");

    @Test
    void theServiceIsMadeWithoutWaitingForItsKeyAndItsFirstTokenWaitsForIt() throws Exception {
        CountDownLatch keyMayBeMade = new CountDownLatch(1);
        CountDownLatch keyAskedFor = new CountDownLatch(1);
        // made while the key cannot be: a constructor that made the key itself would never return
        TokenService tokens =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(30),
                        () ->
                                new TokenService(
                                        () -> {
                                            keyAskedFor.countDown();
                                            await(keyMayBeMade);
                                            return TokenService.generate();
                                        }));
        assertThat(keyAskedFor.await(30, TimeUnit.SECONDS)).as("the key is being made").isTrue();

        Directory directory = new Directory();
        Directory.Erp nile = directory.erp("erp-nile-trading");
        CompletableFuture<String> token =
                CompletableFuture.supplyAsync(
                        () ->
                                tokens.issue(
                                        "http://127.0.0.1:1",
                                        nile,
                                        Directory.NILE,
                                        NOW,
                                        Duration.ofHours(1)));
        keyMayBeMade.countDown();
        String issued = token.get(30, TimeUnit.SECONDS);

        assertThat(tokens.verify(issued, NOW.plusSeconds(60)))
                .isEqualTo(new TokenService.Principal("erp-nile-trading", Directory.NILE.rin()));
        assertThat(tokens.jwks().toString()).contains("RSA");
    }

    @Test
    void aKeyThatCouldNotBeMadeFailsTheTokensNotTheSandbox() {
        TokenService tokens =
                new TokenService(
                        () -> {
                            throw new IllegalStateException("no randomness");
                        });
        Directory directory = new Directory();
        assertThatThrownBy(
                        () ->
                                tokens.issue(
                                        "http://127.0.0.1:1",
                                        directory.erp("erp-nile-trading"),
                                        Directory.NILE,
                                        NOW,
                                        Duration.ofHours(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("signing key")
                .hasRootCauseMessage("no randomness");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never let the key be made");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
