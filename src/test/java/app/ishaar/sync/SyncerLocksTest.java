package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PgPassword;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.office.OfficeSync;
import app.ishaar.core.sync.SyncRunner;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The office syncer's locks are out of other roles' reach: a role that only reads (an accountant's)
 * holding the numbers the syncer's locks once had neither makes it skip a taxpayer while saying
 * "ok" nor makes it wait, and cannot take the locks it has now. A taxpayer another syncer holds is
 * reported "skipped", and a lock the syncer cannot have within its bound is said and passed by.
 */
class SyncerLocksTest {

    static final Rin NILE = Rin.of(SyncSandbox.NILE);
    static final Rin CAIRO = Rin.of(SyncSandbox.CAIRO);

    /** Longer than any sync of these taxpayers with the bound's waits: past it, it hangs. */
    static final Duration HANGS = Duration.ofSeconds(60);

    @Test
    void aReadOnlyRolesSyncSaysSoBeforeALoginOrAPageIsSpent() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        archive(server, db);
        try (Sandbox sandbox = sandbox()) {
            String reader = readOnlyRole(server, db, NILE);
            TestArchive asReader =
                    new TestArchive() {
                        @Override
                        public String arg() {
                            return db.as(reader).toString();
                        }

                        @Override
                        public Map<String, String> env() {
                            return Map.of(PgPassword.ENV, "pw");
                        }

                        @Override
                        public Archive open() throws Exception {
                            throw new UnsupportedOperationException("read through the command");
                        }
                    };
            SyncSandbox.Result r = SyncSandbox.syncNile(sandbox, asReader);
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip())
                    .contains("may read it but not store into it")
                    .doesNotContain("\n");
            assertThat(sandbox.logins()).as("no login spent on what could not be kept").isEmpty();
        }
    }

    @Test
    void aReadOnlyRoleNeitherStopsNorFreezesTheSyncer() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        TestArchive shared = archive(server, db);
        try (Sandbox sandbox = sandbox()) {
            String reader = readOnlyRole(server, db, NILE); // Cairo not granted to it
            String base = SyncSandbox.key(sandbox).baseUrl();
            try (Connection ro = connect(server, db, reader)) {
                ro.setAutoCommit(true);
                try (Statement s = ro.createStatement()) {
                    // the keys of the syncer's claim (1) and write (2) locks before
                    for (Rin rin : List.of(NILE, CAIRO)) {
                        for (int space : new int[] {1, 2}) {
                            s.execute(
                                    "SELECT pg_advisory_lock(hashtextextended('"
                                            + base
                                            + " "
                                            + rin.value()
                                            + "', "
                                            + space
                                            + "))");
                        }
                    }
                }
                // the locks of now are not its to take
                for (String sql :
                        List.of(
                                "INSERT INTO sync_claim (service_url, rin, holder_pid,"
                                        + " holder_start) VALUES ('"
                                        + base
                                        + "', '"
                                        + NILE.value()
                                        + "', pg_backend_pid(), now())",
                                "SELECT * FROM sync_claim FOR UPDATE",
                                "LOCK TABLE sync_claim IN ACCESS SHARE MODE",
                                "SELECT * FROM taxpayer FOR NO KEY UPDATE",
                                "SELECT * FROM taxpayer FOR KEY SHARE",
                                "LOCK TABLE taxpayer IN SHARE MODE")) {
                    ro.setAutoCommit(false);
                    try (Statement s = ro.createStatement()) {
                        assertThatThrownBy(() -> s.execute(sql))
                                .as(sql)
                                .isInstanceOf(SQLException.class)
                                .hasMessageContaining("permission denied");
                    }
                    ro.rollback();
                }
                // what it may do (read in a transaction left open) holds the syncer back in
                // nothing
                try (Statement s = ro.createStatement()) {
                    s.execute("SELECT count(*) FROM taxpayer");
                    s.execute("LOCK TABLE taxpayer, notification IN ACCESS SHARE MODE");
                }

                SyncSandbox.Result r = syncWithin(sandbox, shared, ro);
                assertThat(r.code()).as(r.err()).isZero();
                List<JsonNode> lines = r.lines();
                assertThat(lines).hasSize(2);
                for (JsonNode line : lines) {
                    assertThat(line.get("status").asText()).as(line.toString()).isEqualTo("ok");
                    assertThat(line.get("added").asInt()).as(line.toString()).isEqualTo(30);
                }
                ro.rollback();
            }
            SyncSandbox.assertArchiveEqualsService(sandbox, shared, SyncSandbox.NILE);
            SyncSandbox.assertArchiveEqualsService(sandbox, shared, SyncSandbox.CAIRO);
        }
    }

    @Test
    void aTaxpayerAnotherSyncerHoldsIsSkippedAndALockNotHadInTimeIsPassedBy() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        TestArchive shared = archive(server, db);
        try (Sandbox sandbox = sandbox()) {
            String reader = readOnlyRole(server, db, NILE);
            try (Connection ro = connect(server, db, reader);
                    Archive other = shared.open()) {
                // another syncer of the office holds Nile: skipped, never "ok"; Cairo synced
                var held =
                        OfficeSync.of(other)
                                .orElseThrow()
                                .claim(SyncSandbox.key(sandbox), NILE)
                                .orElseThrow();
                SyncSandbox.Result r = syncWithin(sandbox, shared, ro);
                assertThat(r.code()).as(r.err()).isZero();
                Map<String, JsonNode> byRin = byRin(r);
                assertThat(byRin.get(NILE.value()).get("status").asText()).isEqualTo("skipped");
                assertThat(byRin.get(NILE.value()).get("added").asInt()).isZero();
                assertThat(byRin.get(NILE.value()).get("message").asText())
                        .isEqualTo(SyncRunner.SYNCED_ELSEWHERE);
                assertThat(byRin.get(CAIRO.value()).get("status").asText()).isEqualTo("ok");
                held.close();
            }
            try (Connection admin = server.admin(db.database())) {
                // a session of the owner's that keeps Cairo's row locked (a syncer stuck
                // mid-batch): Cairo is passed by once the bound is out, saying so; Nile synced
                admin.setAutoCommit(false);
                try (Statement s = admin.createStatement()) {
                    s.execute(
                            "SELECT 1 FROM taxpayer WHERE rin = '"
                                    + CAIRO.value()
                                    + "' FOR UPDATE");
                }
                long started = System.nanoTime();
                SyncSandbox.Result r = syncWithin(sandbox, shared, admin);
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertThat(r.code()).as(r.err()).isEqualTo(5);
                Map<String, JsonNode> byRin = byRin(r);
                assertThat(byRin.get(NILE.value()).get("status").asText()).isEqualTo("ok");
                assertThat(byRin.get(NILE.value()).get("added").asInt()).isEqualTo(30);
                JsonNode cairo = byRin.get(CAIRO.value());
                assertThat(cairo.get("status").asText()).isEqualTo("skipped");
                assertThat(cairo.get("message").asText()).contains("another sync is writing");
                assertThat(took).isLessThan(PostgresArchive.LOCK_WAIT.multipliedBy(4));
                admin.rollback();

                // the same for a claim whose row another session of the owner's keeps locked
                try (Statement s = admin.createStatement()) {
                    s.execute(
                            "INSERT INTO sync_claim (service_url, rin, holder_pid, holder_start)"
                                    + " VALUES ('"
                                    + SyncSandbox.key(sandbox).baseUrl()
                                    + "', '"
                                    + NILE.value()
                                    + "', 0, now())");
                }
                r = syncWithin(sandbox, shared, admin);
                assertThat(r.code()).as(r.err()).isEqualTo(5);
                byRin = byRin(r);
                assertThat(byRin.get(NILE.value()).get("status").asText()).isEqualTo("skipped");
                assertThat(byRin.get(NILE.value()).get("message").asText())
                        .contains("could not hold taxpayer " + NILE.value())
                        .contains("within " + PostgresArchive.LOCK_WAIT.toSeconds() + " s");
                assertThat(byRin.get(CAIRO.value()).get("status").asText()).isEqualTo("ok");
                admin.rollback();
            }
        }
    }

    static Sandbox sandbox() throws Exception {
        return Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(30).build());
    }

    /** The archive in {@code db}, made (migrated) by its owner. */
    static TestArchive archive(PgTestServer server, PgLocation db) throws Exception {
        server.open(db).close();
        return new TestArchive() {
            @Override
            public String arg() {
                return db.toString();
            }

            @Override
            public Map<String, String> env() {
                return Map.of(PgPassword.ENV, server.password());
            }

            @Override
            public Archive open() throws Exception {
                return server.open(db);
            }
        };
    }

    /** A role that logs in and reads {@code granted} only (as an accountant's desktop). */
    static String readOnlyRole(PgTestServer server, PgLocation db, Rin granted) throws Exception {
        String role = "reader_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN PASSWORD 'pw'");
        }
        try (PostgresArchive owner = server.open(db)) {
            owner.grant(role, granted);
        }
        return role;
    }

    static Connection connect(PgTestServer server, PgLocation db, String role) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + db.database(),
                role,
                "pw");
    }

    /**
     * {@code ishaar sync --format json} of Nile and Cairo by the intermediary, failed if it does
     * not end within {@link #HANGS}; then {@code holder}, the session holding it back, is closed so
     * that the sync ends and the test with it.
     */
    static SyncSandbox.Result syncWithin(Sandbox sandbox, TestArchive shared, Connection holder)
            throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<SyncSandbox.Result> run =
                    thread.submit(
                            () ->
                                    SyncSandbox.syncDelta(
                                            sandbox,
                                            shared,
                                            "--on-behalf-of",
                                            NILE.value(),
                                            "--on-behalf-of",
                                            CAIRO.value(),
                                            "--format",
                                            "json"));
            try {
                return run.get(HANGS.toSeconds(), TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                holder.close();
                run.get(HANGS.toSeconds(), TimeUnit.SECONDS);
                throw new AssertionError("the sync did not end within " + HANGS, e);
            }
        } finally {
            thread.shutdownNow();
        }
    }

    static Map<String, JsonNode> byRin(SyncSandbox.Result r) throws Exception {
        return r.lines().stream().collect(Collectors.toMap(l -> l.get("rin").asText(), l -> l));
    }
}
