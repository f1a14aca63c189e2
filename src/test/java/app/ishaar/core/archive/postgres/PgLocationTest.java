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
        assertThat(l.properties(k -> null))
                .containsOnlyKeys(
                        "PGHOST", "PGPORT", "PGDBNAME", "user", "ApplicationName", "sslmode")
                .containsEntry("PGHOST", "db.firm.example")
                .containsEntry("PGPORT", "6543")
                .containsEntry("PGDBNAME", "archive")
                .containsEntry("user", "ishaar_sync");
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
                        PgLocation.parse("postgresql://db.firm.example/a?sslmode=verify-full")
                                .properties(env::get)
                                .getProperty("sslmode"))
                .isEqualTo("verify-full");
        for (String mode : new String[] {"verify-ca", "require", "prefer", "allow", "disable"}) {
            assertThatThrownBy(
                            () ->
                                    PgLocation.parse(
                                            "postgresql://db.firm.example/a?sslmode=" + mode))
                    .hasMessageContaining("where the archive needs sslmode=verify-full")
                    .hasMessageNotContaining("\n");
        }
        // whatever is written: a location made in code rather than parsed is held to it too
        assertThat(
                        new PgLocation("0.0.0.0", 5432, "a", "u", Map.of("sslmode", "disable"))
                                .properties(env::get)
                                .getProperty("sslmode"))
                .isEqualTo("verify-full");
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
    void settingsSmuggledIntoANameAreRefusedInOneLine() {
        for (String url :
                new String[] {
                    "postgresql://u@0.0.0.0:55439/ishaar%3Fsslmode%3Ddisable%26dummy%3D",
                    "postgresql://u@127.0.0.1:55439/ishaar%3Foptions%3D-c%2520search_path%253Dpg_temp",
                    "postgresql://u@db.firm.example/ishaar%3Fsslfactory%3Dorg.postgresql.ssl.NonValidatingFactory",
                    "postgresql://u@db.firm.example/ishaar%26socketFactory%3Dx",
                    "postgresql://u@db.firm.example/ishaar%3Fpassword%3Ds3cret",
                    "postgresql://u%3Fsslmode%3Ddisable@db.firm.example/ishaar",
                    "postgresql://u@db.firm.example/ishaar%0Aoptions",
                    "postgresql://u@db.firm.example/ishaar#sslmode=disable"
                }) {
            assertThatThrownBy(() -> PgLocation.parse(url))
                    .as(url)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageNotContaining("s3cret")
                    .hasMessageNotContaining("\n");
        }
    }

    @Test
    void aMistypedSchemeIsRepeatedWithoutItsPassword() {
        assertThatThrownBy(() -> PgLocation.parse("postgresq://me:s3cret@db.firm.example/a"))
                .hasMessageStartingWith("not a PostgreSQL location")
                .hasMessageContaining("db.firm.example")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aDriverSettingIsRefusedInOneLine() {
        for (String setting :
                new String[] {
                    "options=-c%20search_path%3Dpg_temp",
                    "sslfactory=org.postgresql.ssl.NonValidatingFactory",
                    "socketFactory=x",
                    "sslmode=verify-full&options=-c%20x%3Dy",
                    "PGDBNAME=other",
                    "PGHOST=evil.example"
                }) {
            assertThatThrownBy(
                            () -> PgLocation.parse("postgresql://u@db.firm.example/a?" + setting))
                    .as(setting)
                    .hasMessageStartingWith("unknown setting in the archive's location")
                    .hasMessageNotContaining("\n");
        }
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
