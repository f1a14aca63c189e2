package app.ishaar.sync;

import static org.assertj.core.api.Assertions.assertThat;

import app.ishaar.cli.CliIo;
import app.ishaar.cli.IshaarCli;
import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.TestArchive;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxNotification;
import app.ishaar.sandbox.SandboxPage;
import app.ishaar.sandbox.SandboxQuery;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the sync's acceptance tests share: the command line in-process, and the comparison. */
final class SyncSandbox {
    private SyncSandbox() {}

    static final ObjectMapper JSON = new ObjectMapper();
    static final String NILE = "204918573";
    static final String CAIRO = "287364519";
    static final String ALEX = "356781204"; // delegated, but no access to its notifications: 403
    static final String GIZA = "499201773"; // never delegated: the login is refused

    record Result(int code, String out, String err) {
        List<JsonNode> lines() throws Exception {
            List<JsonNode> out = new ArrayList<>();
            for (String l : this.out.split("\n")) {
                if (!l.isBlank()) {
                    out.add(JSON.readTree(l));
                }
            }
            return out;
        }
    }

    static Map<String, String> secrets() {
        return Map.of("NILE_SECRET", "sandbox-secret-1", "DELTA_SECRET", "sandbox-secret-2");
    }

    /** {@code ishaar sync} against this sandbox (as a custom service on loopback). */
    static Result sync(Sandbox sandbox, Path archive, String... more) {
        return sync(sandbox, TestArchive.file(archive), more);
    }

    /** {@code ishaar sync} against this sandbox into a file or a shared archive. */
    static Result sync(Sandbox sandbox, TestArchive archive, String... more) {
        List<String> args = new ArrayList<>(connection(sandbox));
        args.add("--archive");
        args.add(archive.arg());
        Map<String, String> env = new HashMap<>(secrets());
        env.putAll(archive.env());
        args.addAll(List.of(more));
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
        int code = IshaarCli.run(io, args.toArray(new String[0]));
        return new Result(
                code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code ishaar sync} of the taxpayer's own system, erp-nile-trading, one JSON line. */
    static Result syncNile(Sandbox sandbox, Path archive) {
        return syncNile(sandbox, TestArchive.file(archive));
    }

    static Result syncNile(Sandbox sandbox, TestArchive archive) {
        return sync(
                sandbox,
                archive,
                "--client-id",
                "erp-nile-trading",
                "--client-secret-env",
                "NILE_SECRET",
                "--format",
                "json");
    }

    /**
     * {@code ishaar sync} of an accountant's firm, erp-delta-accounting, for the taxpayers that
     * {@code more} names ({@code --on-behalf-of}).
     */
    static Result syncDelta(Sandbox sandbox, TestArchive archive, String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--client-id",
                                "erp-delta-accounting",
                                "--client-secret-env",
                                "DELTA_SECRET"));
        args.addAll(List.of(more));
        return sync(sandbox, archive, args.toArray(new String[0]));
    }

    static List<String> connection(Sandbox sandbox) {
        return List.of("sync", "--auth-url", sandbox.authUrl(), "--base-url", sandbox.baseUrl());
    }

    static ServiceKey key(Sandbox sandbox) {
        return ServiceKey.of(URI.create(sandbox.baseUrl()));
    }

    /** The taxpayer's whole history at the sandbox now, each as its API writes it, by ID. */
    static Map<String, JsonNode> service(Sandbox sandbox, String rin) {
        Map<String, JsonNode> all = new HashMap<>();
        for (int p = 1; ; p++) {
            SandboxPage page = sandbox.query(rin, SandboxQuery.all().withPage(p, 100));
            for (SandboxNotification n : page.result()) {
                all.put(n.notificationId(), n.writeWire(JSON.createObjectNode()));
            }
            if (p >= page.totalPages()) {
                return all;
            }
        }
    }

    /** What the archive holds of the taxpayer, each as it was stored, by ID. */
    static Map<String, JsonNode> archived(Path file, ServiceKey service, String rin)
            throws Exception {
        return archived(TestArchive.file(file), service, rin);
    }

    static Map<String, JsonNode> archived(TestArchive archive, ServiceKey service, String rin)
            throws Exception {
        Map<String, JsonNode> all = new HashMap<>();
        try (Archive a = archive.open()) {
            for (int p = 1; ; p++) {
                InboxPage page =
                        a.query(new InboxQuery(service, Set.of(Rin.of(rin)), null, null, p, 500));
                for (ArchivedNotification n : page.items()) {
                    JsonNode was = all.put(n.notificationId(), JSON.readTree(n.rawJson()));
                    assertThat(was).as("archived twice: " + n.notificationId()).isNull();
                }
                if (p >= page.totalPages()) {
                    return all;
                }
            }
        }
    }

    /** The archive holds the service's history exactly: every one, once, in its latest form. */
    static void assertArchiveEqualsService(Sandbox sandbox, Path file, String rin)
            throws Exception {
        assertArchiveEqualsService(sandbox, TestArchive.file(file), rin);
    }

    static void assertArchiveEqualsService(Sandbox sandbox, TestArchive file, String rin)
            throws Exception {
        Map<String, JsonNode> service = service(sandbox, rin);
        Map<String, JsonNode> archived = archived(file, key(sandbox), rin);
        assertThat(archived.keySet()).as("the same notifications").isEqualTo(service.keySet());
        for (Map.Entry<String, JsonNode> e : service.entrySet()) {
            assertThat(archived.get(e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
    }
}
