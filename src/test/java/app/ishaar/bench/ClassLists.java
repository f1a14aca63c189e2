package app.ishaar.bench;

import app.ishaar.core.startup.ClassPreloader;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.animation.AnimationTimer;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Button;
import javafx.stage.Window;

/**
 * Makes the desktop app's class lists ({@code src/main/resources/app/ishaar/startup-classes.txt}
 * and {@code login-classes.txt}, read by {@code app.ishaar.core.startup.ClassPreloader}): runs the
 * app in a child JVM as the start-up bench does (the real launcher, headless JavaFX, a first start
 * with a fresh settings folder) with preloading off and the JVM's class-loading log on; the child
 * clicks the built-in sandbox's demo taxpayer and Log in once the dialog is on screen, and stops
 * when the history's first page is ({@link Painted}). Marker classes loaded at those two moments
 * split the log. Each list keeps, in loading order, the classes the app's runtime classpath or the
 * JDK has, except those the JDK's own class-data archive holds and the JVM's hidden classes
 * (lambdas), which cannot be named.
 *
 * <p>Run by {@code tools/startup/make-class-lists.sh}. Arguments: the resource folder and the
 * runtime classpath.
 */
public final class ClassLists {
    private ClassLists() {}

    private static final Pattern LINE = Pattern.compile("^(?:\\[[^]]*])+\\s*(\\S+) source: (.*)$");

    /** A class the JVM verifies (which it does as it links it). */
    private static final Pattern VERIFIED =
            Pattern.compile("^(?:\\[[^]]*])+\\s*Start class verification for: (\\S+)$");

    /** A class the JVM initializes (linked before). */
    private static final Pattern INITIALIZED =
            Pattern.compile("^(?:\\[[^]]*])+\\s*\\d+ Initializing '([^']+)'.*$");

    private static final String DONE = "ISHAAR_CLASS_LISTS_DONE";
    private static final String DEMO = "erp-nile-trading";

    /** Loaded when the login dialog's first frame is on screen. */
    static final class DialogDrawn {
        private DialogDrawn() {}
    }

    /** Loaded when the history's first page is on screen. */
    static final class FirstPageShown {
        private FirstPageShown() {}
    }

    public static void main(String[] args) throws Exception {
        Path resources = Path.of(args[0]);
        List<URL> runtime = new ArrayList<>();
        for (String entry : args[1].split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                runtime.add(Path.of(entry).toUri().toURL());
            }
        }
        Path work = Files.createTempDirectory("ishaar-class-lists");
        Path log = work.resolve("class-load.log");
        List<String> flags = new ArrayList<>(ChildJvm.FX_FLAGS);
        flags.add("-Dishaar.preload=false");
        flags.add("-Dishaar.config.dir=" + work.resolve("config"));
        flags.add("-Xlog:class+load=info,class+init=info:file=" + log);
        ChildJvm.timeToMarker(
                ChildJvm.command(flags, Child.class.getName(), List.of()),
                line -> line.startsWith(DONE),
                180);

