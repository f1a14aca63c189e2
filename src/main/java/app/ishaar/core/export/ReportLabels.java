package app.ishaar.core.export;

import app.ishaar.core.model.Channel;
import app.ishaar.core.model.Language;
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
 * The words of a report in one language, taken from the app's bundles when the export starts (the
 * desktop app fills it from its {@code I18n}): headers, sheet names, and the names the UI gives
 * types, statuses, channels and languages. An immutable snapshot, so that the writers can read it
 * on the client's threads while the UI's language changes.
 *
 * @param texts every key of {@link #keys()} with its text (a pattern where it takes the time zone)
 * @param rightToLeft the language reads right to left: the sheets are laid out so
 */
public record ReportLabels(Map<String, String> texts, boolean rightToLeft) {

    public ReportLabels {
        texts = Collections.unmodifiableMap(new LinkedHashMap<>(texts));
    }

    /** The keys of the report's own words. */
    static final List<String> WORDS =
            List.of(
                    "report.title",
                    "report.sheet.notifications",
                    "report.sheet.attempts",
                    "report.sheet.about",
                    "report.column.taxpayer",
                    "report.column.sent",
                    "report.column.delivered",
                    "report.column.message",
                    "report.column.notificationId",
                    "report.column.typeCode",
                    "report.column.channelCode",
                    "report.column.languageCode",
                    "report.column.statusCode",
                    "report.column.statusChecked",
                    "report.column.taxpayerRin",
                    "report.attempt.time",
                    "report.attempt.details",
                    "report.about.taxpayer",
                    "report.about.taxpayers",
                    "report.about.exportedAt",
                    "report.about.count",
                    "report.about.attempts",
                    "report.about.from",
                    "report.about.to",
                    "report.about.search",
                    "report.about.none",
                    "report.about.zone",
                    "report.about.app",
                    "report.about.codes",
                    "report.sheet.summary",
                    "report.column.firstLine",
                    "report.column.wholeMessage",
                    "report.column.handling",
                    "report.column.assignedTo",
                    "report.column.handlingChanged",
                    "report.column.handlingChangedBy",
                    "report.column.lastNote",
                    "handling.toHandle",
                    "handling.handled",
                    "report.summary.note",
                    "summary.title",
                    "summary.taxpayers",
                    "summary.allTaxpayers",
                    "summary.period",
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
                    "summary.none",
                    "summary.time",
                    "summary.chart.DAY",
                    "summary.chart.WEEK",
                    "summary.chart.MONTH",
                    "history.column.type",
                    "history.column.channel",
                    "history.column.address",
                    "history.column.language",
                    "history.column.status",
                    "history.column.attempts",
                    "filter.any");

    /** Every key a report needs: its words, then the names of the known values. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>(WORDS);
        for (NotificationType t : NotificationType.values()) {
            keys.add("type." + t.id());
        }
        for (Status s : Status.values()) {
            keys.add("status." + s.wire());
        }
        for (Channel c : Channel.values()) {
            keys.add("channel." + c.wire());
        }
        for (Language l : Language.values()) {
            keys.add("messageLanguage." + l.wire());
        }
        return keys;
    }

    /**
     * The labels as {@code lookup} gives each key's text (without formatting: a pattern that takes
     * the time zone keeps its {@code {0}}).
     */
    public static ReportLabels of(UnaryOperator<String> lookup, boolean rightToLeft) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (String key : keys()) {
            texts.put(key, lookup.apply(key));
        }
        return new ReportLabels(texts, rightToLeft);
    }

    /** A key's text; the key itself when it is missing (never blank, never a crash). */
    public String text(String key) {
        String t = texts.get(key);
        return t == null || t.isBlank() ? key : t;
    }

    /** A key's text with its {@code {0}} filled in (the time zone's name). */
    String text(String key, String arg) {
        return new MessageFormat(text(key), Locale.ROOT).format(new Object[] {arg});
    }

    /**
     * A type as the UI names it: the known type's name, else the service's own {@code typeName},
     * else its id.
     */
    String type(String typeId, String serviceName) {
        return NotificationType.fromId(typeId)
                .map(t -> text("type." + t.id()))
                .orElseGet(() -> notBlank(serviceName) ? serviceName.strip() : raw(typeId));
    }

    String status(String wire) {
        return Status.fromWire(wire)
                .map(s -> text("status." + s.wire()))
                .orElseGet(() -> raw(wire));
    }

    String channel(String wire) {
        return Channel.fromWire(wire)
                .map(c -> text("channel." + c.wire()))
                .orElseGet(() -> raw(wire));
    }

    String language(String wire) {
        return Language.fromWire(wire)
                .map(l -> text("messageLanguage." + l.wire()))
                .orElseGet(() -> raw(wire));
    }

    /** The names of every known value of a family ({@code type.}, {@code status.}, …). */
    List<String> family(String prefix) {
        return texts.entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix))
                .map(Map.Entry::getValue)
                .toList();
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    private static String raw(String s) {
        return notBlank(s) ? s.strip() : "";
    }
}
