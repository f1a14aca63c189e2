package app.ishaar.core.archive;

import app.ishaar.core.service.Environment;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * Which service an archived notification came from: the API base URL, so that the sandbox,
 * pre-production, production and a custom service never mix. Compared in a normal form (scheme and
 * host in lower case, no trailing slash).
 */
public record ServiceKey(String baseUrl) {

    public ServiceKey {
        Objects.requireNonNull(baseUrl, "baseUrl");
        baseUrl = normal(baseUrl);
    }

    /**
     * The built-in sandbox, whatever loopback port it listens on in this run: its data is the same
     * in every run, so the archive keeps it under one key.
     */
    public static final ServiceKey SANDBOX = new ServiceKey("sandbox");

    public static ServiceKey of(URI baseUrl) {
        return new ServiceKey(baseUrl.toString());
    }

    /** The key of an environment: {@link #SANDBOX} for the built-in sandbox, else its API URL. */
    public static ServiceKey of(Environment environment) {
        return environment.kind() == Environment.Kind.SANDBOX ? SANDBOX : of(environment.baseUrl());
    }

    private static String normal(String url) {
        String s = url.strip();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        URI u = URI.create(s);
        if (u.getScheme() == null || u.getHost() == null) {
            return s;
        }
        String port = u.getPort() < 0 ? "" : ":" + u.getPort();
        String path = u.getRawPath() == null ? "" : u.getRawPath();
        return u.getScheme().toLowerCase(Locale.ROOT)
                + "://"
                + u.getHost().toLowerCase(Locale.ROOT)
                + port
                + path;
    }

    @Override
    public String toString() {
        return baseUrl;
    }
}
