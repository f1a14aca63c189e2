package app.ishaar.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that readers see either the old content or the whole new one: a temporary file
 * beside the target, flushed to disk, then moved over it. A failure or cancellation deletes the
 * temporary file and leaves the target as it was.
 *
 * <p>A temporary file is named {@code .<target name>.<random>.part} and locked (an OS file lock) for as
 * long as its writer runs. When a writer is killed (power loss, SIGKILL) its temporary file stays
 * behind, unlocked; the next write to the same target removes such leftovers ({@link #removeLeftovers}).
 */
public final class AtomicFiles {
    private static final System.Logger LOG = System.getLogger(AtomicFiles.class.getName());

    private AtomicFiles() {}

    /** Writes the content to a new file; throws if the body fails, leaving nothing behind. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException, InterruptedException;
    }

    public static void write(Path target, Body body) throws IOException, InterruptedException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        removeLeftovers(target);
        Path tmp = Files.createTempFile(dir, tempPrefix(target), ".part");
        boolean done = false;
        try {
            // closed in reverse: the lock is released before the stream closes the channel
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = java.nio.channels.Channels.newOutputStream(ch);
                 FileLock lock = ch.lock()) {
                body.writeTo(out);
                out.flush();
                ch.force(true);
                // moved while still locked, so that no other writer takes it for a leftover
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
                done = true;
            }
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** The start of the name of a temporary file for {@code target}. */
    public static String tempPrefix(Path target) {
        return "." + target.getFileName() + ".";
    }

    /**
     * Deletes the temporary files a killed writer of {@code target} left behind: those of its name whose
     * lock nobody holds. A temporary file in use (locked by a running writer, in this process or another)
     * is left alone. Returns how many were removed; never fails.
     */
    public static int removeLeftovers(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        String prefix = tempPrefix(target.toAbsolutePath());
        int removed = 0;
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".part") && n.length() > prefix.length() + ".part".length();
        })) {
            for (Path p : parts) {
                try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                    FileLock lock = ch.tryLock();
                    if (lock == null) {
                        continue;
                    }
                    try {
                        Files.delete(p);
                        removed++;
                        LOG.log(System.Logger.Level.INFO, "removed {0}, left behind by an interrupted write", p.getFileName());
                    } finally {
                        lock.release();
                    }
                } catch (OverlappingFileLockException inUseHere) {
                    // a writer in this process holds it
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "could not remove {0}: {1}", p.getFileName(), e.getClass().getSimpleName());
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not look for leftovers of {0}: {1}", target.getFileName(), e.getClass().getSimpleName());
        }
        return removed;
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
