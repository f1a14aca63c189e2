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

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxXdgOpenFromTheSearchPathOpensTheFileAndWithoutItNothingIsOffered() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path asked = dir.resolve("asked.txt");
        Path xdgOpen = bin.resolve("xdg-open");
        Files.writeString(xdgOpen, "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '" + asked + "'\n");
        Files.setPosixFilePermissions(xdgOpen, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path export = dir.resolve("تصدير notifications.csv"); // spaces and Arabic in the name

        FileOpener opener = DesktopFiles.opener("Linux", "/nonexistent" + File.pathSeparator + bin, null, Runnable::run);
        assertThat(opener).isNotSameAs(FileOpener.NONE);
        opener.open(export);
        // the script runs in a process of its own
        org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> Files.exists(asked) && Files.readString(asked).endsWith("\n"));
        assertThat(Files.readString(asked)).isEqualTo(export + "\n");

        assertThat(DesktopFiles.opener("Linux", dir.resolve("empty").toString(), null, Runnable::run)).as("no xdg-open").isSameAs(FileOpener.NONE);
        assertThat(DesktopFiles.opener("Linux", null, null, Runnable::run)).isSameAs(FileOpener.NONE);
        Files.setPosixFilePermissions(xdgOpen, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(DesktopFiles.opener("Linux", bin.toString(), null, Runnable::run)).as("not executable").isSameAs(FileOpener.NONE);
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onLinuxNotifySendFromTheSearchPathTellsTheDesktopAndWithoutItNothingIsTold() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path told = dir.resolve("told.txt");
        Path notifySend = bin.resolve("notify-send");
        Files.writeString(notifySend, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\" >> '" + told + "'; done\nprintf 'end\\n' >> '" + told + "'\n");
        Files.setPosixFilePermissions(notifySend, PosixFilePermissions.fromString("rwxr-xr-x"));

        DesktopNotifier notifier = DesktopFiles.notifier("Linux", bin.toString(), Runnable::run);
        assertThat(notifier).isNotSameAs(DesktopNotifier.NONE);
        notifier.tell("-شركة النيل", "3 new notifications since 09:14:49");
        org.testfx.util.WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> Files.exists(told) && Files.readString(told).endsWith("end\n"));
        assertThat(Files.readAllLines(told)).as("a title starting with '-' is not taken for an option")
                .containsExactly("--app-name=Ishaar", "--", "-شركة النيل", "3 new notifications since 09:14:49", "end");

        assertThat(DesktopFiles.notifier("Linux", dir.resolve("empty").toString(), Runnable::run)).isSameAs(DesktopNotifier.NONE);
        assertThat(DesktopFiles.notifier("Windows 11", bin.toString(), Runnable::run)).as("JavaFX cannot reach Windows' notifications")
                .isSameAs(DesktopNotifier.NONE);
    }
}
