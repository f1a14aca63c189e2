package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.location.ArchiveLocation;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a location written to slip driver settings past its rules reaches on a real server: nothing.
 * The test server listens on this computer without TLS, so a connection that opens at {@code
 * 0.0.0.0} (an address the archive counts as on the network) would be a plaintext one.
 */
class PgLocationBoundaryTest {

    @Test
    void aPercentEncodedQuestionMarkNeverOpensAConnectionWithoutTls() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String written =
                "postgresql://"
                        + db.user()
                        + "@0.0.0.0:"
                        + db.port()
                        + "/"
                        + db.database()
                        + "%3Fsslmode%3Ddisable%26dummy%3D";
        Map<String, String> env = Map.of(PgPassword.ENV, password(server));
        assertThatThrownBy(() -> ArchiveLocation.open(written, env::get, null).close())
                .isInstanceOf(ArchiveException.class)
                .hasMessageNotContaining("\n");

        // the same name made in code, past the location's rules: taken as a name, over TLS
        PgLocation smuggled =
                new PgLocation(
                        "0.0.0.0", db.port(), db.database() + "?sslmode=disable&dummy=", db.user());
        assertThatThrownBy(() -> server.open(smuggled).close())
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining("cannot reach the server")
                .hasMessageContaining("SSL");
        // and the database as it is named, at the same address: TLS is asked there too
        PgLocation plain = new PgLocation("0.0.0.0", db.port(), db.database(), db.user());
        assertThatThrownBy(() -> server.open(plain).close())
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining("SSL");
    }

    @Test
    void connectionOptionsInADatabaseNameNeverReachTheServer() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        PgLocation smuggled =
                new PgLocation(
                        db.host(),
                        db.port(),
                        db.database() + "?options=-c%20search_path%3Dpg_temp&dummy=",
                        db.user());
        // a database of that whole name is looked for, and there is none
        assertThatThrownBy(() -> server.open(smuggled).close())
                .isInstanceOf(ArchiveException.class)
                .hasMessageContaining("no such database");
        // the database by its own name opens as it should
        try (PostgresArchive archive = server.open(db)) {
            assertThat(archive.location().database()).isEqualTo(db.database());
        }
    }

    private static String password(PgTestServer server) {
        return server.password() == null ? "" : server.password();
    }
}
