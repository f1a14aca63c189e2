package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.sqlite.OrderKey;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * A shared archive written before each word had its list of notifications (schema 6: the words in
 * their own table) opens in this version with each word's list made from its rows: a search's page
 * taken from the lists finds what the words index finds, by the owner and by a role granted a
 * taxpayer before (and by that role only its own taxpayers' words); the lists then follow each
 * store, update and forget.
 */
class PgWordListsMigrationTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin DELTA = Rin.of("311204876");

    /** Searches of whole words, beginnings, ends, several words, Arabic and digits. */
    static final List<String> SEARCHES =
            List.of(
                    "فاتورتكم",
                    "004507",
                    "المرفوضة",
                    "2025",
                    "٢٠٢٥ 0045",
                    "فاتورت",
                    "inv",
                    "9e41f");

    @Test
    void anArchiveOfSchemaSixIsSearchedTheSameFromItsWordsLists() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = "amira_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        Flyway.configure(getClass().getClassLoader())
                .dataSource(db.jdbcUrl(), db.user(), server.password())
                .locations(PgSchema.MIGRATIONS)
                .table(PgSchema.HISTORY_TABLE)
                .target("6")
                .load()
                .migrate();
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + amira + " LOGIN PASSWORD 'pw-" + amira + "'");
            s.execute("INSERT INTO service (id, base_url) VALUES (1, '" + SERVICE.baseUrl() + "')");
            s.execute(
                    "INSERT INTO taxpayer (id, service_id, rin, sync_complete) VALUES (1, 1, '"
                            + NILE.value()
                            + "', true), (2, 1, '"
                            + DELTA.value()
                            + "', true)");
            // the rows as the schema's store wrote them: the words in the search's own table
            for (int i = 0; i < 30; i++) {
                insert(c, 1, item(NILE, i, i % 3 == 0 ? "rejected" : "delivered"));
                insert(c, 2, item(DELTA, 100 + i, i % 3 == 0 ? "rejected" : "delivered"));
            }
            s.execute(
                    "INSERT INTO tally SELECT taxpayer_id, service_id, type_id, language, status,"
                            + " channel, COUNT(*) FROM notification GROUP BY 1, 2, 3, 4, 5, 6");
            // Amira granted one taxpayer by the earlier version
            s.execute(
                    "INSERT INTO taxpayer_access VALUES ('" + amira + "', '" + NILE.value() + "')");
            s.execute("GRANT USAGE ON SCHEMA public TO " + amira);
            s.execute(
                    "GRANT SELECT ON service, taxpayer, notification, notification_search, tally,"
                            + " taxpayer_access, archive_schema_history TO "
                            + amira);
        }

        try (PostgresArchive owner = server.open(db);
                PostgresArchive lists = server.open(db)) {
            lists.pageEverySearchFromWordLists();
            for (String search : SEARCHES) {
                assertThat(ids(search(lists, search)))
                        .as(search)
                        .isNotEmpty()
                        .containsExactlyElementsOf(ids(search(owner, search)));
            }
            assertThat(search(lists, "المرفوضة").totalCount()).isEqualTo(20);
            // small pages with filters: the lists read further until each page fills
            for (String status : new String[] {null, "rejected", "delivered"}) {
                for (int size = 1; size <= 3; size++) {
                    for (int page = 1; page <= 25; page++) {
                        InboxQuery query =
                                new InboxQuery(
                                        SERVICE,
                                        Set.of(NILE),
                                        status == null
                                                ? null
                                                : app.ishaar.core.model.NotificationQuery.ALL
                                                        .withStatus(status),
                                        "فاتورتكم 2025",
                                        page,
                                        size);
                        assertThat(ids(lists.query(query)))
                                .as(status + " page " + page + " of " + size)
                                .containsExactlyElementsOf(ids(owner.query(query)));
                    }
                }
            }
            assertThat(search(lists, "004507").items())
                    .extracting(ArchivedNotification::notificationId)
                    .containsExactly("n7-9e41f");
            assertWordsFollowTheirRows(server, db);

            try (PostgresArchive a =
                    PostgresArchive.open(
                            db.as(amira),
                            Map.of(PgPassword.ENV, "pw-" + amira)::get,
                            (SecretStore) null)) {
                a.pageEverySearchFromWordLists();
                InboxPage page = search(a, "المرفوضة");
                assertThat(page.totalCount()).isEqualTo(10);
                assertThat(page.items()).allMatch(n -> n.taxpayer().equals(NILE));
                assertThat(ids(page))
                        .containsExactlyElementsOf(ids(search(owner, "المرفوضة"), NILE));
            }
            // by hand, as that role: only its taxpayer's words
            try (Connection c =
                            java.sql.DriverManager.getConnection(
                                    db.as(amira).jdbcUrl(), amira, "pw-" + amira);
                    Statement s = c.createStatement();
                    ResultSet r =
                            s.executeQuery(
                                    "SELECT COUNT(*), COUNT(*) FILTER (WHERE w.id IN (SELECT n.id"
                                            + " FROM notification n WHERE n.taxpayer_id = 1))"
                                            + " FROM notification_word w")) {
                r.next();
                assertThat(r.getLong(1)).isPositive().isEqualTo(r.getLong(2));
            }

            // a notification settles: its words and status follow
            owner.store(
                    new SyncBatch(
                            SERVICE, NILE, List.of(item(NILE, 1, "rejected")), null, true, null));
            assertThat(search(lists, "المرفوضة").totalCount()).isEqualTo(21);
            owner.store(
                    new SyncBatch(
                            SERVICE, NILE, List.of(item(NILE, 30, "delivered")), null, true, null));
            assertThat(ids(search(lists, "004530"))).hasSize(1);
            assertThat(
                            lists.query(
                                            new InboxQuery(
                                                    SERVICE,
                                                    Set.of(NILE),
                                                    app.ishaar.core.model.NotificationQuery.ALL
                                                            .withStatus("rejected"),
                                                    "فاتورتكم",
                                                    1,
                                                    100))
                                    .totalCount())
                    .isEqualTo(11);
            assertWordsFollowTheirRows(server, db);

            owner.forget(SERVICE, NILE);
            assertThat(search(lists, "المرفوضة").totalCount()).isEqualTo(10);
            assertWordsFollowTheirRows(server, db);
        }
    }

    /** The lists hold each search row's words, and nothing else. */
    private static void assertWordsFollowTheirRows(PgTestServer server, PgLocation db)
            throws Exception {
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement();
                ResultSet r =
                        s.executeQuery(
                                "WITH rows AS (SELECT w.word, n.id FROM notification_search n,"
                                        + " unnest(tsvector_to_array(n.words)) AS w(word))"
                                        + " SELECT (SELECT COUNT(*) FROM rows),"
                                        + " (SELECT COUNT(*) FROM notification_word),"
                                        + " (SELECT COUNT(*) FROM (SELECT word, id FROM rows"
                                        + " EXCEPT SELECT word, id FROM notification_word) m)")) {
            r.next();
            assertThat(r.getLong(1)).as("words of the search rows").isPositive();
            assertThat(r.getLong(2)).as("entries of the lists").isEqualTo(r.getLong(1));
            assertThat(r.getLong(3)).as("words missing from the lists").isZero();
        }
    }

    private static void insert(Connection c, long taxpayer, ArchivedNotification a)
            throws Exception {
        String[] columns = PgRows.columns(a.notification());
        long key =
                OrderKey.key(
                        OrderKey.micros(a.notification().receivedDateTime()),
                        OrderKey.slot(a.notificationId()));
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO notification (id, service_id, taxpayer_id, notification_id,"
                                + " type_id, language, status, channel, raw)"
                                + " VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setLong(1, key);
            p.setLong(2, taxpayer);
            p.setString(3, a.notificationId());
            for (int k = 0; k < 4; k++) {
                p.setString(4 + k, columns[k]);
            }
            p.setString(8, a.rawJson());
            p.executeUpdate();
        }
        try (PreparedStatement p =
                c.prepareStatement(
                        "INSERT INTO notification_search (id, service_id, taxpayer_id, type_id,"
                                + " language, status, channel, words)"
                                + " VALUES (?, 1, ?, ?, ?, ?, ?, array_to_tsvector(?))")) {
            p.setLong(1, key);
            p.setLong(2, taxpayer);
            for (int k = 0; k < 4; k++) {
                p.setString(3 + k, columns[k]);
            }
            p.setArray(7, c.createArrayOf("text", PgRows.lexemes(a.notification()).toArray()));
            p.executeUpdate();
        }
    }

    private static InboxPage search(PostgresArchive archive, String text) throws Exception {
        return archive.query(new InboxQuery(SERVICE, Set.of(), null, text, 1, 100));
    }

    private static List<String> ids(InboxPage page) {
        return page.items().stream().map(ArchivedNotification::notificationId).toList();
    }

    private static List<String> ids(InboxPage page, Rin taxpayer) {
        List<String> out = new ArrayList<>();
        for (ArchivedNotification n : page.items()) {
            if (n.taxpayer().equals(taxpayer)) {
                out.add(n.notificationId());
            }
        }
        return out;
    }

    /**
     * The i-th notification of a taxpayer: an invoice validated, or rejected (its words say which).
     */
    private static ArchivedNotification item(Rin taxpayer, int i, String status) throws Exception {
        String number = String.format("%02d", i >= 100 ? i - 40 : i);
        String message =
                "rejected".equals(status)
                        ? "تم رفض فاتورتكم INV-2025-0045" + number + " المرفوضة"
                        : "تم التحقق من صحة فاتورتكم INV-2025-0045" + number;
        String json =
                "{\"notificationId\":\"n"
                        + i
                        + "-9e41f\",\"receivedDateTime\":\"2026-01-"
                        + String.format("%02d", 1 + i % 28)
                        + "T10:"
                        + String.format("%02d", i % 60)
                        + ":"
                        + String.format("%02d", i / 60)
                        + "Z\",\"typeId\":\"7\",\"finalMessage\":\""
                        + message
                        + "\",\"channel\":\"sms\",\"address\":\"+201001234567\","
                        + "\"language\":\"ar\",\"status\":\""
                        + status
                        + "\",\"deliveryAttempts\":[]}";
        return ArchivedNotification.fromRaw(taxpayer, json);
    }
}
