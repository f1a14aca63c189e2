package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import app.ishaar.core.export.NotificationExporter;
import app.ishaar.core.export.NotificationSink;
import app.ishaar.core.io.AtomicFileWriter;
import app.ishaar.core.io.IoProblem;
import app.ishaar.core.io.NotARegularFileException;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.service.TestTokens;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 5: {@code --output} (and the desktop export) pointing at something that is not a regular
 * file. Writing the usual way (a temporary file moved over the target) would replace a named pipe,
 * a device node (as root, {@code /dev/null} itself) or a symbolic link with a regular file. Each is
 * refused with one line in words and exit 2, and stays exactly as it was.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class OutputTargetFaultsTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @TempDir Path dir;

    /** The CLI writing the one-page history to {@code output} (nothing is asked of a server). */
    private FaultKit.CliResult notificationsTo(String output) throws Exception {
        String url = "http://127.0.0.1:" + FaultKit.closedPort() + "/";
        return FaultKit.cli(
                FaultKit.config(),
                FaultKit.asNile("notifications", url, "--format", "csv", "--output", output));
    }

    static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command)).isZero();
    }

    @Test
    void aFifoADeviceALinkOrAFolderIsRefusedAndLeftAsItWas() throws Exception {
        Path fifo = dir.resolve("pipe");
        run("mkfifo", fifo.toString());
        Path file = dir.resolve("real.csv");
        Files.writeString(file, "kept\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), file);
        Path folder = Files.createDirectories(dir.resolve("folder"));

        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {fifo.toString(), "is a device, a pipe or a socket"});
        cases.add(new String[] {link.toString(), "is a symbolic link"});
        cases.add(new String[] {folder.toString(), "is a folder"});
        // a device node made here (never /dev/null itself: a regression must not break the host)
        Path device = dir.resolve("null");
        if ("root".equals(System.getProperty("user.name"))
                && new ProcessBuilder("mknod", device.toString(), "c", "1", "3").start().waitFor()
                        == 0) {
            cases.add(new String[] {device.toString(), "is a device, a pipe or a socket"});
        }
        for (String[] c : cases) {
            FaultKit.CliResult r = notificationsTo(c[0]);
            assertThat(r.code()).as("%s: %s", c[0], r.err()).isEqualTo(2);
            FaultKit.assertOneClearLine(r);
            assertThat(r.err()).startsWith("ishaar: --output: ").contains(c[1]);
        }
        assertThat(Files.readAttributes(fifo, "unix:mode", LinkOption.NOFOLLOW_LINKS))
                .as("still a FIFO")
                .satisfies(m -> assertThat(((Integer) m.get("mode")) & 0170000).isEqualTo(0010000));
        assertThat(Files.isSymbolicLink(link)).as("still a link").isTrue();
        assertThat(Files.readString(file)).isEqualTo("kept\n");
        assertThat(Files.isDirectory(folder)).isTrue();
        if (Files.exists(device, LinkOption.NOFOLLOW_LINKS)) {
            assertThat(Files.isRegularFile(device, LinkOption.NOFOLLOW_LINKS)).isFalse();
        }
        try (var left = Files.list(dir)) {
            assertThat(left.filter(p -> p.getFileName().toString().endsWith(".part")))
                    .as("no temporary file left")
                    .isEmpty();
        }
        LocalFaultMatrix.pass("output-special");
    }

    @Test
    void aDashIsStandardOutputAndARegularFileIsReplacedWhole() throws Exception {
        String url = server.url("/").toString();
        for (int i = 0; i < 2; i++) {
            server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t" + i)));
            server.enqueue(TestTokens.json(200, FaultKit.page(1, 1, "n1")));
        }
        String[] connect = FaultKit.asNile("notifications", url, "--format", "csv", "--output");
        FaultKit.CliResult dash = FaultKit.cli(FaultKit.config(), concat(connect, "-"));
        assertThat(dash.code()).as(dash.err()).isZero();
        assertThat(dash.out()).startsWith("notificationId,").contains("n1");
        assertThat(Files.exists(Path.of("-"))).isFalse();

        Path file = dir.resolve("march.csv");
        Files.writeString(file, "the previous export\n");
        FaultKit.CliResult toFile =
                FaultKit.cli(FaultKit.config(), concat(connect, file.toString()));
        assertThat(toFile.code()).as(toFile.err()).isZero();
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).contains("n1");
    }

    private static String[] concat(String[] a, String last) {
        String[] b = java.util.Arrays.copyOf(a, a.length + 1);
        b[a.length] = last;
        return b;
    }

    @Test
    void theDesktopExportRefusesALinkOrAFifoInWords() throws Exception {
        Path file = dir.resolve("real.xlsx");
        Files.writeString(file, "kept");
        Path link = Files.createSymbolicLink(dir.resolve("export.xlsx"), file);
        Path fifo = dir.resolve("export.csv");
        run("mkfifo", fifo.toString());
        for (Path target : List.of(link, fifo)) {
            // the target is judged before any page is asked for: no session is needed
            var f =
                    NotificationExporter.export(
                            null,
                            NotificationQuery.ALL,
                            NotificationSink.csvForPrograms(true),
                            target,
                            1,
                            null);
            ExecutionException e =
                    org.junit.jupiter.api.Assertions.assertThrows(
                            ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
            assertThat(e.getCause()).isInstanceOf(NotARegularFileException.class);
            assertThat(IoProblem.of(e.getCause()).words())
                    .isIn(IoProblem.LINK.words(), IoProblem.SPECIAL.words());
        }
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(file)).isEqualTo("kept");
        assertThat(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)).isFalse();
        LocalFaultMatrix.pass("export-special");
    }

    @Test
    void aTargetThatBecomesALinkWhileBeingWrittenIsNotReplaced() throws Exception {
        Path target = dir.resolve("history.csv");
        Path elsewhere = dir.resolve("elsewhere.csv");
        Files.writeString(elsewhere, "someone else's file\n");
        try (AtomicFileWriter w = AtomicFileWriter.open(target)) {
            w.stream().write("new content\n".getBytes(StandardCharsets.UTF_8));
            Files.createSymbolicLink(target, elsewhere);
            assertThat(
                            org.junit.jupiter.api.Assertions.assertThrows(
                                            NotARegularFileException.class, w::commit)
                                    .kind())
                    .isEqualTo(NotARegularFileException.Kind.LINK);
        }
        assertThat(Files.isSymbolicLink(target)).isTrue();
        assertThat(Files.readString(elsewhere)).isEqualTo("someone else's file\n");
    }

    @Test
    void aFolderThatCannotBeWrittenIsSaidInWords() throws Exception {
        assumeThat(System.getProperty("user.name"))
                .as("root may write anywhere")
                .isNotEqualTo("root");
        Path locked = Files.createDirectories(dir.resolve("locked"));
        locked.toFile().setWritable(false, false);
        FaultKit.CliResult r = notificationsTo(locked.resolve("out.csv").toString());
        assertThat(r.code()).isEqualTo(2);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("permission denied");
    }
}
