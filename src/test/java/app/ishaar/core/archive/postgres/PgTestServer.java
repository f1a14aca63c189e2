package app.ishaar.core.archive.postgres;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL server the archive's tests use: the one {@code .ci/postgres start} makes, named by
 * {@code ISHAAR_TEST_PG} (a location of its {@code postgres} database), {@code ISHAAR_TEST_PG_USER}
 * (a superuser) and {@code ISHAAR_TEST_PG_PASSWORD}. Each test gets a database of its own. Without
 * a server a test fails under CI (a skipped suite would hide a missing install step) and is skipped
 * elsewhere, saying how to start one.
 */
public final class PgTestServer {
    private final PgLocation admin;
    private final String password;

    private PgTestServer(PgLocation admin, String password) {
        this.admin = admin;
        this.password = password;
    }

    /** The server, or the test is failed (CI) or skipped (elsewhere). */
    public static PgTestServer get() {
        String url = System.getenv("ISHAAR_TEST_PG");
        if (url == null || url.isBlank()) {
            String why =
                    "no PostgreSQL server for the archive's tests (ISHAAR_TEST_PG is not set);"
                            + " start one with: eval \"$(.ci/postgres start)\"";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why);
            }
            Assumptions.abort(why);
        }
        PgLocation base = PgLocation.parse(url);
        String user = System.getenv().getOrDefault("ISHAAR_TEST_PG_USER", "postgres");
        return new PgTestServer(base.as(user), System.getenv("ISHAAR_TEST_PG_PASSWORD"));
    }

    /** The environment a test's archive sees: the superuser's password and nothing else. */
    public Function<String, String> env() {
        return Map.of(PgPassword.ENV, password == null ? "" : password)::get;
    }

    public String password() {
        return password;
    }

    /** A new empty database, as its owner (the superuser) would name it. */
    public PgLocation newDatabase() throws SQLException {
        String name =
                ("ishaar_test_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36))
                        .toLowerCase(Locale.ROOT);
        try (Connection c = admin(admin.database());
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return new PgLocation(admin.host(), admin.port(), name, admin.user());
    }

    /**
     * A new login role of this server named {@code prefix_} and a random suffix, its password
     * {@link #passwordOf}: it reads an archive's taxpayers once the archive grants them.
     */
    public String newLoginRole(String prefix) throws SQLException {
        String role =
                prefix + "_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        try (Connection c = admin(admin.database());
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + passwordOf(role) + "'");
        }
        return role;
    }

    /** The password of a role that {@link #newLoginRole} made. */
    public static String passwordOf(String role) {
        return "pw-" + role;
    }

    /** A connection to a database as the superuser (for what a test does by hand). */
    public Connection admin(String database) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:postgresql://" + admin.host() + ":" + admin.port() + "/" + database,
                admin.user(),
                password);
    }

    /** Opens the archive in {@code location} as the superuser. */
    public PostgresArchive open(PgLocation location) throws Exception {
        return PostgresArchive.open(location, env(), (app.ishaar.core.secrets.SecretStore) null);
    }

    /** A new database of this server as a test's archive, opened as the superuser. */
    public app.ishaar.core.archive.TestArchive newArchive() throws SQLException {
        PgLocation at = newDatabase();
        PgTestServer server = this;
        return new app.ishaar.core.archive.TestArchive() {
            @Override
            public String arg() {
                return at.toString();
            }

            @Override
            public Map<String, String> env() {
                return Map.of(PgPassword.ENV, password == null ? "" : password);
            }

            @Override
            public app.ishaar.core.archive.Archive open() throws Exception {
                return server.open(at);
            }
        };
    }
}
