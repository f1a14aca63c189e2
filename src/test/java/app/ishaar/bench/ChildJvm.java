package app.ishaar.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Starts child JVMs with this JVM's classpath: every child of the suite is launched the same way.
 */
final class ChildJvm {
    private ChildJvm() {}

    /**
     * JavaFX headless on Monocle, software rendering (JavaFX is on the classpath, as in the
     * runnable jar).
     */
    static final List<String> FX_FLAGS =
            List.of(
                    "-Dglass.platform=Monocle",
                    "-Dmonocle.platform=Headless",
                    "-Dprism.order=sw",
                    "-Dprism.text=t2k",
                    "-Djava.awt.headless=true");

    /**
     * The JVM options the app's launchers give (the pom's {@code app.jit}, passed as {@code
     * -Dbench.appFlags}): every child runs the app's code as the app is started, the bare JavaFX
     * stage of the start-up pairs too, so a ratio compares like with like.
     */
    static List<String> appFlags() {
        String flags = System.getProperty("bench.appFlags", "").trim();
        return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static List<String> command(List<String> jvmFlags, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.add("-Dfile.encoding=UTF-8");
        cmd.addAll(appFlags());
        cmd.addAll(jvmFlags);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * Runs a child to completion, echoing its output (indented) and handing each line to {@code
     * onLine}. Fails when it does not end within the timeout or ends with a non-zero status.
     */
    static void run(
            List<String> cmd, long timeoutSeconds, java.util.function.Consumer<String> onLine)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Thread reader =
                new Thread(
                        () -> {
                            try (BufferedReader r =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    p.getInputStream(), StandardCharsets.UTF_8))) {
                                String line;
                                while ((line = r.readLine()) != null) {
                                    onLine.accept(line);
                                }
                            } catch (IOException ignored) {
                                // the child ended
                            }
                        },
                        "bench-child-output");
        reader.setDaemon(true);
        reader.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new IOException(
                    "child did not finish within "
                            + timeoutSeconds
                            + " s: "
                            + cmd.get(cmd.size() - 1));
        }
        reader.join(5_000);
        if (p.exitValue() != 0) {
            throw new IOException("child ended with status " + p.exitValue());
        }
    }

    /**
     * Starts a child and returns the nanoseconds from just before the start to the first output
     * line matching {@code marker}, with that line; then waits for the child to end (killing it
     * after the timeout).
     */
    static Marked timeToMarker(List<String> cmd, Predicate<String> marker, long timeoutSeconds)
            throws IOException, InterruptedException {
        return timeToMarker(cmd, marker, timeoutSeconds, java.util.Map.of());
    }

    /** As above, with more environment variables for the child. */
    static Marked timeToMarker(
            List<String> cmd,
            Predicate<String> marker,
            long timeoutSeconds,
            java.util.Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        Thread watchdog =
                new Thread(
                        () -> {
                            try {
                                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                                    p.destroyForcibly();
                                }
                            } catch (InterruptedException e) {
                                p.destroyForcibly();
                            }
                        },
                        "bench-child-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        long at = -1;
        String markLine = null;
        List<String> tail = new ArrayList<>();
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (at < 0 && marker.test(line)) {
                    at = System.nanoTime() - t0;
                    markLine = line;
                } else if (tail.size() < 40 || line.startsWith("ISHAAR_")) {
                    tail.add(line);
                }
            }
        }
        watchdog.join();
        if (at < 0) {
            throw new IOException(
                    "no marker from "
                            + cmd.get(cmd.size() - 1)
                            + "; output: "
                            + String.join(" | ", tail));
        }
        return new Marked(at, markLine, tail);
    }

    /**
     * When the marker line came (nanoseconds after the start), the line itself, and the first lines
     * of the others (up to 40).
     */
    record Marked(long nanos, String line, List<String> others) {}
}
