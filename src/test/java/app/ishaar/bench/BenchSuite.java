package app.ishaar.bench;

import app.ishaar.core.settings.Profile;
import app.ishaar.core.settings.Settings;
import app.ishaar.core.settings.SettingsStore;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The benchmark suite of issue #8: {@code mvn -B -Pbench verify} (see the pom's {@code bench}
 * profile). Runs every measurement, each in a fresh child JVM of its own (JMH forks its own),
 * prints a table and writes {@code target/bench/results.json}. A measurement that fails is reported
 * as not measured (value null, met false); the suite itself then still ends normally, the table
 * says what is missing.
 *
 * <p>Arguments: {@code all} or a comma-separated list of group or metric names (parse, export,
 * sandbox, archive, sync, store, startup, installed, ui, heap, inbox).
 */
public final class BenchSuite {
    private BenchSuite() {}

    static final String RESULT_PREFIX = "BENCH_RESULT ";
    static final ObjectMapper JSON = new ObjectMapper();

    /** The metrics in the order, each with the group that measures it. */
    static final Map<String, String> METRICS = new LinkedHashMap<>();

    static {
        METRICS.put("startup_ratio", "startup");
        METRICS.put("installed_journey_ratio", "installed");
        METRICS.put("login_to_first_page_ms", "ui");
        METRICS.put("parse_ratio", "parse");
        METRICS.put("export_speedup", "export");
        METRICS.put("export_ms", "export");
        METRICS.put("heap_after_paging_mb", "heap");
        METRICS.put("max_fx_stall_ms", "ui");
        METRICS.put("sandbox_page_ms", "sandbox");
        METRICS.put("inbox_page_ms", "archive");
        METRICS.put("search_ms", "archive");
        METRICS.put("archive_bytes_per_notification", "archive");
        METRICS.put("summary_ms", "archive");
        METRICS.put("report_pdf_ms", "archive");
        METRICS.put("pg_inbox_page_ms", "pg");
        METRICS.put("pg_search_ms", "pg");
        METRICS.put("handling_filter_ms", "archive");
        METRICS.put("pg_handling_filter_ms", "pg");
        METRICS.put("sync_ratio", "sync");
        METRICS.put("sync_heap_mb", "sync");
        METRICS.put("incremental_sync_requests", "sync");
        METRICS.put("sync_store_us", "store");
        METRICS.put("inbox_ui_page_ms", "inbox");
        METRICS.put("search_ui_ms", "inbox");
        METRICS.put("sync_max_fx_stall_ms", "inbox");
    }

