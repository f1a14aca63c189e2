package app.ishaar.core.io;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that it appears whole or not at all: the bytes go to a hidden temporary file in
 * the target's directory, which {@link #commit()} syncs and moves over the target atomically.
 * {@link #close()} without a commit (failure, cancel) deletes the temporary file; the target is
 * then untouched.
 *
 * <p>The temporary file is named {@code .<target name>.<random>.part} and locked (an OS file lock)
 * for as long as its writer runs. When a writer is killed (power loss, SIGKILL) its temporary file
 * stays behind, unlocked; the next write to the same target removes such leftovers ({@link
 * #removeLeftovers}).
 *
 * <p>Only a regular file is ever replaced: a target that is a folder, a symbolic link or a special
 * file (a device such as {@code /dev/null}, a named pipe) fails with {@link
 * NotARegularFileException}, when opened and again just before the move.
 */
public final class AtomicFileWriter implements Closeable {
    private static final System.Logger LOG = System.getLogger(AtomicFileWriter.class.getName());

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final OutputStream out;
    private boolean done;

    private AtomicFileWriter(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(
                    String.valueOf(dir), null, "the folder does not exist");
        }
        RegularFiles.checkReplaceable(this.target);
        removeLeftovers(this.target);
        this.temp = Files.createTempFile(dir, tempPrefix(this.target), ".part");
        this.channel =
                FileChannel.open(
                        temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        // held while writing: a leftover of a killed writer is recognised by its free lock
        // (removeLeftovers)
        this.channel.lock();
        // the stream given out cannot close the channel: only commit/close do
        this.out =
                new BufferedOutputStream(
                        new FilterOutputStream(Channels.newOutputStream(channel)) {
                            @Override
                            public void write(byte[] b, int off, int len) throws IOException {
                                out.write(b, off, len);
                            }

                            @Override
                            public void close() throws IOException {
                                flush();
                            }
                        },
                        64 * 1024);
    }

    public static AtomicFileWriter open(Path target) throws IOException {
        return new AtomicFileWriter(target);
    }

    /** Where the bytes go until {@link #commit()}. Closing it does not end the write. */
    public OutputStream stream() {
        return out;
    }

    public Path target() {
        return target;
    }

    /** Flushes, syncs, and moves the file into place (replacing an existing one). */
    public synchronized void commit() throws IOException {
        if (done) {
            throw new IOException("already finished");
        }
        try {
            out.flush();
            channel.force(true);
            // the target may have been replaced by a link or a device since the open
            RegularFiles.checkReplaceable(target);
            // moved while still locked, so that no other writer takes it for a leftover
            try {
                Files.move(
                        temp,
                        target,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                LOG.log(
                        Level.WARNING,
                        "atomic move not supported here; replacing {0} non-atomically",
                        target.getFileName());
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            channel.close();
        } catch (IOException e) {
            abort();
            throw e;
        }
    }

    /** Drops the temporary file; the target is left as it was. */
    public synchronized void abort() {
        if (done) {
            return;
        }
        done = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // the file is deleted next
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not delete the temporary file {0}", temp);
        }
    }

    /** The start of the name of a temporary file for {@code target}. */
    public static String tempPrefix(Path target) {
        return "." + target.getFileName() + ".";
    }

    /**
     * Deletes the temporary files a killed writer of {@code target} left behind: those of its name
     * whose lock nobody holds. A temporary file in use (locked by a running writer, in this process
     * or another) is left alone. Returns how many were removed; never fails.
     */
    public static int removeLeftovers(Path target) {
        Path dir = target.toAbsolutePath().getParent();
        String prefix = tempPrefix(target.toAbsolutePath());
        int removed = 0;
        try (DirectoryStream<Path> parts =
                Files.newDirectoryStream(
                        dir,
                        p -> {
                            String n = p.getFileName().toString();
                            return n.startsWith(prefix)
                                    && n.endsWith(".part")
                                    && n.length() > prefix.length() + ".part".length();
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
                        LOG.log(
                                Level.INFO,
                                "removed {0}, left behind by an interrupted write",
                                p.getFileName());
                    } finally {
                        lock.release();
                    }
                } catch (OverlappingFileLockException inUseHere) {
                    // a writer in this process holds it
                } catch (IOException e) {
                    LOG.log(
                            Level.DEBUG,
                            "could not remove {0}: {1}",
                            p.getFileName(),
                            e.getClass().getSimpleName());
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    Level.DEBUG,
                    "could not look for leftovers of {0}: {1}",
                    target.getFileName(),
                    e.getClass().getSimpleName());
        }
        return removed;
    }

    /** Aborts unless committed. */
    @Override
    public void close() {
        abort();
    }
}
