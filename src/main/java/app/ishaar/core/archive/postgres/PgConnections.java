package app.ishaar.core.archive.postgres;

import app.ishaar.core.support.Redaction;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.function.Function;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.postgresql.Driver;
import org.postgresql.PGProperty;

/**
 * Makes the archive's connections to its server, for the archive and for its migrations: the
 * location's parts, its user and TLS settings and the password (kept only here), each given to the
 * driver as a connection property with an empty URL. Nothing of the location is pasted into a URL,
 * where a name holding {@code ?…&…} would be read as the driver's own settings. Used by the
 * archive, its migrations and the office's coordination ({@code core.office}), each on connections
 * of its own.
 */
public final class PgConnections implements DataSource {
    /** The driver's URL naming nothing: host, port and database come from the properties. */
    private static final String NO_URL = "jdbc:postgresql://";

    private final Driver driver = new Driver();
    private final Properties settings;
    private int loginTimeoutSeconds = 20;

    PgConnections(PgLocation location, Function<String, String> env, char[] password) {
        settings = location.properties(env);
        if (password != null) {
            Redaction.hide(password);
            PGProperty.PASSWORD.set(settings, new String(password));
        }
        // a server that does not answer is reported, not waited for without end
        PGProperty.CONNECT_TIMEOUT.set(settings, 15);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Properties p = new Properties();
        p.putAll(settings);
        PGProperty.LOGIN_TIMEOUT.set(p, loginTimeoutSeconds);
        Connection c = driver.connect(NO_URL, p);
        if (c == null) {
            throw new SQLException("the PostgreSQL driver did not take the archive's settings");
        }
        return c;
    }

    /** Another user is not this archive's: its connections are the location's user's only. */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the archive connects as its location's user");
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // the driver logs through java.util.logging
    }

    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getLogger("org.postgresql");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    public static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing
            }
        }
    }
}
