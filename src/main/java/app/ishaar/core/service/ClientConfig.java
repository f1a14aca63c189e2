package app.ishaar.core.service;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import javax.net.ssl.X509TrustManager;

/**
 * Tunables of a {@code ServiceClient}. Production code uses {@link #defaults()}; tests shorten the
 * timeouts and waits. docs/network.md states the defaults and what each one guards against.
 *
 * @param language supplies the UI language for {@code Accept-Language} (ar or en)
 * @param connectTimeout longest wait for a connection (TCP, TLS, a proxy's tunnel)
 * @param readTimeout longest silence while reading an answer
 * @param callTimeout deadline of one whole exchange: connect, send, every byte of the answer
 * @param refreshAhead renew a token this long before it expires
 * @param maxRetries bounded retries of one request on 502/503/504 and dropped connections
 * @param retryBackoff first backoff; doubles each retry
 * @param maxRetryAfter the longest wait a 429's {@code Retry-After} may ask for; a longer one fails
 *     at once
 * @param rateLimitPatience how long requests keep being paced after 429s with no request of the
 *     same client succeeding; then the call fails
 * @param proxies how requests reach the service: directly, through the system's proxy, or a named
 *     one
 * @param trustManager the certificates trusted for HTTPS, or null for the JDK's own
 * @param clock the clock tokens are timed by
 */
public record ClientConfig(
        Supplier<Locale> language,
        Duration connectTimeout,
        Duration readTimeout,
        Duration callTimeout,
        Duration refreshAhead,
        int maxRetries,
        Duration retryBackoff,
        Duration maxRetryAfter,
        Duration rateLimitPatience,
        Proxies proxies,
        X509TrustManager trustManager,
        Clock clock) {

    public static ClientConfig defaults() {
        return new ClientConfig(
                () -> Locale.ENGLISH,
                Duration.ofSeconds(10),
                Duration.ofSeconds(30),
                Duration.ofSeconds(60),
                Duration.ofMinutes(2),
                3,
                Duration.ofMillis(500),
                Duration.ofMinutes(5),
                Duration.ofMinutes(5),
                Proxies.system(),
                null,
                Clock.systemUTC());
    }

    public ClientConfig withLanguage(Supplier<Locale> v) {
        return copy().language(v).build();
    }

    public ClientConfig withConnectTimeout(Duration v) {
        return copy().connectTimeout(v).build();
    }

    public ClientConfig withReadTimeout(Duration v) {
        return copy().readTimeout(v).build();
    }

    public ClientConfig withCallTimeout(Duration v) {
        return copy().callTimeout(v).build();
    }

    public ClientConfig withRefreshAhead(Duration v) {
        return copy().refreshAhead(v).build();
    }

    public ClientConfig withRetries(int n, Duration backoff) {
        return copy().maxRetries(n).retryBackoff(backoff).build();
    }

    public ClientConfig withMaxRetryAfter(Duration v) {
        return copy().maxRetryAfter(v).build();
    }

    public ClientConfig withRateLimitPatience(Duration v) {
        return copy().rateLimitPatience(v).build();
    }

    public ClientConfig withProxies(Proxies v) {
        return copy().proxies(v).build();
    }

    /** Trusts these certificates instead of the JDK's (tests; a firm's inspecting proxy). */
    public ClientConfig withTrustManager(X509TrustManager v) {
        return copy().trustManager(v).build();
    }

    /** The clock tokens are timed by, and the app's screens (tests move it). */
    public ClientConfig withClock(Clock v) {
        return copy().clock(v).build();
    }

    private Copy copy() {
        return new Copy(this);
    }

    /** A mutable copy, so that each wither names only what it changes. */
    private static final class Copy {
        private Supplier<Locale> language;
        private Duration connectTimeout;
        private Duration readTimeout;
        private Duration callTimeout;
        private Duration refreshAhead;
        private int maxRetries;
        private Duration retryBackoff;
        private Duration maxRetryAfter;
        private Duration rateLimitPatience;
        private Proxies proxies;
        private X509TrustManager trustManager;
        private Clock clock;

        Copy(ClientConfig c) {
            language = c.language;
            connectTimeout = c.connectTimeout;
            readTimeout = c.readTimeout;
            callTimeout = c.callTimeout;
            refreshAhead = c.refreshAhead;
            maxRetries = c.maxRetries;
            retryBackoff = c.retryBackoff;
            maxRetryAfter = c.maxRetryAfter;
            rateLimitPatience = c.rateLimitPatience;
            proxies = c.proxies;
            trustManager = c.trustManager;
            clock = c.clock;
        }

        Copy language(Supplier<Locale> v) {
            language = v;
            return this;
        }

        Copy connectTimeout(Duration v) {
            connectTimeout = v;
            return this;
        }

        Copy readTimeout(Duration v) {
            readTimeout = v;
            return this;
        }

        Copy callTimeout(Duration v) {
            callTimeout = v;
            return this;
        }

        Copy refreshAhead(Duration v) {
            refreshAhead = v;
            return this;
        }

        Copy maxRetries(int v) {
            maxRetries = v;
            return this;
        }

        Copy retryBackoff(Duration v) {
            retryBackoff = v;
            return this;
        }

        Copy maxRetryAfter(Duration v) {
            maxRetryAfter = v;
            return this;
        }

        Copy rateLimitPatience(Duration v) {
            rateLimitPatience = v;
            return this;
        }

        Copy proxies(Proxies v) {
            proxies = v;
            return this;
        }

        Copy trustManager(X509TrustManager v) {
            trustManager = v;
            return this;
        }

        Copy clock(Clock v) {
            clock = v;
            return this;
        }

        ClientConfig build() {
            return new ClientConfig(
                    language,
                    connectTimeout,
                    readTimeout,
                    callTimeout,
                    refreshAhead,
                    maxRetries,
                    retryBackoff,
                    maxRetryAfter,
                    rateLimitPatience,
                    proxies,
                    trustManager,
                    clock);
        }
    }
}
