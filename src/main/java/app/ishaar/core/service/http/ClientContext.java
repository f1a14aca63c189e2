package app.ishaar.core.service.http;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.LoginGate;
import app.ishaar.core.service.Proxies;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import okhttp3.Request;

/**
 * What every session of one ServiceClient shares: transport, retry timer, settings, the gate every
 * login passes (the process's login budget), and one {@link Pacer} per client ID and host (the
 * service limits each client ID, whatever the session).
 */
public final class ClientContext {
    /** As many as OkHttp's dispatcher sends to one host at once. */
    static final int MAX_IN_FLIGHT = 16;

    /** Logins of one client ID at once: each counts against the identity service's limit. */
    static final int MAX_LOGINS_IN_FLIGHT = 2;

    private final Transport transport;
    private final ScheduledExecutorService timer;
    private final ClientConfig config;
    private final LoginGate loginGate;
    private final Map<String, Pacer> pacers = new ConcurrentHashMap<>();
    private volatile Proxies proxies;

    public ClientContext(Transport transport, ScheduledExecutorService timer, ClientConfig config) {
        this(transport, timer, config, LoginGate.OPEN);
    }

    public ClientContext(
            Transport transport,
            ScheduledExecutorService timer,
            ClientConfig config,
            LoginGate loginGate) {
        this.transport = transport;
        this.timer = timer;
        this.config = config;
        this.loginGate = loginGate;
        this.proxies = config.proxies();
    }

    /** How requests reach the service now: the config's proxies until switched. */
    public Proxies proxies() {
        return proxies;
    }

    /** Sends the requests started from now on through these proxies. */
    public void useProxies(Proxies p) {
        proxies = java.util.Objects.requireNonNull(p, "proxies");
    }

    public LoginGate loginGate() {
        return loginGate;
    }

    public Transport transport() {
        return transport;
    }

    public ScheduledExecutorService timer() {
        return timer;
    }

    public ClientConfig config() {
        return config;
    }

    /**
     * The pacer of this client ID's logins ({@code login} true) or calls to this host, shared by
     * all its sessions.
     */
    Pacer pacer(boolean login, String host, String clientId) {
        int maxInFlight = login ? MAX_LOGINS_IN_FLIGHT : MAX_IN_FLIGHT;
        return pacers.computeIfAbsent(
                (login ? "login " : "api ") + host + " " + clientId,
                k -> new Pacer(maxInFlight, config.rateLimitPatience(), timer, System::nanoTime));
    }

    /** The proxy a request goes through, as "host:port", or null when it goes directly. */
    String proxyFor(Request request) {
        return proxies.proxyFor(request.url().uri()).orElse(null);
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
}
