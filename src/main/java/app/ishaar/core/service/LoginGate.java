package app.ishaar.core.service;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Asked before every login of every session of a {@code ServiceClient}, so that the logins of a
 * whole process can be paced under the identity service's limit per client ID (the sibling platform
 * allows 12 a minute and answers more with 429 and {@code Retry-After}).
 */
public interface LoginGate {

    /** Lets every login through at once. */
    LoginGate OPEN =
            new LoginGate() {
                @Override
                public CompletableFuture<Void> beforeLogin(String clientId) {
                    return CompletableFuture.completedFuture(null);
                }

                @Override
                public void rateLimited(String clientId, Duration retryAfter) {
                    // nothing to pace
                }
            };

    /**
     * Completes when a login of this client ID may be sent. Cancelling the returned future gives up
     * the place in line.
     */
    CompletableFuture<Void> beforeLogin(String clientId);

    /**
     * The identity service refused a login of this client ID with 429: no login of it before {@code
     * retryAfter} has passed (the backoff when the answer named no wait).
     */
    void rateLimited(String clientId, Duration retryAfter);
}
