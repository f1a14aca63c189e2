package app.ishaar.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Optional;

/**
 * The rules for the files the application reads and writes on the user's behalf: it writes only
 * over a regular file (never over a folder, a link or a device), and reads its own files only when
 * they are regular files of a sane size, so that a named pipe, {@code /dev/zero} or a huge file
 * cannot stall or exhaust it.
 */
public final class RegularFiles {
    private RegularFiles() {}

    /**
     * What {@code path} is when it exists and is not a regular file; empty for a regular file or a
     * path where nothing is.
     *
     * @param followLinks whether a symbolic link is judged by what it points to
     */
    public static Optional<NotARegularFileException.Kind> notRegular(
            Path path, boolean followLinks) {
        BasicFileAttributes a;
        try {
            a =
                    followLinks
                            ? Files.readAttributes(path, BasicFileAttributes.class)
                            : Files.readAttributes(
                                    path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | SecurityException nothingThere) {
            // absent (or unreadable: opening it will say so in its own words)
            return Optional.empty();
        }
        if (a.isRegularFile()) {
            return Optional.empty();
        }
        if (a.isDirectory()) {
            return Optional.of(NotARegularFileException.Kind.FOLDER);
        }
        if (a.isSymbolicLink()) {
            return Optional.of(NotARegularFileException.Kind.LINK);
        }
        return Optional.of(NotARegularFileException.Kind.SPECIAL);
    }

    /**
     * Fails unless {@code target} may be replaced by a new regular file: nothing is there, or a
     * regular file is. A symbolic link is refused (replacing it would drop the link; writing
     * through it could reach a device), as are folders and special files.
     */
    public static void checkReplaceable(Path target) throws NotARegularFileException {
        Optional<NotARegularFileException.Kind> k = notRegular(target, false);
        if (k.isPresent()) {
            throw new NotARegularFileException(target.toString(), k.get());
        }
    }

    /**
     * The bytes of a regular file (a symbolic link to one is followed) of at most {@code maxBytes}.
     * Anything else fails before a byte is read: a folder or special file with {@link
     * NotARegularFileException}, a larger file with {@link FileTooLargeException}; the read itself
     * stops past the limit too, in case the file grows meanwhile.
     */
    public static byte[] readRegular(Path file, long maxBytes) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
            throw new NotARegularFileException(
                    file.toString(),
                    a.isDirectory()
                            ? NotARegularFileException.Kind.FOLDER
                            : NotARegularFileException.Kind.SPECIAL);
        }
        if (a.size() > maxBytes) {
            throw new FileTooLargeException(file.toString(), maxBytes);
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = readAtMost(in, maxBytes);
            if (b == null) {
                throw new FileTooLargeException(file.toString(), maxBytes);
            }
            return b;
        }
    }

    /**
     * Reads a stream to its end, or returns null as soon as it has given more than {@code maxBytes}
     * (the bytes read so far are wiped).
     */
    public static byte[] readAtMost(InputStream in, long maxBytes) throws IOException {
        int cap = (int) Math.min(maxBytes, Integer.MAX_VALUE - 16);
        byte[] buf = new byte[Math.min(cap + 1, 8192)];
        int n = 0;
        while (true) {
            if (n == buf.length) {
                if (n > cap) {
                    Arrays.fill(buf, (byte) 0);
                    return null;
                }
                byte[] bigger = Arrays.copyOf(buf, (int) Math.min((long) n * 2, cap + 1L));
                Arrays.fill(buf, (byte) 0);
                buf = bigger;
            }
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        if (n > cap) {
            Arrays.fill(buf, (byte) 0);
            return null;
        }
        byte[] out = Arrays.copyOf(buf, n);
        Arrays.fill(buf, (byte) 0);
        return out;
    }

    /** "64 kB", "4 MB": a limit in words. */
    public static String size(long bytes) {
        if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + " MB";
        }
        if (bytes >= 1024 && bytes % 1024 == 0) {
            return bytes / 1024 + " kB";
        }
        return bytes + " bytes";
    }
}