        List<String> startup = new ArrayList<>();
        List<String> login = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        // each class's first link in the run: the list (step) it was linked in, 0 start-up or 1
        // login
        Map<String, Integer> linkedIn = new HashMap<>();
        int step = 0;
        List<String> into = startup;
        try (URLClassLoader app =
                new URLClassLoader(
                        runtime.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Matcher v = VERIFIED.matcher(line);
                Matcher i = v.matches() ? v : INITIALIZED.matcher(line);
                if (i.matches()) {
                    linkedIn.putIfAbsent(i.group(1).replace('/', '.'), step);
                    continue;
                }
                Matcher m = LINE.matcher(line);
                if (!m.matches()) {
                    continue;
                }
                String name = m.group(1);
                String source = m.group(2);
                if (name.equals(DialogDrawn.class.getName())) {
                    into = login;
                    step = 1;
                } else if (name.equals(FirstPageShown.class.getName())) {
                    break;
                }
                boolean hidden =
                        name.contains("/0x")
                                || name.contains("$$Lambda")
                                || source.startsWith("__");
                boolean archived = source.startsWith("shared objects file");
                if (hidden || archived || name.startsWith("app.ishaar.bench.") || !seen.add(name)) {
                    continue;
                }
                if (source.startsWith("jrt:/")
                        || app.getResource(name.replace('.', '/') + ".class") != null) {
                    into.add(name);
                }
            }
        }
        // a class is linked by the preloading of its list only if the run linked it within that
        // step
        // (step 0: the start, 1: the first login; a class the run never linked is in neither)
        int neverLinked = Integer.MAX_VALUE;
        startup.replaceAll(
                n -> linkedIn.getOrDefault(n, neverLinked) <= 0 ? n : n + ClassPreloader.LOAD_ONLY);
        login.replaceAll(
                n -> linkedIn.getOrDefault(n, neverLinked) <= 1 ? n : n + ClassPreloader.LOAD_ONLY);
        if (login.isEmpty()) {
            throw new IllegalStateException("the log has no first login: " + log);
        }
        write(
                resources.resolve("startup-classes.txt"),
                startup,
                "from its start to its login window's first frame");
        write(
                resources.resolve("login-classes.txt"),
                login,
                "after that, through a first login on the built-in sandbox, to the history's first page");
        try (var files = Files.walk(work)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind
        }
    }

    private static void write(Path file, List<String> names, String when) throws IOException {
        List<String> text = new ArrayList<>();
        text.add("# The classes the desktop app loads " + when + ", in that order, preloaded by");
        text.add(
                "# app.ishaar.core.startup.ClassPreloader; those it loads without linking them are marked"
                        + ClassPreloader.LOAD_ONLY
                        + ".");
        text.add("# Made by tools/startup/make-class-lists.sh; do not edit.");
        text.addAll(names);
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, text, StandardCharsets.UTF_8);
        System.out.printf(
                "%d classes (%d load-only) -> %s%n",
                names.size(),
                names.stream().filter(n -> n.endsWith(ClassPreloader.LOAD_ONLY)).count(),
                file);
    }

    /** The child: the real launcher; a first login once the dialog is drawn. */
    public static final class Child {
        private Child() {}

        public static void main(String[] args) {
            Window.getWindows()
                    .addListener(
                            (ListChangeListener<Window>)
                                    change -> {
                                        if (!started) {
                                            started = true;
                                            drive();
                                        }
                                    });
            app.ishaar.Launcher.main(new String[0]);
        }

        private static boolean started;

        private static void drive() {
            new AnimationTimer() {
                private int pulses;
                private int step;

                @Override
                public void handle(long now) {
                    pulses++;
                    if (step == 0 && pulses == 1) {
                        step = -1;
                        // this pulse hands the dialog's first frame to the renderer: the log's
                        // first
                        // mark once it is on screen (the renderer's classes for it are the
                        // start's),
                        // as the start-up bench marks it
                        Painted.afterThisPulse(
                                () -> {
                                    mark("app.ishaar.bench.ClassLists$DialogDrawn");
                                    step = 1;
                                });
                    } else if (step == 1
                            && UiDriver.node("login", "demo-" + DEMO) instanceof Button demo
                            && !demo.isDisabled()) {
                        demo.fire();
                        step = 2;
                    } else if (step == 2
                            && UiDriver.node("login", "login-button") instanceof Button login
                            && !login.isDisabled()) {
                        login.fire();
                        step = 3;
                    } else if (step == 3 && UiDriver.pageOnScreen(null)) {
                        step = -1;
                        Painted.then(
                                () -> {
                                    mark("app.ishaar.bench.ClassLists$FirstPageShown"); // the
                                    // second
                                    System.out.println(DONE);
                                    System.out.flush();
                                    Runtime.getRuntime().halt(0);
                                });
                    }
                }
            }.start();
        }

        private static void mark(String markerClass) {
            try {
                Class.forName(markerClass);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
