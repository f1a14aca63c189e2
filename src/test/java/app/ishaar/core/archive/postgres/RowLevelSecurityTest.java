package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each accountant reads only the taxpayers granted to their database role, enforced by PostgreSQL
 * (row-level security): through the archive, and through SQL written by hand on a connection of
 * that role.
 */
class RowLevelSecurityTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");

    @Test
    void aRoleReadsItsTaxpayersOnlyEvenWithHandWrittenSql() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        String karim = server.newLoginRole("karim");
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(40).build());
                PostgresArchive owner = server.open(db)) {
            List<ArchivedNotification> nile = SandboxItems.history(sandbox, NILE.value(), NILE);
            List<ArchivedNotification> cairo = SandboxItems.history(sandbox, CAIRO.value(), CAIRO);
            owner.store(new SyncBatch(SERVICE, NILE, nile, "n", true, null));
            owner.store(new SyncBatch(SERVICE, CAIRO, cairo, "c", true, null));
            assertThat(owner.grant(amira, NILE)).isTrue();
            assertThat(owner.grant(amira, NILE)).as("granted already").isFalse();
            owner.grant(karim, CAIRO);
            String nobody = "nobody_" + amira; // a name no role has
            assertThatThrownBy(() -> owner.grant(nobody, NILE))
                    .isInstanceOf(ArchiveException.class)
                    .hasMessageContaining("has no role " + nobody);

            // through the archive, as Amira's desktop reads it
            try (PostgresArchive a = as(server, db, amira)) {
                assertThat(a.summaries())
                        .extracting(TaxpayerSummary::taxpayer)
                        .containsExactly(NILE);
                var all = a.query(new InboxQuery(SERVICE, Set.of(), null, null, 1, 100));
                assertThat(all.totalCount()).isEqualTo(40);
                assertThat(all.items()).allMatch(n -> n.taxpayer().equals(NILE));
                var search = a.query(new InboxQuery(SERVICE, Set.of(), null, "فاتورة", 1, 100));
                assertThat(search.items()).isNotEmpty().allMatch(n -> n.taxpayer().equals(NILE));
                var asked = a.query(new InboxQuery(SERVICE, Set.of(CAIRO), null, null, 1, 100));
                assertThat(asked.totalCount()).isZero();
                assertThat(a.unsettled(SERVICE, CAIRO)).isEmpty();
                assertThat(a.known(SERVICE, CAIRO, List.of(cairo.get(0).notificationId())))
                        .isEmpty();
                // and it cannot write
                assertThatThrownBy(
                                () -> a.store(new SyncBatch(SERVICE, CAIRO, nile, "x", true, null)))
                        .isInstanceOf(ArchiveException.class);
                assertThatThrownBy(() -> a.grant(amira, CAIRO))
                        .isInstanceOf(ArchiveException.class);
            }

            // SQL by hand on Amira's own connection
            try (Connection c = connectionAs(db, amira);
                    Statement s = c.createStatement()) {
                assertThat(count(s, "SELECT COUNT(*) FROM notification")).isEqualTo(40);
                assertThat(count(s, "SELECT COUNT(*) FROM taxpayer")).isEqualTo(1);
                assertThat(count(s, "SELECT COUNT(*) FROM notification_search")).isEqualTo(40);
                assertThat(
                                count(
                                        s,
                                        "SELECT COUNT(*) FROM notification n JOIN taxpayer t"
                                                + " ON t.id = n.taxpayer_id WHERE t.rin = '"
                                                + CAIRO.value()
                                                + "'"))
                        .isZero();
                assertThat(count(s, "SELECT COALESCE(SUM(n), 0) FROM tally")).isEqualTo(40);
                assertThat(count(s, "SELECT COUNT(*) FROM taxpayer_access")).isEqualTo(1);
                assertThatThrownBy(
                                () ->
                                        s.execute(
                                                "INSERT INTO taxpayer_access VALUES ('"
                                                        + amira
                                                        + "', '"
                                                        + CAIRO.value()
                                                        + "')"))
                        .isInstanceOf(SQLException.class);
                assertThatThrownBy(() -> s.execute("SET ROLE " + karim))
                        .isInstanceOf(SQLException.class);
                assertThatThrownBy(
                                () ->
                                        s.execute(
                                                "ALTER TABLE notification DISABLE ROW LEVEL SECURITY"))
                        .isInstanceOf(SQLException.class);
            }

            // revoked: nothing left to read
            assertThat(owner.revoke(amira, NILE)).isTrue();
            assertThat(owner.revoke(amira, NILE)).isFalse();
            try (PostgresArchive a = as(server, db, amira)) {
                assertThat(a.summaries()).isEmpty();
                assertThat(
                                a.query(new InboxQuery(SERVICE, Set.of(), null, null, 1, 10))
                                        .totalCount())
                        .isZero();
            }
            try (PostgresArchive k = as(server, db, karim)) {
                assertThat(k.summaries())
                        .extracting(TaxpayerSummary::taxpayer)
                        .containsExactly(CAIRO);
            }
        }
    }

    @Test
    void aRoleReadsTheNamesOfItsTaxpayersOnlyAndWritesNone() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        try (PostgresArchive owner = server.open(db)) {
            owner.name(Map.of(NILE, "Nile Trading", CAIRO, "Cairo Steel"));
            owner.grant(amira, NILE);
            assertThat(owner.names()).containsOnlyKeys(NILE, CAIRO);
            try (PostgresArchive a = as(server, db, amira)) {
                assertThat(a.names()).containsExactly(Map.entry(NILE, "Nile Trading"));
                assertThatThrownBy(() -> a.name(Map.of(NILE, "Someone else")))
                        .isInstanceOf(ArchiveException.class);
                assertThatThrownBy(() -> a.name(Map.of(CAIRO, "Someone else")))
                        .isInstanceOf(ArchiveException.class);
            }
            try (Connection c = connectionAs(db, amira);
                    Statement s = c.createStatement()) {
                assertThat(count(s, "SELECT COUNT(*) FROM taxpayer_name")).isEqualTo(1);
                assertThatThrownBy(
                                () ->
                                        s.execute(
                                                "UPDATE taxpayer_name SET name = 'x' WHERE rin = '"
                                                        + NILE.value()
                                                        + "'"))
                        .isInstanceOf(SQLException.class);
            }
            assertThat(owner.names()).containsEntry(NILE, "Nile Trading");
        }
    }

    static PostgresArchive as(PgTestServer server, PgLocation db, String role) throws Exception {
        Map<String, String> env = Map.of(PgPassword.ENV, PgTestServer.passwordOf(role));
        return PostgresArchive.open(db.as(role), env::get, (SecretStore) null);
    }

    /** A connection of the role's own, for SQL written by hand. */
    static Connection connectionAs(PgLocation db, String role) throws SQLException {
        return new PgConnections(
                        db.as(role), k -> null, PgTestServer.passwordOf(role).toCharArray())
                .getConnection();
    }

    static long count(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }
}
