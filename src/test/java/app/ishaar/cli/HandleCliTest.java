package app.ishaar.cli;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PgPassword;
import app.ishaar.core.archive.postgres.PgTestServer;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ishaar handle}, {@code inbox --handling} and {@code archive people}. */
class HandleCliTest {

    static final Rin NILE = Rin.of("204918573");
    static final Rin GIZA = Rin.of("499201773");
    static final ObjectMapper JSON = new ObjectMapper();

    static Sandbox sandbox;
    static List<ArchivedNotification> nile;
    static List<ArchivedNotification> giza;

    @TempDir Path tmp;
    Path file;

    record Result(int code, String out, String err) {}

    @BeforeAll
    static void data() throws Exception {
        sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(5)
                                .notificationsPerTaxpayer(60)
                                .anchor(Instant.parse("2026-03-01T00:00:00Z"))
                                .build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        giza = SandboxItems.history(sandbox, GIZA.value(), GIZA);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @BeforeEach
    void archive() throws Exception {
        file = tmp.resolve("archive.db");
        try (SqliteArchive a = SqliteArchive.open(file)) {
            a.store(new SyncBatch(ServiceKey.SANDBOX, NILE, nile, "cp", true, null));
            a.store(new SyncBatch(ServiceKey.SANDBOX, GIZA, giza, "cp", true, null));
        }
    }

    Result run(String... args) {
        return run(Map.of("ISHAAR_ARCHIVE", file.toString()), args);
    }

    static Result run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CliIo io =
                new CliIo(
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        env::get,
                        null,
                        ZoneId.of("UTC"),
                        ClientConfig.defaults(),
                        () -> null);
        int code = IshaarCli.run(io, args);
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static void oneLine(Result r, int code, String says) {
        assertThat(r.code()).as(r.err()).isEqualTo(code);
        assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).startsWith("ishaar: ").contains(says).doesNotContain("\tat ");
    }

