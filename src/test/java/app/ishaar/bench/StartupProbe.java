package app.ishaar.bench;

import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The child process of startup_ratio. Starts the real desktop app exactly as the jar does ({@code
 * app.ishaar.Launcher} with no arguments), the reference login form ({@link ReferenceLogin}) or a
 * bare JavaFX stage, after one thing only: a watch on the window list. When the first window is
 * showing, the first pulse has handed its first frame to the renderer and that frame is on screen
 * ({@link Painted}), it prints {@value #MARKER} with the process's CPU time so far, and halts the
 * JVM; with {@code -Dbench.journey=true} it goes on to Log in and the first page ({@link Journey}).
 *
 * <p>Arguments: {@code app}, {@code reference} or {@code bare}.
 */
public final class StartupProbe {
    private StartupProbe() {}

    static final String MARKER = "ISHAAR_SHOWN";

    /**
     * With this system property true the probe ends the JVM normally (System.exit) rather than
     * halting it, so that what the JVM writes at its exit is written (a class list being dumped).
     */
    static final String EXIT = "bench.exitNormally";

    /**
     * With this system property true the probe also prints each thread's CPU time at the mark
     * (Linux: {@code /proc/self/task}), one line per thread, to see where a start's CPU went.
     */
    static final String THREAD_CPU = "bench.threadCpu";

    /** Each thread's CPU time so far (Linux: /proc/self/task). */
    private static void printThreadCpu() {
        java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
        if (tasks == null) {
            return;
        }
        for (java.io.File task : tasks) {
            printThreadCpu(task, "THREAD_CPU");
        }
    }

    /** One thread's user + system time so far, in ms (clock ticks of 10 ms), and its name. */
    private static void printThreadCpu(java.io.File task, String label) {
        try {
            String stat = java.nio.file.Files.readString(task.toPath().resolve("stat")).strip();
            // the name is in parentheses and may hold spaces: the fields follow the last ')'
            int close = stat.lastIndexOf(')');
            String name = stat.substring(stat.indexOf('(') + 1, close);
            String[] f = stat.substring(close + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
            System.out.println(label + " " + ticks * 10 + " ms " + name);
        } catch (java.io.IOException | RuntimeException gone) {
            // a thread that ended meanwhile
        }
    }

    public static void main(String[] args) {
        if (Boolean.getBoolean(THREAD_CPU)) {
            // what the JVM's own start cost the main thread, before any of the app's code
            printThreadCpu(new java.io.File("/proc/thread-self"), "THREAD_CPU_AT_MAIN");
        }
        Window.getWindows()
                .addListener(
                        (ListChangeListener<Window>)
                                change -> {
                                    while (change.next()) {
                                        if (change.wasAdded()) {
                                            markOnceOnScreen();
                                            return;
                                        }
                                    }
                                });
        String which = args.length > 0 ? args[0] : "app";
        if (which.equals("bare")) {
            Application.launch(Bare.class);
        } else if (which.equals("reference")) {
            Application.launch(ReferenceLogin.class);
        } else {
            app.ishaar.Launcher.main(new String[0]);
        }
    }

    private static boolean armed;

    private static void markOnceOnScreen() {
        if (armed) {
            return;
        }
        armed = true;
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 1) {
                    stop();
                    // the first pulse hands the first frame to the renderer: marked once it is on
                    // screen
                    Painted.afterThisPulse(
                            () -> {
                                // and the CPU time the whole process has used so far, which other
                                // processes do not stretch (from java.base: an installed runtime
                                // has no java.management)
                                long cpu =
                                        ProcessHandle.current()
                                                .info()
                                                .totalCpuDuration()
                                                .map(java.time.Duration::toNanos)
                                                .orElse(-1L);
                                System.out.println(MARKER + " cpu_ns=" + cpu);
                                if (Boolean.getBoolean(THREAD_CPU)) {
                                    printThreadCpu();
                                }
                                System.out.flush();
                                if (Journey.on()) {
                                    // installed_journey_ratio goes on: Log in, the first page
                                    Journey.logIn();
                                    return;
                                }
                                if (Boolean.getBoolean(EXIT)) {
                                    System.exit(0);
                                }
                                Runtime.getRuntime().halt(0);
                            });
                }
            }
        }.start();
    }

    /** A bare stage of the login dialog's size with one label: the baseline. */
    public static final class Bare extends Application {
        @Override
        public void start(Stage stage) {
            stage.setTitle("Ishaar");
            stage.setScene(new Scene(new StackPane(new Label("Ishaar")), 460, 420));
            stage.show();
        }
    }
}
