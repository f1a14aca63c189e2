package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive.Claim;
import app.ishaar.core.archive.ArchiveException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The taxpayers this archive's syncs hold: a PostgreSQL session advisory lock each, on a connection
 * of their own, so that the server lets go of them when the connection ends (a syncer stopped,
 * crashed or killed). A lock is re-entrant within one session, so the taxpayers held in this
 * process are also kept here: a second sync of the same taxpayer in this process is refused like
 * one of another process.
 */
final class PgClaims {
    private final PgLocation location;
    private final PgConnections connections;
    private final Set<String> held = ConcurrentHashMap.newKeySet();
    private Connection conn;

    PgClaims(PgLocation location, PgConnections connections) {
        this.location = location;
        this.connections = connections;
    }

    Optional<Claim> claim(String key) throws ArchiveException {
        if (!held.add(key)) {
            return Optional.empty(); // held by another sync of this process
        }
        try {
            synchronized (this) {
                if (conn == null || conn.isClosed()) {
                    conn = connections.getConnection();
                    conn.setAutoCommit(true);
                }
                try (PreparedStatement p = conn.prepareStatement(PgSql.TRY_CLAIM)) {
                    p.setString(1, key);
                    try (ResultSet r = p.executeQuery()) {
                        if (!(r.next() && r.getBoolean(1))) {
                            held.remove(key);
                            return Optional.empty();
                        }
                    }
                }
            }
        } catch (SQLException e) {
            held.remove(key);
            throw PgErrors.map(e, location, "holding a taxpayer for a sync");
        }
        return Optional.of(() -> release(key));
    }

    private void release(String key) throws ArchiveException {
        if (!held.contains(key)) {
            return;
        }
        try {
            synchronized (this) {
                try (PreparedStatement p = conn.prepareStatement(PgSql.RELEASE_CLAIM)) {
                    p.setString(1, key);
                    p.executeQuery().close();
                }
            }
        } catch (SQLException e) {
            throw PgErrors.map(e, location, "letting a taxpayer go");
        } finally {
            held.remove(key);
        }
    }

    synchronized void close() {
        PgConnections.closeQuietly(conn);
        held.clear();
    }
}
