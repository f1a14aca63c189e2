package app.ishaar.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Captures java.util.logging while open: a handler at ALL on the root logger keeps every record it
 * hears, and each one formatted by a {@link SimpleFormatter} at the moment it was published. The
 * loggers named to {@link #install} are raised to ALL ({@code ""} is the root); {@link #close}
 * detaches the handler and puts each of their levels back as it found it.
 *
 * <pre>{@code
 * try (LogCapture logs = LogCapture.install("", "app.ishaar", "okhttp3")) {
 *     ...
 *     assertThat(logs.lines()).noneMatch(l -> l.contains(secret));
 * }
 * }</pre>
 */
public final class LogCapture implements AutoCloseable {

    private final List<String> lines = new ArrayList<>();
    private final List<LogRecord> records = new ArrayList<>();

    /**
     * Held strongly: JUL keeps loggers weakly, and a collected logger forgets the level set on it.
     */
    private final List<Logger> raised = new ArrayList<>();

    private final List<Level> before = new ArrayList<>();
    private final Logger root = Logger.getLogger("");
    private final Handler handler =
            new Handler() {
                private final SimpleFormatter formatter = new SimpleFormatter();

                @Override
                public void publish(LogRecord r) {
                    String line = formatter.format(r);
                    synchronized (lines) {
                        lines.add(line);
                        records.add(r);
                    }
                }

                @Override
                public void flush() {}

                @Override
                public void close() {}
            };
    private boolean closed;

    private LogCapture() {}

    /** Attaches the capturing handler to the root logger and raises the named loggers to ALL. */
    public static LogCapture install(String... loggerNames) {
        LogCapture capture = new LogCapture();
        for (String name : loggerNames) {
            Logger logger = Logger.getLogger(name);
            capture.raised.add(logger);
            capture.before.add(logger.getLevel());
            logger.setLevel(Level.ALL);
        }
        capture.handler.setLevel(Level.ALL);
        capture.root.addHandler(capture.handler);
        return capture;
    }

    /** Every record heard so far, formatted, in the order published (a copy). */
    public List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Every record heard so far, as published (a copy of the list). */
    public List<LogRecord> records() {
        synchronized (lines) {
            return List.copyOf(records);
        }
    }

    /**
     * Detaches the handler and restores every raised logger's level, last raised first. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        root.removeHandler(handler);
        for (int i = raised.size() - 1; i >= 0; i--) {
            raised.get(i).setLevel(before.get(i));
        }
    }
}
