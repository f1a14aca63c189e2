package app.ishaar.core.settings;

import java.util.Locale;

/**
 * A proxy's address as a person types it: {@code host:port}, also pasted as {@code
 * http://host:port/} (the form of {@code HTTPS_PROXY}); a user name and password in it are refused,
 * since they belong in the keychain, not in the settings file.
 */
public final class ProxyAddress {
    private ProxyAddress() {}

    /** What is wrong with a typed address. */
    public enum Problem {
        EMPTY,
        /** No ":port" after the host. */
        NO_PORT,
        /** A port that is not a number from 1 to 65535. */
        BAD_PORT,
        /** A host with spaces or characters no host name has, or a scheme other than http. */
        BAD_HOST,
        /** "user:password@" in the address. */
        CREDENTIALS
    }

    /** A typed address read: the host and port, or what is wrong. */
    public record Parsed(String host, int port, Problem problem) {
        public boolean ok() {
            return problem == null;
        }
    }

    public static Parsed parse(String typed) {
        String s = typed == null ? "" : typed.strip();
        if (s.isEmpty()) {
            return fail(Problem.EMPTY);
        }
        int scheme = s.indexOf("://");
        if (scheme >= 0) {
            if (!s.substring(0, scheme).equalsIgnoreCase("http")) {
                return fail(Problem.BAD_HOST);
            }
            s = s.substring(scheme + 3);
        }
        if (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.indexOf('@') >= 0) {
            return fail(Problem.CREDENTIALS);
        }
        String host;
        String port;
        if (s.startsWith("[")) {
            int end = s.indexOf(']');
            if (end < 0) {
                return fail(Problem.BAD_HOST);
            }
            host = s.substring(1, end);
            String rest = s.substring(end + 1);
            if (rest.isEmpty()) {
                return fail(Problem.NO_PORT);
            }
            if (!rest.startsWith(":")) {
                return fail(Problem.BAD_HOST);
            }
            port = rest.substring(1);
        } else {
            int colon = s.lastIndexOf(':');
            if (colon < 0) {
                return hostProblem(s) == null ? fail(Problem.NO_PORT) : fail(Problem.BAD_HOST);
            }
            host = s.substring(0, colon);
            port = s.substring(colon + 1);
        }
        Problem h = hostProblem(host);
        if (h != null) {
            return fail(h);
        }
        if (port.isEmpty()) {
            return fail(Problem.NO_PORT);
        }
        if (port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return fail(Problem.BAD_PORT);
        }
        int n = Integer.parseInt(port);
        if (n < 1 || n > 65535) {
            return fail(Problem.BAD_PORT);
        }
        return new Parsed(host.toLowerCase(Locale.ROOT), n, null);
    }

    /**
     * What is wrong with a host name or address, or null: letters, digits, '.', '-', '_' (and ':'
     * for an IPv6 address), at most 253 characters.
     */
    static Problem hostProblem(String host) {
        if (host == null || host.isEmpty()) {
            return Problem.EMPTY;
        }
        if (host.length() > 253) {
            return Problem.BAD_HOST;
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok =
                    (c >= 'a' && c <= 'z')
                            || (c >= 'A' && c <= 'Z')
                            || (c >= '0' && c <= '9')
                            || c == '.'
                            || c == '-'
                            || c == '_'
                            || c == ':';
            if (!ok) {
                return Problem.BAD_HOST;
            }
        }
        return null;
    }

    /** "host:port", the host in brackets when it is an IPv6 address. */
    public static String format(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    private static Parsed fail(Problem p) {
        return new Parsed(null, 0, p);
    }
}
