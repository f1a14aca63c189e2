package app.ishaar.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import app.ishaar.Launcher;
import app.ishaar.core.io.IoProblem;
import app.ishaar.core.service.TestTokens;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import java.io.RandomAccessFile;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 8, the local half: the secret file (size limit, a readable file's warning, words), the
 * settings file (a pipe, a link to {@code /dev/zero}, a huge file: the start goes on with the
 * defaults, the file kept aside), a desktop start without a display, and messages in words.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LocalInputFaultsTest {

    @StartStop final MockWebServer server = new MockWebServer();

    @TempDir Path dir;

    private FaultKit.CliResult loginWithSecretFile(String file, boolean serverAnswers)
            throws Exception {
        String url =
                serverAnswers
                        ? server.url("/").toString()
                        : "http://127.0.0.1:" + FaultKit.closedPort() + "/";
        return FaultKit.cli(
                FaultKit.config(),
                "login",
                "--auth-url",
                url,
                "--base-url",
                url,
                "--client-id",
                "erp-nile",
                "--client-secret-file",
                file);
    }

    // ------------------------------------------------------------------ the secret file

    @Test
    void devZeroAsTheSecretFileIsRefusedAtOnceWithoutExhaustingMemory() {
        FaultKit.CliResult r =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(30), () -> loginWithSecretFile("/dev/zero", false));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err())
                .startsWith("ishaar: --client-secret-file: /dev/zero is not a secret file")
                .contains("longer than 64 kB");
        LocalFaultMatrix.pass("secret-zero");
    }

    @Test
    void aSecretFileOthersMayReadIsUsedWithOneWarning() throws Exception {
        Path file = dir.resolve("secret.txt");
        Files.writeString(file, "from-file\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("a")));
        FaultKit.CliResult r = loginWithSecretFile(file.toString(), true);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err().lines().toList())
                .singleElement()
                .asString()
                .startsWith(
                        "ishaar: warning: other users of this computer can read the secret file")
                .endsWith("chmod 600 " + file);
        assertThat(server.takeRequest().getHeaders().get("Authorization"))
                .isEqualTo(okhttp3.Credentials.basic("erp-nile", "from-file"));

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("b")));
        FaultKit.CliResult own = loginWithSecretFile(file.toString(), true);
        assertThat(own.code()).as(own.err()).isZero();
        assertThat(own.err()).isEmpty();
        LocalFaultMatrix.pass("secret-readable");
    }

    @Test
    void aSecretFileThatIsNotTextOrAFolderIsSaidInWords() throws Exception {
        Path binary = dir.resolve("secret.bin");
        Files.write(binary, new byte[] {(byte) 0xC3, (byte) 0x28, 'a', 'b', '\n'});
        Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rw-------"));
        FaultKit.CliResult r = loginWithSecretFile(binary.toString(), false);
        assertThat(r.code()).isEqualTo(2);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).contains("is not UTF-8 text").doesNotContain("Malformed");

        FaultKit.CliResult folder = loginWithSecretFile(dir.toString(), false);
        assertThat(folder.code()).isEqualTo(2);
        FaultKit.assertOneClearLine(folder);
        assertThat(folder.err()).contains("is a folder, not a file");
        LocalFaultMatrix.pass("secret-not-text");
    }

    // ------------------------------------------------------------------ the settings file

    /** Loads in at most 5 s (a pipe would block for ever, /dev/zero never end). */
    private static SettingsStore.Loaded loadPromptly(SettingsStore store) {
        return assertTimeoutPreemptively(Duration.ofSeconds(5), store::load);
    }

    private static boolean isFifo(Path p) throws Exception {
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        return (mode & 0170000) == 0010000;
    }

    @Test
    void aSettingsFileThatIsAPipeALinkToDevZeroOrHugeIsKeptAsideUnreadAndTheDefaultsUsed()
            throws Exception {
        List<String> kinds = new ArrayList<>();
        for (String kind : List.of("fifo", "zero", "huge")) {
            Path config = Files.createDirectories(dir.resolve(kind));
            Path file = config.resolve("settings.json");
            switch (kind) {
                case "fifo" -> OutputTargetFaultsTest.run("mkfifo", file.toString());
                case "zero" -> Files.createSymbolicLink(file, Path.of("/dev/zero"));
                default -> {
                    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                        f.setLength(100L * 1024 * 1024); // sparse: 100 MB without writing them
                    }
                }
            }
            SettingsStore store = new SettingsStore(config);
            SettingsStore.Loaded loaded = loadPromptly(store);
            assertThat(loaded.settings()).as(kind).isEqualTo(Settings.defaults());
            assertThat(loaded.setAside()).as("%s: set aside, and said so", kind).isPresent();
            Path aside = loaded.setAside().get();
            switch (kind) {
                case "fifo" -> assertThat(isFifo(aside)).as("the pipe is kept").isTrue();
                case "zero" ->
                        assertThat(Files.readSymbolicLink(aside)).isEqualTo(Path.of("/dev/zero"));
                default -> assertThat(Files.size(aside)).isEqualTo(100L * 1024 * 1024);
            }
            // the next save writes a fresh file beside what was kept
            store.save(Settings.defaults().withLanguage("ar", false));
            assertThat(Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)).isTrue();
            assertThat(loadPromptly(store).settings().language()).isEqualTo("ar");
            assertThat(Files.exists(aside, LinkOption.NOFOLLOW_LINKS)).isTrue();
            kinds.add(kind);
        }
        assertThat(kinds).hasSize(3);
        LocalFaultMatrix.pass("settings-special");
    }

    @Test
    void aSettingsFileLinkedFromElsewhereIsReadAndWrittenThroughTheLink() throws Exception {
        Path dotfiles = Files.createDirectories(dir.resolve("dotfiles"));
        Path real = dotfiles.resolve("ishaar-settings.json");
        Path config = Files.createDirectories(dir.resolve("config"));
        new SettingsStore(dotfiles).save(Settings.defaults().withLanguage("ar", false));
        Files.move(dotfiles.resolve("settings.json"), real);
        Path link = Files.createSymbolicLink(config.resolve("settings.json"), real);

        SettingsStore store = new SettingsStore(config);
        SettingsStore.Loaded loaded = loadPromptly(store);
        assertThat(loaded.setAside()).isEmpty();
        assertThat(loaded.settings().language()).isEqualTo("ar");
        store.save(loaded.settings().withLanguage("en", false));
        assertThat(Files.isSymbolicLink(link)).as("the link stays a link").isTrue();
        assertThat(Files.readString(real)).contains("\"en\"");
    }

    // ------------------------------------------------------------------ no display

    @Test
    void theDesktopAppWithoutADisplaySaysSoInOneLineAndExits2() throws Exception {
        String cp =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb =
                new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Dishaar.log.dir=none",
                        "-cp",
                        cp,
                        "app.ishaar.Launcher");
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(2);
        assertThat(err.strip().lines().count()).as(err).isEqualTo(1);
        assertThat(err)
                .startsWith("ishaar: no display")
                .contains("command line")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        LocalFaultMatrix.pass("no-display");
    }

    @Test
    void theDesktopAppWithoutGtkSaysWhatToInstallInOneLine() {
        String none = Launcher.missingToolkit("Linux", library -> false);
        assertThat(none)
                .startsWith("ishaar: the desktop app needs GTK 3")
                .contains("libgtk-3.so.0 and libXtst.so.6")
                .contains("sudo apt-get install libgtk-3-0 libxtst6)")
                .contains("'ishaar --help'")
                .doesNotContain("\n");
        String noGtk = Launcher.missingToolkit("Linux", library -> !library.startsWith("libgtk"));
        assertThat(noGtk)
                .contains("lacks libgtk-3.so.0;")
                .contains("sudo apt-get install libgtk-3-0)");
        assertThat(Launcher.missingToolkit("Linux", library -> true)).isNull();
        // Windows and macOS bring their toolkit with the system
        assertThat(Launcher.missingToolkit("Windows 11", library -> false)).isNull();
        assertThat(Launcher.missingToolkit("Mac OS X", library -> false)).isNull();
        LocalFaultMatrix.pass("no-gtk");
    }

    // ------------------------------------------------------------------ words

    @Test
    void failuresAreNamedInWordsNotByTheirExceptionClass() throws Exception {
        assertThat(IoProblem.of(new FileSystemException("/x", null, "No space left on device")))
                .isEqualTo(IoProblem.DISK_FULL);
        assertThat(IoProblem.of(new FileSystemException("/x", null, "Read-only file system")))
                .isEqualTo(IoProblem.READ_ONLY);
        assertThat(IoProblem.of(new AccessDeniedException("/x"))).isEqualTo(IoProblem.PERMISSION);
        CharacterCodingException notText = new MalformedInputException(1);
        assertThat(IoProblem.of(notText).words()).isEqualTo("it is not UTF-8 text");
        for (IoProblem p : IoProblem.values()) {
            assertThat(p.words()).doesNotContain("Exception").matches("[a-z][a-zA-Z0-9 ,.-]+");
        }

        // a truncated answer: where it broke, in words, never "at offset -1"
        server.enqueue(TestTokens.tokenResponse(TestTokens.standardToken("t")));
        server.enqueue(TestTokens.json(200, "{\"result\":[{\"notificationId\":\"n1\""));
        String url = server.url("/").toString();
        FaultKit.CliResult r =
                FaultKit.cli(FaultKit.config(), FaultKit.asNile("notifications", url));
        assertThat(r.code()).isEqualTo(5);
        FaultKit.assertOneClearLine(r);
        assertThat(r.err()).doesNotContain("offset").doesNotContain("-1");
        LocalFaultMatrix.pass("words");
    }
}
