package app.ishaar.core.support;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;

/**
 * The support log's line: {@code <UTC time> <level> [<app> <pid>] <logger>: <message>}, one line a
 * record (a failure's stack trace follows, indented). Every line passes through {@link Redaction}:
 * the code logs no secret, token or message body, and this catches one that slips in anyway.
 */
public final class LogFormat extends Formatter {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ISO_INSTANT;

    private final String app;

    /**
     * @param app which program writes the line ("desktop", "cli"): both write one log
     */
    public LogFormat(String app) {
        this.app = app + " " + ProcessHandle.current().pid();
    }

    @Override
    public String format(LogRecord r) {
        StringBuilder b = new StringBuilder(160);
        b.append(TIME.format(Instant.ofEpochMilli(r.getMillis())))
                .append(' ')
                .append(r.getLevel().getName())
                .append(" [")
                .append(app)
                .append("] ")
                .append(shortName(r.getLoggerName()))
                .append(": ")
                .append(oneLine(formatMessage(r)));
        if (r.getThrown() != null) {
            StringWriter trace = new StringWriter();
            r.getThrown().printStackTrace(new PrintWriter(trace));
            trace.toString()
                    .lines()
                    .limit(40)
                    .forEach(l -> b.append(System.lineSeparator()).append("    ").append(l));
        }
        return Redaction.apply(b.toString()) + System.lineSeparator();
    }

    /** "app.ishaar.core.service.http" → "core.service.http". */
    private static String shortName(String logger) {
        if (logger == null) {
            return "-";
        }
        return logger.startsWith("app.ishaar.") ? logger.substring("app.ishaar.".length()) : logger;
    }

    /** Line breaks and other control characters written as \\uXXXX: one record, one line. */
    private static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                b.append(String.format("\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
