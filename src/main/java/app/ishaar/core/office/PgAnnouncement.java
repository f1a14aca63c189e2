package app.ishaar.core.office;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PgConnections;
import app.ishaar.core.archive.postgres.PgErrors;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.model.Rin;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.postgresql.PGConnection;

/**
 * A syncer announced in the shared archive: its row in {@code syncer} with the taxpayers it keeps,
 * its heartbeat renewed every beat by a thread of its own, which also listens for the desktops'
 * requests ({@code LISTEN ishaar_sync_request}, raised by the table's trigger) and hands each one
 * for its taxpayers to the syncer at once. Between notifications it looks at the table every beat
 * too, so that a request made while the connection was being made again is not missed. Closing it
 * deletes its row: desktops sync by themselves again at once. A syncer killed stops beating and
 * counts as gone after three beats.
 */
final class PgAnnouncement implements OfficeSync.Announcement {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.archive");

    private static final String BEAT =
            "INSERT INTO syncer AS s (id, service_url, seen_ms, alive_ms) VALUES (?, ?, "
                    + PgOffice.NOW_MS
                    + ", ?) ON CONFLICT (id) DO UPDATE SET seen_ms = EXCLUDED.seen_ms";
    private static final String KEEPS =
            "INSERT INTO syncer_taxpayer (syncer_id, rin) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String OPEN_REQUESTS =
            "SELECT id, rin FROM sync_request WHERE service_url = ? AND served_ms IS NULL"
                    + " AND rin = ANY (?) ORDER BY id";
    private static final String SERVE =
            "UPDATE sync_request SET served_ms = "
                    + PgOffice.NOW_MS
                    + ", ok = ?, message = ? WHERE service_url = ? AND rin = ? AND served_ms IS"
                    + " NULL AND id <= ?";
    private static final String GONE = "DELETE FROM syncer WHERE id = ?";

    /** The longest the thread waits for a notification before looking whether it was closed. */
    private static final long WAIT_MS = 500;

    private final PgLocation location;
    private final PgConnections connections;
    private final String id = UUID.randomUUID().toString();
    private final ServiceKey service;
    private final Set<Rin> taxpayers;
    private final Duration beat;
    private final Consumer<Rin> asked;
    private final Thread thread;

    /** Requests handed to the syncer: per taxpayer ({@link PgOffice#rin}), the newest's number. */
    private final java.util.Map<String, Long> handed =
            new java.util.concurrent.ConcurrentHashMap<>();

    private final Set<Long> seen = new HashSet<>();
    private volatile boolean closed;
    private Connection listening; // the thread's
    private Connection answering; // served(), from the syncer's thread

    private PgAnnouncement(
            PgLocation location,
            PgConnections connections,
            ServiceKey service,
            Collection<Rin> taxpayers,
            Duration beat,
            Consumer<Rin> asked) {
        this.location = location;
        this.connections = connections;
        this.service = service;
        this.taxpayers = new LinkedHashSet<>(taxpayers);
        this.beat = beat;
        this.asked = asked;
        this.thread = new Thread(this::run, "ishaar-office-syncer");
        this.thread.setDaemon(true);
    }

    /** Announces the syncer (its first heartbeat is written before this returns). */
    static PgAnnouncement start(
            PgLocation location,
            PgConnections connections,
            ServiceKey service,
            Collection<Rin> taxpayers,
            Duration beat,
            Consumer<Rin> asked)
            throws ArchiveException {
        PgAnnouncement a =
                new PgAnnouncement(location, connections, service, taxpayers, beat, asked);
        try {
            a.connect();
            a.look();
        } catch (SQLException e) {
            a.close();
            throw PgErrors.map(e, location, "announcing the office sync");
        }
        a.thread.start();
        return a;
    }

