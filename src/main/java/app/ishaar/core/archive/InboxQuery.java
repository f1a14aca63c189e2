package app.ishaar.core.archive;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.util.Objects;
import java.util.Set;

/**
 * A question to the archive: one service, a set of taxpayers (empty: all of that service's), the
 * six filters of the service's own query (its paging members are ignored), an optional full-text
 * search, and a page. Results are newest first by received date-time (notifications received in the
 * same microsecond in the archive's own steady order).
 *
 * @param search null or blank for none
 * @param page 1-based
 */
public record InboxQuery(
        ServiceKey service,
        Set<Rin> taxpayers,
        NotificationQuery filters,
        String search,
        int page,
        int pageSize) {

    public InboxQuery {
        Objects.requireNonNull(service, "service");
        taxpayers = taxpayers == null ? Set.of() : Set.copyOf(taxpayers);
        filters = filters == null ? NotificationQuery.ALL : filters;
        if (page < 1 || pageSize < 1) {
            throw new IllegalArgumentException("page and pageSize start at 1");
        }
    }
}
