package app.ishaar.core.service.internal;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.LoginGate;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What every session of one ServiceClient shares: transport, retry timer, settings, and the gate
 * every login passes.
 */
public record ClientContext(
        Transport transport,
        ScheduledExecutorService timer,
        ClientConfig config,
        LoginGate loginGate) {

    public ClientContext(Transport transport, ScheduledExecutorService timer, ClientConfig config) {
        this(transport, timer, config, LoginGate.OPEN);
    }

    /**
     * Runs {@code then} after {@code wait} unless the scope is cancelled first (the wait is
     * cancellable).
     */
    public void delay(Duration wait, CancelScope scope, Runnable then) {
        if (scope.isCancelled()) {
            return;
        }
        long ms = Math.max(0, wait.toMillis());
        scope.setWait(
                timer.schedule(
                        () -> {
                            if (!scope.isCancelled()) {
                                then.run();
                            }
                        },
                        ms,
                        TimeUnit.MILLISECONDS));
    }

    /** retryBackoff · 2^(attempt-1), attempt counted from 1. */
    public Duration backoff(int attempt) {
        return config.retryBackoff().multipliedBy(1L << Math.min(10, Math.max(0, attempt - 1)));
    }
}
