package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.model.NotificationQuery;

/**
 * A page the screen asks the archive for: whose, the six filters with the page number and size, the
 * search (null: none), the order, and which notifications by who is dealing with them (null: all).
 */
public record PageQuery(
        Scope scope,
        NotificationQuery filters,
        String search,
        InboxQuery.Order order,
        InboxQuery.HandlingFilter handling) {

    public PageQuery {
        scope = scope == null ? Scope.NONE : scope;
        filters = filters == null ? NotificationQuery.ALL : filters;
        search = search == null || search.isBlank() ? null : search;
        // a best match needs something to match: without a search, newest first
        order = search == null || order == null ? InboxQuery.Order.NEWEST : order;
        handling = handling == null ? InboxQuery.HandlingFilter.ALL : handling;
    }

    /** Whatever their handling. */
    public PageQuery(
            Scope scope, NotificationQuery filters, String search, InboxQuery.Order order) {
        this(scope, filters, search, order, null);
    }

    /** 1-based. */
    public int pageNo() {
        return filters.pageNo() == null ? 1 : filters.pageNo();
    }

    public PageQuery withPage(int pageNo) {
        return new PageQuery(scope, filters.withPage(pageNo), search, order, handling);
    }
}
