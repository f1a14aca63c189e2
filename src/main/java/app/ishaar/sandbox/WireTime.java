package app.ishaar.sandbox;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

/** Date-times on the wire: written as .NET writes UTC (7 fractional digits, Z), read leniently. */
final class WireTime {
    private WireTime() {}

    private static final DateTimeFormatter WRITE =
            new DateTimeFormatterBuilder()
                    .appendPattern("uuuu-MM-dd'T'HH:mm:ss")
                    .appendFraction(ChronoField.NANO_OF_SECOND, 7, 7, true)
                    .appendLiteral('Z')
                    .toFormatter()
                    .withZone(ZoneOffset.UTC);

    /** ISO-8601 local date-time (seconds and fraction optional), then an optional Z or offset. */
    private static final DateTimeFormatter READ =
            new DateTimeFormatterBuilder()
                    .parseCaseInsensitive()
                    .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                    .optionalStart()
                    .appendOffset("+HH:MM", "Z")
                    .optionalEnd()
                    .optionalStart()
                    .appendOffset("+HHMM", "Z")
                    .optionalEnd()
                    .optionalStart()
                    .appendOffset("+HH", "Z")
                    .optionalEnd()
                    .toFormatter()
                    .withChronology(java.time.chrono.IsoChronology.INSTANCE)
                    .withResolverStyle(java.time.format.ResolverStyle.STRICT);

    /** e.g. 2026-03-01T10:15:30.1234567Z (truncated to 100 ns). */
    static String format(Instant i) {
        return WRITE.format(i);
    }

    /**
     * Parses {@code 2026-03-01T10:15}, {@code …:30}, {@code …:30.1234567}, each with {@code Z}, an
     * offset or nothing (= UTC); also a bare date (midnight UTC).
     *
     * @throws DateTimeParseException when malformed
     */
    static Instant parse(String s) {
        String v = s.trim();
        if (v.length() == 10) {
            return LocalDate.parse(v).atStartOfDay(ZoneOffset.UTC).toInstant();
        }
        TemporalAccessor t = READ.parse(v);
        LocalDateTime local = LocalDateTime.from(t);
        ZoneOffset offset =
                t.isSupported(ChronoField.OFFSET_SECONDS) ? ZoneOffset.from(t) : ZoneOffset.UTC;
        return local.toInstant(offset);
    }
}
