package app.ishaar.core.sync;

import java.util.ArrayList;
import java.util.List;

/**
 * Which stretches of a taxpayer's history the archive holds, as half-open ranges of positions
 * counted from the oldest notification (0) up. The service pages newest first, so new notifications
 * push every page's items down; counted from the oldest, a notification keeps its position while
 * the history grows, and a page read at any moment names the positions it holds: page {@code p} of
 * size {@code s} answered with total {@code T} and {@code n} items holds positions {@code [T -
 * (p-1)s - n, T - (p-1)s)}.
 */
final class Coverage {
    /** Sorted, disjoint, non-adjacent [from, to) ranges. */
    private final List<long[]> ranges = new ArrayList<>();

    Coverage() {}

    Coverage(List<long[]> from) {
        for (long[] r : from) {
            add(r[0], r[1]);
        }
    }

    /** The positions a page holds, or null when its size does not fit its total (not trusted). */
    static long[] ofPage(int pageNo, int pageSize, long total, int items) {
        long above = (long) (pageNo - 1) * pageSize;
        long expected = Math.max(0, Math.min(pageSize, total - above));
        if (items != expected || items == 0) {
            return null;
        }
        return new long[] {total - above - items, total - above};
    }

    void add(long from, long to) {
        if (from >= to) {
            return;
        }
        List<long[]> out = new ArrayList<>(ranges.size() + 1);
        long f = from;
        long t = to;
        for (long[] r : ranges) {
            if (r[1] < f || r[0] > t) {
                out.add(r);
            } else {
                f = Math.min(f, r[0]);
                t = Math.max(t, r[1]);
            }
        }
        out.add(new long[] {f, t});
        out.sort((a, b) -> Long.compare(a[0], b[0]));
        ranges.clear();
        ranges.addAll(out);
    }

    boolean contains(long position) {
        for (long[] r : ranges) {
            if (position >= r[0] && position < r[1]) {
                return true;
            }
        }
        return false;
    }

    /** The stretches of [0, total) not held. */
    List<long[]> missing(long total) {
        List<long[]> out = new ArrayList<>();
        long at = 0;
        for (long[] r : ranges) {
            if (r[0] >= total) {
                break;
            }
            if (r[0] > at) {
                out.add(new long[] {at, r[0]});
            }
            at = Math.max(at, r[1]);
        }
        if (at < total) {
            out.add(new long[] {at, total});
        }
        return out;
    }

    /** How many positions are held. */
    long size() {
        long n = 0;
        for (long[] r : ranges) {
            n += r[1] - r[0];
        }
        return n;
    }

    List<long[]> ranges() {
        List<long[]> out = new ArrayList<>(ranges.size());
        for (long[] r : ranges) {
            out.add(r.clone());
        }
        return out;
    }

    /** How many positions from the oldest up are held without a gap. */
    long heldFromOldest() {
        return !ranges.isEmpty() && ranges.get(0)[0] == 0 ? ranges.get(0)[1] : 0;
    }

    /**
     * The page numbers (size {@code pageSize}, history of {@code total} now) that hold the
     * positions missing below {@code upTo}, in the service's order.
     */
    List<Integer> pagesFor(long upTo, long total, int pageSize) {
        java.util.TreeSet<Integer> pages = new java.util.TreeSet<>();
        for (long[] m : missing(Math.min(upTo, total))) {
            // positions [from, to) counted from the oldest are [total - to, total - from) from the
            // newest
            long firstTop = total - m[1];
            long lastTop = total - m[0] - 1;
            for (long p = firstTop / pageSize; p <= lastTop / pageSize; p++) {
                pages.add((int) p + 1);
            }
        }
        return new ArrayList<>(pages);
    }
}
