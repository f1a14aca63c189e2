package app.ishaar.sandbox;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The built-in sandbox of the service: two loopback HTTP listeners, like the real service's two
 * hosts. The identity listener serves {@code POST /connect/token}, {@code
 * /.well-known/openid-configuration} and its {@code jwks_uri}; the API listener serves {@code GET
 * /api/v1.0/notifications/taxpayer}. Built on the JDK's own {@code com.sun.net.httpserver} (no
 * extra dependency).
 *
 * <p>Default page size of the query when {@code pageSize} is omitted: {@value #DEFAULT_PAGE_SIZE}
 * (or the maximum page size, if smaller); default {@code pageNo}: 1.
 */
public final class Sandbox implements AutoCloseable {
    /** Page size when the caller gives none. */
    public static final int DEFAULT_PAGE_SIZE = 10;

    private static final System.Logger LOG = System.getLogger("app.ishaar.sandbox");
    private static final AtomicInteger THREADS = new AtomicInteger();

    static {
        // The JDK server writes headers and body separately; with Nagle's algorithm on, a large
        // body's last segment waits for the client's delayed ACK (~40 ms on loopback). Read once by
        // the JDK server's configuration, so it must be set before the first server starts.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final SandboxConfig config;
    private final SandboxKnobs knobs;
    private final Directory directory;
    private final TokenService tokens = new TokenService();
    private final Map<String, NotificationStore> stores = new ConcurrentHashMap<>();
    private final java.util.Queue<LoginSeen> logins =
            new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final ExecutorService executor;
    private final HttpServer authServer;
    private final HttpServer apiServer;
    private final String authUrl;
    private final String baseUrl;

    private Sandbox(SandboxConfig config) throws IOException {
        this.config = config;
        this.knobs = new SandboxKnobs(config);
        this.directory = new Directory(config.seed(), config.represented());
        this.executor =
                Executors.newCachedThreadPool(
                        r -> {
                            Thread t = new Thread(r, "ishaar-sandbox-" + THREADS.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        HttpServer auth = null;
        HttpServer api = null;
        try {
            auth = HttpServer.create(new InetSocketAddress(loopback, config.authPort()), 64);
            api = HttpServer.create(new InetSocketAddress(loopback, config.apiPort()), 64);
        } catch (IOException e) {
            if (auth != null) auth.stop(0);
            executor.shutdownNow();
            throw e;
        }
        this.authServer = auth;
        this.apiServer = api;
        this.authUrl = "http://127.0.0.1:" + auth.getAddress().getPort();
        this.baseUrl = "http://127.0.0.1:" + api.getAddress().getPort();
        IdentityEndpoint identity = new IdentityEndpoint(this);
        NotificationEndpoint notifications = new NotificationEndpoint(this);
        auth.createContext("/", Exchanges.handler(identity::handle));
        api.createContext("/", Exchanges.handler(notifications::handle));
        auth.setExecutor(executor);
        api.setExecutor(executor);
        auth.start();
        api.start();
        LOG.log(
                System.Logger.Level.INFO,
                "sandbox listening: identity "
                        + authUrl
                        + ", API "
                        + baseUrl
                        + " ("
                        + config
                        + ")");
    }

    /** Starts both listeners (ports from the config, 0 = ephemeral). */
    public static Sandbox start(SandboxConfig config) throws IOException {
        return new Sandbox(java.util.Objects.requireNonNull(config, "config"));
    }

    /** e.g. {@code http://127.0.0.1:43121} (no trailing slash). */
    public String authUrl() {
        return authUrl;
    }

    /** e.g. {@code http://127.0.0.1:43122} (no trailing slash). */
    public String baseUrl() {
        return baseUrl;
    }

    /**
     * The demo accounts: taxpayer, intermediary, blocked, expired (in that order), then the
     * intermediary of many taxpayers when {@link SandboxConfig#represented()} is above 0.
     */
    public List<SandboxAccount> accounts() {
        return directory.accounts();
    }

    /**
     * Knobs that may change while running (latency, 503 share, rate limit, page-size cap, token
     * lifetime, clock).
     */
    public SandboxKnobs knobs() {
        return knobs;
    }

    public SandboxConfig config() {
        return config;
    }

    /**
     * A login request as the identity service received it: when it came (wall clock), from which
     * client ID (null when none could be read), and the status it was answered with.
     */
    public record LoginSeen(Instant at, String clientId, int status) {}

    /** Every login request received so far, in the order answered (tests count them per window). */
    public List<LoginSeen> logins() {
        return List.copyOf(logins);
    }

    void loginSeen(Instant at, String clientId, int status) {
        logins.add(new LoginSeen(at, clientId, status));
    }

    /** Every taxpayer the sandbox knows (including ones no account may reach). */
    public List<SandboxTaxpayer> taxpayers() {
        return directory.taxpayers();
    }

    /**
     * Answers a query from the sandbox's own data, exactly as the API would for that taxpayer (no
     * permission check); lets tests compare what the API returns with the data.
     *
     * @throws IllegalArgumentException for an unknown RIN or filter value
     */
    public SandboxPage query(String rin, SandboxQuery query) {
        return store(rin).query(query, now());
    }

    /** Number of notifications in a taxpayer's history now (with the arrivals sent by now). */
    public int notificationCount(String rin) {
        return store(rin).size(now());
    }

    NotificationStore store(String rin) {
        SandboxTaxpayer taxpayer = directory.taxpayer(rin);
        if (taxpayer == null) throw new IllegalArgumentException("unknown taxpayer RIN: " + rin);
        return stores.computeIfAbsent(
                rin,
                r ->
                        new NotificationStore(
                                taxpayer,
                                config.seed(),
                                config.anchor(),
                                config.notificationsPerTaxpayer(),
                                config.arrivalsPerHour()));
    }

    Directory directory() {
        return directory;
    }

    TokenService tokens() {
        return tokens;
    }

    /** The sandbox's clock: wall clock plus the clock-offset knob, or the pinned instant. */
    Instant now() {
        Instant pinned = knobs.pinnedClock();
        return pinned != null ? pinned : Instant.now().plus(knobs.clockOffset());
    }

    /** Stops both listeners at once; idempotent. */
    @Override
    public void close() {
        authServer.stop(0);
        apiServer.stop(0);
        executor.shutdownNow();
        LOG.log(System.Logger.Level.INFO, "sandbox stopped");
    }
}
