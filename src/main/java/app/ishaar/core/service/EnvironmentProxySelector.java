package app.ishaar.core.service;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The proxy environment variables as curl and most command-line tools read them: {@code
 * HTTPS_PROXY} for https addresses, {@code HTTP_PROXY} for http ones (lower-case forms first),
 * {@code NO_PROXY} a comma-separated list of host names or domain suffixes ({@code .example.com} or
 * {@code example.com}: the host and its subdomains), IP addresses, or {@code *}; a {@code :port} in
 * an entry is ignored. Credentials may be given as {@code http://user:password@host:port}.
 */
public final class EnvironmentProxySelector extends ProxySelector {

    private record Entry(String variable, String host, int port, String user, char[] password) {}

    private final Entry https;
    private final Entry http;
    private final List<String> noProxy = new ArrayList<>();

    public EnvironmentProxySelector(Function<String, String> env) {
        https = parse(env, "https_proxy", "HTTPS_PROXY");
        http = parse(env, "http_proxy", "HTTP_PROXY");
        String no = first(env, "no_proxy", "NO_PROXY");
        if (no != null) {
            for (String part : no.split(",")) {
                String p = part.strip().toLowerCase(Locale.ROOT);
                int colon = p.lastIndexOf(':');
                if (colon > 0 && p.indexOf(':') == colon) {
                    p = p.substring(0, colon); // host:port; an IPv6 address keeps its colons
                }
                if (p.startsWith("[") && p.endsWith("]")) {
                    p = p.substring(1, p.length() - 1);
                }
                if (!p.isEmpty()) {
                    noProxy.add(p);
                }
            }
        }
    }

    /** Whether any proxy variable is set. */
    public boolean isSet() {
        return https != null || http != null;
    }

    /** The variables in use, for diagnostics (no credentials). */
    public String describe() {
        List<String> names = new ArrayList<>();
        if (https != null) {
            names.add(https.variable + "=" + https.host + ":" + https.port);
        }
        if (http != null) {
            names.add(http.variable + "=" + http.host + ":" + http.port);
        }
        return String.join(", ", names);
    }

    @Override
    public List<Proxy> select(URI uri) {
        Entry e = "https".equalsIgnoreCase(uri.getScheme()) ? https : http;
        if (e == null || bypassed(uri.getHost())) {
            return List.of(Proxy.NO_PROXY);
        }
        return List.of(
                new Proxy(Proxy.Type.HTTP, InetSocketAddress.createUnresolved(e.host, e.port)));
    }

    @Override
    public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {
        // nothing to fall back to: the failure is reported
    }

    /** The user and password written in the variable naming this proxy, if any. */
    public Optional<PasswordAuthentication> credentials(String host, int port) {
        for (Entry e : new Entry[] {https, http}) {
            if (e != null && e.user != null && e.host.equalsIgnoreCase(host) && e.port == port) {
                return Optional.of(new PasswordAuthentication(e.user, e.password.clone()));
            }
        }
        return Optional.empty();
    }

    boolean bypassed(String host) {
        if (host == null) {
            return false;
        }
        if (isLoopback(host)) {
            return true;
        }
        String h = host.toLowerCase(Locale.ROOT);
        for (String p : noProxy) {
            String domain = p.startsWith(".") ? p.substring(1) : p;
            if (p.equals("*") || h.equals(domain)) {
                return true;
            }
            String suffix = "." + domain;
            if (h.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code host} names this computer (localhost, 127.*, ::1): never reached through a
     * proxy, which could not reach it.
     */
    public static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1");
    }

    /** Percent-decoding only: a '+' in a user name or password is itself. */
    private static String decode(String raw) {
        return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String first(Function<String, String> env, String a, String b) {
        String v = env.apply(a);
        if (v == null || v.isBlank()) {
            v = env.apply(b);
        }
        return v == null || v.isBlank() ? null : v.strip();
    }

    private static Entry parse(Function<String, String> env, String lower, String upper) {
        String v = env.apply(lower);
        String name = lower;
        if (v == null || v.isBlank()) {
            v = env.apply(upper);
            name = upper;
        }
        if (v == null || v.isBlank()) {
            return null;
        }
        String s = v.strip();
        if (!s.contains("://")) {
            s = "http://" + s;
        }
        try {
            URI u = new URI(s);
            if (u.getHost() == null) {
                return null;
            }
            int port = u.getPort() > 0 ? u.getPort() : "https".equals(u.getScheme()) ? 443 : 80;
            String user = null;
            char[] password = new char[0];
            String info = u.getRawUserInfo();
            if (info != null && !info.isEmpty()) {
                int colon = info.indexOf(':');
                String rawUser = colon < 0 ? info : info.substring(0, colon);
                user = decode(rawUser);
                if (colon >= 0) {
                    password = decode(info.substring(colon + 1)).toCharArray();
                }
            }
            return new Entry(name, u.getHost(), port, user, password);
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
