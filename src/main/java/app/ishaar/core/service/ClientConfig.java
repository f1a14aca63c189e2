package app.ishaar.core.service;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Tunables of a {@link ServiceClient}. Production code uses {@link #defaults()}; tests shorten the
 * timeouts and waits.
 *
 * @param language supplies the UI language for {@code Accept-Language} (ar or en)
 * @param refreshAhead renew a token this long before it expires
 * @param maxRetries bounded retries of a GET on 502/503/504 and connection resets
 * @param retryBackoff first backoff; doubles each retry
 * @param maxRetryAfter cap on a 429's {@code Retry-After} wait
 */
public record ClientConfig(
        Supplier<Locale> language,
        Duration connectTimeout,
        Duration readTimeout,
        Duration refreshAhead,
        int maxRetries,
        Duration retryBackoff,
        Duration maxRetryAfter,
        Clock clock) {

    public static ClientConfig defaults() {
        return new ClientConfig(
                () -> Locale.ENGLISH,
                Duration.ofSeconds(10),
                Duration.ofSeconds(30),
                Duration.ofMinutes(2),
                3,
                Duration.ofMillis(500),
                Duration.ofSeconds(60),
                Clock.systemUTC());
    }

    public ClientConfig withLanguage(Supplier<Locale> newLanguage) {
        return new ClientConfig(
                newLanguage,
                connectTimeout,
                readTimeout,
                refreshAhead,
                maxRetries,
                retryBackoff,
                maxRetryAfter,
                clock);
    }

    public ClientConfig withReadTimeout(Duration d) {
        return new ClientConfig(
                language,
                connectTimeout,
                d,
                refreshAhead,
                maxRetries,
                retryBackoff,
                maxRetryAfter,
                clock);
    }

    public ClientConfig withRefreshAhead(Duration d) {
        return new ClientConfig(
                language,
                connectTimeout,
                readTimeout,
                d,
                maxRetries,
                retryBackoff,
                maxRetryAfter,
                clock);
    }

    public ClientConfig withRetries(int n, Duration backoff) {
        return new ClientConfig(
                language,
                connectTimeout,
                readTimeout,
                refreshAhead,
                n,
                backoff,
                maxRetryAfter,
                clock);
    }

    public ClientConfig withMaxRetryAfter(Duration d) {
        return new ClientConfig(
                language,
                connectTimeout,
                readTimeout,
                refreshAhead,
                maxRetries,
                retryBackoff,
                d,
                clock);
    }

    /** The clock tokens are timed by, and the app's screens (tests move it). */
    public ClientConfig withClock(Clock newClock) {
        return new ClientConfig(
                language,
                connectTimeout,
                readTimeout,
                refreshAhead,
                maxRetries,
                retryBackoff,
                maxRetryAfter,
                newClock);
    }
}
