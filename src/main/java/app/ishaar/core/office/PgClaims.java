package app.ishaar.core.office;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PgConnections;
import app.ishaar.core.archive.postgres.PgErrors;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Optional;

/**
 * The taxpayers this archive's syncs hold: a row each in {@code sync_claim} (migration {@code V7}),
 * naming the connection that holds it, a connection of the claims' own. A claim whose connection
 * has ended (a syncer stopped, crashed or killed, or its connection cut) counts as free, so the
 * server lets go of a syncer's taxpayers when its connection ends, as it did with the advisory
 * locks before. Only the archive's owner reads or writes the table: a role that only reads can
 * neither hold a taxpayer nor lock the row of one. A second sync of a taxpayer held in this process
 * is refused like one of another process (the row names a live connection).
 *
 * <p>Each claim waits at most {@link PostgresArchive#LOCK_WAIT} for a lock on its row (another
 * syncer's claim being written); past that it says so ({@link ArchiveException.Reason#LOCKED}).
 */
final class PgClaims {
    /**
     * Takes the row when it is free: none, or its connection gone (no server process with its
     * number and start; a process of a role whose start this role may not see counts by its number
     * alone). Answers the holder when taken, no row when held.
     */
    private static final String TAKE =
            "INSERT INTO sync_claim AS c (service_url, rin, holder_pid, holder_start)"
                    + " SELECT ?, ?, a.pid, a.backend_start FROM pg_stat_activity a"
                    + " WHERE a.pid = pg_backend_pid()"
                    + " ON CONFLICT (service_url, rin) DO UPDATE SET holder_pid ="
                    + " EXCLUDED.holder_pid, holder_start = EXCLUDED.holder_start, claimed_ms ="
                    + " EXCLUDED.claimed_ms"
                    + " WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity h"
                    + " WHERE h.pid = c.holder_pid"
                    + " AND (h.backend_start IS NULL OR h.backend_start = c.holder_start))"
                    + " RETURNING c.holder_pid, c.holder_start";

    private static final String RELEASE =
            "DELETE FROM sync_claim WHERE service_url = ? AND rin = ? AND holder_pid = ?"
                    + " AND holder_start = ?";

    private static final String RELEASE_ALL =
            "DELETE FROM sync_claim WHERE holder_pid = pg_backend_pid()";

    private final PgLocation location;
    private final PgConnections connections;
    private Connection conn;

    PgClaims(PgLocation location, PgConnections connections) {
        this.location = location;
        this.connections = connections;
    }

    synchronized Optional<OfficeSync.Claim> claim(ServiceKey service, Rin taxpayer)
            throws ArchiveException {
        try {
            try (PreparedStatement p = connection().prepareStatement(TAKE)) {
                p.setString(1, service.baseUrl());
                p.setString(2, taxpayer.value());
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        return Optional.empty(); // another sync holds it
                    }
                    int pid = r.getInt(1);
                    Timestamp start = r.getTimestamp(2);
                    return Optional.of(() -> release(service, taxpayer, pid, start));
                }
            }
        } catch (SQLException e) {
            drop();
            if ("55P03".equals(e.getSQLState())) {
                throw new ArchiveException(
                        ArchiveException.Reason.LOCKED,
                        "the archive "
                                + location
                                + ": could not hold taxpayer "
                                + taxpayer
                                + " for a sync within "
                                + PostgresArchive.LOCK_WAIT.toSeconds()
                                + " s (another session holds a lock on its claim); left for the"
                                + " next turn",
                        e);
            }
            throw PgErrors.map(e, location, "holding a taxpayer for a sync");
        }
    }

    private synchronized void release(ServiceKey service, Rin taxpayer, int pid, Timestamp start)
            throws ArchiveException {
        try (PreparedStatement p = connection().prepareStatement(RELEASE)) {
            p.setString(1, service.baseUrl());
            p.setString(2, taxpayer.value());
            p.setInt(3, pid);
            p.setTimestamp(4, start);
            p.executeUpdate();
        } catch (SQLException e) {
            drop(); // its connection ended: the claim counts as free anyway
            throw PgErrors.map(e, location, "letting a taxpayer go");
        }
    }

    private Connection connection() throws SQLException {
        if (conn == null || conn.isClosed()) {
            conn = connections.getConnection();
            conn.setAutoCommit(true);
            try (Statement s = conn.createStatement()) {
                s.execute(PostgresArchive.lockTimeout());
            }
        }
        return conn;
    }

    private void drop() {
        PgConnections.closeQuietly(conn);
        conn = null;
    }

    /** Lets go of every taxpayer held on this connection, and closes it. */
    synchronized void close() {
        if (conn != null) {
            try (Statement s = conn.createStatement()) {
                s.executeUpdate(RELEASE_ALL);
            } catch (SQLException ignored) {
                // its connection ending lets go of them too
            }
        }
        drop();
    }
}
