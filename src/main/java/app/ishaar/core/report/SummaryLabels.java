package app.ishaar.core.report;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The words of a summary in one language, taken from the app's bundles by whoever asks for the
 * summary (the command line, the desktop app): headings, the names of statuses and types. An
 * immutable snapshot.
 *
 * @param texts every key of {@link #keys()} with its text (a pattern where it takes values)
 * @param rightToLeft the language reads right to left: the report is laid out so
 */
public record SummaryLabels(Map<String, String> texts, boolean rightToLeft) {

    public SummaryLabels {
        texts = Collections.unmodifiableMap(new LinkedHashMap<>(texts));
    }

    /** The keys of the summary's own words. */
    static final List<String> WORDS =
            List.of(
                    "summary.title",
                    "summary.service",
                    "summary.taxpayers",
                    "summary.allTaxpayers",
                    "summary.period",
                    "summary.filters",
                    "summary.none",
                    "summary.generatedAt",
                    "summary.zone",
                    "summary.version",
                    "summary.page",
                    "summary.totals",
                    "summary.all",
                    "summary.received",
                    "summary.validated",
                    "summary.cancelled",
                    "summary.rejected",
                    "summary.pendingTooLong",
                    "summary.byTaxpayer",
                    "summary.taxpayer",
                    "summary.failed",
                    "summary.nothingToDo",
                    "summary.reasons",
                    "summary.reason",
                    "summary.chart.DAY",
                    "summary.chart.WEEK",
                    "summary.chart.MONTH",
                    "summary.chart.drawn",
                    "summary.failedList",
                    "summary.rejectedList",
                    "summary.time",
                    "summary.type",
                    "summary.message",
                    "summary.more",
                    "summary.handling",
                    "handling.toHandle",
                    "handling.handled",
                    "handling.assignedTo");

    /** Every key a summary needs: its words, then the names of the known statuses and types. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>(WORDS);
        for (Status s : Status.values()) {
            keys.add("status." + s.wire());
        }
        for (NotificationType t : NotificationType.values()) {
            keys.add("type." + t.id());
        }
        return keys;
    }

    /** The labels as {@code lookup} gives each key's text (patterns keep their {@code {0}}). */
    public static SummaryLabels of(UnaryOperator<String> lookup, boolean rightToLeft) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (String k : keys()) {
            texts.put(k, lookup.apply(k));
        }
        return new SummaryLabels(texts, rightToLeft);
    }

    /** A key's text, its {@code {n}} filled with {@code values}; the key itself when missing. */
    public String get(String key, Object... values) {
        String t = texts.getOrDefault(key, key);
        return values.length == 0 ? t : new MessageFormat(t, Locale.ROOT).format(values);
    }

    /** The name of a status as archived, or the value itself when the app does not know it. */
    public String status(String wire) {
        return texts.getOrDefault("status." + wire, wire);
    }

    /** The name of a type as archived, or its id when the app does not know it. */
    public String type(String id) {
        return texts.getOrDefault("type." + id, id);
    }
}
