package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing is lost (issue #9): a settings write that dies midway — a failing body, or the whole
 * process killed with SIGKILL while it writes in a loop — leaves the previous settings whole; a
 * corrupt settings file is set aside and reported; an export whose process is killed after its
 * first page leaves the previous file at the target untouched and no partial file; the temporary
 * file the killed process left behind is removed by the next export to that target.
 */
class NothingLostTest {

    @TempDir Path dir;

    // ------------------------------------------------------------------ settings

    @Test
    void aWriteThatFailsMidwayLeavesThePreviousSettings() throws Exception {
        SettingsStore store = new SettingsStore(dir);
        Settings before = SettingsWriterChild.generation(1);
        store.save(before);
        byte[] next =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .findAndRegisterModules()
                        .writeValueAsBytes(SettingsWriterChild.generation(2));
        // the writer's body fails half-way (as SettingsStore.save would on a full disk): no commit,
        // the writer is closed
        assertThatThrownBy(
                        () -> {
                            try (AtomicFileWriter w = AtomicFileWriter.open(store.file())) {
                                w.stream().write(next, 0, next.length / 2);
                                w.stream().flush();
                                throw new IOException("disk full");
                            }
                        })
                .isInstanceOf(IOException.class)
                .hasMessage("disk full");
        SettingsStore.Loaded loaded = store.load();
        assertThat(loaded.setAside()).isEmpty();
        assertThat(loaded.settings()).isEqualTo(before);
        assertThat(leftovers(dir)).isEmpty();
    }

    @Test
    void aSettingsWriterKilledMidWriteLeavesWholeSettings() throws Exception {
        Process child =
                javaChild(
                        List.of(SettingsWriterChild.class.getName(), "loop", dir.toString()),
                        Map.of());
        try {
            // let it write a few generations, then kill it in the middle of one (it does nothing
            // but write)
            waitForLine(child.getInputStream(), l -> l.equals("saved 3"), Duration.ofSeconds(60));
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        SettingsStore store = new SettingsStore(dir);
        SettingsStore.Loaded loaded = store.load();
        assertThat(loaded.setAside()).as("the settings file is readable").isEmpty();
        Settings s = loaded.settings();
        String generation = s.lastProfileId().split("\\|")[1];
        assertThat(s.profiles())
                .hasSize(400)
                .allSatisfy(p -> assertThat(p.clientId()).startsWith("client-" + generation + "-"));
        assertThat(Integer.parseInt(generation.substring(1))).isGreaterThanOrEqualTo(3);

        // a temporary file of the killed write may remain; the next save removes it
        List<Path> left = leftovers(dir);
        System.out.println("settings writer killed: leftover temporary files " + left.size());
        store.save(s);
        assertThat(leftovers(dir)).isEmpty();
        assertThat(store.load().settings()).isEqualTo(s);
    }

    @Test
    void aSettingsWriterKilledInTheMiddleOfAFileLeavesThePreviousOneAndTheNextSaveTidiesUp()
            throws Exception {
        Process child =
                javaChild(
                        List.of(SettingsWriterChild.class.getName(), "stall", dir.toString()),
                        Map.of());
        try {
            waitForLine(child.getInputStream(), l -> l.equals("mid-write"), Duration.ofSeconds(60));
            assertThat(leftovers(dir))
                    .as("half of generation 2 is on disk, beside the settings")
                    .hasSize(1);
            assertThat(Files.size(leftovers(dir).get(0))).isPositive();
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
        }
        SettingsStore store = new SettingsStore(dir);
        SettingsStore.Loaded loaded = store.load();
        assertThat(loaded.setAside()).isEmpty();
        assertThat(loaded.settings()).isEqualTo(SettingsWriterChild.generation(1));
        assertThat(leftovers(dir)).as("the killed writer's temporary file").hasSize(1);
        store.save(loaded.settings().withLanguage("ar", true));
        assertThat(leftovers(dir)).as("removed by the next save").isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"garbage", "truncated", "empty", "wrong types", "binary"})
    void aCorruptSettingsFileIsSetAsideAndReported(String kind) throws Exception {
        SettingsStore store = new SettingsStore(dir);
        store.save(SettingsWriterChild.generation(1));
        byte[] good = Files.readAllBytes(store.file());
        byte[] bad =
                switch (kind) {
                    case "garbage" -> "this is not json".getBytes(StandardCharsets.UTF_8);
                    case "truncated" -> java.util.Arrays.copyOf(good, good.length / 2);
                    case "empty" -> new byte[0];
                    case "wrong types" ->
                            "{\"version\":\"one\",\"profiles\":5,\"history\":[1,2]}"
                                    .getBytes(StandardCharsets.UTF_8);
                    default -> new byte[] {0, (byte) 0xFF, (byte) 0xC0, 0x7B, 0x01};
                };
        Files.write(store.file(), bad);
        SettingsStore.Loaded loaded = store.load();
        assertThat(loaded.settings()).isEqualTo(Settings.defaults());
        assertThat(loaded.setAside()).as("reported").isPresent();
        Path aside = loaded.setAside().orElseThrow();
        assertThat(aside.getFileName().toString()).startsWith("settings.json.corrupt-");
        assertThat(Files.readAllBytes(aside)).as("kept for the user, byte for byte").isEqualTo(bad);
        assertThat(Files.exists(store.file())).isFalse();
        // a new start is clean: nothing reported twice
        assertThat(store.load().setAside()).isEmpty();
        store.save(Settings.defaults().withLanguage("ar", true));
        assertThat(store.load().settings().language()).isEqualTo("ar");
    }

    // ------------------------------------------------------------------ export

    @Test
    void anExportKilledAfterItsFirstPageLeavesThePreviousFileAndNoPartialOne() throws Exception {
        Path target = dir.resolve("history.csv");
        Files.writeString(target, "the previous export\n", StandardCharsets.UTF_8);
        try (Sandbox sandbox =
                Sandbox.start(
                        SandboxConfig.builder()
                                .seed(7)
                                .notificationsPerTaxpayer(400)
                                .anchor(Instant.parse("2026-01-01T00:00:00Z"))
                                .latency(Duration.ofMillis(300))
                                .build())) {
            SandboxAccount account =
                    sandbox.accounts().stream()
                            .filter(a -> a.clientId().equals("erp-nile-trading"))
                            .findFirst()
                            .orElseThrow();
            List<String> args =
                    List.of(
                            "app.ishaar.Launcher",
                            "notifications",
                            "--auth-url",
                            sandbox.authUrl(),
                            "--base-url",
                            sandbox.baseUrl(),
                            "--client-id",
                            account.clientId(),
                            "--client-secret-env",
                            "CHILD_SECRET",
                            "--all",
                            "--concurrency",
                            "1",
                            "--page-size",
                            "10",
                            "--format",
                            "csv",
                            "--output",
                            target.toString(),
                            "--verbose");
            Process child = javaChild(args, Map.of("CHILD_SECRET", account.clientSecret()));
            try {
                waitForLine(
                        child.getErrorStream(),
                        l -> l.startsWith("ishaar: page 1 of"),
                        Duration.ofSeconds(60));
            } finally {
                child.destroyForcibly();
                assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(Files.readString(target, StandardCharsets.UTF_8))
                    .as("the previous file is untouched")
                    .isEqualTo("the previous export\n");
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .as("nothing but the target and the killed export's temporary file")
                        .allMatch(
                                n ->
                                        n.equals("history.csv")
                                                || n.startsWith(".history.csv.")
                                                        && n.endsWith(".part"));
            }
            int left = leftovers(dir).size();
            System.out.println("export killed after page 1: leftover temporary files " + left);

            // the next export to the same target completes and removes what the killed one left
            sandbox.knobs().latency(Duration.ZERO);
            FaultKit.CliResult again =
                    FaultKit.cli(
                            FaultKit.config().withReadTimeout(Duration.ofSeconds(10)),
                            () -> null,
                            Map.of("CHILD_SECRET", account.clientSecret()),
                            "notifications",
                            "--auth-url",
                            sandbox.authUrl(),
                            "--base-url",
                            sandbox.baseUrl(),
                            "--client-id",
                            account.clientId(),
                            "--client-secret-env",
                            "CHILD_SECRET",
                            "--all",
                            "--format",
                            "csv",
                            "--output",
                            target.toString());
            assertThat(again.code()).as(again.err()).isZero();
            long rows;
            try (com.fasterxml.jackson.databind.MappingIterator<Map<String, String>> it =
                    new com.fasterxml.jackson.dataformat.csv.CsvMapper()
                            .readerFor(Map.class)
                            .with(
                                    com.fasterxml.jackson.dataformat.csv.CsvSchema.emptySchema()
                                            .withHeader())
                            .readValues(target.toFile())) {
                rows = it.readAll().size();
            }
            assertThat(rows).isEqualTo(sandbox.notificationCount(account.taxpayers().get(0).rin()));
            assertThat(leftovers(dir)).isEmpty();
        }
    }

    // ------------------------------------------------------------------ helpers

    private static List<Path> leftovers(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".part")).toList();
        }
    }

    private static Process javaChild(List<String> mainAndArgs, Map<String, String> env)
            throws IOException {
        String cp =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx256m",
                                "-Djava.awt.headless=true",
                                // the child's support log stays with the tests' files
                                "-Dishaar.log.dir=" + System.getProperty("ishaar.log.dir", "none"),
                                "-cp",
                                cp));
        cmd.addAll(mainAndArgs);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        return pb.start();
    }

    /**
     * Reads lines until one matches (on a reader thread), bounded by {@code limit}; the stream is
     * drained afterwards.
     */
    private static void waitForLine(InputStream in, Predicate<String> match, Duration limit)
            throws Exception {
        CompletableFuture<String> seen = new CompletableFuture<>();
        Thread reader =
                new Thread(
                        () -> {
                            try (BufferedReader r =
                                    new BufferedReader(
                                            new InputStreamReader(in, StandardCharsets.UTF_8))) {
                                for (String line; (line = r.readLine()) != null; ) {
                                    if (match.test(line)) {
                                        seen.complete(line);
                                    }
                                }
                                seen.completeExceptionally(
                                        new AssertionError(
                                                "the child ended without the expected line"));
                            } catch (IOException e) {
                                seen.completeExceptionally(e);
                            }
                        },
                        "child-output");
        reader.setDaemon(true);
        reader.start();
        seen.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    }
}
