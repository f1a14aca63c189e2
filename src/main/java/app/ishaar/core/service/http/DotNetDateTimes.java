package app.ishaar.core.service.http;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

/**
 * Reads every ISO-8601 form .NET writes (minutes only, seconds, 0–7 fractional digits — up to 9 are
 * accepted —, {@code Z}, an offset, or no zone meaning UTC) and writes the form .NET writes for
 * UTC: {@code 2026-03-01T10:15:30.1234567Z}.
 */
public final class DotNetDateTimes {
    private DotNetDateTimes() {}

    private static final DateTimeFormatter READ =
            new DateTimeFormatterBuilder()
                    .parseCaseInsensitive()
                    .append(DateTimeFormatter.ISO_LOCAL_DATE)
                    .appendLiteral('T')
                    .appendValue(ChronoField.HOUR_OF_DAY, 2)
                    .appendLiteral(':')
                    .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
                    .optionalStart()
                    .appendLiteral(':')
                    .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
                    .optionalStart()
                    .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
                    .optionalEnd()
                    .optionalEnd()
                    .optionalStart()
                    .appendOffset("+HH:MM", "Z")
                    .optionalEnd()
                    .optionalStart()
                    .appendOffset("+HHMM", "Z")
                    .optionalEnd()
                    .toFormatter()
                    .withResolverStyle(ResolverStyle.STRICT)
                    .withChronology(java.time.chrono.IsoChronology.INSTANCE);

    private static final DateTimeFormatter WRITE =
            new DateTimeFormatterBuilder()
                    .appendPattern("uuuu-MM-dd'T'HH:mm:ss")
                    .appendFraction(ChronoField.NANO_OF_SECOND, 7, 7, true)
                    .appendLiteral('Z')
                    .toFormatter()
                    .withZone(ZoneOffset.UTC);

    /** The instant a .NET date-time string names, or null for null/blank. */
    public static Instant parse(String text) throws DateTimeParseException {
        if (text == null || text.isBlank()) {
            return null;
        }
        TemporalAccessor t = READ.parse(text.trim());
        LocalDateTime local =
                LocalDateTime.of(
                        t.get(ChronoField.YEAR),
                        t.get(ChronoField.MONTH_OF_YEAR),
                        t.get(ChronoField.DAY_OF_MONTH),
                        t.get(ChronoField.HOUR_OF_DAY),
                        t.get(ChronoField.MINUTE_OF_HOUR),
                        t.isSupported(ChronoField.SECOND_OF_MINUTE)
                                ? t.get(ChronoField.SECOND_OF_MINUTE)
                                : 0,
                        t.isSupported(ChronoField.NANO_OF_SECOND)
                                ? t.get(ChronoField.NANO_OF_SECOND)
                                : 0);
        ZoneOffset offset =
                t.isSupported(ChronoField.OFFSET_SECONDS)
                        ? ZoneOffset.ofTotalSeconds(t.get(ChronoField.OFFSET_SECONDS))
                        : ZoneOffset.UTC;
        return OffsetDateTime.of(local, offset).toInstant();
    }

    /** {@code 2026-03-01T10:15:30.1234567Z} (7 fractional digits, UTC); null for null. */
    public static String format(Instant instant) {
        return instant == null ? null : WRITE.format(instant);
    }

    /** ISO-8601 UTC with {@code Z} for query parameters (fraction only when there is one). */
    public static String formatQuery(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant);
    }
}
