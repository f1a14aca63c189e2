package app.ishaar;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether Linux's dynamic loader would find a shared library by its name ({@code libgtk-3.so.0}),
 * looked up where the loader looks: the folders of {@code LD_LIBRARY_PATH}, the system's library
 * folders, and the paths listed in its cache ({@code /etc/ld.so.cache}, which {@code ldconfig}
 * writes from {@code /etc/ld.so.conf}). A few file checks, and in the rare case they find nothing,
 * one read of the cache (tens of kB): no process is started and no library is loaded.
 *
 * <p>It answers "cannot find" only where it can be sure: on a system without that cache (NixOS,
 * musl), whose loader looks elsewhere, every library counts as found.
 */
public final class SharedLibraries {
    private final List<Path> folders;
    private final Path cache;

    /**
     * @param folders the folders searched first, in order
     * @param cache the loader's cache; a library named there counts as found if its file exists
     */
    public SharedLibraries(List<Path> folders, Path cache) {
        this.folders = List.copyOf(folders);
        this.cache = cache;
    }

    /** The lookup of this system's loader, for this JVM's processor. */
    public static SharedLibraries ofThisSystem() {
        List<Path> folders = new ArrayList<>();
        String ldPath = System.getenv("LD_LIBRARY_PATH");
        if (ldPath != null) {
            for (String f : ldPath.split(":")) {
                if (!f.isEmpty()) {
                    folders.add(Path.of(f));
                }
            }
        }
        // Debian and Ubuntu keep a processor's libraries in its multiarch folder, Fedora and SUSE
        // 64-bit ones in lib64. (No string joined here: the first "+" of a JVM costs it ~10 ms.)
        switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> {
                folders.add(Path.of("/lib/x86_64-linux-gnu"));
                folders.add(Path.of("/usr/lib/x86_64-linux-gnu"));
            }
            case "aarch64", "arm64" -> {
                folders.add(Path.of("/lib/aarch64-linux-gnu"));
                folders.add(Path.of("/usr/lib/aarch64-linux-gnu"));
            }
            default -> {}
        }
        for (String f : List.of("/lib64", "/usr/lib64", "/lib", "/usr/lib")) {
            folders.add(Path.of(f));
        }
        return new SharedLibraries(folders, Path.of("/etc/ld.so.cache"));
    }

    /** Whether the loader would find the library of that name (its soname). */
    public boolean canFind(String soname) {
        for (Path f : folders) {
            if (Files.exists(f.resolve(soname))) {
                return true;
            }
        }
        byte[] listed;
        try {
            listed = Files.readAllBytes(cache);
        } catch (IOException e) {
            // no cache (or none readable): this loader looks elsewhere, so nothing can be said
            return true;
        }
        // The cache holds each library's name and path as NUL-ended strings; a path whose file is
        // gone (a library removed since ldconfig last ran) is not found by the loader either.
        int start = 0;
        for (int i = 0; i <= listed.length; i++) {
            if (i == listed.length || listed[i] == 0) {
                if (i - start > soname.length() && listed[start] == '/') {
                    String s = new String(listed, start, i - start, StandardCharsets.ISO_8859_1);
                    if (s.endsWith(soname)
                            && s.charAt(s.length() - soname.length() - 1) == '/'
                            && Files.exists(Path.of(s))) {
                        return true;
                    }
                }
                start = i + 1;
            }
        }
        return false;
    }
}
