package app.ishaar.core.archive;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.util.Objects;
import java.util.Set;

/**
 * A question to the archive: one service, a set of taxpayers (empty: all of that service's), the
 * six filters of the service's own query (its paging members are ignored), an optional full-text
 * search, a page, an order: {@link Order#NEWEST} (the default) or, for a search, {@link
 * Order#BEST}, and which notifications by their handling ({@link HandlingFilter}, all by default).
 *
 * @param search null or blank for none
 * @param page 1-based
 * @param order null for {@link Order#NEWEST}
 * @param handling null for {@link HandlingFilter#ALL}
 */
public record InboxQuery(
        ServiceKey service,
        Set<Rin> taxpayers,
        NotificationQuery filters,
        String search,
        int page,
        int pageSize,
        Order order,
        HandlingFilter handling) {

    /** Which notifications by who is dealing with them. */
    public enum HandlingFilter {
        /** Every one, marked or not. */
        ALL,
        /** Those to handle. */
        TO_HANDLE,
        /**
         * Those to handle assigned to the person the archive is open as ({@link Archive#person}).
         */
        ASSIGNED_TO_ME,
        /** Those handled. */
        HANDLED
    }

    /** The order of an answer's notifications. */
    public enum Order {
        /**
         * Newest first by received date-time (notifications received in the same microsecond in the
         * archive's own steady order); a search finds the notifications holding every one of its
         * words.
         */
        NEWEST,
        /**
         * Best match first, for a search: the notifications holding any of its words, those holding
         * more of them, and rarer ones, first (SQLite: FTS5's bm25; PostgreSQL: ts_rank), equal
         * ones newest first. Without a search it is {@link #NEWEST}.
         */
        BEST
    }

    public InboxQuery {
        Objects.requireNonNull(service, "service");
        taxpayers = taxpayers == null ? Set.of() : Set.copyOf(taxpayers);
        filters = filters == null ? NotificationQuery.ALL : filters;
        order = order == null ? Order.NEWEST : order;
        handling = handling == null ? HandlingFilter.ALL : handling;
        if (page < 1 || pageSize < 1) {
            throw new IllegalArgumentException("page and pageSize start at 1");
        }
    }

    /** Newest first. */
    public InboxQuery(
            ServiceKey service,
            Set<Rin> taxpayers,
            NotificationQuery filters,
            String search,
            int page,
            int pageSize) {
        this(service, taxpayers, filters, search, page, pageSize, Order.NEWEST, null);
    }

    /** In an order, whatever their handling. */
    public InboxQuery(
            ServiceKey service,
            Set<Rin> taxpayers,
            NotificationQuery filters,
            String search,
            int page,
            int pageSize,
            Order order) {
        this(service, taxpayers, filters, search, page, pageSize, order, null);
    }

    /** The same question, another page. */
    public InboxQuery withPage(int page) {
        return new InboxQuery(service, taxpayers, filters, search, page, pageSize, order, handling);
    }

    /** The same question in another order. */
    public InboxQuery withOrder(Order order) {
        return new InboxQuery(service, taxpayers, filters, search, page, pageSize, order, handling);
    }

    /** The same question of the notifications with this handling only. */
    public InboxQuery withHandling(HandlingFilter handling) {
        return new InboxQuery(service, taxpayers, filters, search, page, pageSize, order, handling);
    }

    /** Whether a search is asked (a search of only blanks is none). */
    public boolean searched() {
        return search != null && !search.isBlank();
    }

    /** Whether the answer comes best match first: {@link Order#BEST} with a search. */
    public boolean bestMatch() {
        return order == Order.BEST && searched();
    }
}
