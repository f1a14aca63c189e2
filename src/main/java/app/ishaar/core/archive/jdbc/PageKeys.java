package app.ishaar.core.archive.jdbc;

import app.ishaar.core.archive.InboxQuery;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Where the pages of newest-first questions begin, as a reader has seen them: for a question (its
 * page aside) and a page, a key above the page's first notification and below the one before it, so
 * that the page is the first {@code pageSize} notifications below that key, read along the index
 * from there ({@code id < key}) rather than counted from the newest ({@code OFFSET}). A page the
 * reader has not seen is read from the nearest page it has seen before it (or from the newest, or
 * from the oldest end when that is nearer).
 *
 * <p>The keys hold only while the archive holds the same notifications: a sync adding or changing
 * one moves every page after it. So they are kept under the archive's version (SQLite's {@code
 * PRAGMA data_version}, PostgreSQL's snapshot), and all forgotten when it changes. A few questions
 * are remembered (the pager's, and the last few others), each with its boundaries.
 */
public final class PageKeys {

    /** Questions remembered; the least recently asked goes first. */
    static final int QUESTIONS = 8;

    /**
     * How to read a page: the first {@code limit} notifications below {@code key} (null: from the
     * newest), or from the oldest ({@code oldestFirst}), after skipping {@code skip} of them.
     */
    public record Read(Long key, long skip, int limit, boolean oldestFirst) {}

    private Object version;
    private final Map<InboxQuery, TreeMap<Integer, Long>> byQuestion =
            new LinkedHashMap<>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(
                        Map.Entry<InboxQuery, TreeMap<Integer, Long>> e) {
                    return size() > QUESTIONS;
                }
            };

    /** The archive's version now: every key is forgotten if it is not the one they were seen at. */
    public void at(Object version) {
        if (!Objects.equals(version, this.version)) {
            byQuestion.clear();
            this.version = version;
        }
    }

    /**
     * How to read {@code q}'s page (newest first) with the fewest notifications skipped: from the
     * nearest page at or before it that begins at a known key, from the newest, or, when the total
     * is exact ({@code moreThanTotal} false), from the oldest.
     *
     * @param total how many match; the page asked begins before it
     */
    public Read read(InboxQuery q, long total, boolean moreThanTotal) {
        long offset = (long) (q.page() - 1) * q.pageSize();
        Read best = new Read(null, offset, q.pageSize(), false);
        TreeMap<Integer, Long> pages = byQuestion.get(question(q));
        Map.Entry<Integer, Long> known = pages == null ? null : pages.floorEntry(q.page());
        if (known != null) {
            long skip = (long) (q.page() - known.getKey()) * q.pageSize();
            if (skip < best.skip()) {
                best = new Read(known.getValue(), skip, q.pageSize(), false);
            }
        }
        if (!moreThanTotal) {
            long fromOldest = Math.max(0, total - (long) q.page() * q.pageSize());
            if (fromOldest < best.skip()) {
                int limit = (int) Math.min(q.pageSize(), total - offset);
                best = new Read(null, fromOldest, limit, true);
            }
        }
        return best;
    }

    /**
     * Remembers a page read whole: it begins below {@code newest + 1}, and the page after it below
     * {@code oldest}.
     */
    public void seen(InboxQuery q, long newest, long oldest) {
        TreeMap<Integer, Long> pages =
                byQuestion.computeIfAbsent(question(q), k -> new TreeMap<>());
        if (newest < Long.MAX_VALUE) {
            pages.put(q.page(), newest + 1);
        }
        pages.put(q.page() + 1, oldest);
    }

    private static InboxQuery question(InboxQuery q) {
        return q.withPage(1);
    }
}
