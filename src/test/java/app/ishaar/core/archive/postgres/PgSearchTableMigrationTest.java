package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.jdbc.OrderKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * A shared archive written before the search had a table of its own (schema 3, the words in the
 * notification's row) opens in this version with every notification found by search as before, by
 * its owner and by a role granted a taxpayer before, and its search rows then follow each store,
 * update and forget.
 */
class PgSearchTableMigrationTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");

    @Test
    void anOlderArchiveIsSearchedAsBeforeOnceBroughtUpToDate() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = "amira_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        Flyway.configure(getClass().getClassLoader())
                .dataSource(
                        new PgConnections(
                                db,
                                k -> null,
                                server.password() == null ? null : server.password().toCharArray()))
                .locations(PgSchema.MIGRATIONS)
                .table(PgSchema.HISTORY_TABLE)
                .target("3")
                .load()
                .migrate();
        List<ArchivedNotification> items = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            items.add(item(i, i % 3 == 0 ? "rejected" : "delivered"));
        }
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + amira + " LOGIN PASSWORD 'pw-" + amira + "'");
            s.execute("INSERT INTO service (id, base_url) VALUES (1, '" + SERVICE.baseUrl() + "')");
            s.execute(
                    "INSERT INTO taxpayer (id, service_id, rin, sync_complete) VALUES (1, 1, '"
                            + NILE.value()
                            + "', true)");
            // the rows as the earlier store wrote them: the words in the notification
            try (PreparedStatement p =
                    c.prepareStatement(
                            "INSERT INTO notification (id, service_id, taxpayer_id,"
                                    + " notification_id, type_id, language, status, channel, raw,"
                                    + " words) VALUES (?, 1, 1, ?, ?, ?, ?, ?, ?,"
                                    + " array_to_tsvector(?))")) {
                for (ArchivedNotification a : items) {
                    String[] columns = PgRows.columns(a.notification());
                    p.setLong(
                            1,
                            OrderKey.key(
                                    OrderKey.micros(a.notification().receivedDateTime()),
                                    OrderKey.slot(a.notificationId())));
                    p.setString(2, a.notificationId());
                    for (int k = 0; k < 4; k++) {
                        p.setString(3 + k, columns[k]);
                    }
                    p.setString(7, a.rawJson());
                    p.setArray(
                            8, c.createArrayOf("text", PgRows.lexemes(a.notification()).toArray()));
                    p.executeUpdate();
                }
            }
            s.execute(
                    "INSERT INTO tally SELECT taxpayer_id, service_id, type_id, language, status,"
                            + " channel, COUNT(*) FROM notification GROUP BY 1, 2, 3, 4, 5, 6");
            // Amira granted the taxpayer by the earlier version
            s.execute(
                    "INSERT INTO taxpayer_access VALUES ('" + amira + "', '" + NILE.value() + "')");
            s.execute("GRANT USAGE ON SCHEMA public TO " + amira);
            s.execute(
                    "GRANT SELECT ON service, taxpayer, notification, tally, taxpayer_access,"
                            + " archive_schema_history TO "
                            + amira);
        }

        try (PostgresArchive owner = server.open(db)) {
            assertThat(search(owner, "فاتورتكم").totalCount()).isEqualTo(30);
            assertThat(search(owner, "004507").items())
                    .singleElement()
                    .satisfies(n -> assertThat(n.notificationId()).isEqualTo("n7-9e41f"));
            assertThat(search(owner, "المرفوضة").totalCount()).isEqualTo(10);
            try (PostgresArchive a =
                    PostgresArchive.open(
                            db.as(amira),
                            Map.of(PgPassword.ENV, "pw-" + amira)::get,
                            (SecretStore) null)) {
                assertThat(search(a, "المرفوضة").totalCount()).isEqualTo(10);
            }

            // a notification settles: its words and status follow
            owner.store(
                    new SyncBatch(SERVICE, NILE, List.of(item(1, "rejected")), null, true, null));
            assertThat(search(owner, "المرفوضة").totalCount()).isEqualTo(11);
            owner.store(
                    new SyncBatch(SERVICE, NILE, List.of(item(30, "delivered")), null, true, null));
            assertThat(search(owner, "فاتورتكم").totalCount()).isEqualTo(31);
            assertThat(
                            owner.query(
                                            new InboxQuery(
                                                    SERVICE,
                                                    Set.of(),
                                                    app.ishaar.core.model.NotificationQuery.ALL
                                                            .withStatus("rejected"),
                                                    "فاتورتكم",
                                                    1,
                                                    100))
                                    .totalCount())
                    .isEqualTo(11);

            owner.forget(SERVICE, NILE);
            assertThat(search(owner, "فاتورتكم").totalCount()).isZero();
        }
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement();
                var r = s.executeQuery("SELECT COUNT(*) FROM notification_search")) {
            r.next();
            assertThat(r.getLong(1)).as("search rows left after forget").isZero();
        }
    }

    private static InboxPage search(PostgresArchive archive, String text) throws Exception {
        return archive.query(new InboxQuery(SERVICE, Set.of(), null, text, 1, 100));
    }

    /** The i-th notification: an invoice validated, or rejected (its words say which). */
    private static ArchivedNotification item(int i, String status) throws Exception {
        String message =
                "rejected".equals(status)
                        ? "تم رفض فاتورتكم INV-2025-0045" + (i < 10 ? "0" : "") + i + " المرفوضة"
                        : "تم التحقق من صحة فاتورتكم INV-2025-0045" + (i < 10 ? "0" : "") + i;
        String json =
                "{\"notificationId\":\"n"
                        + i
                        + "-9e41f\",\"receivedDateTime\":\"2026-01-"
                        + String.format("%02d", 1 + i % 28)
                        + "T10:"
                        + String.format("%02d", i)
                        + ":00Z\",\"typeId\":\"7\",\"finalMessage\":\""
                        + message
                        + "\",\"channel\":\"sms\",\"address\":\"+201001234567\","
                        + "\"language\":\"ar\",\"status\":\""
                        + status
                        + "\",\"deliveryAttempts\":[]}";
        return ArchivedNotification.fromRaw(NILE, json);
    }
}
