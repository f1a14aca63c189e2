package app.ishaar.cli;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PgPassword;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inbox}, {@code archive info} and {@code archive grant|revoke} on a shared archive. */
class SharedArchiveCliTest {

    static final Rin NILE = Rin.of("204918573");

    @TempDir Path dir;

    record Run(int code, String out, String err) {}

    static Run cli(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        env::get,
                        null,
                        ZoneOffset.UTC,
                        ClientConfig.defaults(),
                        null);
        int code = IshaarCli.run(io, args);
        return new Run(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void readsGrantsAndRevokesOnASharedArchive() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String role = server.newLoginRole("salma");
        try (Sandbox sandbox =
                        Sandbox.start(
                                SandboxConfig.builder().notificationsPerTaxpayer(12).build());
                PostgresArchive a = server.open(db)) {
            a.store(
                    new SyncBatch(
                            ServiceKey.SANDBOX,
                            NILE,
                            SandboxItems.history(sandbox, NILE.value(), NILE),
                            "x",
                            true,
                            null));
        }
        Map<String, String> owner = Map.of(PgPassword.ENV, server.password());
        String at = db.toString();

        Run info = cli(owner, "archive", "info", "--archive", at);
        assertThat(info.code()).as(info.err()).isZero();
        assertThat(info.out()).contains("archive: " + at).contains(NILE.value());
        Run inbox = cli(owner, "inbox", "--archive", at, "--format", "json", "--all");
        assertThat(inbox.code()).as(inbox.err()).isZero();
        assertThat(inbox.out()).contains("\"taxpayerRin\" : \"" + NILE.value() + "\"");

        Run grant =
                cli(
                        owner,
                        "archive",
                        "grant",
                        "--archive",
                        at,
                        "--role",
                        role,
                        "--taxpayer",
                        NILE.value());
        assertThat(grant.code()).as(grant.err()).isZero();
        assertThat(grant.out().strip()).isEqualTo("granted: " + role + " reads taxpayer " + NILE);
        assertThat(
                        cli(
                                        owner,
                                        "archive",
                                        "grant",
                                        "--archive",
                                        at,
                                        "--role",
                                        role,
                                        "--taxpayer",
                                        NILE.value())
                                .out())
                .contains("already");

        // who reads whom, for the owner and for a script
        Run grants = cli(owner, "archive", "grants", "--archive", at);
        assertThat(grants.code()).as(grants.err()).isZero();
        assertThat(grants.out().strip()).isEqualTo(role + "  " + NILE);
        Run grantsJson = cli(owner, "archive", "grants", "--archive", at, "--format", "json");
        assertThat(grantsJson.out().strip())
                .isEqualTo("{\"role\":\"" + role + "\",\"rin\":\"" + NILE + "\",\"via\":null}");

        // the role reads it now, through its own login
        String asRole = at.replace("://", "://" + role + "@").replace(db.user() + "@", "");
        Run read =
                cli(
                        Map.of("PGPASSWORD", PgTestServer.passwordOf(role)),
                        "inbox",
                        "--archive",
                        asRole,
                        "--format",
                        "json",
                        "--all");
        assertThat(read.code()).as(read.err()).isZero();
        assertThat(read.out()).contains(NILE.value());

        Run revoke =
                cli(
                        owner,
                        "archive",
                        "revoke",
                        "--archive",
                        at,
                        "--role",
                        role,
                        "--taxpayer",
                        NILE.value());
        assertThat(revoke.code()).as(revoke.err()).isZero();
        assertThat(revoke.out()).startsWith("revoked:");
        Run after =
                cli(
                        Map.of("PGPASSWORD", PgTestServer.passwordOf(role)),
                        "inbox",
                        "--archive",
                        asRole,
                        "--format",
                        "json",
                        "--all");
        assertThat(after.out().replace(" ", "").strip()).isEqualTo("[]");
        assertThat(cli(owner, "archive", "grants", "--archive", at).out()).isEmpty();

        Run onAFile =
                cli(
                        Map.of(),
                        "archive",
                        "grant",
                        "--archive",
                        dir.resolve("a.db").toString(),
                        "--role",
                        role,
                        "--taxpayer",
                        NILE.value());
        assertThat(onAFile.code()).isEqualTo(2);
        assertThat(onAFile.err().strip())
                .startsWith("ishaar: --archive: grant and revoke are for a shared archive")
                .doesNotContain("\n");
        Run grantsOfAFile =
                cli(Map.of(), "archive", "grants", "--archive", dir.resolve("a.db").toString());
        assertThat(grantsOfAFile.code()).isEqualTo(2);
        assertThat(grantsOfAFile.err().strip())
                .startsWith("ishaar: --archive: grants are for a shared archive")
                .doesNotContain("\n");

        // a password as a person sets one: the process masks it from then on wherever it appears,
        // and a common word would be masked in other commands' sentences run in this JVM
        Run wrong =
                cli(
                        Map.of(PgPassword.ENV, "not-the-password-7"),
                        "archive",
                        "info",
                        "--archive",
                        at);
        assertThat(wrong.code()).isNotZero();
        assertThat(wrong.err().strip())
                .contains("refused the login")
                .doesNotContain("\n")
                .doesNotContain("not-the-password-7");
    }

    @Test
    void aGrantToARoleThatDoesNotExistIsAUsageErrorInOneLine() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        server.open(db).close();
        String missing =
                "nobody_" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36);
        Run grant =
                cli(
                        Map.of(PgPassword.ENV, server.password()),
                        "archive",
                        "grant",
                        "--archive",
                        db.toString(),
                        "--role",
                        missing,
                        "--taxpayer",
                        NILE.value());
        assertThat(grant.code()).as(grant.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(grant.err().strip())
                .startsWith("ishaar: ")
                .contains("has no role " + missing)
                .doesNotContain("\n");
    }

    @Test
    void aPasswordWrittenAnywhereInALocationIsNeverRepeated() {
        String[] written = {
            // after the database, without a '?': once taken for the database's name
            "postgresql://amira@127.0.0.1:1/ishaar&password=s3cret",
            "postgresql://amira@127.0.0.1:1/ishaar%26password%3Ds3cret",
            "postgresql://amira@127.0.0.1:1/ishaar?sslmode=disable&password=s3cret",
            "postgresql://amira:s3cret@127.0.0.1:1/ishaar",
            // a scheme mistyped: taken for a file's path
            "postgresql:/amira:s3cret@127.0.0.1:1/ishaar",
            "postgres//amira:s3cret@127.0.0.1:1/ishaar?password=s3cret"
        };
        for (String at : written) {
            for (String[] args :
                    new String[][] {
                        {"inbox", "--archive", at},
                        {"archive", "info", "--archive", at},
                        {
                            "archive",
                            "grant",
                            "--archive",
                            at,
                            "--role",
                            "r",
                            "--taxpayer",
                            NILE.value()
                        }
                    }) {
                Run r = cli(Map.of(), args);
                assertThat(r.code()).as(at).isNotZero();
                assertThat(r.err().strip())
                        .as(at)
                        .startsWith("ishaar: ")
                        .doesNotContain("s3cret")
                        .doesNotContain("\n");
                assertThat(r.out()).doesNotContain("s3cret");
            }
        }
    }
}
