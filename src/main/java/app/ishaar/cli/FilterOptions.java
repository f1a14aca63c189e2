package app.ishaar.cli;

import app.ishaar.core.model.Channel;
import app.ishaar.core.model.Language;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Status;
import app.ishaar.core.service.InputRules;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * The six filters of the notification history, as options: one reading of them for {@code
 * notifications} (the service's history) and {@code inbox} (the local archive).
 */
final class FilterOptions {

    @Option(
            names = "--from",
            paramLabel = "WHEN",
            description =
                    "Sent at or after: an ISO-8601 date-time, or a date (that day's start, local time).")
    String from;

    @Option(
            names = "--to",
            paramLabel = "WHEN",
            description =
                    "Sent at or before: an ISO-8601 date-time, or a date (that whole day, local time).")
    String to;

    @Option(
            names = "--type",
            paramLabel = "TYPE",
            description = "Notification type: its id (1-9) or name, e.g. 7 or document-validated.")
    String type;

    @Option(
            names = "--language",
            paramLabel = "ar|en",
            description = "Only notifications sent in this language.")
    String language;

    @Option(
            names = "--status",
            paramLabel = "STATUS",
            description = "pending, batched, delivered or error.")
    String status;

    @Option(
            names = "--channel",
            paramLabel = "CHANNEL",
            description = "sms, email, push or system.")
    String channel;

    /** Refuses a filter with control or other unsafe characters, naming its option. */
    void checkTyped() throws CliException {
        String[][] typed = {
            {"--from", from},
            {"--to", to},
            {"--type", type},
            {"--language", language},
            {"--status", status},
            {"--channel", channel}
        };
        for (String[] t : typed) {
            if (t[1] != null && InputRules.hasUnsafeCharacters(t[1])) {
                throw CliException.usage(
                        t[0] + ": " + InputRules.describe(InputRules.Problem.UNSAFE_CHARACTERS, 0));
            }
        }
    }

    /** The query these filters ask for; dates without a zone are read in {@code zone}. */
    NotificationQuery query(Integer page, Integer pageSize, ZoneId zone) throws CliException {
        Instant f = from == null ? null : instant("--from", from, false, zone);
        Instant t = to == null ? null : instant("--to", to, true, zone);
        if (f != null && t != null && f.isAfter(t)) {
            throw CliException.usage("--from: is after --to");
        }
        return new NotificationQuery(
                f,
                t,
                typeId(),
                known(
                        "--language",
                        language,
                        Arrays.stream(Language.values())
                                .map(Language::wire)
                                .toArray(String[]::new)),
                known(
                        "--status",
                        status,
                        Arrays.stream(Status.values()).map(Status::wire).toArray(String[]::new)),
                known(
                        "--channel",
                        channel,
                        Arrays.stream(Channel.values()).map(Channel::wire).toArray(String[]::new)),
                page,
                pageSize);
    }

    /**
     * A date-time with a zone or offset; one without is local time; a date is that whole day in the
     * local zone.
     */
    static Instant instant(String option, String text, boolean endOfDay, ZoneId zone)
            throws CliException {
        String s = text.trim();
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return LocalDateTime.parse(s).atZone(zone).toInstant();
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            LocalDate d = LocalDate.parse(s);
            return endOfDay
                    ? d.plusDays(1).atStartOfDay(zone).toInstant().minusNanos(100)
                    : d.atStartOfDay(zone).toInstant();
        } catch (DateTimeParseException e) {
            throw CliException.usage(
                    option
                            + ": not an ISO-8601 date or date-time: "
                            + InputRules.printable(text, 60)
                            + " (e.g. 2026-03-01 or 2026-03-01T10:00:00Z)");
        }
    }

    private String typeId() throws CliException {
        if (type == null) {
            return null;
        }
        String t = type.trim();
        if (t.matches("\\d{1,4}")) {
            return t;
        }
        String norm = t.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", "");
        for (NotificationType nt : NotificationType.values()) {
            if (nt.specName().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", "").equals(norm)
                    || nt.name().toLowerCase(Locale.ROOT).replace("_", "").equals(norm)) {
                return nt.id();
            }
        }
        throw CliException.usage(
                "--type: unknown notification type: "
                        + InputRules.printable(type, 60)
                        + " (one of: "
                        + Arrays.stream(NotificationType.values())
                                .map(x -> x.id() + " " + x.specName())
                                .collect(Collectors.joining(", "))
                        + ")");
    }

    private static String known(String option, String value, String[] allowed) throws CliException {
        if (value == null) {
            return null;
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (String a : allowed) {
            if (a.equals(v)) {
                return a;
            }
        }
        throw CliException.usage(
                option
                        + ": unknown value "
                        + InputRules.printable(value, 60)
                        + " (one of: "
                        + String.join(", ", allowed)
                        + ")");
    }
}
