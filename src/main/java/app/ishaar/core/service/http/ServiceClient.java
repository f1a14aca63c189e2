package app.ishaar.core.service.http;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.LoginGate;
import app.ishaar.core.service.Proxies;
import app.ishaar.core.service.Session;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;

/**
 * The one HTTP client of the application (one OkHttp client, one connection pool), and the factory
 * of {@link Session}s. Create one per process; close it on exit.
 */
public final class ServiceClient implements AutoCloseable {

    private final ClientConfig config;
    private final OkHttpClient http;
    private final ScheduledThreadPoolExecutor timer;
    private final ClientContext context;
    private final String userAgent;

    /**
     * Loads and runs once the JSON reading that a login needs (the token response, the token's
     * claims), so that the first login does not pay for it: Jackson's first use costs a few hundred
     * milliseconds. Meant for a background thread while the user is still typing; harmless to call
     * more than once.
     */
    public static void warmUp() {
        try {
            app.ishaar.core.service.http.Bodies.MAPPER.readTree(
                    "{\"access_token\":\"x\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
        } catch (java.io.IOException | RuntimeException e) {
            // only a warm-up: the login will meet (and report) whatever this met
        }
    }

    public ServiceClient(ClientConfig config) {
        this(config, LoginGate.OPEN);
    }

    /**
     * A client whose sessions' logins all pass {@code loginGate} first (the process's login
     * budget).
     */
    public ServiceClient(ClientConfig config, LoginGate loginGate) {
        Objects.requireNonNull(loginGate, "loginGate");
        this.config = Objects.requireNonNull(config, "config");
        this.userAgent =
                "Ishaar/"
                        + version()
                        + " (Java "
                        + System.getProperty("java.version")
                        + "; "
                        + System.getProperty("os.name")
                        + " "
                        + System.getProperty("os.arch")
                        + ")";
        AtomicInteger n = new AtomicInteger();
        this.timer =
                new ScheduledThreadPoolExecutor(
                        1,
                        r -> {
                            Thread t = new Thread(r, "ishaar-retry-timer-" + n.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
        timer.setRemoveOnCancelPolicy(true);
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(64);
        dispatcher.setMaxRequestsPerHost(16);
        OkHttpClient.Builder builder =
                new OkHttpClient.Builder()
                        .dispatcher(dispatcher)
                        .connectTimeout(config.connectTimeout())
                        .readTimeout(config.readTimeout())
                        .writeTimeout(config.readTimeout())
                        .callTimeout(config.callTimeout())
                        .followRedirects(false)
                        // asked for each new connection, so that a switch applies without a restart
                        .proxySelector(new CurrentProxies())
                        .proxyAuthenticator(new ProxyLogin(new CurrentCredentials()))
                        .addNetworkInterceptor(Transport.wireLimit())
                        .addInterceptor(new app.ishaar.core.support.ExchangeLog())
                        .addInterceptor(
                                chain -> {
                                    Locale l =
                                            config.language() == null
                                                    ? null
                                                    : config.language().get();
                                    String lang =
                                            l != null && "ar".equals(l.getLanguage()) ? "ar" : "en";
                                    return chain.proceed(
                                            chain.request()
                                                    .newBuilder()
                                                    .header("Accept", "application/json")
                                                    .header("Accept-Language", lang)
                                                    .header("User-Agent", userAgent)
                                                    .build());
                                });
        if (config.trustManager() != null) {
            builder.sslSocketFactory(socketFactory(config.trustManager()), config.trustManager());
        }
        this.http = builder.build();
        this.context = new ClientContext(new Transport(http), timer, config, loginGate);
    }

    /** The selector of whatever proxies the client uses at the moment of the question. */
    private final class CurrentProxies extends java.net.ProxySelector {
        @Override
        public java.util.List<java.net.Proxy> select(java.net.URI uri) {
            return context.proxies().selector().select(uri);
        }

        @Override
        public void connectFailed(
                java.net.URI uri, java.net.SocketAddress sa, java.io.IOException ioe) {
            context.proxies().selector().connectFailed(uri, sa, ioe);
        }
    }

    /** The credentials of whatever proxies the client uses when a proxy asks. */
    private final class CurrentCredentials implements Proxies.CredentialSource {
        @Override
        public java.util.Optional<java.net.PasswordAuthentication> forProxy(String host, int port) {
            return context.proxies().credentials().forProxy(host, port);
        }
    }

    /** How requests reach the service now. */
    public Proxies proxies() {
        return context.proxies();
    }

    /**
     * Sends every request started from now on through {@code proxies} (the desktop's Settings →
     * Proxy applies without a restart). Calls under way finish on their connection; idle pooled
     * connections, opened the old way, are closed so that none is reused.
     */
    public void useProxies(Proxies proxies) {
        context.useProxies(proxies);
        http.connectionPool().evictAll();
    }

    private static javax.net.ssl.SSLSocketFactory socketFactory(
            javax.net.ssl.X509TrustManager trust) {
        try {
            javax.net.ssl.SSLContext tls = javax.net.ssl.SSLContext.getInstance("TLS");
            tls.init(null, new javax.net.ssl.TrustManager[] {trust}, null);
            return tls.getSocketFactory();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("TLS is not available", e);
        }
    }

    /**
     * The version in the jar's manifest ({@code Implementation-Version}), or "dev" when run from
     * classes.
     */
    public static String version() {
        String v =
                ServiceClient.class.getPackage() == null
                        ? null
                        : ServiceClient.class.getPackage().getImplementationVersion();
        return v == null || v.isBlank() ? "dev" : v;
    }

    public ClientConfig config() {
        return config;
    }

    /**
     * A session for these credentials; does not log in until {@link Session#login()} or the first
     * call. The session takes ownership of {@code credentials} (and wipes its secret on close).
     * Addresses are checked (HTTPS off loopback) before any request; a bad one fails the first call
     * with {@link InvalidEndpointException}.
     */
    public Session openSession(Environment environment, Credentials credentials) {
        return new HttpSession(
                context,
                Objects.requireNonNull(environment, "environment"),
                Objects.requireNonNull(credentials, "credentials"));
    }

    /** "Ishaar/&lt;version&gt; (Java …; OS …)" as sent in {@code User-Agent}. */
    public String userAgent() {
        return userAgent;
    }

    /**
     * HTTP calls running or queued right now (diagnostics; tests use it to see a cancelled call
     * go).
     */
    public int activeCalls() {
        return http.dispatcher().runningCallsCount() + http.dispatcher().queuedCallsCount();
    }

    /**
     * Retry waits (backoff, Retry-After) pending right now (diagnostics; tests use it to see a
     * cancelled wait go).
     */
    public int pendingWaits() {
        return timer.getQueue().size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        http.dispatcher().cancelAll();
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
        try {
            http.dispatcher().executorService().awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
