package app.ishaar.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** How the app asks the desktop to open an export or its folder, and to tell of new notifications. */
class DesktopFilesTest {

    @TempDir
    Path dir;

    /** A program of that name in {@code bin} that writes each of its arguments on a line of {@code log}, then "end". */
    private static Path recorder(Path bin, String name, Path log) throws Exception {
        Path program = Files.createDirectories(bin).resolve(name);
        Files.writeString(program, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '" + log + "'; done\nprintf 'end\\n' >> '" + log + "'\n");
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        return program;
    }

    /** Waits until the program has run (in a process of its own) and returns what it wrote. */
    private static java.util.List<String> recorded(Path log) throws Exception {
        org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> Files.exists(log) && Files.readString(log).endsWith("end\n"));
        return Files.readAllLines(log);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxXdgOpenFromTheSearchPathOpensTheFileAndWithoutItNothingIsOffered() throws Exception {
        Path bin = dir.resolve("bin");
        Path asked = dir.resolve("asked.txt");
        Path xdgOpen = recorder(bin, "xdg-open", asked);
        Path export = dir.resolve("تصدير notifications.csv"); // spaces and Arabic in the name

        FileOpener opener = DesktopFiles.opener("Linux", "/nonexistent" + File.pathSeparator + bin, null, Runnable::run);
        assertThat(opener).isNotSameAs(FileOpener.NONE);
        opener.open(export);
        assertThat(recorded(asked)).containsExactly(export.toString(), "end");

        assertThat(DesktopFiles.opener("Linux", dir.resolve("empty").toString(), null, Runnable::run)).as("no xdg-open").isSameAs(FileOpener.NONE);
        assertThat(DesktopFiles.opener("Linux", null, null, Runnable::run)).isSameAs(FileOpener.NONE);
        Files.setPosixFilePermissions(xdgOpen, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(DesktopFiles.opener("Linux", bin.toString(), null, Runnable::run)).as("not executable").isSameAs(FileOpener.NONE);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxNotifySendFromTheSearchPathTellsTheDesktopAndWithoutItNothingIsTold() throws Exception {
        Path bin = dir.resolve("bin");
        Path told = dir.resolve("told.txt");
        recorder(bin, "notify-send", told);

        DesktopNotifier notifier = DesktopFiles.notifier("Linux", bin.toString(), Runnable::run);
        assertThat(notifier).isNotSameAs(DesktopNotifier.NONE);
        notifier.tell("-شركة النيل", "3 new notifications since 09:14:49");
        assertThat(recorded(told)).as("a title starting with '-' is not taken for an option")
                .containsExactly("--app-name=Ishaar", "--", "-شركة النيل", "3 new notifications since 09:14:49", "end");

        assertThat(DesktopFiles.notifier("Linux", dir.resolve("empty").toString(), Runnable::run)).isSameAs(DesktopNotifier.NONE);
        assertThat(DesktopFiles.notifier("Windows 11", bin.toString(), Runnable::run)).as("JavaFX cannot reach Windows' notifications")
                .isSameAs(DesktopNotifier.NONE);
    }
}
