package app.ishaar.core.archive.postgres;

import app.ishaar.core.support.Redaction;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.postgresql.PGProperty;

/**
 * A shared archive on PostgreSQL, as a user names it: {@code postgresql://[user@]host[:port]/db}
 * (also {@code postgres://}), optionally with TLS settings ({@code ?sslmode=…&sslrootcert=FILE}).
 * Read into its parts and given to the driver only as those parts, each a connection property
 * ({@link #properties}): nothing the user wrote is pasted into the driver's URL, so a database or
 * user name cannot carry driver settings ({@code options}, {@code sslfactory}, a weaker {@code
 * sslmode}, …) past the rules here, even percent-encoded. Never a password: one written in the
 * location is refused, so that it does not end in a shell's history, a process list or a settings
 * file (it comes from the environment, a {@code .pgpass} file or the keychain: {@link PgPassword}).
 * A host that is not this computer is reached over TLS that verifies the server's certificate and
 * name ({@code sslmode=verify-full}); any other mode written is refused there.
 *
 * @param user null: the environment's {@code PGUSER}, else the system user's name
 */
public record PgLocation(
        String host, int port, String database, String user, Map<String, String> tls) {

    public static final int DEFAULT_PORT = 5432;

    private static final String PASSWORD_REFUSED =
            "a password is never given in the archive's location: set ISHAAR_ARCHIVE_PASSWORD or"
                    + " PGPASSWORD, use a .pgpass file, or the keychain";

    private static final Set<String> TLS_PARAMETERS =
            Set.of("sslmode", "sslrootcert", "sslcert", "sslkey");
    private static final String NETWORK_MODE = "verify-full";
    private static final Set<String> MODES =
            Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");

    public PgLocation {
        tls = Map.copyOf(tls);
    }

    /** A location without TLS settings of its own. */
    public PgLocation(String host, int port, String database, String user) {
        this(host, port, database, user, Map.of());
    }

    /** Whether {@code text} names a PostgreSQL archive rather than a file. */
    public static boolean isLocation(String text) {
        if (text == null) {
            return false;
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        return t.startsWith("postgresql://") || t.startsWith("postgres://");
    }

    /**
     * Reads a location.
     *
     * @throws IllegalArgumentException with a one-line message of what is wrong
     */
    public static PgLocation parse(String text) {
        if (!isLocation(text)) {
            // repeated for a typo to be seen, without a password it may hold
            throw new IllegalArgumentException(
                    "not a PostgreSQL location (postgresql://host:port/database): "
                            + Redaction.apply(text));
        }
        // before anything else, and without echoing the text: it may hold a password
        String afterScheme = text.strip().substring(text.strip().indexOf("://") + 3);
        int end = afterScheme.indexOf('/');
        String authority = end < 0 ? afterScheme : afterScheme.substring(0, end);
        int at = authority.lastIndexOf('@');
        if (at >= 0 && authority.substring(0, at).contains(":")) {
            throw new IllegalArgumentException(PASSWORD_REFUSED);
        }
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    "not a PostgreSQL location (postgresql://host:port/database): "
                            + e.getReason());
        }
        String userInfo = uri.getRawUserInfo();
        String host = uri.getHost();
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException(
                    "the location names no host (postgresql://host:port/database)");
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException(
                    "the archive's location has a '#' part, which PostgreSQL locations do not"
                            + " have (postgresql://host:port/database)");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        String database = path.startsWith("/") ? path.substring(1) : path;
        if (database.isBlank() || database.contains("/")) {
            throw new IllegalArgumentException(
                    "the location names no database (postgresql://host:port/database)");
        }
        // not echoed: what follows a '?' smuggled into a name may be a password
        if (!plainName(database)) {
            throw new IllegalArgumentException(
                    "the database name in the archive's location holds ?, &, =, #, ; or a control"
                            + " character; settings go after one '?' (sslmode, sslrootcert,"
                            + " sslcert, sslkey)");
        }
        Map<String, String> tls = new LinkedHashMap<>();
        if (uri.getRawQuery() != null && !uri.getRawQuery().isEmpty()) {
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                String key = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                if (key.equalsIgnoreCase("password")) {
                    throw new IllegalArgumentException(PASSWORD_REFUSED);
                }
                if (!TLS_PARAMETERS.contains(key)) {
                    throw new IllegalArgumentException(
                            "unknown setting in the archive's location: "
                                    + key
                                    + " (known: sslmode, sslrootcert, sslcert, sslkey)");
                }
                tls.put(key, value);
            }
        }
        String mode = tls.get("sslmode");
        if (mode != null && !MODES.contains(mode)) {
            throw new IllegalArgumentException("sslmode: not a TLS mode of PostgreSQL: " + mode);
        }
        host = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (!loopback(host) && mode != null && !mode.equals(NETWORK_MODE)) {
            throw new IllegalArgumentException(
                    "sslmode="
                            + mode
                            + " does not verify both the server's certificate and its name: "
                            + host
                            + " is reached over the network, where the archive needs"
                            + " sslmode=verify-full");
        }
        String user = userInfo == null || userInfo.isBlank() ? null : decode(userInfo);
        if (user != null && !plainName(user)) {
            throw new IllegalArgumentException(
                    "the user name in the archive's location holds ?, &, =, #, ; or a control"
                            + " character");
        }
        return new PgLocation(
                host, uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort(), database, user, tls);
    }

    /**
     * A name as PostgreSQL knows it, without the characters that separate a URL's or a connection
     * string's settings: the name is a property of its own, but a name holding them is a sign of a
     * location written to slip settings past these rules, and is refused rather than guessed at.
     */
    private static boolean plainName(String name) {
        return name.chars()
                .noneMatch(
                        c ->
                                c == '?'
                                        || c == '&'
                                        || c == '='
                                        || c == '#'
                                        || c == ';'
                                        || Character.isISOControl(c));
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    /** Whether the server is on this computer (no TLS needed to reach it). */
    public boolean loopback() {
        return loopback(host);
    }

    private static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1");
    }

    /** The user that logs in: the location's, else {@code PGUSER}, else the system user's. */
    public String userOr(java.util.function.Function<String, String> env) {
        if (user != null) {
            return user;
        }
        String u = env.apply("PGUSER");
        return u != null && !u.isBlank() ? u : System.getProperty("user.name");
    }

    /**
     * Everything the driver is told, each part a property of its own (the driver's URL is left
     * empty, {@link PgConnections}): host, port, database, user, the TLS settings (verify-full for
     * a host that is not this computer, whatever the location says), and the application's name in
     * the server's activity view. No password: {@link PgConnections} adds it.
     */
    Properties properties(java.util.function.Function<String, String> env) {
        Properties p = new Properties();
        PGProperty.PG_HOST.set(p, host);
        PGProperty.PG_PORT.set(p, port);
        PGProperty.PG_DBNAME.set(p, database);
        PGProperty.USER.set(p, userOr(env));
        PGProperty.APPLICATION_NAME.set(p, "Ishaar");
        tls.forEach(p::setProperty);
        PGProperty.SSL_MODE.set(
                p, loopback() ? tls.getOrDefault("sslmode", "prefer") : NETWORK_MODE);
        return p;
    }

    /** As the user wrote it, without anything secret (there is nothing secret in it). */
    @Override
    public String toString() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return "postgresql://" + (user == null ? "" : user + "@") + h + ":" + port + "/" + database;
    }

    /** The same database as another user (a reader's role). */
    public PgLocation as(String otherUser) {
        return new PgLocation(host, port, database, otherUser, tls);
    }
}
