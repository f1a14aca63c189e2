package app.ishaar.bench;

import app.ishaar.core.service.Environment;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * startup_ratio: process start → login window on screen (its first frame painted, {@link Painted})
 * for the real app, divided by the same for the reference login form ({@link ReferenceLogin}); both
 * are child JVMs started the same way (same java, class path and flags: headless Monocle, software
 * rendering), see {@link StartupProbe}. After one unmeasured round, rounds alternate the two (and
 * any variants asked for), each round in a rotated order; each ratio is of one round's pair, the
 * figure is the median ratio.
 *
 * <p>{@code -Dbench.startupVariants="name=probe flag flag;name2=probe flag"} adds variants to each
 * round, e.g. {@code c2=app -XX:TieredStopAtLevel=4}; the probe is {@code app}, {@code reference}
 * or {@code bare}, and the flag {@code @returning} starts on a settings folder holding the demo
 * profile (a returning user). Each variant is then reported against the app as a median of
 * per-round differences.
 */
final class StartupBench {
    private StartupBench() {}

    static final Metric.Goal GOAL = Metric.Goal.atMost(1.15);
    static final int ROUNDS = Integer.getInteger("bench.startupRounds", 15);

    /** One way of starting: the probe's argument and the JVM options added. */
    record Variant(String name, String probe, List<String> flags) {}

    static List<Variant> variants() {
        List<Variant> all = new ArrayList<>();
        all.add(new Variant("app", "app", List.of()));
        all.add(new Variant("reference", "reference", List.of()));
        String extra = System.getProperty("bench.startupVariants", "").trim();
        for (String v : extra.isEmpty() ? new String[0] : extra.split(";")) {
            String[] nameAndRest = v.trim().split("=", 2);
            String[] words = nameAndRest[1].trim().split("\\s+");
            all.add(
                    new Variant(
                            nameAndRest[0].trim(),
                            words[0],
                            List.of(words).subList(1, words.length)));
        }
        return all;
    }

    static List<Metric> measure(Path dir) throws Exception {
        List<Variant> variants = variants();
        Map<String, List<Double>> ms = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        Map<String, List<Double>> diffs = new LinkedHashMap<>();
        variants.forEach(
                v -> {
                    ms.put(v.name(), new ArrayList<>());
                    cpu.put(v.name(), new ArrayList<>());
                    diffs.put(v.name(), new ArrayList<>());
                });
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round <= ROUNDS; round++) {
            Map<String, ChildJvm.Marked> marks = new LinkedHashMap<>();
            for (int k = 0; k < variants.size(); k++) {
                Variant v = variants.get((k + round) % variants.size());
                marks.put(v.name(), launch(v, dir, round));
            }
            StringBuilder line =
                    new StringBuilder(
                            String.format(
                                    Locale.ROOT,
                                    "startup round %d%s:",
                                    round,
                                    round == 0 ? " (warm-up)" : ""));
            double app = Stats.ms(marks.get("app").nanos());
            for (Variant v : variants) {
                ChildJvm.Marked m = marks.get(v.name());
                line.append(
                        String.format(
                                Locale.ROOT,
                                " %s %.0f ms (CPU %.0f)",
                                v.name(),
                                Stats.ms(m.nanos()),
                                cpu(m) / 1e6));
                if (round > 0) {
                    ms.get(v.name()).add(Stats.ms(m.nanos()));
                    cpu.get(v.name()).add(cpu(m) / 1e6);
                    diffs.get(v.name()).add(Stats.ms(m.nanos()) - app);
                }
            }
            double ratio = app / Stats.ms(marks.get("reference").nanos());
            line.append(String.format(Locale.ROOT, "; ratio %.3f", ratio));
            System.out.println(line);
            if (round > 0) {
                ratios.add(ratio);
            }
        }
        for (Variant v : variants.subList(2, variants.size())) {
            System.out.printf(
                    Locale.ROOT,
                    "startup variant %s (%s %s): median %.0f ms, CPU %.0f ms; minus the app in the same round: median %+.0f ms %s%n",
                    v.name(),
                    v.probe(),
                    String.join(" ", v.flags()),
                    Stats.median(ms.get(v.name())),
                    Stats.median(cpu.get(v.name())),
                    Stats.median(diffs.get(v.name())),
                    Stats.runs(diffs.get(v.name()), 0));
        }
        return List.of(
                Metric.of(
                        "startup_ratio",
                        Stats.median(ratios),
                        "x",
                        GOAL,
                        String.format(
                                Locale.ROOT,
                                "JVM start -> login window on screen (first frame painted), Monocle headless: app %.0f ms vs reference login form %.0f ms; %d rounds %s;"
                                        + " process CPU app %.0f ms, reference %.0f ms",
                                Stats.median(ms.get("app")),
                                Stats.median(ms.get("reference")),
                                ratios.size(),
                                Stats.runs(ratios, 2),
                                Stats.median(cpu.get("app")),
                                Stats.median(cpu.get("reference")))));
    }

    static ChildJvm.Marked launch(Variant v, Path dir, int round) throws Exception {
        List<String> flags = new ArrayList<>(ChildJvm.FX_FLAGS);
        // a fresh settings folder each time: the first start of a new user (or, asked for, a
        // returning user's, holding the demo profile)
        Path config = dir.resolve("startup-config/" + v.name() + "-" + round).toAbsolutePath();
        BenchSuite.deleteTree(config);
        flags.add("-Dishaar.config.dir=" + config);
        for (String f : v.flags()) {
            if (f.equals("@returning")) {
                returningUser(config);
            } else {
                flags.add(f);
            }
        }
        List<String> cmd =
                ChildJvm.command(flags, StartupProbe.class.getName(), List.of(v.probe()));
        return ChildJvm.timeToMarker(cmd, line -> line.startsWith(StartupProbe.MARKER), 120);
    }

    /** Settings as a first login of the demo taxpayer leaves them. */
    static void returningUser(Path config) throws Exception {
        String id = "demo-taxpayer";
        Profile profile =
                new Profile(
                        Profile.idOf(Environment.Kind.SANDBOX, null, id),
                        Environment.Kind.SANDBOX,
                        null,
                        null,
                        id,
                        null,
                        false,
                        List.of(),
                        null);
        java.nio.file.Files.createDirectories(config);
        new SettingsStore(config).save(Settings.defaults().withProfile(profile));
    }

    /** The process CPU time the child reported with its marker, in nanoseconds. */
    static double cpu(ChildJvm.Marked m) {
        String line = m.line();
        return Double.parseDouble(
                line.substring(line.indexOf("cpu_ns=") + "cpu_ns=".length()).trim());
    }
}
