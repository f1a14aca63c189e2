package app.ishaar.core.service;

import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * How requests reach the service: the proxy chosen for each address, and the user name and password
 * given to a proxy that asks for them (HTTP 407, Basic). HTTPS goes through a proxy as a CONNECT
 * tunnel: the TLS session, and so the certificate check, is between the client and the service.
 */
public final class Proxies {

    /** A proxy's credentials, looked up when the proxy asks for them (at most once a request). */
    @FunctionalInterface
    public interface CredentialSource {
        Optional<PasswordAuthentication> forProxy(String host, int port);

        CredentialSource NONE = (host, port) -> Optional.empty();
    }

    private final ProxySelector selector;
    private final CredentialSource credentials;
    private final String description;

    private Proxies(ProxySelector selector, CredentialSource credentials, String description) {
        this.selector = Objects.requireNonNull(selector, "selector");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.description = description;
    }

    /**
     * The operating system's proxy settings (with {@code java.net.useSystemProxies}, which the
     * launcher sets: Windows and macOS settings, GNOME's on Linux), then {@code HTTPS_PROXY}/{@code
     * HTTP_PROXY}/{@code NO_PROXY} of the process when the system names none.
     */
    public static Proxies system() {
        ProxySelector jdk = ProxySelector.getDefault();
        EnvironmentProxySelector env = new EnvironmentProxySelector(System::getenv);
        ProxySelector chain = jdk == null ? env : new FirstProxySelector(List.of(jdk, env));
        return new Proxies(chain, env::credentials, "system");
    }

    /** Always a direct connection. */
    public static Proxies none() {
        return new Proxies(new FirstProxySelector(List.of()), CredentialSource.NONE, "none");
    }

    /**
     * This HTTP proxy for every address but this computer's own (localhost, 127.*, ::1: the
     * built-in sandbox), which a proxy could not reach.
     */
    public static Proxies manual(String host, int port, CredentialSource credentials) {
        Proxy p = new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(host, port));
        ProxySelector s =
                new ProxySelector() {
                    @Override
                    public List<Proxy> select(URI uri) {
                        return EnvironmentProxySelector.isLoopback(uri.getHost())
                                ? List.of(Proxy.NO_PROXY)
                                : List.of(p);
                    }

                    @Override
                    public void connectFailed(
                            URI uri, java.net.SocketAddress sa, java.io.IOException ioe) {
                        // one proxy: nothing to fall back to
                    }
                };
        return new Proxies(s, credentials, "http://" + host + ":" + port);
    }

    /**
     * The command line's convention: {@code HTTPS_PROXY}, {@code HTTP_PROXY} and {@code NO_PROXY}
     * (or their lower-case forms) of {@code env}, credentials as {@code
     * http://user:password@host:port}; where they name no proxy, {@code otherwise}.
     */
    public static Proxies fromEnvironment(Function<String, String> env, Proxies otherwise) {
        EnvironmentProxySelector e = new EnvironmentProxySelector(env);
        if (!e.isSet()) {
            return otherwise;
        }
        ProxySelector chain = new FirstProxySelector(List.of(e, otherwise.selector));
        CredentialSource creds =
                (host, port) -> {
                    Optional<PasswordAuthentication> a = e.credentials(host, port);
                    return a.isPresent() ? a : otherwise.credentials.forProxy(host, port);
                };
        return new Proxies(chain, creds, "environment (" + e.describe() + ")");
    }

    /** The same proxies, with credentials from {@code source} where these have none. */
    public Proxies withCredentials(CredentialSource source) {
        CredentialSource mine = credentials;
        return new Proxies(
                selector,
                (host, port) -> {
                    Optional<PasswordAuthentication> a = mine.forProxy(host, port);
                    return a.isPresent() ? a : source.forProxy(host, port);
                },
                description);
    }

    /**
     * The same proxies, with credentials from {@code source} first and these where it has none (the
     * desktop: a pair the user typed when the proxy refused the one in {@code HTTPS_PROXY}).
     */
    public Proxies withCredentialsFirst(CredentialSource source) {
        CredentialSource mine = credentials;
        return new Proxies(
                selector,
                (host, port) -> {
                    Optional<PasswordAuthentication> a = source.forProxy(host, port);
                    return a.isPresent() ? a : mine.forProxy(host, port);
                },
                description);
    }

    public ProxySelector selector() {
        return selector;
    }

    public CredentialSource credentials() {
        return credentials;
    }

    /**
     * The proxy a request to {@code uri} goes through, as "host:port", or empty for a direct
     * connection.
     */
    public Optional<String> proxyFor(URI uri) {
        try {
            for (Proxy p : selector.select(uri)) {
                if (p.type() != Proxy.Type.DIRECT && p.address() instanceof InetSocketAddress a) {
                    return Optional.of(a.getHostString() + ":" + a.getPort());
                }
            }
        } catch (RuntimeException e) {
            // a selector that cannot answer is reported by the request itself
        }
        return Optional.empty();
    }

    /**
     * "system", "none", the proxy's address, or the environment variables used (no credentials).
     */
    @Override
    public String toString() {
        return description;
    }
}
