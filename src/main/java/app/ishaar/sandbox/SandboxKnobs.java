package app.ishaar.sandbox;

import java.time.Duration;
import java.util.Objects;

/**
 * Knobs that may change while the sandbox runs. Thread-safe; a change applies to the next request.
 */
public final class SandboxKnobs {
    private volatile Duration latency;
    private volatile double fail503Share;
    private volatile SandboxConfig.RateLimit rateLimit;
    private volatile int maxPageSize;
    private volatile Duration tokenLifetime;
    private volatile Duration clockOffset = Duration.ZERO;
    private final RateLimiter limiter = new RateLimiter();

    SandboxKnobs(SandboxConfig config) {
        this.latency = config.latency();
        this.fail503Share = config.fail503Share();
        this.rateLimit = config.rateLimit();
        this.maxPageSize = config.maxPageSize();
        this.tokenLifetime = config.tokenLifetime();
    }

    /** Added to every answer of the login and the notification query. */
    public Duration latency() {
        return latency;
    }

    public SandboxKnobs latency(Duration d) {
        this.latency = checkLatency(d);
        return this;
    }

    /** Share (0..1) of login and query requests answered with 503. */
    public double fail503Share() {
        return fail503Share;
    }

    public SandboxKnobs fail503Share(double share) {
        this.fail503Share = checkShare(share);
        return this;
    }

    /** Per client id, separately for login and for the query; null = unlimited. */
    public SandboxConfig.RateLimit rateLimit() {
        return rateLimit;
    }

    public SandboxKnobs rateLimit(SandboxConfig.RateLimit limit) {
        this.rateLimit = limit;
        limiter.reset();
        return this;
    }

    public SandboxKnobs rateLimit(int requests, Duration window) {
        return rateLimit(new SandboxConfig.RateLimit(requests, window));
    }

    public int maxPageSize() {
        return maxPageSize;
    }

    public SandboxKnobs maxPageSize(int n) {
        this.maxPageSize = checkMaxPageSize(n);
        return this;
    }

    /** Lifetime of tokens issued from now on ({@code expires_in}, {@code exp - nbf}). */
    public Duration tokenLifetime() {
        return tokenLifetime;
    }

    public SandboxKnobs tokenLifetime(Duration d) {
        this.tokenLifetime = checkLifetime(d);
        return this;
    }

    /**
     * Shifts the sandbox's clock (issuing and checking tokens, rate-limit windows) by this much;
     * lets a test expire a token without waiting. Does not move the data.
     */
    public Duration clockOffset() {
        return clockOffset;
    }

    public SandboxKnobs clockOffset(Duration d) {
        this.clockOffset = Objects.requireNonNull(d, "clockOffset");
        return this;
    }

    private volatile java.time.Instant pinnedClock;

    /**
     * Stops the sandbox's clock at this instant (null: it runs again, wall clock plus the offset):
     * the history then changes only when a test moves the clock, so that what a client read can be
     * compared with the history afterwards. Rate-limit windows and tokens follow it too.
     */
    public SandboxKnobs pinClock(java.time.Instant at) {
        this.pinnedClock = at;
        return this;
    }

    /** The instant the clock is stopped at, or null while it runs. */
    public java.time.Instant pinnedClock() {
        return pinnedClock;
    }

    RateLimiter limiter() {
        return limiter;
    }

    static Duration checkLatency(Duration d) {
        Objects.requireNonNull(d, "latency");
        if (d.isNegative() || d.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new IllegalArgumentException("latency must be 0..5 min: " + d);
        }
        return d;
    }

    static double checkShare(double share) {
        if (!(share >= 0.0 && share <= 1.0))
            throw new IllegalArgumentException("503 share must be 0..1: " + share);
        return share;
    }

    static int checkMaxPageSize(int n) {
        if (n < 1 || n > 1_000_000)
            throw new IllegalArgumentException("maximum page size must be 1..1000000: " + n);
        return n;
    }

    static Duration checkLifetime(Duration d) {
        Objects.requireNonNull(d, "tokenLifetime");
        if (d.isNegative()) throw new IllegalArgumentException("token lifetime must be >= 0: " + d);
        return d;
    }
}
