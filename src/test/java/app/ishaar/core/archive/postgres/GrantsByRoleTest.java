package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * A grant belongs to the role it was made to, not to its name: a read-only role dropped and made
 * again with the same name reads nothing, even given the tables' privileges, until it is granted a
 * taxpayer itself; the dropped role's grants go. {@code grants()} lists who reads whom, a team's
 * members with it.
 */
class GrantsByRoleTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");

    @Test
    void aDroppedAndRecreatedRoleReadsNothing() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String suffix = Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        String amira = server.newLoginRole("amira"); // read-only: an accountant's login
        String team = "team_" + suffix;
        String karim = server.newLoginRole("karim");
        try (Connection admin = server.admin(db.database());
                Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE " + team + " NOLOGIN");
            s.execute("GRANT " + team + " TO " + karim);
        }
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(10).build());
                PostgresArchive owner = server.open(db)) {
            owner.store(batch(sandbox, NILE));
            owner.store(batch(sandbox, CAIRO));
            owner.grant(amira, NILE);
            owner.grant(team, CAIRO);
            assertThat(owner.grants())
                    .containsExactly(
                            new PostgresArchive.Grant(amira, NILE, null),
                            new PostgresArchive.Grant(karim, CAIRO, team),
                            new PostgresArchive.Grant(team, CAIRO, null));
            assertThat(readable(db, amira)).isEqualTo(10);

            // the administrator drops Amira's role and later makes one of the same name, with
            // the tables' privileges (as a script granting a new accountant would)
            try (Connection admin = server.admin(db.database());
                    Statement s = admin.createStatement()) {
                s.execute("DROP OWNED BY " + amira);
                s.execute("DROP ROLE " + amira);
                s.execute("CREATE ROLE " + amira + " LOGIN PASSWORD 'pw-" + amira + "'");
                s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + amira);
            }
            assertThat(readable(db, amira)).isZero();
            try (PostgresArchive a = RowLevelSecurityTest.as(server, db, amira)) {
                assertThat(a.summaries()).isEmpty();
            }
            // the old role's grant is gone from the list and from the table
            assertThat(owner.grants())
                    .extracting(PostgresArchive.Grant::role)
                    .doesNotContain(amira);
            try (Connection admin = server.admin(db.database());
                    Statement s = admin.createStatement()) {
                assertThat(
                                RowLevelSecurityTest.count(
                                        s,
                                        "SELECT COUNT(*) FROM taxpayer_access WHERE rin = '"
                                                + NILE.value()
                                                + "'"))
                        .isZero();
            }

            // granted Cairo itself, the new Amira reads Cairo, and Nile still not
            owner.grant(amira, CAIRO);
            try (PostgresArchive a = RowLevelSecurityTest.as(server, db, amira)) {
                assertThat(a.summaries())
                        .extracting(TaxpayerSummary::taxpayer)
                        .containsExactly(CAIRO);
            }
        }
    }

    @Test
    void grantsMadeByNameBeforeFollowTheirRolesAndThoseOfRolesGoneGo() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String suffix = Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        String amira = "amira_" + suffix; // read-only, granted before and still there
        String gone = "gone_" + suffix; // granted before, dropped before the upgrade
        Flyway.configure(getClass().getClassLoader())
                .dataSource(
                        "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + db.database(),
                        db.user(),
                        server.password())
                .locations(PgSchema.MIGRATIONS)
                .table(PgSchema.HISTORY_TABLE)
                .target("6")
                .load()
                .migrate();
        try (Connection admin = server.admin(db.database());
                Statement s = admin.createStatement()) {
            s.execute("CREATE ROLE " + amira + " LOGIN PASSWORD 'pw-" + amira + "'");
            s.execute(
                    "INSERT INTO taxpayer_access (role_name, rin) VALUES ('"
                            + amira
                            + "', '"
                            + NILE.value()
                            + "'), ('"
                            + gone
                            + "', '"
                            + CAIRO.value()
                            + "')");
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + amira);
        }
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(10).build());
                PostgresArchive owner = server.open(db)) {
            owner.store(batch(sandbox, NILE));
            owner.store(batch(sandbox, CAIRO));
            assertThat(owner.grants())
                    .containsExactly(new PostgresArchive.Grant(amira, NILE, null));
            assertThat(readable(db, amira)).isEqualTo(10);

            // a role made later with the dropped role's name reads nothing
            try (Connection admin = server.admin(db.database());
                    Statement s = admin.createStatement()) {
                s.execute("CREATE ROLE " + gone + " LOGIN PASSWORD 'pw-" + gone + "'");
                s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + gone);
            }
            assertThat(readable(db, gone)).isZero();
        }
    }

    static SyncBatch batch(Sandbox sandbox, Rin rin) throws Exception {
        return new SyncBatch(
                SERVICE, rin, SandboxItems.history(sandbox, rin.value(), rin), "c", true, null);
    }

    /** The notifications a role reads with SQL of its own, on its own connection. */
    static long readable(PgLocation db, String role) throws Exception {
        try (Connection c = RowLevelSecurityTest.connectionAs(db, role);
                Statement s = c.createStatement()) {
            return RowLevelSecurityTest.count(s, "SELECT COUNT(*) FROM notification");
        }
    }
}
