package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveContractTest;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.location.ArchiveLocation;
import app.ishaar.core.secrets.SecretStore;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The contract of every archive, on PostgreSQL. */
class PostgresArchiveTest extends ArchiveContractTest {

    PgTestServer server;
    PgLocation database;

    @BeforeEach
    void server() {
        server = PgTestServer.get();
    }

    @Override
    protected Archive newArchive() throws Exception {
        database = server.newDatabase();
        return server.open(database);
    }

    @Override
    protected Archive openAgain() throws Exception {
        return server.open(database);
    }

    @Override
    protected void indexAsBefore() throws Exception {
        try (java.sql.Connection c = server.admin(database.database());
                java.sql.Statement s = c.createStatement()) {
            s.execute("UPDATE notification_search SET words = ''::tsvector");
            // the schema of then: before the handling (10) too
            s.execute("DROP TABLE handling, handling_change, person");
            s.execute("DROP FUNCTION handling_change_apply()");
            s.execute("ALTER TABLE taxpayer DROP COLUMN handling_since_ms");
            s.execute("DELETE FROM archive_schema_history WHERE version IN ('9', '10', '11')");
        }
    }

    @Test
    void aReaderSeesWholeBatchesOnlyWhileTheSyncerWrites() throws Exception {
        database = server.newDatabase();
        try (Archive writer = server.open(database);
                Archive reader = server.open(database)) {
            CompletableFuture<Void> sync =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    for (int k = 0; k < 6; k++) {
                                        writer.store(
                                                batch(
                                                        SANDBOX,
                                                        NILE,
                                                        nile.subList(k * 50, k * 50 + 50),
                                                        "k" + k));
                                    }
                                } catch (ArchiveException e) {
                                    throw new CompletionException(e);
                                }
                            });
            Set<Long> seen = new TreeSet<>();
            InboxQuery all = new InboxQuery(SANDBOX, Set.of(), null, null, 1, 300);
            do {
                InboxPage p = reader.query(all);
                assertThat(p.totalCount() % 50).as("whole batches: %s", p.totalCount()).isZero();
                assertThat(p.items())
                        .as("the page agrees with its total")
                        .hasSize((int) p.totalCount());
                seen.add(p.totalCount());
            } while (!sync.isDone());
            sync.join();
            assertThat(reader.query(all).totalCount()).isEqualTo(300);
            assertThat(seen).isNotEmpty();
        }
    }

    @Test
    void theArchiveSettingOpensASharedArchiveByItsLocation() throws Exception {
        PgLocation at = server.newDatabase();
        try (Archive a = ArchiveLocation.open(at.toString(), server.env(), null)) {
            assertThat(a).isInstanceOf(PostgresArchive.class);
            a.store(batch(SANDBOX, NILE, nile.subList(0, 3), "x"));
        }
        // the same from the environment, as ISHAAR_ARCHIVE
        Map<String, String> env =
                Map.of(ArchiveLocation.ENV, at.toString(), PgPassword.ENV, server.password());
        try (Archive a = ArchiveLocation.open(null, env::get, null)) {
            assertThat(a.summaries()).hasSize(1);
        }
        String withPassword =
                "postgresql://someone:hunter2@" + at.host() + ":" + at.port() + "/" + at.database();
        assertThatThrownBy(() -> ArchiveLocation.open(withPassword, server.env(), null))
                .isInstanceOf(ArchiveException.class)
                .hasMessageStartingWith("a password is never given")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aWrongPasswordIsOneLineNamingTheArchive() throws Exception {
        PgLocation at = server.newDatabase();
        Map<String, String> env = Map.of(PgPassword.ENV, "not-the-password");
        assertThatThrownBy(() -> PostgresArchive.open(at, env::get, (SecretStore) null))
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining(at.toString())
                .hasMessageContaining("refused the login")
                .hasMessageNotContaining("not-the-password")
                .hasMessageNotContaining("\n");
    }
}
