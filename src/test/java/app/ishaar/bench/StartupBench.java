package app.ishaar.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * startup_ratio: process start → login window on screen (its first frame painted, {@link Painted})
 * for the real app, divided by the same for a bare JavaFX stage; both are child JVMs started the
 * same way (same java, classpath and flags: headless Monocle, software rendering), see {@link
 * StartupProbe}. Launches alternate (app, bare, app, bare …) after one unmeasured pair; each ratio
 * is of a pair launched back to back, the figure is the median ratio.
 */
final class StartupBench {
    private StartupBench() {}

    static final Metric.Goal GOAL = Metric.Goal.atMost(1.1);
    static final int PAIRS = 15;

    static List<Metric> measure(Path dir) throws Exception {
        List<Double> app = new ArrayList<>();
        List<Double> bare = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> cpuRatios = new ArrayList<>();
        for (int i = 0; i <= PAIRS; i++) {
            ChildJvm.Marked a = launch("app", dir, i);
            ChildJvm.Marked b = launch("bare", dir, i);
            double am = Stats.ms(a.nanos());
            double bm = Stats.ms(b.nanos());
            double cpu = cpu(a) / cpu(b);
            System.out.printf(
                    Locale.ROOT,
                    "startup pair %d%s: app %.0f ms, bare %.0f ms, ratio %.3f; process CPU app %.0f ms, bare %.0f ms, ratio %.3f%n",
                    i,
                    i == 0 ? " (warm-up)" : "",
                    am,
                    bm,
                    am / bm,
                    cpu(a) / 1e6,
                    cpu(b) / 1e6,
                    cpu);
            if (i > 0) {
                app.add(am);
                bare.add(bm);
                ratios.add(am / bm);
                cpuRatios.add(cpu);
            }
        }
        return List.of(
                Metric.of(
                        "startup_ratio",
                        Stats.median(ratios),
                        "x",
                        GOAL,
                        String.format(
                                Locale.ROOT,
                                "JVM start -> login window on screen (first frame painted), Monocle headless: app %.0f ms vs bare stage %.0f ms; %d pairs %s; process CPU ratio %.2f",
                                Stats.median(app),
                                Stats.median(bare),
                                ratios.size(),
                                Stats.runs(ratios, 2),
                                Stats.median(cpuRatios))));
    }

    static ChildJvm.Marked launch(String which, Path dir, int i) throws Exception {
        List<String> flags = new ArrayList<>(ChildJvm.FX_FLAGS);
        // a fresh settings folder each time: the first start of a new user
        flags.add(
                "-Dishaar.config.dir="
                        + dir.resolve("startup-config/" + which + "-" + i).toAbsolutePath());
        List<String> cmd = ChildJvm.command(flags, StartupProbe.class.getName(), List.of(which));
        return ChildJvm.timeToMarker(cmd, line -> line.startsWith(StartupProbe.MARKER), 120);
    }

    /** The process CPU time the child reported with its marker, in nanoseconds. */
    static double cpu(ChildJvm.Marked m) {
        String line = m.line();
        return Double.parseDouble(
                line.substring(line.indexOf("cpu_ns=") + "cpu_ns=".length()).trim());
    }
}
