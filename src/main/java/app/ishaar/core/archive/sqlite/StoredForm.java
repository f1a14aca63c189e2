package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.model.Notification;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What storing a notification in this archive needs that no database does: its item compressed, its
 * filters' columns and its indexed words. A sync makes it on the threads that read the pages
 * ({@link SqliteArchive#prepare}), so that the one writer only binds and inserts; the writer makes
 * it itself for a notification that comes without it.
 */
record StoredForm(byte[] raw, String[] columns, SearchText.Indexed text)
        implements ArchivedNotification.Prepared {

    static StoredForm of(Notification n, String rawJson, RawCodec.Encoder encoder) {
        return new StoredForm(encoder.encode(rawJson), columns(n), SearchText.indexed(n));
    }

    /** The filters' columns: type, language, status, channel. */
    static String[] columns(Notification n) {
        return new String[] {
            column(n.typeId()), column(n.language()), column(n.status()), column(n.channel())
        };
    }

    /** A filter column: the wire value trimmed and in lower case, as the filters are given. */
    private static String column(String wire) {
        return wire == null ? null : wire.strip().toLowerCase(Locale.ROOT);
    }

    /**
     * Makes forms on any thread: each caller borrows a compressor (one zlib state each) from those
     * idle, so that as many exist as threads prepare at once.
     */
    static final class Maker implements AutoCloseable {
        private final ConcurrentLinkedQueue<RawCodec.Encoder> idle = new ConcurrentLinkedQueue<>();
        private volatile boolean closed;

        List<ArchivedNotification> prepare(List<ArchivedNotification> items) {
            RawCodec.Encoder e = idle.poll();
            if (e == null) {
                e = new RawCodec.Encoder();
            }
            try {
                List<ArchivedNotification> out = new ArrayList<>(items.size());
                for (ArchivedNotification a : items) {
                    out.add(
                            a.prepared() instanceof StoredForm
                                    ? a
                                    : a.withPrepared(of(a.notification(), a.rawJson(), e)));
                }
                return out;
            } finally {
                idle.add(e);
                if (closed) {
                    close();
                }
            }
        }

        /** The notification's form, as made ahead or made now. */
        StoredForm form(ArchivedNotification a) {
            if (a.prepared() instanceof StoredForm f) {
                return f;
            }
            return prepare(List.of(a)).get(0).prepared() instanceof StoredForm f ? f : null;
        }

        @Override
        public void close() {
            closed = true;
            for (RawCodec.Encoder e; (e = idle.poll()) != null; ) {
                e.close();
            }
        }
    }
}
