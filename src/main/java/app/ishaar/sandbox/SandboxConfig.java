package app.ishaar.sandbox;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Start-up settings of the sandbox; immutable, built with {@link #builder()}.
 *
 * <p>Defaults: seed {@value #DEFAULT_SEED} (or system property {@code ishaar.sandbox.seed}), 2,500
 * notifications per taxpayer, token lifetime 3600 s, no added latency, maximum page size 100, no
 * rate limit, no 503 answers, ephemeral ports, anchor = start of the current UTC hour (or system
 * property {@code ishaar.sandbox.anchor}, an ISO-8601 instant), no arrivals. Two processes with the
 * same seed, anchor, notification count and arrival rate generate the same data.
 *
 * <p>{@code represented}: how many taxpayers a fifth account, the intermediary {@code
 * erp-pyramids-advisers}, represents (0 by default: no such account; or system property {@code
 * ishaar.sandbox.represented}), each with its own generated history.
 *
 * <p>Arrivals are notifications sent after the anchor, at a given rate per taxpayer, over the
 * {@value #ARRIVALS_DAYS} days after it: each is in the history once the sandbox's clock has passed
 * its sent time, as new notifications come to a real history while a client watches it.
 */
public final class SandboxConfig {
    public static final long DEFAULT_SEED = 20240601L;
    public static final int DEFAULT_NOTIFICATIONS = 2_500;
    public static final int MAX_NOTIFICATIONS = 1_000_000;
    public static final String SEED_PROPERTY = "ishaar.sandbox.seed";
    public static final String ANCHOR_PROPERTY = "ishaar.sandbox.anchor";
    public static final String REPRESENTED_PROPERTY = "ishaar.sandbox.represented";

    /** Taxpayers the many-taxpayer intermediary may represent at most. */
    public static final int MAX_REPRESENTED = 10_000;

    /** Arrivals come over this many days after the anchor, then stop. */
    public static final int ARRIVALS_DAYS = 7;

    /** One a second. */
    public static final int MAX_ARRIVALS_PER_HOUR = 3600;

    private final long seed;
    private final int notificationsPerTaxpayer;
    private final Duration tokenLifetime;
    private final Duration latency;
    private final int maxPageSize;
    private final RateLimit rateLimit;
    private final double fail503Share;
    private final int authPort;
    private final int apiPort;
    private final Instant anchor;
    private final double arrivalsPerHour;
    private final int represented;

    /**
     * A rate limit: at most {@code requests} per {@code window} per client id; null = unlimited.
     */
    public record RateLimit(int requests, Duration window) {
        public RateLimit {
            if (requests < 1)
                throw new IllegalArgumentException("rate limit requests must be >= 1");
            Objects.requireNonNull(window, "window");
            if (window.isNegative() || window.isZero())
                throw new IllegalArgumentException("rate limit window must be > 0");
        }
    }

    private SandboxConfig(Builder b) {
        this.seed = b.seed;
        this.notificationsPerTaxpayer = b.notificationsPerTaxpayer;
        this.tokenLifetime = b.tokenLifetime;
        this.latency = b.latency;
        this.maxPageSize = b.maxPageSize;
        this.rateLimit = b.rateLimit;
        this.fail503Share = b.fail503Share;
        this.authPort = b.authPort;
        this.apiPort = b.apiPort;
        this.anchor = b.anchor != null ? b.anchor : defaultAnchor();
        this.arrivalsPerHour = b.arrivalsPerHour;
        this.represented = b.represented;
    }

    public static SandboxConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.seed = seed;
        b.notificationsPerTaxpayer = notificationsPerTaxpayer;
        b.tokenLifetime = tokenLifetime;
        b.latency = latency;
        b.maxPageSize = maxPageSize;
        b.rateLimit = rateLimit;
        b.fail503Share = fail503Share;
        b.authPort = authPort;
        b.apiPort = apiPort;
        b.anchor = anchor;
        b.arrivalsPerHour = arrivalsPerHour;
        b.represented = represented;
        return b;
    }

    public long seed() {
        return seed;
    }

    public int notificationsPerTaxpayer() {
        return notificationsPerTaxpayer;
    }

    public Duration tokenLifetime() {
        return tokenLifetime;
    }

    public Duration latency() {
        return latency;
    }

    public int maxPageSize() {
        return maxPageSize;
    }

    /** null when unlimited. */
    public RateLimit rateLimit() {
        return rateLimit;
    }

    public double fail503Share() {
        return fail503Share;
    }

    /** 0 = ephemeral. */
    public int authPort() {
        return authPort;
    }

    /** 0 = ephemeral. */
    public int apiPort() {
        return apiPort;
    }

    /** The data spans the two years that end at this instant. */
    public Instant anchor() {
        return anchor;
    }

    /**
     * Notifications per taxpayer and hour sent after the anchor (0: none; the history is fixed).
     */
    public double arrivalsPerHour() {
        return arrivalsPerHour;
    }

    /**
     * How many taxpayers the intermediary {@code erp-pyramids-advisers} represents; 0: the account
     * does not exist.
     */
    public int represented() {
        return represented;
    }

    static long defaultSeed() {
        String p = System.getProperty(SEED_PROPERTY);
        if (p != null && !p.isBlank()) {
            try {
                return Long.parseLong(p.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(SEED_PROPERTY + " is not a number: " + p, e);
            }
        }
        return DEFAULT_SEED;
    }

    static int defaultRepresented() {
        String p = System.getProperty(REPRESENTED_PROPERTY);
        if (p != null && !p.isBlank()) {
            try {
                return checkRepresented(Integer.parseInt(p.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        REPRESENTED_PROPERTY + " is not a number: " + p, e);
            }
        }
        return 0;
    }

    static int checkRepresented(int n) {
        if (n < 0 || n > MAX_REPRESENTED) {
            throw new IllegalArgumentException(
                    "represented taxpayers must be 0.." + MAX_REPRESENTED + ": " + n);
        }
        return n;
    }

    static Instant defaultAnchor() {
        String p = System.getProperty(ANCHOR_PROPERTY);
        if (p != null && !p.isBlank()) {
            return Instant.parse(p.trim());
        }
        return Instant.now().truncatedTo(ChronoUnit.HOURS);
    }

    @Override
    public String toString() {
        return "SandboxConfig[seed="
                + seed
                + ", notificationsPerTaxpayer="
                + notificationsPerTaxpayer
                + ", tokenLifetime="
                + tokenLifetime
                + ", latency="
                + latency
                + ", maxPageSize="
                + maxPageSize
                + ", rateLimit="
                + rateLimit
                + ", fail503Share="
                + fail503Share
                + ", authPort="
                + authPort
                + ", apiPort="
                + apiPort
                + ", anchor="
                + anchor
                + ", arrivalsPerHour="
                + arrivalsPerHour
                + ", represented="
                + represented
                + "]";
    }

    public static final class Builder {
        private long seed = defaultSeed();
        private int notificationsPerTaxpayer = DEFAULT_NOTIFICATIONS;
        private Duration tokenLifetime = Duration.ofHours(1);
        private Duration latency = Duration.ZERO;
        private int maxPageSize = 100;
        private RateLimit rateLimit;
        private double fail503Share;
        private int authPort;
        private int apiPort;
        private Instant anchor;
        private double arrivalsPerHour;
        private int represented = defaultRepresented();

        private Builder() {}

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder notificationsPerTaxpayer(int n) {
            if (n < 0 || n > MAX_NOTIFICATIONS) {
                throw new IllegalArgumentException(
                        "notifications per taxpayer must be 0.." + MAX_NOTIFICATIONS + ": " + n);
            }
            this.notificationsPerTaxpayer = n;
            return this;
        }

        public Builder tokenLifetime(Duration d) {
            this.tokenLifetime = SandboxKnobs.checkLifetime(d);
            return this;
        }

        public Builder latency(Duration d) {
            this.latency = SandboxKnobs.checkLatency(d);
            return this;
        }

        public Builder maxPageSize(int n) {
            this.maxPageSize = SandboxKnobs.checkMaxPageSize(n);
            return this;
        }

        /** null = unlimited. */
        public Builder rateLimit(RateLimit limit) {
            this.rateLimit = limit;
            return this;
        }

        public Builder rateLimit(int requests, Duration window) {
            return rateLimit(new RateLimit(requests, window));
        }

        public Builder fail503Share(double share) {
            this.fail503Share = SandboxKnobs.checkShare(share);
            return this;
        }

        public Builder authPort(int port) {
            this.authPort = checkPort(port);
            return this;
        }

        public Builder apiPort(int port) {
            this.apiPort = checkPort(port);
            return this;
        }

        /** null = default (system property or start of the current UTC hour). */
        public Builder anchor(Instant anchor) {
            this.anchor = anchor;
            return this;
        }

        /**
         * Notifications per taxpayer and hour sent after the anchor, 0..{@value
         * #MAX_ARRIVALS_PER_HOUR}.
         */
        public Builder arrivalsPerHour(double rate) {
            if (!(rate >= 0 && rate <= MAX_ARRIVALS_PER_HOUR)) {
                throw new IllegalArgumentException(
                        "arrivals per hour must be 0.."
                                + MAX_ARRIVALS_PER_HOUR
                                + ": "
                                + java.math.BigDecimal.valueOf(rate)
                                        .stripTrailingZeros()
                                        .toPlainString());
            }
            this.arrivalsPerHour = rate;
            return this;
        }

        /**
         * How many generated taxpayers the intermediary {@code erp-pyramids-advisers} represents,
         * 0..{@value #MAX_REPRESENTED} (0: no such account).
         */
        public Builder represented(int n) {
            this.represented = checkRepresented(n);
            return this;
        }

        public SandboxConfig build() {
            return new SandboxConfig(this);
        }

        private static int checkPort(int port) {
            if (port < 0 || port > 65535)
                throw new IllegalArgumentException("port must be 0..65535: " + port);
            return port;
        }
    }
}
