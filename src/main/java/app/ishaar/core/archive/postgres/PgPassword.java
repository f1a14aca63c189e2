package app.ishaar.core.archive.postgres;

import app.ishaar.core.secrets.SecretStore;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the shared archive's password comes from, never the command line nor the location: the
 * environment ({@value #ENV}, then PostgreSQL's own {@code PGPASSWORD}), then the operating
 * system's keychain (entry {@link #account}), else none here, and the driver reads PostgreSQL's
 * password file ({@code ~/.pgpass}, or the file {@code PGPASSFILE} names), as {@code psql} does.
 */
public final class PgPassword {
    private PgPassword() {}

    /** The environment variable of the archive's password. */
    public static final String ENV = "ISHAAR_ARCHIVE_PASSWORD";

    /** The keychain entry of a location's password: its user, host, port and database. */
    public static String account(PgLocation location, Function<String, String> env) {
        return "archive "
                + location.userOr(env)
                + "@"
                + location.host()
                + ":"
                + location.port()
                + "/"
                + location.database();
    }

    /**
     * The password to log in with, or empty for the password file (or a server that asks none).
     *
     * @param keychain null when there is none to ask
     */
    public static Optional<char[]> find(
            PgLocation location, Function<String, String> env, SecretStore keychain) {
        for (String name : new String[] {ENV, "PGPASSWORD"}) {
            String v = env.apply(name);
            if (v != null && !v.isEmpty()) {
                return Optional.of(v.toCharArray());
            }
        }
        if (keychain != null && keychain.isAvailable()) {
            try {
                return keychain.load(account(location, env));
            } catch (SecretStore.SecretStoreException e) {
                return Optional.empty(); // the keychain did not answer: the password file, if any
            }
        }
        return Optional.empty();
    }
}
