package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.ArchiveException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;

/**
 * Hears every change of handling in the shared archive (the trigger's {@code NOTIFY
 * ishaar_handling}) on a connection of its own, and says so on a thread of its own: a desktop reads
 * its page again and shows a colleague's change. The notice names nothing (a role may listen
 * whatever it is granted); what changed is read under the role's own row-level security. A lost
 * connection is made again a moment later, and counts as a change (one may have been missed).
 */
final class PgHandlingWatch implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.archive");

    /** The longest the thread waits for a notice before looking whether it was closed. */
    private static final int WAIT_MS = 500;

    private final PgLocation location;
    private final PgConnections connections;
    private final Runnable changed;
    private final Thread thread;
    private volatile boolean closed;
    private Connection listening;

    private PgHandlingWatch(PgLocation location, PgConnections connections, Runnable changed) {
        this.location = location;
        this.connections = connections;
        this.changed = changed;
        this.thread = new Thread(this::run, "ishaar-handling-watch");
        this.thread.setDaemon(true);
    }

    /** Listening before this returns: no change made afterwards is missed. */
    static PgHandlingWatch start(PgLocation location, PgConnections connections, Runnable changed)
            throws ArchiveException {
        PgHandlingWatch w = new PgHandlingWatch(location, connections, changed);
        try {
            w.listen();
        } catch (SQLException e) {
            w.close();
            throw PgErrors.map(e, location, "listening for colleagues' changes");
        }
        w.thread.start();
        return w;
    }

    private void listen() throws SQLException {
        PgConnections.closeQuietly(listening);
        listening = connections.getConnection();
        listening.setAutoCommit(true);
        try (Statement s = listening.createStatement()) {
            s.execute("LISTEN ishaar_handling");
        }
    }

    private void run() {
        while (!closed) {
            try {
                if (listening == null || listening.isClosed()) {
                    listen();
                    changed.run();
                }
                var heard = listening.unwrap(PGConnection.class).getNotifications(WAIT_MS);
                if (!closed && heard != null && heard.length > 0) {
                    changed.run();
                }
            } catch (SQLException e) {
                if (closed) {
                    return;
                }
                LOG.log(
                        System.Logger.Level.WARNING,
                        "no longer hearing colleagues' changes in the archive "
                                + location
                                + "; listening again ("
                                + e.getMessage()
                                + ")");
                PgConnections.closeQuietly(listening);
                listening = null;
                try {
                    Thread.sleep(WAIT_MS * 4L); // the server is away: a moment before trying again
                } catch (InterruptedException stop) {
                    return;
                }
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a colleague's change was not shown", e);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        PgConnections.closeQuietly(listening);
    }
}