    private JsonNode inbox(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("inbox", "--format", "json", "--all"));
        args.addAll(List.of(more));
        Result r = run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }

    private static List<String> ids(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.get("notificationId").asText()));
        return out;
    }

    @Test
    void idsFromTheInboxAreMarkedAssignedNotedAndFilteredBy() throws Exception {
        JsonNode all = inbox();
        assertThat(all).hasSize(120);
        assertThat(all.get(0).get("handling").isNull()).as("no one marked it").isTrue();
        List<String> three = ids(all).subList(0, 3);
        String me = System.getProperty("user.name");

        Result marked =
                run("handle", three.get(0), three.get(1), three.get(2), "--note", "resend Monday");
        assertThat(marked.code()).as(marked.err()).isZero();
        assertThat(marked.out().strip()).isEqualTo("3 notifications noted");
        Result assigned = run("handle", three.get(0), "--assign", me);
        assertThat(assigned.code()).as(assigned.err()).isZero();
        Result done = run("handle", three.get(2), "--done");
        assertThat(done.out().strip()).isEqualTo("1 notification handled");

        assertThat(ids(inbox("--handling", "to-handle")))
                .containsExactly(three.get(0), three.get(1));
        assertThat(ids(inbox("--handling", "assigned-to-me"))).containsExactly(three.get(0));
        assertThat(ids(inbox("--handling", "handled"))).containsExactly(three.get(2));
        assertThat(inbox("--handling", "all")).hasSize(120);

        JsonNode h = inbox("--handling", "assigned-to-me").get(0).get("handling");
        assertThat(h.get("state").asText()).isEqualTo("to-handle");
        assertThat(h.get("assignedTo").asText()).isEqualTo(me);
        assertThat(h.get("changedBy").asText()).isEqualTo(me);
        assertThat(Instant.parse(h.get("changedAt").asText()))
                .isBefore(Instant.now().plusSeconds(1));

        Result reopened = run("handle", three.get(2), "--reopen", "--assign", "");
        assertThat(reopened.out().strip()).isEqualTo("1 notification to handle, unassigned");
        assertThat(inbox("--handling", "to-handle")).hasSize(3);

        // the table says how many match, as for any filter
        Result table = run("inbox", "--handling", "to-handle");
        assertThat(table.out()).contains("3 notifications in all");
    }

    @Test
    void aMarkedNotedNotificationsCsvRowCarriesItsStateAndItsLastNote() throws Exception {
        List<String> ids = ids(inbox());
        String id = ids.get(0);
        String me = System.getProperty("user.name");
        assertThat(run("handle", id, "--note", "called the buyer").code()).isZero();
        assertThat(run("handle", id, "--assign", me, "--note", "resend Monday").code()).isZero();
        assertThat(run("handle", id, "--done").code()).as("a change without a note").isZero();

        Result r = run("inbox", "--format", "csv", "--all");
        assertThat(r.code()).as(r.err()).isZero();
        List<Map<String, String>> rows = new ArrayList<>();
        try (com.fasterxml.jackson.databind.MappingIterator<Map<String, String>> it =
                new com.fasterxml.jackson.dataformat.csv.CsvMapper()
                        .readerFor(Map.class)
                        .with(
                                com.fasterxml.jackson.dataformat.csv.CsvSchema.emptySchema()
                                        .withHeader())
                        .readValues(r.out())) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(120);
        Map<String, String> marked =
                rows.stream().filter(m -> m.get("notificationId").equals(id)).findFirst().get();
        assertThat(marked)
                .containsEntry("handlingState", "handled")
                .containsEntry("handlingAssignedTo", me)
                .containsEntry("handlingChangedBy", me)
                .containsEntry("lastNote", "resend Monday");
        assertThat(Instant.parse(marked.get("handlingChangedAt")))
                .isBefore(Instant.now().plusSeconds(1));
        Map<String, String> other =
                rows.stream()
                        .filter(m -> m.get("notificationId").equals(ids.get(1)))
                        .findFirst()
                        .get();
        assertThat(other).containsEntry("handlingState", "").containsEntry("lastNote", "");
    }

    @Test
    void badInputIsOneLineAndExit2AndChangesNothing() throws Exception {
        String id = ids(inbox()).get(0);
        oneLine(run("handle", id, "no-such-id", "--done"), 2, "no notification no-such-id");
        oneLine(run("handle", id, "--note", "x".repeat(2001)), 2, "--note: a note is at most 2000");
        oneLine(run("handle", id), 2, "give --done, --reopen");
        oneLine(run("handle", id, "--done", "--reopen"), 2, "--done");
        oneLine(run("handle", id, "--done", "--taxpayer", "12"), 2, "--taxpayer");
        oneLine(run("inbox", "--handling", "mine"), 2, "--handling: to-handle, assigned-to-me");
        assertThat(inbox("--handling", "handled")).isEmpty();
        assertThat(inbox("--handling", "to-handle")).isEmpty();
        // a note of exactly the limit is kept
        assertThat(run("handle", id, "--note", "ن".repeat(2000)).code()).isZero();
        assertThat(inbox("--handling", "to-handle")).hasSize(1);
    }

    @Test
    void onASharedArchiveEachPersonIsTheirRoleNamedByTheOwner() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        try (PostgresArchive a = server.open(db)) {
            a.store(new SyncBatch(ServiceKey.SANDBOX, NILE, nile, "x", true, null));
            a.grant(amira, NILE);
        }
        Map<String, String> owner = Map.of(PgPassword.ENV, server.password());
        String at = db.toString();
        Result people = run(owner, "archive", "people", "--archive", at, amira + "=Amira Hassan");
        assertThat(people.code()).as(people.err()).isZero();
        assertThat(people.out().strip()).isEqualTo("1 person's name kept");
        assertThat(run(owner, "archive", "people", "--archive", at).out().strip())
                .isEqualTo(amira + "  Amira Hassan");
        oneLine(run(owner, "archive", "people", "--archive", at, "no-name"), 2, "ROLE=NAME");
        oneLine(
                run(Map.of("ISHAAR_ARCHIVE", file.toString()), "archive", "people"),
                2,
                "for a shared archive");

        // the owner assigns by the name the desktops show; Amira finds it as hers
        String id = nile.get(0).notificationId();
        Result assign = run(owner, "handle", "--archive", at, id, "--assign", "amira hassan");
        assertThat(assign.code()).as(assign.err()).isZero();
        Map<String, String> asAmira = Map.of(PgPassword.ENV, PgTestServer.passwordOf(amira));
        String atAmira = db.as(amira).toString();
        Result mine =
                run(
                        asAmira,
                        "inbox",
                        "--archive",
                        atAmira,
                        "--format",
                        "json",
                        "--handling",
                        "assigned-to-me");
        assertThat(mine.code()).as(mine.err()).isZero();
        JsonNode found = JSON.readTree(mine.out());
        assertThat(ids(found)).containsExactly(id);
        Result done = run(asAmira, "handle", "--archive", atAmira, id, "--done");
        assertThat(done.code()).as(done.err()).isZero();
        JsonNode h =
                JSON.readTree(
                                run(
                                                owner,
                                                "inbox",
                                                "--archive",
                                                at,
                                                "--format",
                                                "json",
                                                "--handling",
                                                "handled")
                                        .out())
                        .get(0)
                        .get("handling");
        assertThat(h.get("changedBy").asText()).isEqualTo(amira);
        assertThat(h.get("assignedTo").asText()).isEqualTo(amira);
    }
}
