package app.ishaar.bench;

import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import app.ishaar.core.sync.SyncOptions;
import app.ishaar.core.sync.TaxpayerSync;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import com.fasterxml.jackson.databind.node.ArrayNode;
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
 * installed_journey_ratio: a returning user's morning with the installed app against a reference
 * journey packaged the same way. The app is the Linux app image that {@code mvn -Pinstaller
 * package} builds ({@code target/installer/Ishaar}, with its class-data archive {@code
 * lib/ishaar.jsa}), started as its launcher starts it (the bundled runtime, the options and class
 * path of {@code lib/app/Ishaar.cfg}), on settings holding the user's profile (a server of its own:
 * the suite's sandbox, {@link UiSandbox}) and on an archive that already holds the taxpayer's
 * history (synced by the suite before the rounds, a fresh copy each round). The reference journey
 * ({@link ReferenceLogin}: a plain JavaFX application with the same login form, then on the click a
 * {@code TableView} of the same 50 rows read with plain Jackson, none of the app's code) runs on
 * the same runtime with the same options, from a jar of its own with a class-data archive of its
 * own, dumped here from a training journey. Both show their windows on an X server (Xvfb, the
 * toolkit's own GTK platform, as on a desktop).
 *
 * <p>A journey is the process's start to the login window's first frame painted ({@link
 * StartupProbe}, on the class path after the app's jars, which class sharing allows), then Log in
 * clicked (the secret typed first, not timed) to the frame with the history's first page painted
 * ({@link Journey}), minus the exchanges in it (the login's and the first page's, as the client's
 * transport timed them; the reference makes none). Rounds alternate the two; the figure is the
 * median of the rounds' ratios.
 *
 * <p>{@code -Dbench.installedVariants="name=probe flag;…"} adds variants to each round, e.g. {@code
 * nocds=app -Xshare:off}.
 */
final class InstalledStartupBench {
    private InstalledStartupBench() {}

    static final Metric.Goal GOAL = Metric.Goal.atMost(1.15);
    static final int ROUNDS = Integer.getInteger("bench.installedRounds", 11);
    static final String NAME = "installed_journey_ratio";

    /** One way of starting: app or reference, with more JVM options. */
    record Variant(String name, String probe, List<String> flags) {}

    /** One journey's parts, in nanoseconds: to the login window, click to page, exchanges. */
    record Trip(
            long shown,
            long clickToPage,
            long exchanges,
            double cpuMs,
            double pageCpuMs,
            long loginEnded,
            long pageEnded) {
        long journey() {
            return shown + clickToPage - exchanges;
        }

        static Trip of(ChildJvm.Marked m) {
            String line =
                    m.others().stream()
                            .filter(l -> l.startsWith(Journey.MARKER))
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new IllegalStateException(
                                                    "no first page after the login: "
                                                            + String.join(" | ", m.others())));
            return new Trip(
                    m.nanos(),
                    field(line, "click_to_page_ns"),
                    field(line, "exchanges_ns"),
                    StartupBench.cpu(m) / 1e6,
                    field(line, "cpu_ns") / 1e6,
                    field(line, "login_ended_ns"),
                    field(line, "page_ended_ns"));
        }

        private static long field(String line, String name) {
            for (String w : line.split("\\s+")) {
                if (w.startsWith(name + "=")) {
                    return Long.parseLong(w.substring(name.length() + 1));
                }
            }
            throw new IllegalStateException("no " + name + " in " + line);
        }
    }

    /** What a journey needs from the suite: the user's profile, archive, secret, the rows. */
    record Returning(Profile profile, Path archive, String secret, Path rows) {}

    static List<Metric> measure(Path dir) throws Exception {
        Path image =
                Path.of(System.getProperty("bench.image", "target/installer/Ishaar"))
                        .toAbsolutePath();
        Path cfg = image.resolve("lib/app/Ishaar.cfg");
        if (!Files.isRegularFile(cfg)) {
            return List.of(
                    Metric.failed(
                            NAME,
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
        try (Sandbox sandbox = UiSandbox.start();
                Xvfb x = Xvfb.start()) {
            Returning user = returning(sandbox, work);
            Path referenceJsa = referenceArchive(app, probeJar, work, x, user);
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
            Map<String, List<Trip>> trips = new LinkedHashMap<>();
            variants.forEach(v -> trips.put(v.name(), new ArrayList<>()));
            List<Double> ratios = new ArrayList<>();
            for (int round = 0; round <= ROUNDS; round++) {
                Map<String, Trip> got = new LinkedHashMap<>();
                for (int k = 0; k < variants.size(); k++) {
                    Variant v = variants.get((k + round) % variants.size());
                    got.put(v.name(), Trip.of(launch(app, v, work, round, x, user)));
                }
                StringBuilder line =
                        new StringBuilder(
                                String.format(
                                        Locale.ROOT,
                                        "installed round %d%s:",
                                        round,
                                        round == 0 ? " (warm-up)" : ""));
                for (Variant v : variants) {
                    Trip t = got.get(v.name());
                    line.append(
                            String.format(
                                    Locale.ROOT,
                                    " %s %.0f ms (login window %.0f, click -> page %.0f minus"
                                            + " exchanges %.0f, the login's ended at %.0f, the"
                                            + " page's at %.0f; CPU to the login window %.0f,"
                                            + " to the page %.0f)",
                                    v.name(),
                                    Stats.ms(t.journey()),
                                    Stats.ms(t.shown()),
                                    Stats.ms(t.clickToPage()),
                                    Stats.ms(t.exchanges()),
                                    Stats.ms(t.loginEnded()),
                                    Stats.ms(t.pageEnded()),
                                    t.cpuMs(),
                                    t.pageCpuMs()));
                    if (round > 0) {
                        trips.get(v.name()).add(t);
                    }
                }
                double ratio = got.get("app").journey() / (double) got.get("reference").journey();
                line.append(String.format(Locale.ROOT, "; ratio %.3f", ratio));
                System.out.println(line);
                if (round > 0) {
                    ratios.add(ratio);
                }
            }
            for (Variant v : variants.subList(2, variants.size())) {
                List<Double> diffs = new ArrayList<>();
                for (int i = 0; i < trips.get(v.name()).size(); i++) {
                    diffs.add(
                            Stats.ms(
                                    trips.get(v.name()).get(i).journey()
                                            - trips.get("app").get(i).journey()));
                }
                List<Double> cpuDiffs = new ArrayList<>();
                for (int i = 0; i < trips.get(v.name()).size(); i++) {
                    cpuDiffs.add(
                            trips.get(v.name()).get(i).pageCpuMs()
                                    - trips.get("app").get(i).pageCpuMs());
                }
                System.out.printf(
                        Locale.ROOT,
                        "installed variant %s (%s %s): median %.0f ms; minus the app in the same"
                                + " round: median %+.0f ms %s; process CPU to the page %.0f ms,"
                                + " minus the app's: median %+.0f ms %s%n",
                        v.name(),
                        v.probe(),
                        String.join(" ", v.flags()),
                        median(trips.get(v.name()), Trip::journey),
                        Stats.median(diffs),
                        Stats.runs(diffs, 0),
                        Stats.median(trips.get(v.name()).stream().map(Trip::pageCpuMs).toList()),
                        Stats.median(cpuDiffs),
                        Stats.runs(cpuDiffs, 0));
            }
            List<Trip> a = trips.get("app");
            List<Trip> r = trips.get("reference");
            return List.of(
                    Metric.of(
                            NAME,
                            Stats.median(ratios),
                            "x",
                            GOAL,
                            String.format(
                                    Locale.ROOT,
                                    "app image, a returning user (archive synced): start -> login"
                                            + " window painted, Log in -> first page painted minus"
                                            + " exchanges; Xvfb: app %.0f ms (login window %.0f,"
                                            + " click -> page %.0f minus exchanges %.0f) vs the"
                                            + " reference journey on the same runtime %.0f ms"
                                            + " (%.0f, %.0f), each with its class-data archive;"
                                            + " %d rounds %s; process CPU to the login window app"
                                            + " %.0f ms, reference %.0f ms; to the page app %.0f ms,"
                                            + " reference %.0f ms",
                                    median(a, Trip::journey),
                                    median(a, Trip::shown),
                                    median(a, Trip::clickToPage),
                                    median(a, Trip::exchanges),
                                    median(r, Trip::journey),
                                    median(r, Trip::shown),
                                    median(r, Trip::clickToPage),
                                    ratios.size(),
                                    Stats.runs(ratios, 2),
                                    Stats.median(a.stream().map(Trip::cpuMs).toList()),
                                    Stats.median(r.stream().map(Trip::cpuMs).toList()),
                                    Stats.median(a.stream().map(Trip::pageCpuMs).toList()),
                                    Stats.median(r.stream().map(Trip::pageCpuMs).toList()))));
        }
    }

    private static double median(List<Trip> trips, java.util.function.ToLongFunction<Trip> part) {
        return Stats.median(trips.stream().map(t -> Stats.ms(part.applyAsLong(t))).toList());
    }

    /**
     * The returning user: a profile of the suite's sandbox as a server of its own (its secret not
     * remembered: typed at each login), an archive holding the taxpayer's whole history (synced
     * here, as the app's sync would have), and the history's first page (50, the app's page size)
     * as the service sends its items, for the reference journey.
     */
    static Returning returning(Sandbox sandbox, Path work) throws Exception {
        SandboxAccount account = UiSandbox.account(sandbox);
        Rin rin = Rin.of(account.taxpayers().get(0).rin());
        Environment env = Environment.custom(sandbox.authUrl(), sandbox.baseUrl());
        Path archive = work.resolve("returning.db");
        Path rows = work.resolve("rows.json");
        try (ServiceClient client = new ServiceClient(ClientConfig.defaults());
                Session session =
                        client.openSession(
                                env,
                                new Credentials(
                                        account.clientId(),
                                        account.clientSecret().toCharArray(),
                                        null,
                                        null))) {
            session.login().get();
            try (SqliteArchive a = SqliteArchive.open(archive)) {
                TaxpayerSync.Outcome o =
                        new TaxpayerSync(
                                        a,
                                        ServiceKey.of(env),
                                        rin,
                                        session,
                                        SyncOptions.defaults(),
                                        null)
                                .run();
                System.out.printf(
                        Locale.ROOT, "the returning user's archive: %,d synced%n", o.added());
            }
            NotificationPage first = session.fetchRaw(NotificationQuery.ALL.withPageSize(50)).get();
            ArrayNode items = BenchSuite.JSON.createArrayNode();
            for (String raw : first.rawItems()) {
                items.add(BenchSuite.JSON.readTree(raw));
            }
            BenchSuite.JSON.writeValue(rows.toFile(), items);
        }
        Profile profile =
                new Profile(
                        Profile.idOf(
                                Environment.Kind.CUSTOM,
                                sandbox.authUrl().toString(),
                                account.clientId()),
                        Environment.Kind.CUSTOM,
                        sandbox.authUrl().toString(),
                        sandbox.baseUrl().toString(),
                        account.clientId(),
                        null,
                        false,
                        List.of(),
                        rin.value());
        return new Returning(profile, archive, account.clientSecret(), rows);
    }

    /** How the app image's launcher starts the app: its runtime, options and class path. */
    record Launch(Path java, List<String> options, String classpath, String referenceClasspath) {
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
            // the reference journey reads its rows with Jackson: the same library's jars
            List<String> reference = new ArrayList<>(List.of(probeJar.toString()));
            try (Stream<Path> jars = Files.list(appDir)) {
                jars.map(Path::toString)
                        .filter(
                                n ->
                                        n.matches(
                                                ".*/jackson-(core|databind|annotations)-[^/]*\\.jar"))
                        .sorted()
                        .forEach(reference::add);
            }
            return new Launch(
                    image.resolve("lib/runtime/bin/java"),
                    options,
                    String.join(":", cp),
                    String.join(":", reference));
        }

        /**
         * The command for a probe: the launcher's options (for the reference, its own archive in
         * place of the app's), then the variant's.
         */
        List<String> command(Variant v, List<String> more) {
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
            cmd.add(reference ? referenceClasspath : classpath);
            cmd.add(StartupProbe.class.getName());
            cmd.add(v.probe());
            return cmd;
        }
    }

    static ChildJvm.Marked launch(
            Launch app, Variant v, Path work, int round, Xvfb x, Returning user) throws Exception {
        String name = v.name() + "-" + round;
        Path config = work.resolve("config/" + name);
        Files.createDirectories(config);
        new SettingsStore(config).save(Settings.defaults().withProfile(user.profile()));
        Path archive = work.resolve("archive/" + name + ".db");
        Files.createDirectories(archive.getParent());
        Files.copy(user.archive(), archive);
        Map<String, String> env = new LinkedHashMap<>(x.environment());
        env.put("ISHAAR_ARCHIVE", archive.toString());
        List<String> cmd = app.command(v, journeyFlags(user, config, work));
        try {
            return ChildJvm.timeToMarker(
                    cmd, line -> line.startsWith(StartupProbe.MARKER), 120, env);
        } finally {
            for (String s : new String[] {"", "-wal", "-shm"}) {
                Files.deleteIfExists(archive.resolveSibling(archive.getFileName() + s));
            }
        }
    }

    /** What both journeys are told: the settings and log folders, the secret, the rows. */
    static List<String> journeyFlags(Returning user, Path config, Path work) {
        return List.of(
                "-Dishaar.config.dir=" + config,
                "-Dishaar.log.dir=" + work.resolve("log"),
                "-D" + Journey.PROPERTY + "=true",
                "-D" + Journey.SECRET + "=" + user.secret(),
                "-D" + ReferenceLogin.ROWS + "=" + user.rows(),
                "-D" + ReferenceLogin.CLIENT_ID + "=" + user.profile().clientId());
    }

    /**
     * The reference journey's class-data archive, dumped as the app's is: the classes a journey
     * loads (a training journey on the same runtime), then a static dump with its class path.
     */
    static Path referenceArchive(Launch app, Path probeJar, Path work, Xvfb x, Returning user)
            throws Exception {
        Path list = work.resolve("reference.classlist");
        Path jsa = work.resolve("reference.jsa");
        Variant training =
                new Variant(
                        "training",
                        "reference",
                        List.of("-Xshare:off", "-XX:DumpLoadedClassList=" + list));
        List<String> flags =
                new ArrayList<>(journeyFlags(user, work.resolve("config/training"), work));
        flags.add("-D" + StartupProbe.EXIT + "=true");
        ChildJvm.Marked m =
                ChildJvm.timeToMarker(
                        app.command(training, flags),
                        line -> line.startsWith(StartupProbe.MARKER),
                        120,
                        x.environment());
        Trip.of(m); // the training journey reached its table
        List<String> dump = new ArrayList<>();
        dump.add(app.java().toString());
        dump.add("-Xshare:dump");
        dump.add("-XX:SharedClassListFile=" + list);
        dump.add("-XX:SharedArchiveFile=" + jsa);
        dump.add("-Xlog:cds=error");
        dump.add("-Xlog:cds+class=off");
        dump.add("-cp");
        dump.add(app.referenceClasspath());
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
                            || n.startsWith("Journey")
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
