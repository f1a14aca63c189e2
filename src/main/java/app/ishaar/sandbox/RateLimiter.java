package app.ishaar.sandbox;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Fixed-window counters per key (e.g. "login:erp-nile-trading"). */
final class RateLimiter {
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    /** The outcome of one request against the limit. */
    record Decision(
            boolean allowed, int limit, int remaining, Instant reset, long retryAfterSeconds) {}

    private static final class Window {
        long startMillis;
        int used;
    }

    Decision acquire(String key, SandboxConfig.RateLimit limit, long nowMillis) {
        long windowMillis = limit.window().toMillis();
        Window w = windows.computeIfAbsent(key, k -> new Window());
        synchronized (w) {
            if (w.used == 0
                    || nowMillis - w.startMillis >= windowMillis
                    || nowMillis < w.startMillis) {
                w.startMillis = nowMillis;
                w.used = 0;
            }
            long resetMillis = w.startMillis + windowMillis;
            if (w.used >= limit.requests()) {
                long retry = Math.max(1, (resetMillis - nowMillis + 999) / 1000);
                return new Decision(
                        false, limit.requests(), 0, Instant.ofEpochMilli(resetMillis), retry);
            }
            w.used++;
            return new Decision(
                    true,
                    limit.requests(),
                    limit.requests() - w.used,
                    Instant.ofEpochMilli(resetMillis),
                    0);
        }
    }

    void reset() {
        windows.clear();
    }
}
