package app.ishaar.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that readers see either the old content or the whole new one: a temporary file
 * beside the target, flushed to disk, then moved over it. A failure or cancellation deletes the
 * temporary file and leaves the target as it was.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** Writes the content to a new file; throws if the body fails, leaving nothing behind. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException, InterruptedException;
    }

    public static void write(Path target, Body body) throws IOException, InterruptedException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".part");
        boolean done = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
                body.writeTo(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    public static void write(Path target, byte[] content) throws IOException {
        try {
            write(target, out -> out.write(content));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while writing " + target);
        }
    }
}
