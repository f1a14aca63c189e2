package app.ishaar.core.archive;

import java.util.List;

/**
 * One page of an {@link InboxQuery}'s answer, and how many match in all.
 *
 * @param totalCount how many match; with {@code moreThanTotal}, more than that match (a search's
 *     matches are counted up to a limit, see {@link Archive#query})
 * @param moreThanTotal whether more than {@code totalCount} match
 */
public record InboxPage(
        List<ArchivedNotification> items,
        long totalCount,
        boolean moreThanTotal,
        int page,
        int pageSize) {

    public InboxPage {
        items = List.copyOf(items);
    }

    /** A page whose total is exact. */
    public InboxPage(List<ArchivedNotification> items, long totalCount, int page, int pageSize) {
        this(items, totalCount, false, page, pageSize);
    }

    /** How many pages there are; with {@link #moreThanTotal}, more than that. */
    public int totalPages() {
        return (int) ((totalCount + pageSize - 1) / pageSize);
    }
}
