package app.ishaar.ui.notifications;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Locale;

/**
 * The sent-date presets of the history filter. Each is a half-open range of whole local days in the
 * user's zone, computed from the clock when a query is made (so "Today" stays today after
 * midnight). Ranges without an upper bound run up to now; a bounded one ends one millisecond before
 * the next period starts (the service compares {@code dateTo} inclusively).
 */
public enum DatePreset {
    ALL,
    TODAY,
    LAST_7_DAYS,
    THIS_MONTH,
    LAST_MONTH,
    THIS_YEAR,
    CUSTOM,
    /**
     * Sent since the user's last visit to the taxpayer's history (its instant is the filter's
     * {@code customFrom}).
     */
    SINCE_LAST_VISIT;

    /** {@code datePreset.all}, {@code datePreset.last7Days}, …: the bundle key of the name. */
    public String key() {
        String[] parts = name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder sb = new StringBuilder("datePreset.").append(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            sb.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return sb.toString();
    }

    /** The tolerant reading of a remembered value; unknown or null is {@link #ALL}. */
    public static DatePreset parse(String value) {
        if (value != null) {
            for (DatePreset p : values()) {
                if (p.name().equalsIgnoreCase(value.trim())) {
                    return p;
                }
            }
        }
        return ALL;
    }

    /**
     * The range as instants: [0] from (or null), [1] to (or null). Not for {@link #CUSTOM} or
     * {@link #SINCE_LAST_VISIT}.
     */
    Instant[] range(Clock clock, ZoneId zone) {
        LocalDate today = LocalDate.now(clock.withZone(zone));
        return switch (this) {
            case ALL, CUSTOM, SINCE_LAST_VISIT -> new Instant[] {null, null};
            case TODAY -> new Instant[] {start(today, zone), null};
            case LAST_7_DAYS -> new Instant[] {start(today.minusDays(6), zone), null};
            case THIS_MONTH -> new Instant[] {start(today.withDayOfMonth(1), zone), null};
            case LAST_MONTH -> {
                LocalDate first = today.withDayOfMonth(1).minusMonths(1);
                yield new Instant[] {
                    start(first, zone), start(today.withDayOfMonth(1), zone).minusMillis(1)
                };
            }
            case THIS_YEAR -> new Instant[] {start(today.withDayOfYear(1), zone), null};
        };
    }

    private static Instant start(LocalDate day, ZoneId zone) {
        ZonedDateTime z = day.atStartOfDay(zone);
        return z.toInstant();
    }
}
