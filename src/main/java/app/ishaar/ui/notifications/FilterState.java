package app.ishaar.ui.notifications;

import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.settings.HistoryPrefs;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/**
 * An applied history filter: what the table shows. Immutable. Dimension values are wire values
 * (type id, {@code ar}/{@code en}, status and channel names); null means "all".
 *
 * @param customFrom for {@link DatePreset#CUSTOM}: the first instant shown, or null for open
 * @param customTo for {@link DatePreset#CUSTOM}: the last instant shown (inclusive), or null for
 *     open
 * @param handling which notifications by who is dealing with them; null for all
 */
public record FilterState(
        DatePreset preset,
        Instant customFrom,
        Instant customTo,
        String type,
        String language,
        String status,
        String channel,
        InboxQuery.HandlingFilter handling) {

    public static final FilterState DEFAULT =
            new FilterState(DatePreset.ALL, null, null, null, null, null, null, null);

    public FilterState {
        preset = preset == null ? DatePreset.ALL : preset;
        handling = handling == null ? InboxQuery.HandlingFilter.ALL : handling;
        if (preset == DatePreset.SINCE_LAST_VISIT) {
            customTo = null;
            if (customFrom == null) {
                preset = DatePreset.ALL; // no visit before: everything
            }
        } else if (preset != DatePreset.CUSTOM) {
            customFrom = null;
            customTo = null;
        }
    }

    /** The filter remembered for a taxpayer; {@link #DEFAULT} for none. */
    public static FilterState remembered(HistoryPrefs p) {
        if (p == null) {
            return DEFAULT;
        }
        DatePreset preset = DatePreset.parse(p.datePreset());
        // since the last visit: the one before this one, not the one it was chosen in
        Instant from = preset == DatePreset.SINCE_LAST_VISIT ? p.lastVisit() : p.customFrom();
        return new FilterState(
                preset,
                from,
                p.customTo(),
                blankToNull(p.type()),
                blankToNull(p.language()),
                blankToNull(p.status()),
                blankToNull(p.channel()),
                handlingOf(p.handling()));
    }

    /** A remembered handling filter by its name; all for none or one this version does not know. */
    private static InboxQuery.HandlingFilter handlingOf(String name) {
        for (InboxQuery.HandlingFilter f : InboxQuery.HandlingFilter.values()) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return InboxQuery.HandlingFilter.ALL;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** The query for one page: presets are resolved against the clock in the zone now. */
    public NotificationQuery toQuery(Clock clock, ZoneId zone, int pageNo, int pageSize) {
        Instant from;
        Instant to;
        if (preset == DatePreset.CUSTOM || preset == DatePreset.SINCE_LAST_VISIT) {
            from = customFrom;
            to = customTo;
        } else {
            Instant[] r = preset.range(clock, zone);
            from = r[0];
            to = r[1];
        }
        return new NotificationQuery(from, to, type, language, status, channel, pageNo, pageSize);
    }

    public boolean isDefault() {
        return equals(DEFAULT);
    }

    public FilterState withPreset(DatePreset p, Instant from, Instant to) {
        return new FilterState(p, from, to, type, language, status, channel, handling);
    }

    public FilterState withType(String v) {
        return new FilterState(
                preset, customFrom, customTo, v, language, status, channel, handling);
    }

    public FilterState withLanguage(String v) {
        return new FilterState(preset, customFrom, customTo, type, v, status, channel, handling);
    }

    public FilterState withStatus(String v) {
        return new FilterState(preset, customFrom, customTo, type, language, v, channel, handling);
    }

    public FilterState withChannel(String v) {
        return new FilterState(preset, customFrom, customTo, type, language, status, v, handling);
    }

    public FilterState withHandling(InboxQuery.HandlingFilter h) {
        return new FilterState(preset, customFrom, customTo, type, language, status, channel, h);
    }
}
