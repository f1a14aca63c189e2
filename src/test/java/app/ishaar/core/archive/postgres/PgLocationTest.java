package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.secrets.InMemorySecretStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PgLocationTest {

    @Test
    void readsHostPortDatabaseAndUser() {
        PgLocation l = PgLocation.parse("postgresql://ishaar_sync@db.firm.example:6543/archive");
        assertThat(l.host()).isEqualTo("db.firm.example");
        assertThat(l.port()).isEqualTo(6543);
        assertThat(l.database()).isEqualTo("archive");
        assertThat(l.user()).isEqualTo("ishaar_sync");
        assertThat(l.jdbcUrl()).isEqualTo("jdbc:postgresql://db.firm.example:6543/archive");
        assertThat(PgLocation.parse("postgres://127.0.0.1/a").port()).isEqualTo(5432);
        assertThat(PgLocation.isLocation("/home/me/archive.db")).isFalse();
        assertThat(PgLocation.isLocation(" POSTGRESQL://h/db")).isTrue();
    }

    @Test
    void aPasswordInTheLocationIsRefusedInOneLine() {
        for (String url :
                new String[] {
                    "postgresql://me:s3cret@db.firm.example/archive",
                    "postgresql://db.firm.example/archive?password=s3cret",
                    "postgresql://me:s3cret@other@db.firm.example/archive",
                    "postgresql://me:s3cret@db.firm.example"
                }) {
            assertThatThrownBy(() -> PgLocation.parse(url))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("a password is never given in the archive's location")
                    .hasMessageNotContaining("s3cret")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void aHostOnTheNetworkIsReachedOverTlsThatVerifiesIt() {
        Map<String, String> env = Map.of();
        assertThat(
                        PgLocation.parse("postgresql://db.firm.example/archive")
                                .properties(env::get)
                                .getProperty("sslmode"))
                .isEqualTo("verify-full");
        assertThat(
                        PgLocation.parse("postgresql://db.firm.example/a?sslmode=verify-ca")
                                .properties(env::get)
                                .getProperty("sslmode"))
                .isEqualTo("verify-ca");
        assertThatThrownBy(() -> PgLocation.parse("postgresql://db.firm.example/a?sslmode=require"))
                .hasMessageContaining("does not verify the server");
        // this computer: no certificate needed
        assertThat(
                        PgLocation.parse("postgresql://localhost:55432/a?sslmode=disable")
                                .properties(env::get)
                                .getProperty("sslmode"))
                .isEqualTo("disable");
    }

    @Test
    void badLocationsSayWhatIsMissing() {
        assertThatThrownBy(() -> PgLocation.parse("postgresql://db.firm.example"))
                .hasMessageContaining("no database");
        assertThatThrownBy(() -> PgLocation.parse("postgresql://db.firm.example/a?timeout=3"))
                .hasMessageContaining("unknown setting");
    }

    @Test
    void thePasswordComesFromTheEnvironmentThenTheKeychain() throws Exception {
        PgLocation l = PgLocation.parse("postgresql://ishaar_sync@db.firm.example/archive");
        InMemorySecretStore keychain = new InMemorySecretStore();
        keychain.save(PgPassword.account(l, k -> null), "from-keychain".toCharArray());
        Map<String, String> env = Map.of(PgPassword.ENV, "from-env", "PGPASSWORD", "pg");
        assertThat(PgPassword.find(l, env::get, keychain)).hasValue("from-env".toCharArray());
        Map<String, String> pgOnly = Map.of("PGPASSWORD", "pg");
        assertThat(PgPassword.find(l, pgOnly::get, keychain)).hasValue("pg".toCharArray());
        assertThat(PgPassword.find(l, k -> null, keychain)).hasValue("from-keychain".toCharArray());
        // none: the driver reads ~/.pgpass
        assertThat(PgPassword.find(l, k -> null, new InMemorySecretStore())).isEmpty();
    }
}
