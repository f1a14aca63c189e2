package app.ishaar.core.service;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * URL rules shared by every place that accepts a service address: absolute http(s), HTTPS off
 * loopback.
 */
public final class Endpoints {
    private Endpoints() {}

    /**
     * Parses and checks a base URL. A trailing slash is dropped.
     *
     * @param field the option or field name, named in the error
     */
    public static URI validate(String field, String url) throws InvalidEndpointException {
        if (url == null || url.isBlank()) {
            throw new InvalidEndpointException(field, url, InvalidEndpointException.Reason.MISSING);
        }
        if (url.length() > InputRules.MAX_URL || InputRules.hasUnsafeCharacters(url)) {
            throw new InvalidEndpointException(
                    field, url, InvalidEndpointException.Reason.MALFORMED);
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new InvalidEndpointException(
                    field, url, InvalidEndpointException.Reason.MALFORMED);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute()
                || uri.getHost() == null
                || !(scheme.equals("http") || scheme.equals("https"))
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null
                || uri.getRawUserInfo() != null) {
            throw new InvalidEndpointException(
                    field, url, InvalidEndpointException.Reason.MALFORMED);
        }
        if (scheme.equals("http") && !isLoopback(uri.getHost())) {
            throw new InvalidEndpointException(
                    field, url, InvalidEndpointException.Reason.HTTPS_REQUIRED);
        }
        String s = uri.toString();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return URI.create(s);
    }

    /**
     * True for "localhost" and literal loopback addresses (127.0.0.0/8, ::1); never resolves a
     * name.
     */
    public static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        // only "localhost" itself: a name under .localhost (RFC 6761) is sent to DNS by many
        // resolvers, which may answer with a remote address, and plain HTTP would then carry the
        // credentials there
        if (h.equals("localhost")) {
            return true;
        }
        if (h.matches("\\d{1,3}(\\.\\d{1,3}){3}") || h.contains(":")) {
            try {
                return InetAddress.getByName(h).isLoopbackAddress();
            } catch (java.net.UnknownHostException e) {
                return false;
            }
        }
        return false;
    }
}
