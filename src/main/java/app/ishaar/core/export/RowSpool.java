package app.ishaar.core.export;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Rows kept in a temporary file until they can be written: a workbook's sheets are parts of one ZIP
 * stream, written one after the other, so the delivery attempts, which arrive with the
 * notifications, are written after the notifications sheet is complete. Memory stays bounded
 * whatever the number of rows. The file is readable by its owner only ({@link
 * Files#createTempFile}) and removed on {@link #close}.
 *
 * <p>A row is a count of cells, then each cell as a tag and its value: null, a String (UTF-8), an
 * Instant (seconds and nanoseconds) or a Long.
 */
final class RowSpool implements Closeable {
    private static final byte NULL = 0;
    private static final byte TEXT = 1;
    private static final byte INSTANT = 2;
    private static final byte LONG = 3;

    private final Path file;
    private DataOutputStream out;
    private long rows;

    RowSpool() throws IOException {
        file = Files.createTempFile("ishaar-export-", ".rows");
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }

    long rows() {
        return rows;
    }

    void add(Object[] cells) throws IOException {
        out.writeInt(cells.length);
        for (Object o : cells) {
            if (o == null) {
                out.writeByte(NULL);
            } else if (o instanceof String s) {
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                out.writeByte(TEXT);
                out.writeInt(b.length);
                out.write(b);
            } else if (o instanceof Instant i) {
                out.writeByte(INSTANT);
                out.writeLong(i.getEpochSecond());
                out.writeInt(i.getNano());
            } else if (o instanceof Long l) {
                out.writeByte(LONG);
                out.writeLong(l);
            } else {
                throw new IllegalArgumentException("cannot spool " + o.getClass());
            }
        }
        rows++;
    }

    /** Reads the rows back, in order, once; no row can be added after. */
    interface RowConsumer {
        void accept(Object[] cells) throws IOException;
    }

    void replay(RowConsumer consumer) throws IOException {
        out.close();
        out = null;
        try (DataInputStream in =
                new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            for (long r = 0; r < rows; r++) {
                Object[] cells = new Object[in.readInt()];
                for (int c = 0; c < cells.length; c++) {
                    byte tag = in.readByte();
                    cells[c] =
                            switch (tag) {
                                case NULL -> null;
                                case TEXT -> {
                                    byte[] b = new byte[in.readInt()];
                                    in.readFully(b);
                                    yield new String(b, StandardCharsets.UTF_8);
                                }
                                case INSTANT -> Instant.ofEpochSecond(in.readLong(), in.readInt());
                                case LONG -> in.readLong();
                                default -> throw new EOFException("spool damaged: tag " + tag);
                            };
                }
                consumer.accept(cells);
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (out != null) {
                out.close();
                out = null;
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
