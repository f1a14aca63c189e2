package app.ishaar.core.io;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that it appears whole or not at all: the bytes go to a hidden temporary file in
 * the target's directory, which {@link #commit()} syncs and moves over the target atomically.
 * {@link #close()} without a commit (failure, cancel) deletes the temporary file; the target is then
 * untouched.
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
            throw new java.nio.file.NoSuchFileException(String.valueOf(dir), null, "the folder does not exist");
        }
        this.temp = Files.createTempFile(dir, "." + this.target.getFileName() + ".", ".part");
        this.channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        // the stream given out cannot close the channel: only commit/close do
        this.out = new BufferedOutputStream(new FilterOutputStream(Channels.newOutputStream(channel)) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        }, 64 * 1024);
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
            channel.close();
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                LOG.log(Level.WARNING, "atomic move not supported here; replacing {0} non-atomically", target.getFileName());
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
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

    public synchronized boolean isCommitted() {
        return done && Files.exists(target) && !Files.exists(temp);
    }

    /** Aborts unless committed. */
    @Override
    public void close() {
        abort();
    }
}
