package app.ishaar.core.report;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.model.Rin;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a summary covers: one service, a set of taxpayers (empty: all of that service's), the
 * notifications received in {@code [from, to)}, counted per day (per week, per month for long
 * periods) in {@code zone}, and {@code now}, from which a notification still pending is a day old.
 */
public record SummaryQuery(
        ServiceKey service,
        Set<Rin> taxpayers,
        Instant from,
        Instant to,
        ZoneId zone,
        Instant now) {

    /** How long a notification may stay pending or batched before it needs attention. */
    public static final Duration PENDING_TOO_LONG = Duration.ofDays(1);

    /** Periods longer than this many days are counted per week. */
    static final int DAYS_BY_DAY = 62;

    /** Periods longer than this many days are counted per month. */
    static final int DAYS_BY_WEEK = 731;

    /** The length of each of the chart's counts. */
    public enum Unit {
        DAY,
        WEEK,
        MONTH
    }

    public SummaryQuery {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(now, "now");
        taxpayers = taxpayers == null ? Set.of() : Set.copyOf(taxpayers);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("the period ends before it begins");
        }
    }

    /** The unit the period's counts are kept in: days, weeks for longer, months for years. */
    public Unit unit() {
        long days = ChronoUnit.DAYS.between(firstDay(), lastDay()) + 1;
        return days <= DAYS_BY_DAY ? Unit.DAY : days <= DAYS_BY_WEEK ? Unit.WEEK : Unit.MONTH;
    }

    /**
     * The first day of each of the period's counts, in {@code zone}, in order: each day, or each
     * seven days from the first, or each month from the first's.
     */
    public List<LocalDate> starts() {
        List<LocalDate> out = new ArrayList<>();
        LocalDate last = lastDay();
        Unit unit = unit();
        LocalDate d = unit == Unit.MONTH ? firstDay().withDayOfMonth(1) : firstDay();
        while (!d.isAfter(last)) {
            out.add(d);
            d =
                    switch (unit) {
                        case DAY -> d.plusDays(1);
                        case WEEK -> d.plusWeeks(1);
                        case MONTH -> d.plusMonths(1);
                    };
        }
        return out;
    }

    /**
     * Where each count after the first begins, as an instant (the start of its day in {@code
     * zone}): a notification belongs to the last count that begins at or before it.
     */
    public List<Instant> boundaries() {
        List<LocalDate> starts = starts();
        List<Instant> out = new ArrayList<>(starts.size());
        for (int i = 1; i < starts.size(); i++) {
            out.add(starts.get(i).atStartOfDay(zone).toInstant());
        }
        return out;
    }

    /** Notifications received before this and still pending or batched need attention. */
    public Instant pendingBefore() {
        return now.minus(PENDING_TOO_LONG);
    }

    private LocalDate firstDay() {
        return from.atZone(zone).toLocalDate();
    }

    private LocalDate lastDay() {
        // the period ends before `to`: a period to midnight ends the day before
        return to.minusNanos(1).atZone(zone).toLocalDate();
    }
}
