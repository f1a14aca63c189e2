package app.ishaar.core.startup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads, on a thread that is not waited for, the classes the desktop app is about to need, listed
 * in the order a real run loads them: while the main and JavaFX threads start the toolkit and build
 * the login dialog ({@link #STARTUP}, about 2,050 classes, started by the launcher first thing),
 * and while the user types in the dialog ({@link #FIRST_LOGIN}: the client, the main window, the
 * history table). The threads that then use a class find it loaded and verified instead of reading,
 * parsing and verifying it themselves, one after the other; on two cores the second is mostly idle
 * while the app starts.
 *
 * <p>Two passes: every class is loaded first (the threads that start the app are soon ahead of a
 * thread that also verifies), then those that the real run linked are linked, which verifies their
 * code. The others, marked {@value #LOAD_ONLY} in the list, a run only loads: mostly small
 * anonymous classes that the verifier loads to check another class's code (verifying {@code
 * Bindings} loads some hundred of them) and that are never used; verifying them as well cost the
 * start CPU that a real run does not spend (486 of the 2,050 classes of the start-up list). No
 * class is initialized here: static initializers still run where a class is first used, as without
 * the preloading, so no initialization order changes and two threads never initialize classes that
 * need each other (which can deadlock). A name that no longer resolves is skipped: a stale list
 * only costs speed.
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

    /** Ends the line of a class that a run loads and does not link. */
    public static final String LOAD_ONLY = " load-only";

    /** A class of a list: its name, and whether to link it once it is loaded. */
    public record Entry(String name, boolean link) {
        /** A class to load and link. */
        public static Entry linked(String name) {
            return new Entry(name, true);
        }
    }

    /**
     * What a preloading did: classes loaded (and linked, where asked), and names that did not
     * resolve or link.
     */
    public record Result(int loaded, int skipped) {}

    /** Whether preloading is on (it is unless switched off). */
    public static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty(SWITCH));
    }

    /**
     * Preloads a list on a daemon thread of its own, unless switched off; returns the thread (null
     * when off).
     */
    public static Thread inBackground(String list) {
        if (!enabled()) {
            return null;
        }
        ClassLoader loader = ClassPreloader.class.getClassLoader();
        Thread t = new Thread(() -> preload(loader, entries(list)), "ishaar-preload");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Preloads a list on the calling thread, unless switched off. */
    public static Result here(String list) {
        return enabled()
                ? preload(ClassPreloader.class.getClassLoader(), entries(list))
                : new Result(0, 0);
    }

    /**
     * Loads every listed class with the loader, then links those marked to be linked; initializes
     * none.
     */
    public static Result preload(ClassLoader loader, List<Entry> entries) {
        List<Class<?>> toLink = new ArrayList<>(entries.size());
        int loaded = 0;
        int skipped = 0;
        for (Entry e : entries) {
            try {
                Class<?> c = Class.forName(e.name(), false, loader);
                loaded++;
                if (e.link()) {
                    toLink.add(c);
                }
            } catch (ClassNotFoundException | LinkageError ex) {
                skipped++; // renamed, removed, or of another platform: only a missed chance
            }
        }
        for (Class<?> c : toLink) {
            try {
                // reflecting on the constructors links (verifies) the class and does not initialize
                // it
                c.getDeclaredConstructors();
            } catch (LinkageError | SecurityException ex) {
                loaded--;
                skipped++; // it fails again, with the same error, where the app uses it
            }
        }
        return new Result(loaded, skipped);
    }

    /** The class names of a list resource, in order. */
    public static List<String> names(String resource) {
        return entries(resource).stream().map(Entry::name).toList();
    }

    /**
     * The classes of a list resource, in order: one per line, a class the run did not link followed
     * by {@value #LOAD_ONLY}; '#' starts a comment line.
     */
    public static List<Entry> entries(String resource) {
        List<Entry> entries = new ArrayList<>();
        try (InputStream in = ClassPreloader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return entries;
            }
            BufferedReader r =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                boolean loadOnly = line.endsWith(LOAD_ONLY);
                entries.add(
                        new Entry(
                                loadOnly
                                        ? line.substring(0, line.length() - LOAD_ONLY.length())
                                                .strip()
                                        : line,
                                !loadOnly));
            }
        } catch (IOException e) {
            // no list, no preloading: the app runs as it would without
        }
        return entries;
    }
}
