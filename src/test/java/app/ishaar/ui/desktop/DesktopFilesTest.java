package app.ishaar.ui.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the app asks the desktop to open an export or its folder, and to tell of new notifications.
 */
class DesktopFilesTest {

    @TempDir Path dir;

    /**
     * A program of that name in {@code bin} that writes each of its arguments on a line of {@code
     * log}, then "end".
     */
    private static Path recorder(Path bin, String name, Path log) throws Exception {
        Path program = Files.createDirectories(bin).resolve(name);
        Files.writeString(
                program,
                "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '"
                        + log
                        + "'; done\nprintf 'end\\n' >> '"
                        + log
                        + "'\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        return program;
    }

    /**
     * Waits until the program has run this many times (each in a process of its own) and returns
     * what it wrote.
     */
    private static List<String> recorded(Path log, int runs) throws Exception {
        org.testfx.util.WaitForAsyncUtils.waitFor(
                10,
                java.util.concurrent.TimeUnit.SECONDS,
                () ->
                        Files.exists(log)
                                && Files.readAllLines(log).stream().filter("end"::equals).count()
                                        == runs);
        return Files.readAllLines(log);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxXdgOpenFromTheSearchPathOpensTheFileAndWithoutItNothingIsOffered()
            throws Exception {
        Path bin = dir.resolve("bin");
        Path asked = dir.resolve("asked.txt");
        Path xdgOpen = recorder(bin, "xdg-open", asked);
        Path export = dir.resolve("تصدير notifications.csv"); // spaces and Arabic in the name

        FileOpener opener =
                DesktopFiles.opener(
                        "Linux", "/nonexistent" + File.pathSeparator + bin, null, Runnable::run);
        assertThat(opener).isNotSameAs(FileOpener.NONE);
        opener.open(export);
        assertThat(recorded(asked, 1)).containsExactly(export.toString(), "end");

        assertThat(
                        DesktopFiles.opener(
                                "Linux", dir.resolve("empty").toString(), null, Runnable::run))
                .as("no xdg-open")
                .isSameAs(FileOpener.NONE);
        assertThat(DesktopFiles.opener("Linux", null, null, Runnable::run))
                .isSameAs(FileOpener.NONE);
        Files.setPosixFilePermissions(xdgOpen, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(DesktopFiles.opener("Linux", bin.toString(), null, Runnable::run))
                .as("not executable")
                .isSameAs(FileOpener.NONE);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxNotifySendFromTheSearchPathTellsTheDesktopAndWithoutItNothingIsTold()
            throws Exception {
        Path bin = dir.resolve("bin");
        Path told = dir.resolve("told.txt");
        recorder(bin, "notify-send", told); // an old libnotify: its help names no --action

        int[] clicked = {0};
        DesktopNotifier notifier =
                DesktopFiles.notifier("Linux", bin.toString(), Runnable::run, Runnable::run);
        assertThat(notifier).isNotSameAs(DesktopNotifier.NONE);
        notifier.tell(
                "-شركة النيل", "3 new notifications since 09:14:49", "Show", () -> clicked[0]++);
        List<String> lines = recorded(told, 2); // asked for its help first, then told
        assertThat(lines.subList(lines.indexOf("end") + 1, lines.size()))
                .as("a title starting with '-' is not taken for an option")
                .containsExactly(
                        "--app-name=Ishaar",
                        "--",
                        "-شركة النيل",
                        "3 new notifications since 09:14:49",
                        "end");
        assertThat(clicked[0]).isZero();

        assertThat(
                        DesktopFiles.notifier(
                                "Linux",
                                dir.resolve("empty").toString(),
                                Runnable::run,
                                Runnable::run))
                .isSameAs(DesktopNotifier.NONE);
        assertThat(
                        DesktopFiles.notifier(
                                "Windows 11", bin.toString(), Runnable::run, Runnable::run))
                .as("JavaFX cannot reach Windows' notifications")
                .isSameAs(DesktopNotifier.NONE);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void whereNotifySendCanWaitForAClickTheClickRunsTheNotificationsActionOnTheFxExecutor()
            throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path told = dir.resolve("told.txt");
        Path notifySend = bin.resolve("notify-send");
        // libnotify 0.8: --help names --action and --wait; a click prints the action's name as it
        // ends
        Files.writeString(
                notifySend,
                "#!/bin/sh\nif [ \"$1\" = --help ]; then echo '  -A, --action=[NAME=]Text...'; echo '  -w, --wait'; exit 0; fi\n"
                        + "for a in \"$@\"; do printf '%s\\n' \"$a\" >> '"
                        + told
                        + "'; done\necho default\n");
        Files.setPosixFilePermissions(notifySend, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<Runnable> onFx = new java.util.concurrent.CopyOnWriteArrayList<>();
        int[] clicked = {0};
        DesktopFiles.notifier("Linux", bin.toString(), Runnable::run, onFx::add)
                .tell("شركة النيل", "٣ إشعارات جديدة", "عرض", () -> clicked[0]++);
        org.testfx.util.WaitForAsyncUtils.waitFor(
                10, java.util.concurrent.TimeUnit.SECONDS, () -> !onFx.isEmpty());
        assertThat(Files.readAllLines(told))
                .containsExactly(
                        "--app-name=Ishaar",
                        "--action=default=عرض",
                        "--wait",
                        "--",
                        "شركة النيل",
                        "٣ إشعارات جديدة");
        assertThat(clicked[0]).as("run on the FX executor, not before").isZero();
        onFx.forEach(Runnable::run);
        assertThat(clicked[0]).isEqualTo(1);
    }
}
