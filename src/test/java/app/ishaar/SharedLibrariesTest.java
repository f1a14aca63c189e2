package app.ishaar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's look-up of a shared library where Linux's dynamic loader looks: the folders first,
 * then the paths in the loader's cache, a library counted only if its file is there.
 */
class SharedLibrariesTest {

    @TempDir Path dir;

    /** A cache as ldconfig writes it: a binary header, then NUL-ended names and paths. */
    private Path cache(String... strings) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'g', 'l', 'i', 'b', 'c', 0, 2, 0, 0, 0, '/', 7, 0});
        for (String s : strings) {
            out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            out.write(0);
        }
        return Files.write(dir.resolve("ld.so.cache"), out.toByteArray());
    }

    private Path library(String folder, String name) throws IOException {
        Path f = Files.createDirectories(dir.resolve(folder));
        return Files.writeString(f.resolve(name), "ELF");
    }

    @Test
    void aLibraryInOneOfTheFoldersIsFound() throws IOException {
        library("lib", "libgtk-3.so.0");
        SharedLibraries libs =
                new SharedLibraries(
                        List.of(dir.resolve("lib64"), dir.resolve("lib")),
                        cache("libc.so.6", "/lib/libc.so.6"));
        assertThat(libs.canFind("libgtk-3.so.0")).isTrue();
        assertThat(libs.canFind("libXtst.so.6")).isFalse();
    }

    @Test
    void aLibraryTheCacheListsIsFoundWhereItsFileIs() throws IOException {
        Path gtk = library("opt/gnome/lib", "libgtk-3.so.0");
        SharedLibraries libs =
                new SharedLibraries(
                        List.of(dir.resolve("lib")),
                        cache("libgtk-3.so.0", gtk.toString(), "libc.so.6", "/lib/libc.so.6"));
        assertThat(libs.canFind("libgtk-3.so.0")).isTrue();
        // a name that only ends like a listed one is another library
        assertThat(libs.canFind("tk-3.so.0")).isFalse();
    }

    @Test
    void aLibraryRemovedSinceTheCacheWasWrittenIsNotFound() throws IOException {
        Path gtk = library("opt/gnome/lib", "libgtk-3.so.0");
        Path linkInAFolder = Files.createDirectories(dir.resolve("lib")).resolve("libgtk-3.so.0");
        Files.createSymbolicLink(linkInAFolder, gtk);
        SharedLibraries libs =
                new SharedLibraries(
                        List.of(dir.resolve("lib")), cache("libgtk-3.so.0", gtk.toString()));
        assertThat(libs.canFind("libgtk-3.so.0")).isTrue();
        Files.delete(gtk);
        assertThat(libs.canFind("libgtk-3.so.0"))
                .as("the cache's path and the folder's link both lead nowhere")
                .isFalse();
    }

    @Test
    void withoutTheLoadersCacheNothingCanBeSaidSoEverythingCountsAsFound() {
        SharedLibraries libs =
                new SharedLibraries(List.of(dir.resolve("lib")), dir.resolve("no-such-cache"));
        assertThat(libs.canFind("libgtk-3.so.0")).isTrue();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void thisSystemsLoaderFindsTheCLibraryAndNotAnInventedOne() {
        SharedLibraries libs = SharedLibraries.ofThisSystem();
        assertThat(libs.canFind("libc.so.6")).isTrue();
        if (Files.isRegularFile(Path.of("/etc/ld.so.cache"))) {
            assertThat(libs.canFind("libishaar-no-such-library.so.0")).isFalse();
        }
    }
}
