package app.ishaar.core.archive;

import java.util.List;

/** One page of an {@link InboxQuery}'s answer, and how many match in all. */
public record InboxPage(List<ArchivedNotification> items, long totalCount, int page, int pageSize) {

    public InboxPage {
        items = List.copyOf(items);
    }

    public int totalPages() {
        return (int) ((totalCount + pageSize - 1) / pageSize);
    }
}
