package app.ishaar.core.archive.postgres;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Makes the archive's connections to its server: one data source (the location, its user and TLS
 * settings, the password kept only here), used by the archive, its migrations and the office's
 * coordination ({@code core.office}), each on connections of its own.
 */
public final class PgConnections {
    private final PGSimpleDataSource source = new PGSimpleDataSource();

    PgConnections(PgLocation location, Function<String, String> env, char[] password) {
        Properties p = location.properties(env);
        StringBuilder url = new StringBuilder(location.jdbcUrl());
        char sep = '?';
        for (Map.Entry<Object, Object> e : p.entrySet()) {
            url.append(sep)
                    .append(e.getKey())
                    .append('=')
                    .append(
                            URLEncoder.encode(
                                    String.valueOf(e.getValue()), StandardCharsets.UTF_8));
            sep = '&';
        }
        source.setUrl(url.toString());
        if (password != null) {
            source.setPassword(new String(password));
        }
        // a server that does not answer is reported, not waited for without end
        source.setConnectTimeout(15);
        source.setLoginTimeout(20);
    }

    DataSource dataSource() {
        return source;
    }

    public Connection open() throws SQLException {
        return source.getConnection();
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
