package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.OfficeSync;
import app.ishaar.core.service.LoginGate;
import app.ishaar.core.session.LoginBudget;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the syncers and desktops of a shared archive coordinate through the database: the taxpayers
 * each sync holds ({@link PgClaims}) and the one login budget per client ID ({@link PgLoginSlots}).
 * Each on connections of its own, so that none waits behind the archive's writes.
 */
final class PgOffice implements OfficeSync {
    private final PgLocation location;
    private final PgConnections connections;
    private final PgClaims claims;
    private final List<PgLoginSlots> gates = new CopyOnWriteArrayList<>();

    PgOffice(PgLocation location, PgConnections connections) {
        this.location = location;
        this.connections = connections;
        this.claims = new PgClaims(location, connections);
    }

    PgClaims claims() {
        return claims;
    }

    @Override
    public LoginGate logins(LoginBudget own) {
        PgLoginSlots gate = new PgLoginSlots(location, connections, own);
        gates.add(gate);
        return gate;
    }

    /** Lets go of every taxpayer held; logins still waiting for a slot are given up. */
    void close() {
        for (PgLoginSlots g : gates) {
            g.close();
        }
        gates.clear();
        claims.close();
    }
}
