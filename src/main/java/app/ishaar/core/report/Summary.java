package app.ishaar.core.report;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What went wrong in a period, for whom and why: the totals, the taxpayers that need attention
 * first, the commonest reasons deliveries failed, and the counts of each day (or week, or month) by
 * status.
 *
 * @param byTaxpayer the taxpayers with anything needing attention, those with the most failed
 *     deliveries first, then the most rejections, then the most still pending
 * @param reasons the commonest reasons of failed deliveries, commonest first
 * @param counts one per {@link SummaryQuery#starts()}, in order
 */
public record Summary(
        SummaryQuery query,
        Totals totals,
        List<TaxpayerCounts> byTaxpayer,
        List<Reason> reasons,
        List<Count> counts) {

    /** How many reasons a summary gives at most. */
    public static final int REASONS = 10;

    public Summary {
        byTaxpayer = List.copyOf(byTaxpayer);
        reasons = List.copyOf(reasons);
        counts = List.copyOf(counts);
    }

    /**
     * The period's totals.
     *
     * @param byStatus by the status as archived (a value this client does not know counted under
     *     its own name), in the order of {@link Status} first
     */
    public record Totals(
            long all,
            Map<String, Long> byStatus,
            long received,
            long validated,
            long cancelled,
            long rejected,
            long pendingTooLong) {

        public Totals {
            byStatus = Collections.unmodifiableMap(new LinkedHashMap<>(byStatus));
        }

        public long status(Status s) {
            return byStatus.getOrDefault(s.wire(), 0L);
        }
    }

    /**
     * One taxpayer's counts.
     *
     * @param name as the archive keeps it, or null
     * @param failed delivery failed (status error)
     * @param rejected documents rejected ({@link NotificationType#DOCUMENT_REJECTED})
     * @param pendingTooLong pending or batched for more than {@link SummaryQuery#PENDING_TOO_LONG}
     */
    public record TaxpayerCounts(
            Rin rin, String name, long all, long failed, long rejected, long pendingTooLong) {}

    /** A reason given by the failed delivery attempts, and how many failed deliveries gave it. */
    public record Reason(String reason, long count) {}

    /** The notifications received in one day (or week, or month) from {@code start}, by status. */
    public record Count(LocalDate start, Map<String, Long> byStatus) {

        public Count {
            byStatus = Collections.unmodifiableMap(new LinkedHashMap<>(byStatus));
        }

        public long status(Status s) {
            return byStatus.getOrDefault(s.wire(), 0L);
        }

        public long all() {
            return byStatus.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
