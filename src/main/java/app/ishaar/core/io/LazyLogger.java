package app.ishaar.core.io;

import java.util.ResourceBundle;

/**
 * A {@link System.Logger} that asks {@link System#getLogger} for the real one only when it is first
 * used. For the classes on the desktop app's start-up path: the JDK hands a class of the
 * application (not of the JDK) its logger at once, which finds and starts the logging back end (a
 * search of the class path, then java.util.logging's set-up): work on the start-up path for a
 * logger that nothing uses there.
 */
public final class LazyLogger implements System.Logger {

    private final String name;
    private volatile System.Logger logger;

    private LazyLogger(String name) {
        this.name = name;
    }

    /** The logger of that name, made when first used. */
    public static System.Logger of(String name) {
        return new LazyLogger(name);
    }

    private System.Logger logger() {
        System.Logger l = logger;
        if (l == null) {
            l = System.getLogger(name);
            logger = l;
        }
        return l;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isLoggable(Level level) {
        return logger().isLoggable(level);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        logger().log(level, bundle, msg, thrown);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        logger().log(level, bundle, format, params);
    }
}
