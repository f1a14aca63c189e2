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

    /**
     * The same as {@link #parse(String)} of the given characters, without making a string for the
     * forms the service actually sends ({@code yyyy-MM-ddTHH:mm[:ss[.f…]]} then {@code Z}, an
     * {@code ±HH:MM} offset or nothing): the history reader calls this for every date-time of every
     * page. Anything else goes through {@link #parse(String)}, so both read exactly the same.
     */
    public static Instant parse(char[] text, int offset, int length) throws DateTimeParseException {
        Instant fast = parseCommon(text, offset, length);
        return fast != null ? fast : parse(new String(text, offset, length));
    }

    /**
     * The common forms, strictly validated; null for anything else (including anything invalid).
     * Written for speed: every position is read once, digits are checked and valued in place, and
     * the epoch day comes from arithmetic on the fields (no LocalDate, no formatter).
     */
    static Instant parseCommon(char[] b, int off, int len) {
        int end = off + len;
        if (len < 16
                || off < 0
                || end > b.length
                || b[off + 4] != '-'
                || b[off + 7] != '-'
                || b[off + 10] != 'T'
                || b[off + 13] != ':') {
            return null;
        }
        int year = two(b, off) * 100 + two(b, off + 2); // negative when a digit is not one
        int month = two(b, off + 5);
        int day = two(b, off + 8);
        int hour = two(b, off + 11);
        int minute = two(b, off + 14);
        if (year < 1
                || month < 1
                || month > 12
                || day < 1
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59) {
            return null;
        }
        boolean leap = (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
        if (day > (month == 2 && leap ? 29 : MONTH_DAYS[month])) {
            return null;
        }
        int i = off + 16;
        int second = 0;
        int nanos = 0;
        if (i < end && b[i] == ':') {
            if (i + 3 > end) {
                return null;
            }
            second = two(b, i + 1);
            if (second < 0 || second > 59) {
                return null;
            }
            i += 3;
            if (i < end && b[i] == '.') {
                i++;
                int start = i;
                int stop = Math.min(end, start + 10);
                int d;
                while (i < stop && (d = b[i] - '0') >= 0 && d <= 9) {
                    nanos = nanos * 10 + d;
                    i++;
                }
                int n = i - start;
                if (n == 0 || n > 9) {
                    return null;
                }
                nanos *= SCALE[n];
            }
        }
        int offsetSeconds = 0;
        if (i < end) {
            char c = b[i];
            if (c == 'Z' && i + 1 == end) {
                i++;
            } else if ((c == '+' || c == '-') && i + 6 == end && b[i + 3] == ':') {
                int oh = two(b, i + 1);
                int om = two(b, i + 4);
                if (oh < 0 || oh > 17 || om < 0 || om > 59) {
                    return null;
                }
                offsetSeconds = (c == '-' ? -1 : 1) * (oh * 3600 + om * 60);
            } else {
                return null;
            }
        }
        long epochSecond =
                epochDay(year, month, day, leap) * 86_400L
                        + hour * 3600L
                        + minute * 60L
                        + second
                        - offsetSeconds;
        return Instant.ofEpochSecond(epochSecond, nanos);
    }

    private static final int[] MONTH_DAYS = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

    /** What n fractional digits are multiplied by to make nanoseconds. */
    private static final int[] SCALE = {
        0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1
    };

    /**
     * Days since 1970-01-01 of a valid date with year >= 1 (the arithmetic of LocalDate.toEpochDay,
     * without the object).
     */
    private static long epochDay(long y, int m, int d, boolean leap) {
        long total = 365 * y + (y + 3) / 4 - (y + 99) / 100 + (y + 399) / 400;
        total += (367L * m - 362) / 12;
        total += d - 1;
        if (m > 2) {
            total -= leap ? 1 : 2;
        }
        return total - 719_528L;
    }

    /**
     * The value of the two ASCII digits at {@code i} and {@code i + 1} (the caller has checked both
     * are in the text), or a negative number, so small that no four-digit sum of two calls comes
     * back non-negative, when either is not a digit.
     */
    private static int two(char[] b, int i) {
        int h = b[i] - '0';
        int l = b[i + 1] - '0';
        if (h < 0 || h > 9 || l < 0 || l > 9) {
            return -100_000;
        }
        return h * 10 + l;
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
