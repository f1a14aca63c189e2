package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sync's acceptance tests with the archive on PostgreSQL ({@code --archive postgresql://}). */
class PgSyncAcceptanceTest extends SyncAcceptanceTest {
    @Override
    protected TestArchive newArchive() throws Exception {
        return PgTestServer.get().newArchive();
    }

    @Test
    void aPasswordInTheArchivesLocationIsRefusedInOneLine() throws Exception {
        TestArchive real = newArchive();
        String withPassword = real.arg().replace("://", "://ishaar_admin:hunter2@");
        TestArchive given =
                new TestArchive() {
                    @Override
                    public String arg() {
                        return withPassword.replace("ishaar_admin@", "");
                    }

                    @Override
                    public Map<String, String> env() {
                        return Map.of();
                    }

                    @Override
                    public Archive open() throws Exception {
                        return real.open();
                    }
                };
        try (Sandbox sandbox =
                Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(10).build())) {
            SyncSandbox.Result r = SyncSandbox.syncNile(sandbox, given);
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip())
                    .startsWith("ishaar: --archive: a password is never given")
                    .doesNotContain("hunter2")
                    .doesNotContain("\n");
        }
    }
}
