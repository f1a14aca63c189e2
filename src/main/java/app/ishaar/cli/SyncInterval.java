package app.ishaar.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The interval of {@code ishaar sync --every}: a number and a unit, {@code s}, {@code m} or {@code
 * h}, and several of them added up ({@code 5m}, {@code 90s}, {@code 1h30m}), from one second to one
 * day.
 */
final class SyncInterval {
    private SyncInterval() {}

    static final Duration LONGEST = Duration.ofDays(1);
    private static final Pattern PART = Pattern.compile("(\\d{1,6})([smh])");

    /** The interval typed; a usage error naming the option when it is not one. */
    static Duration parse(String typed) throws CliException {
        String t = typed == null ? "" : typed.strip().toLowerCase(Locale.ROOT);
        Matcher m = PART.matcher(t);
        Duration d = Duration.ZERO;
        int at = 0;
        while (at < t.length() && m.find(at) && m.start() == at) {
            long n = Long.parseLong(m.group(1));
            d =
                    d.plus(
                            switch (m.group(2)) {
                                case "s" -> Duration.ofSeconds(n);
                                case "m" -> Duration.ofMinutes(n);
                                default -> Duration.ofHours(n);
                            });
            at = m.end();
        }
        if (t.isEmpty() || at != t.length()) {
            throw CliException.usage(
                    "--every: not an interval (a number and s, m or h, e.g. 5m or 1h30m): "
                            + app.ishaar.core.service.InputRules.printable(typed, 40));
        }
        if (d.isZero() || d.compareTo(LONGEST) > 0) {
            throw CliException.usage("--every: must be between 1s and 24h");
        }
        return d;
    }
}
