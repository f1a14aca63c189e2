package app.ishaar.core.office;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.postgres.PgConnections;
import app.ishaar.core.archive.postgres.PgErrors;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.LoginGate;
import app.ishaar.core.session.LoginBudget;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What the syncers and desktops of a shared archive coordinate through the database (migrations
 * {@code V4__login_budget.sql}, {@code V5__office_sync.sql}, {@code V7}): the taxpayers each sync
 * holds ({@link PgClaims}), the one login budget per client ID ({@link PgLoginSlots}), the syncers
 * announced ({@link PgAnnouncement}) and the desktops' Sync now requests. Each on connections of
 * its own, so that none waits behind the archive's writes.
 */
final class PgOffice implements OfficeSync, AutoCloseable {

    static final String NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

    private static final String KEPT =
            "SELECT DISTINCT t.rin FROM syncer s JOIN syncer_taxpayer t ON t.syncer_id = s.id"
                    + " WHERE s.service_url = ? AND s.seen_ms + s.alive_ms > "
                    + NOW_MS
                    + " AND t.rin = ANY (?)";
    private static final String REQUEST =
            "INSERT INTO sync_request (service_url, rin) VALUES (?, ?) RETURNING id";
    private static final String SERVED =
            "SELECT served_ms IS NOT NULL, ok, message FROM sync_request WHERE id = ?";

    private final PgLocation location;
    private final PgConnections connections;
    private final PgClaims claims;
    private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();
    private Connection conn;

    PgOffice(PostgresArchive archive) {
        this.location = archive.location();
        this.connections = archive.connections();
        this.claims = new PgClaims(location, connections);
    }

    @Override
    public Optional<OfficeSync.Claim> claim(ServiceKey service, Rin taxpayer)
            throws ArchiveException {
        return claims.claim(service, taxpayer);
    }

    @Override
    public LoginGate logins(LoginBudget own) {
        PgLoginSlots gate = new PgLoginSlots(location, connections, own);
        open.add(gate);
        return gate;
    }

    @Override
    public Announcement announce(
            ServiceKey service, Collection<Rin> taxpayers, Duration beat, Consumer<Rin> asked)
            throws ArchiveException {
        PgAnnouncement a =
                PgAnnouncement.start(location, connections, service, taxpayers, beat, asked);
        open.add(a);
        return a;
    }

    @Override
    public synchronized Set<Rin> kept(ServiceKey service, Collection<Rin> taxpayers)
            throws ArchiveException {
        Set<Rin> out = new HashSet<>();
        if (taxpayers.isEmpty()) {
            return out;
        }
        try {
            Connection c = connection();
            try (PreparedStatement p = c.prepareStatement(KEPT)) {
                p.setString(1, service.baseUrl());
                p.setArray(
                        2,
                        c.createArrayOf("text", taxpayers.stream().map(PgOffice::rin).toArray()));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(taxpayer(r.getString(1)));
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            drop();
            throw PgErrors.map(e, location, "asking whether the office sync keeps a taxpayer");
        }
    }

    @Override
    public synchronized long request(ServiceKey service, Rin taxpayer) throws ArchiveException {
        try (PreparedStatement p = connection().prepareStatement(REQUEST)) {
            p.setString(1, service.baseUrl());
            p.setString(2, rin(taxpayer));
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        } catch (SQLException e) {
            drop();
            throw PgErrors.map(e, location, "asking the office sync for a sync");
        }
    }

    @Override
    public synchronized Optional<Served> served(long request) throws ArchiveException {
        try (PreparedStatement p = connection().prepareStatement(SERVED)) {
            p.setLong(1, request);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next() || !r.getBoolean(1)) {
                    return Optional.empty();
                }
                return Optional.of(new Served(r.getBoolean(2), r.getString(3)));
            }
        } catch (SQLException e) {
            drop();
            throw PgErrors.map(e, location, "reading the office sync's answer");
        }
    }

    /** A taxpayer as the office's tables keep it: '' for the ERP system's own. */
    static String rin(Rin taxpayer) {
        return taxpayer == null ? "" : taxpayer.value();
    }

    static Rin taxpayer(String rin) {
        return rin == null || rin.isEmpty() ? null : Rin.of(rin);
    }

    private Connection connection() throws SQLException {
        if (conn == null || conn.isClosed()) {
            conn = connections.getConnection();
            conn.setAutoCommit(true);
        }
        return conn;
    }

    private void drop() {
        PgConnections.closeQuietly(conn);
        conn = null;
    }

    /** Lets go of every taxpayer held; logins waiting for a slot are given up; syncers gone. */
    @Override
    public void close() {
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing
            }
        }
        open.clear();
        claims.close();
        synchronized (this) {
            drop();
        }
    }
}