    /** Opens the listening connection, listens, and writes the syncer's row and taxpayers. */
    private void connect() throws SQLException {
        PgConnections.closeQuietly(listening);
        listening = connections.getConnection();
        listening.setAutoCommit(true);
        try (Statement s = listening.createStatement()) {
            s.execute("LISTEN ishaar_sync_request");
        }
        listening.setAutoCommit(false);
        heartbeat();
        try (PreparedStatement p = listening.prepareStatement(KEEPS)) {
            for (Rin r : taxpayers) {
                p.setString(1, id);
                p.setString(2, PgOffice.rin(r));
                p.addBatch();
            }
            p.executeBatch();
        }
        listening.commit();
        listening.setAutoCommit(true);
    }

    private void heartbeat() throws SQLException {
        try (PreparedStatement p = listening.prepareStatement(BEAT)) {
            p.setString(1, id);
            p.setString(2, service.baseUrl());
            p.setLong(3, beat.multipliedBy(3).toMillis());
            p.executeUpdate();
        }
    }

    private void run() {
        long lastBeat = System.nanoTime();
        while (!closed) {
            try {
                if (listening == null || listening.isClosed()) {
                    connect();
                }
                // wakes at a request's notification, else after a moment (so a close is prompt)
                var heard =
                        listening
                                .unwrap(PGConnection.class)
                                .getNotifications((int) Math.min(WAIT_MS, beat.toMillis()));
                if (closed) {
                    return;
                }
                if (System.nanoTime() - lastBeat >= beat.toNanos()) {
                    heartbeat();
                    lastBeat = System.nanoTime();
                    look();
                } else if (heard != null && heard.length > 0) {
                    look();
                }
            } catch (SQLException e) {
                if (closed) {
                    return;
                }
                LOG.log(
                        System.Logger.Level.WARNING,
                        "the office sync could not announce itself in the archive "
                                + location
                                + "; trying again ("
                                + e.getMessage()
                                + ")");
                PgConnections.closeQuietly(listening);
                listening = null;
                try {
                    Thread.sleep(beat.toMillis()); // the server is away: ask again a beat later
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }
    }

    /** Hands each request not seen yet to the syncer, in the order asked. */
    private void look() throws SQLException {
        try (PreparedStatement p = listening.prepareStatement(OPEN_REQUESTS)) {
            p.setString(1, service.baseUrl());
            p.setArray(
                    2,
                    listening.createArrayOf(
                            "text", taxpayers.stream().map(PgOffice::rin).toArray()));
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    long request = r.getLong(1);
                    if (seen.add(request)) {
                        Rin who = PgOffice.taxpayer(r.getString(2));
                        handed.merge(PgOffice.rin(who), request, Math::max);
                        asked.accept(who);
                    }
                }
            }
        }
    }

    @Override
    public synchronized void served(Rin taxpayer, boolean ok, String message) {
        Long upTo = handed.remove(PgOffice.rin(taxpayer));
        if (upTo == null || closed) {
            return; // no desktop asked for it
        }
        try {
            if (answering == null || answering.isClosed()) {
                answering = connections.getConnection();
                answering.setAutoCommit(true);
            }
            try (PreparedStatement p = answering.prepareStatement(SERVE)) {
                p.setBoolean(1, ok);
                p.setString(2, message);
                p.setString(3, service.baseUrl());
                p.setString(4, PgOffice.rin(taxpayer));
                p.setLong(5, upTo);
                p.executeUpdate();
            }
        } catch (SQLException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "the office sync could not answer a request in the archive "
                            + location
                            + " ("
                            + e.getMessage()
                            + ")");
            PgConnections.closeQuietly(answering);
            answering = null;
        }
    }

    /** The syncer is gone: its row goes, so desktops sync by themselves again at once. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Connection c = connections.getConnection();
                PreparedStatement p = c.prepareStatement(GONE)) {
            p.setString(1, id);
            p.executeUpdate();
        } catch (SQLException e) {
            // its heartbeat stops: desktops count it gone after three beats
        }
        PgConnections.closeQuietly(listening);
        synchronized (this) {
            PgConnections.closeQuietly(answering);
        }
    }
}
