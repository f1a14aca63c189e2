package app.ishaar.core.export;

import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a report holds, said on its About sheet so that it reads for what it is a week later: whose
 * notifications, which filters and search, when, in which time zone. With several taxpayers the
 * report has a Taxpayer column.
 *
 * @param taxpayers the taxpayers exported (empty when not known)
 * @param query the filters (its paging is not part of the scope)
 * @param search the search text, or null
 * @param exportedAt when the export started
 * @param zone the user's time zone: every date is written in it, and the headers name it
 */
public record ExportScope(
        List<Taxpayer> taxpayers,
        NotificationQuery query,
        String search,
        Instant exportedAt,
        ZoneId zone) {

    /**
     * A taxpayer, as a report names it.
     *
     * @param rin the registration number, or null when the service did not say it
     * @param name the taxpayer's name, or null
     */
    public record Taxpayer(Rin rin, String name) {
        /** "Nile Trading (204918573)"; the name or the RIN alone when only one is known. */
        public String label() {
            boolean named = name != null && !name.isBlank();
            if (rin == null) {
                return named ? name.strip() : "";
            }
            return named ? name.strip() + " (" + rin.value() + ")" : rin.value();
        }
    }

    public ExportScope {
        taxpayers = List.copyOf(taxpayers);
        query = query == null ? NotificationQuery.ALL : query;
        Objects.requireNonNull(exportedAt, "exportedAt");
        Objects.requireNonNull(zone, "zone");
    }

    /** One taxpayer's history. */
    public static ExportScope of(
            Taxpayer taxpayer, NotificationQuery query, Instant exportedAt, ZoneId zone) {
        return new ExportScope(
                taxpayer == null ? List.of() : List.of(taxpayer), query, null, exportedAt, zone);
    }

    /** True when the rows come from several taxpayers: the report then has a Taxpayer column. */
    public boolean severalTaxpayers() {
        return taxpayers.size() > 1;
    }

    /** The taxpayers by RIN, to name a row's taxpayer. */
    Map<Rin, Taxpayer> byRin() {
        Map<Rin, Taxpayer> m = new HashMap<>();
        for (Taxpayer t : taxpayers) {
            if (t.rin() != null) {
                m.putIfAbsent(t.rin(), t);
            }
        }
        return m;
    }
}
