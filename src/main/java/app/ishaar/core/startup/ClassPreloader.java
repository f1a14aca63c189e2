package app.ishaar.core.startup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads, on a thread that is not waited for, the classes the desktop app is about to need, listed in
 * the order a real run loads them: while the main and JavaFX threads start the toolkit and build the
 * login dialog ({@link #STARTUP}, about 2,300 classes, started by the launcher first thing), and
 * while the user types in the dialog ({@link #FIRST_LOGIN}: the client, the main window, the
 * history table). The threads that then use a class find it loaded and verified instead of reading,
 * parsing and verifying it themselves, one after the other; on two cores the second is mostly idle
 * while the app starts.
 *
 * <p>Two passes: every class is loaded first (the threads that start the app are soon ahead of a
 * thread that also verifies), then each is linked, which verifies its code. No class is initialized
 * here: static initializers still run where a class is first used, as without the preloading, so
 * no initialization order changes and two threads never initialize classes that need each other
 * (which can deadlock). A name that no longer resolves is skipped: a stale list only costs speed.
 *
 * <p>The lists are made by {@code tools/startup/make-class-lists.sh} from a real run (the app on
 * headless JavaFX, a first start and a first login on the built-in sandbox, preloading off). Where
 * a class-data archive maps these classes already (the installed Linux app), preloading only costs
 * CPU, and its launcher switches it off: {@value #SWITCH}{@code =false}.
 */
public final class ClassPreloader {
    private ClassPreloader() {}

    /** The classes of a start, up to the login dialog's first frame. */
    public static final String STARTUP = "/app/ishaar/startup-classes.txt";
    /** The classes of a first login after that, up to the history's first page on screen. */
    public static final String FIRST_LOGIN = "/app/ishaar/login-classes.txt";
    /** {@code -Dishaar.preload=false} switches preloading off. */
    public static final String SWITCH = "ishaar.preload";

    /** What a preloading did: classes loaded and linked, and names that did not resolve or link. */
    public record Result(int loaded, int skipped) {}

    /** Whether preloading is on (it is unless switched off). */
    public static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty(SWITCH));
    }

    /** Preloads a list on a daemon thread of its own, unless switched off; returns the thread (null when off). */
    public static Thread inBackground(String list) {
        if (!enabled()) {
            return null;
        }
        ClassLoader loader = ClassPreloader.class.getClassLoader();
        Thread t = new Thread(() -> preload(loader, names(list)), "ishaar-preload");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Preloads a list on the calling thread, unless switched off. */
    public static Result here(String list) {
        return enabled() ? preload(ClassPreloader.class.getClassLoader(), names(list)) : new Result(0, 0);
    }

    /** Loads, then links, every named class with the loader, initializing none. */
    public static Result preload(ClassLoader loader, List<String> names) {
        List<Class<?>> loaded = new ArrayList<>(names.size());
        int skipped = 0;
        for (String name : names) {
            try {
                loaded.add(Class.forName(name, false, loader));
            } catch (ClassNotFoundException | LinkageError e) {
                skipped++; // renamed, removed, or of another platform: only a missed chance
            }
        }
        int linked = 0;
        for (Class<?> c : loaded) {
            try {
                // reflecting on the constructors links (verifies) the class and does not initialize it
                c.getDeclaredConstructors();
                linked++;
            } catch (LinkageError | SecurityException e) {
                skipped++; // it fails again, with the same error, where the app uses it
            }
        }
        return new Result(linked, skipped);
    }

    /** The class names of a list resource: one per line, '#' starts a comment line. */
    public static List<String> names(String resource) {
        List<String> names = new ArrayList<>();
        try (InputStream in = ClassPreloader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return names;
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                line = line.strip();
                if (!line.isEmpty() && !line.startsWith("#")) {
                    names.add(line);
                }
            }
        } catch (IOException e) {
            // no list, no preloading: the app runs as it would without
        }
        return names;
    }
}