    /** Goals and units, so that a group that fails still yields its rows. */
    static Metric notMeasured(String name, String why) {
        return switch (name) {
            case "startup_ratio" -> Metric.failed(name, "x", StartupBench.GOAL, why);
            case "installed_journey_ratio" ->
                    Metric.failed(name, "x", InstalledStartupBench.GOAL, why);
            case "login_to_first_page_ms" -> Metric.failed(name, "ms", UiBench.LOGIN_GOAL, why);
            case "parse_ratio" -> Metric.failed(name, "x", ParseBench.GOAL, why);
            case "export_speedup" -> Metric.failed(name, "x", ExportBench.SPEEDUP_GOAL, why);
            case "export_ms" -> Metric.failed(name, "ms", ExportBench.MS_GOAL, why);
            case "heap_after_paging_mb" -> Metric.failed(name, "MB", UiBench.HEAP_GOAL, why);
            case "max_fx_stall_ms" -> Metric.failed(name, "ms", UiBench.STALL_GOAL, why);
            case "sandbox_page_ms" -> Metric.failed(name, "ms", SandboxBench.GOAL, why);
            case "inbox_page_ms" -> Metric.failed(name, "ms", ArchiveBench.PAGE_GOAL, why);
            case "search_ms" -> Metric.failed(name, "ms", ArchiveBench.SEARCH_GOAL, why);
            case "pg_inbox_page_ms" -> Metric.failed(name, "ms", PgArchiveBench.PAGE_GOAL, why);
            case "pg_search_ms" -> Metric.failed(name, "ms", PgArchiveBench.SEARCH_GOAL, why);
            case "handling_filter_ms" -> Metric.failed(name, "ms", ArchiveBench.HANDLING_GOAL, why);
            case "pg_handling_filter_ms" ->
                    Metric.failed(name, "ms", PgArchiveBench.HANDLING_GOAL, why);
            case "archive_bytes_per_notification" ->
                    Metric.failed(name, "B", ArchiveBench.BYTES_GOAL, why);
            case "summary_ms" -> Metric.failed(name, "ms", ArchiveBench.SUMMARY_GOAL, why);
            case "report_pdf_ms" -> Metric.failed(name, "ms", ArchiveBench.REPORT_PDF_GOAL, why);
            case "sync_ratio" -> Metric.failed(name, "x", SyncBench.RATIO_GOAL, why);
            case "sync_heap_mb" -> Metric.failed(name, "MB", SyncBench.HEAP_GOAL, why);
            case "sync_store_us" -> Metric.failed(name, "µs", SyncBench.STORE_GOAL, why);
            case "incremental_sync_requests" ->
                    Metric.failed(name, "requests", SyncBench.REQUESTS_GOAL, why);
            case "inbox_ui_page_ms" -> Metric.failed(name, "ms", InboxUiBench.PAGE_GOAL, why);
            case "search_ui_ms" -> Metric.failed(name, "ms", InboxUiBench.SEARCH_GOAL, why);
            case "sync_max_fx_stall_ms" ->
                    Metric.failed(name, "ms", InboxUiBench.SYNC_STALL_GOAL, why);
            default -> throw new IllegalArgumentException(name);
        };
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 2 && args[0].equals("--child")) {
            try {
                runChild(args[1]);
            } catch (Throwable e) {
                // the FX toolkit's threads would keep a failed child alive until the suite's
                // timeout
                e.printStackTrace();
                System.exit(1);
            }
            return;
        }
        Path dir = Path.of(System.getProperty("bench.dir", "target/bench"));
        Files.createDirectories(dir);
        Set<String> groups = selectedGroups(args.length == 0 ? "all" : args[0]);
        String loadBefore = loadAverage();
        System.out.println(
                ChildJvm.appFlags().isEmpty()
                        ? "bench.appFlags not given: the children run with the JVM's defaults, not as the app's launchers start it (mvn -Pbench passes them)"
                        : "the app's JVM options, given to every child: "
                                + String.join(" ", ChildJvm.appFlags()));
        long t0 = System.nanoTime();
        Map<String, Metric> results = new LinkedHashMap<>();
        for (String group :
                List.of(
                        "parse",
                        "export",
                        "sandbox",
                        "archive",
                        "pg",
                        "sync",
                        "store",
                        "startup",
                        "installed",
                        "ui",
                        "heap",
                        "inbox")) {
            if (!groups.contains(group)) {
                continue;
            }
            System.out.printf("%n=== bench group %s ===%n", group);
            long g0 = System.nanoTime();
            try {
                for (Metric m : runGroup(group, dir)) {
                    results.put(m.name(), m);
                }
            } catch (Exception | Error e) {
                System.out.println("group " + group + " failed: " + e);
                e.printStackTrace(System.out);
            }
            for (Map.Entry<String, String> e : METRICS.entrySet()) {
                if (e.getValue().equals(group) && !results.containsKey(e.getKey())) {
                    results.put(
                            e.getKey(),
                            notMeasured(
                                    e.getKey(), "group " + group + " failed, see the log above"));
                }
            }
            System.out.printf(
                    "=== bench group %s took %.0f s ===%n", group, (System.nanoTime() - g0) / 1e9);
        }
        Map<String, Metric> ordered = new LinkedHashMap<>();
        for (String name : METRICS.keySet()) {
            if (results.containsKey(name)) {
                ordered.put(name, results.get(name));
            }
        }
        Path json = dir.resolve("results.json");
        writeJson(ordered, json);
        System.out.println();
        System.out.print(table(ordered));
        System.out.printf(
                "%nmachine: %s%nload average (1/5/15 min) at start: %s, at end: %s%nsuite time: %.0f s; results: %s%n",
                machine(),
                loadBefore,
                loadAverage(),
                (System.nanoTime() - t0) / 1e9,
                json.toAbsolutePath());
    }

    static Set<String> selectedGroups(String arg) {
        Set<String> groups = new TreeSet<>();
        for (String s : arg.split(",")) {
            s = s.trim();
            if (s.equals("all")) {
                groups.addAll(METRICS.values());
            } else if (METRICS.containsKey(s)) {
                groups.add(METRICS.get(s));
            } else if (METRICS.containsValue(s)) {
                groups.add(s);
            } else if (!s.isEmpty()) {
                throw new IllegalArgumentException(
                        "unknown metric or group: " + s + " (know " + METRICS + ")");
            }
        }
        return groups;
    }

    /**
     * parse runs JMH from here (JMH forks); startup launches its own children; the rest run in one
     * child JVM each.
     */
    static List<Metric> runGroup(String group, Path dir) throws Exception {
        switch (group) {
            case "parse":
                return ParseBench.measure(dir);
            case "startup":
                return StartupBench.measure(dir);
            case "installed":
                return InstalledStartupBench.measure(dir);
            default:
                List<Metric> out = runChild(group, dir);
                if (group.equals("ui")) {
                    // the first login of a returning user, in a process of its own, goes into the
                    // login row's note
                    Metric returning =
                            runChild("ui-returning", dir).stream()
                                    .filter(m -> m.name().equals(UiBench.RETURNING))
                                    .findFirst()
                                    .orElseThrow(
                                            () ->
                                                    new IllegalStateException(
                                                            "no returning-user login measured"));
                    out.replaceAll(
                            m ->
                                    !m.name().equals("login_to_first_page_ms")
                                            ? m
                                            : new Metric(
                                                    m.name(),
                                                    m.value(),
                                                    m.unit(),
                                                    m.goal(),
                                                    m.met(),
                                                    m.note()
                                                            + String.format(
                                                                    Locale.ROOT,
                                                                    "; first of the process for a returning user (1 s in the dialog) %.0f ms (%s)",
                                                                    returning.value(),
                                                                    returning.note())));
                }
                return out;
        }
    }

    /**
     * Runs one group's measurement in a child JVM of its own; a desktop child starts on a settings
     * folder of its own.
     */
    static List<Metric> runChild(String group, Path dir) throws Exception {
        return runChild(group, dir, List.of());
    }

    /** As {@link #runChild(String, Path)}, the child given more JVM options. */
    static List<Metric> runChild(String group, Path dir, List<String> more) throws Exception {
        List<Metric> out = new ArrayList<>();
        List<String> flags = new ArrayList<>(more);
        flags.add("-Dbench.dir=" + dir.toAbsolutePath());
        // for profiling a measurement, e.g.
        // -Dbench.childFlags=-XX:StartFlightRecording=filename=ui.jfr
        String extra = System.getProperty("bench.childFlags", "").trim();
        if (!extra.isEmpty()) {
            flags.addAll(List.of(extra.split("\\s+")));
        }
        boolean desktop = group.startsWith("ui") || group.equals("heap");
        switch (group) {
            case "sandbox" -> flags.add("-Xmx2g");
            case "sync" -> {
                // the command line's heap: no option
            }
            case "export" -> flags.add("-Xmx512m");
            case "archive", "pg" -> flags.add("-Xmx1g");
            case "store" -> {
                // the command line's heap, as the sync group
            }
            default -> {
                // the desktop app as a user starts it: no heap option; a new user's settings
                // (none), or for the returning user the demo profile as a first login saved it
                Path config = dir.resolve("config-" + group).toAbsolutePath();
                deleteTree(config);
                Files.createDirectories(config);
                flags.addAll(ChildJvm.FX_FLAGS);
                flags.add("-Dishaar.config.dir=" + config);
            }
        }
        // the desktop app's service runs here, out of the measured process (its data would count as
        // the app's heap)
        try (app.ishaar.sandbox.Sandbox sandbox =
                desktop
                        ? UiSandbox.start()
                        : group.equals("inbox") ? InboxUiBench.startSandbox() : null) {
            if (sandbox != null) {
                flags.addAll(UiSandbox.properties(sandbox));
            }
            if (group.equals("ui-returning")) {
                String id = UiSandbox.account(sandbox).clientId();
                Profile profile =
                        new Profile(
                                Profile.idOf(
                                        app.ishaar.core.service.Environment.Kind.SANDBOX, null, id),
                                app.ishaar.core.service.Environment.Kind.SANDBOX,
                                null,
                                null,
                                id,
                                null,
                                false,
                                List.of(),
                                null);
                new SettingsStore(dir.resolve("config-" + group).toAbsolutePath())
                        .save(Settings.defaults().withProfile(profile));
            }
            ChildJvm.run(
                    ChildJvm.command(flags, BenchSuite.class.getName(), List.of("--child", group)),
                    // the archive group first writes its 1,000,000 notifications; the sync group
                    // syncs 100,000 five times and fetches them five times, most of it at a real
                    // service's pace
                    // (the inbox group too, when no archive of the archive group is there)
                    group.equals("archive")
                                    || group.equals("inbox")
                                    || group.equals("pg")
                                    || group.equals("store")
                            ? 3600
                            : group.equals("sync") ? 2400 : 600,
                    line -> {
                        if (line.startsWith(RESULT_PREFIX)) {
                            try {
                                out.add(
                                        JSON.readValue(
                                                line.substring(RESULT_PREFIX.length()),
                                                Metric.class));
                            } catch (IOException e) {
                                throw new IllegalStateException(e);
                            }
                        } else {
                            System.out.println("  | " + line);
                        }
                    });
        }
        return out;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (java.util.stream.Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** In a child JVM: measure one group and print each figure as a result line. */
    static void runChild(String group) throws Exception {
        Path dir = Path.of(System.getProperty("bench.dir", "target/bench"));
        List<Metric> metrics =
                switch (group) {
                    case "export" -> ExportBench.measure(dir);
                    case "sandbox" -> SandboxBench.measure();
                    case "archive" -> ArchiveBench.measure(dir);
                    case "pg" -> PgArchiveBench.measure(dir);
                    case "sync" -> SyncBench.measure(dir);
                    case "store" -> SyncBench.measureStore(dir);
                    case "ui" -> UiBench.measureLoginAndStalls(dir);
                    case "ui-returning" -> UiBench.measureReturningLogin(dir);
                    case "heap" -> UiBench.measureHeap(dir);
                    case "inbox" -> InboxUiBench.measure(dir);
                    default -> throw new IllegalArgumentException(group);
                };
        for (Metric m : metrics) {
            System.out.println(RESULT_PREFIX + JSON.writeValueAsString(m));
        }
        System.out.flush();
        System.exit(0); // the FX toolkit and client pools may hold non-daemon threads
    }

    static void writeJson(Map<String, Metric> metrics, Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        for (Metric m : metrics.values()) {
            ObjectNode o = root.putObject(m.name());
            if (Double.isNaN(m.value())) {
                o.putNull("value");
            } else {
                o.put("value", round(m.value()));
            }
            o.put("unit", m.unit());
            o.put("goal", m.goal());
            o.put("met", m.met());
        }
        Files.writeString(
                file,
                JSON.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root)
                        + "\n");
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    static String table(Map<String, Metric> metrics) {
        StringBuilder b = new StringBuilder();
        String fmt = "%-24s %12s %-5s %-8s %-6s %s%n";
        b.append(
                String.format(
                        Locale.ROOT,
                        fmt,
                        "metric",
                        "value",
                        "unit",
                        "goal",
                        "met",
                        "how (medians)"));
        b.append("-".repeat(110)).append('\n');
        for (Metric m : metrics.values()) {
            String v =
                    Double.isNaN(m.value())
                            ? "-"
                            : String.format(
                                    Locale.ROOT, m.value() >= 100 ? "%.0f" : "%.2f", m.value());
            b.append(
                    String.format(
                            Locale.ROOT,
                            fmt,
                            m.name(),
                            v,
                            m.unit(),
                            m.goal(),
                            m.met() ? "yes" : "NO",
                            m.note()));
        }
        return b.toString();
    }

    /** Other processes share the cores: the load average says how much. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    static String machine() {
        String cpu = "?";
        try {
            cpu =
                    Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                            .filter(l -> l.startsWith("model name"))
                            .map(l -> l.substring(l.indexOf(':') + 1).trim())
                            .findFirst()
                            .orElse("?");
        } catch (IOException ignored) {
            // not Linux
        }
        return String.format(
                Locale.ROOT,
                "%d cores (%s), %s %s (%s), %s %s",
                Runtime.getRuntime().availableProcessors(),
                cpu,
                System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"),
                System.getProperty("java.vendor"),
                System.getProperty("os.name"),
                System.getProperty("os.arch"));
    }
}
