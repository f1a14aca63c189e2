package app.ishaar.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * installed_startup_ratio: the installed app against the reference login form packaged the same
 * way. The app is the Linux app image that {@code mvn -Pinstaller package} builds ({@code
 * target/installer/Ishaar}, with its class-data archive {@code lib/ishaar.jsa}), started as its
 * launcher starts it (the bundled runtime, the options and class path of {@code
 * lib/app/Ishaar.cfg}); the reference form runs on the same runtime with the same options, from a
 * jar of its own with a class-data archive of its own, dumped here from a training start. Both show
 * their window on an X server (Xvfb, the toolkit's own GTK platform, as on a desktop); the time is
 * from the process's start to the login window's first frame painted ({@link StartupProbe}, on the
 * class path after the app's jars, which class sharing allows). Rounds alternate the two.
 *
 * <p>{@code -Dbench.installedVariants="name=probe flag;…"} adds variants to each round, e.g. {@code
 * nocds=app -Xshare:off}.
 */
final class InstalledStartupBench {
    private InstalledStartupBench() {}

    static final Metric.Goal GOAL = Metric.Goal.atMost(1.15);
    static final int ROUNDS = Integer.getInteger("bench.installedRounds", 11);

    /** One way of starting: app or reference, with more JVM options. */
    record Variant(String name, String probe, List<String> flags) {}

    static List<Metric> measure(Path dir) throws Exception {
        Path image =
                Path.of(System.getProperty("bench.image", "target/installer/Ishaar"))
                        .toAbsolutePath();
        Path cfg = image.resolve("lib/app/Ishaar.cfg");
        if (!Files.isRegularFile(cfg)) {
            return List.of(
                    Metric.failed(
                            "installed_startup_ratio",
                            "x",
                            GOAL,
                            "no app image at "
                                    + image
                                    + ": build it first (mvn -B -Pinstaller -DskipTests package)"));
        }
        Path work = dir.resolve("installed").toAbsolutePath();
        BenchSuite.deleteTree(work);
        Files.createDirectories(work);
        Path probeJar = probeJar(work.resolve("probe.jar"));
        Launch app = Launch.of(image, cfg, probeJar);
        try (Xvfb x = Xvfb.start()) {
            Path referenceJsa = referenceArchive(app, probeJar, work, x);
            List<Variant> variants = new ArrayList<>();
            variants.add(new Variant("app", "app", List.of()));
            variants.add(
                    new Variant(
                            "reference",
                            "reference",
                            List.of("-XX:SharedArchiveFile=" + referenceJsa)));
            String extra = System.getProperty("bench.installedVariants", "").trim();
            for (String v : extra.isEmpty() ? new String[0] : extra.split(";")) {
                String[] nameAndRest = v.trim().split("=", 2);
                String[] words = nameAndRest[1].trim().split("\\s+");
                List<String> flags = new ArrayList<>(List.of(words).subList(1, words.length));
                if (words[0].equals("reference")) {
                    flags.add(0, "-XX:SharedArchiveFile=" + referenceJsa);
                }
                variants.add(new Variant(nameAndRest[0].trim(), words[0], flags));
            }
            Map<String, List<Double>> ms = new LinkedHashMap<>();
            Map<String, List<Double>> cpu = new LinkedHashMap<>();
            variants.forEach(
                    v -> {
                        ms.put(v.name(), new ArrayList<>());
                        cpu.put(v.name(), new ArrayList<>());
                    });
            List<Double> ratios = new ArrayList<>();
            for (int round = 0; round <= ROUNDS; round++) {
                Map<String, ChildJvm.Marked> marks = new LinkedHashMap<>();
                for (int k = 0; k < variants.size(); k++) {
                    Variant v = variants.get((k + round) % variants.size());
                    marks.put(v.name(), launch(app, v, work, round, x));
                }
                StringBuilder line =
                        new StringBuilder(
                                String.format(
                                        Locale.ROOT,
                                        "installed round %d%s:",
                                        round,
                                        round == 0 ? " (warm-up)" : ""));
                for (Variant v : variants) {
                    ChildJvm.Marked m = marks.get(v.name());
                    line.append(
                            String.format(
                                    Locale.ROOT,
                                    " %s %.0f ms (CPU %.0f)",
                                    v.name(),
                                    Stats.ms(m.nanos()),
                                    StartupBench.cpu(m) / 1e6));
                    if (round > 0) {
                        ms.get(v.name()).add(Stats.ms(m.nanos()));
                        cpu.get(v.name()).add(StartupBench.cpu(m) / 1e6);
                    }
                }
                double ratio = marks.get("app").nanos() / (double) marks.get("reference").nanos();
                line.append(String.format(Locale.ROOT, "; ratio %.3f", ratio));
                System.out.println(line);
                if (round > 0) {
                    ratios.add(ratio);
                }
            }
            for (Variant v : variants.subList(2, variants.size())) {
                List<Double> diffs = new ArrayList<>();
                for (int i = 0; i < ms.get(v.name()).size(); i++) {
                    diffs.add(ms.get(v.name()).get(i) - ms.get("app").get(i));
                }
                System.out.printf(
                        Locale.ROOT,
                        "installed variant %s (%s %s): median %.0f ms, CPU %.0f ms; minus the app in the same round: median %+.0f ms %s%n",
                        v.name(),
                        v.probe(),
                        String.join(" ", v.flags()),
                        Stats.median(ms.get(v.name())),
                        Stats.median(cpu.get(v.name())),
                        Stats.median(diffs),
                        Stats.runs(diffs, 0));
            }
            return List.of(
                    Metric.of(
                            "installed_startup_ratio",
                            Stats.median(ratios),
                            "x",
                            GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "app image's start -> login window on screen (first frame painted), Xvfb: app %.0f ms vs reference form on the same runtime %.0f ms,"
                                            + " each with its class-data archive; %d rounds %s; process CPU app %.0f ms, reference %.0f ms",
                                    Stats.median(ms.get("app")),
                                    Stats.median(ms.get("reference")),
                                    ratios.size(),
                                    Stats.runs(ratios, 2),
                                    Stats.median(cpu.get("app")),
                                    Stats.median(cpu.get("reference")))));
        }
    }

    /** How the app image's launcher starts the app: its runtime, options and class path. */
    record Launch(Path java, List<String> options, String classpath) {
        static Launch of(Path image, Path cfg, Path probeJar) throws IOException {
            Path appDir = image.resolve("lib/app");
            List<String> options = new ArrayList<>();
            List<String> cp = new ArrayList<>();
            for (String line : Files.readAllLines(cfg)) {
                String v =
                        line.substring(line.indexOf('=') + 1)
                                .replace("$APPDIR", appDir.toString())
                                .replace("$BINDIR", image.resolve("bin").toString())
                                .replace("$ROOTDIR", image.toString());
                if (line.startsWith("java-options=")) {
                    options.add(v);
                } else if (line.startsWith("app.classpath=")) {
                    cp.add(v);
                }
            }
            // the probe's frame watch reaches the toolkit's render queue
            options.add("--add-exports=javafx.graphics/com.sun.javafx.tk=ALL-UNNAMED");
            cp.add(probeJar.toString());
            return new Launch(image.resolve("lib/runtime/bin/java"), options, String.join(":", cp));
        }

        /**
         * The command for a probe: the launcher's options (for the reference, its own archive in
         * place of the app's), then the variant's.
         */
        List<String> command(Variant v, Path probeJar, List<String> more) {
            List<String> cmd = new ArrayList<>();
            cmd.add(java.toString());
            boolean reference = v.probe().equals("reference");
            for (String o : options) {
                if (reference && o.startsWith("-XX:SharedArchiveFile=")) {
                    continue;
                }
                cmd.add(o);
            }
            cmd.addAll(v.flags());
            cmd.addAll(more);
            cmd.add("-cp");
            cmd.add(reference ? probeJar.toString() : classpath);
            cmd.add(StartupProbe.class.getName());
            cmd.add(v.probe());
            return cmd;
        }
    }

    static ChildJvm.Marked launch(Launch app, Variant v, Path work, int round, Xvfb x)
            throws Exception {
        Path config = work.resolve("config/" + v.name() + "-" + round);
        List<String> cmd =
                app.command(v, work.resolve("probe.jar"), List.of("-Dishaar.config.dir=" + config));
        return ChildJvm.timeToMarker(
                cmd, line -> line.startsWith(StartupProbe.MARKER), 120, x.environment());
    }

    /**
     * The reference form's class-data archive, dumped as the app's is: the classes a start loads (a
     * training start on the same runtime), then a static dump with the form's class path.
     */
    static Path referenceArchive(Launch app, Path probeJar, Path work, Xvfb x) throws Exception {
        Path list = work.resolve("reference.classlist");
        Path jsa = work.resolve("reference.jsa");
        Variant training =
                new Variant(
                        "training",
                        "reference",
                        List.of("-Xshare:off", "-XX:DumpLoadedClassList=" + list));
        List<String> cmd =
                app.command(
                        training,
                        probeJar,
                        List.of(
                                "-D" + StartupProbe.EXIT + "=true",
                                "-Dishaar.config.dir=" + work.resolve("config/training")));
        ChildJvm.timeToMarker(
                cmd, line -> line.startsWith(StartupProbe.MARKER), 120, x.environment());
        List<String> dump = new ArrayList<>();
        dump.add(app.java().toString());
        dump.add("-Xshare:dump");
        dump.add("-XX:SharedClassListFile=" + list);
        dump.add("-XX:SharedArchiveFile=" + jsa);
        dump.add("-Xlog:cds=error");
        dump.add("-Xlog:cds+class=off");
        dump.add("-cp");
        dump.add(probeJar.toString());
        ChildJvm.run(dump, 300, line -> {});
        return jsa;
    }

    /** A jar of the start-up probe and the reference form, with the app's fonts. */
    static Path probeJar(Path jar) throws IOException {
        Path classes =
                Path.of(
                        StartupProbe.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .getPath());
        Path fonts =
                Path.of(
                                ReferenceLogin.class
                                        .getResource("/app/ishaar/fonts/IshaarSans-Regular.ttf")
                                        .getPath())
                        .getParent();
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream j = new JarOutputStream(out)) {
            Path bench = classes.resolve("app/ishaar/bench");
            try (Stream<Path> files = Files.list(bench)) {
                for (Path f : files.toList()) {
                    String n = f.getFileName().toString();
                    if (n.startsWith("StartupProbe")
                            || n.startsWith("Painted")
                            || n.startsWith("ReferenceLogin")) {
                        add(j, "app/ishaar/bench/" + n, f);
                    }
                }
            }
            for (String font : new String[] {"IshaarSans-Regular.ttf", "IshaarSans-Bold.ttf"}) {
                add(j, "app/ishaar/fonts/" + font, fonts.resolve(font));
            }
        }
        return jar;
    }

    private static void add(JarOutputStream j, String name, Path file) throws IOException {
        j.putNextEntry(new JarEntry(name));
        try (InputStream in = Files.newInputStream(file)) {
            in.transferTo(j);
        }
        j.closeEntry();
    }

    /** An X server of its own for the children (Xvfb picks a free display). */
    static final class Xvfb implements AutoCloseable {
        private final Process process;
        private final String display;

        private Xvfb(Process process, String display) {
            this.process = process;
            this.display = display;
        }

        static Xvfb start() throws IOException {
            Process p =
                    new ProcessBuilder(
                                    "Xvfb",
                                    "-displayfd",
                                    "1",
                                    "-screen",
                                    "0",
                                    "1280x1024x24",
                                    "-nolisten",
                                    "tcp")
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
            StringBuilder n = new StringBuilder();
            InputStream in = p.getInputStream();
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                n.append((char) c);
            }
            if (n.length() == 0) {
                p.destroy();
                throw new IOException("Xvfb did not start (is the xvfb package installed?)");
            }
            return new Xvfb(p, ":" + n.toString().trim());
        }

        Map<String, String> environment() {
            return Map.of("DISPLAY", display);
        }

        @Override
        public void close() {
            process.destroy();
        }
    }
}
