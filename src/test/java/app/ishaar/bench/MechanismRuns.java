package app.ishaar.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * With/without runs of the desktop figures: the login group's children ({@code ui}, and {@code
 * ui-returning} for a returning user's first login) started once per variant in each round, the
 * variants in a rotated order, so that the machine's load falls on all alike.
 *
 * <p>{@code -Dbench.uiVariants="name=flag flag;name2=flag"}: the variants besides the app as it is;
 * {@code -Dbench.uiRounds=N} (default 3); {@code -Dbench.uiStretches=N} (default 0) pages through N
 * stretches of 50 pages too, for max_fx_stall_ms. Prints each variant's medians and its median
 * difference from the app in the same round.
 *
 * <p>{@code -Dbench.mechanismGroup=inbox} runs the inbox group's child instead (see {@link
 * InboxUiBench}; e.g. with {@code -Dbench.inbox.parts=page} in a variant's flags) and prints every
 * figure it gives, per variant.
 */
public final class MechanismRuns {
    private MechanismRuns() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(System.getProperty("bench.dir", "target/bench"));
        Files.createDirectories(dir);
        Map<String, List<String>> variants = new LinkedHashMap<>();
        variants.put("app", List.of());
        String extra = System.getProperty("bench.uiVariants", "").trim();
        for (String v : extra.isEmpty() ? new String[0] : extra.split(";")) {
            String[] nameAndFlags = v.trim().split("=", 2);
            variants.put(nameAndFlags[0].trim(), List.of(nameAndFlags[1].trim().split("\\s+")));
        }
        int rounds = Integer.getInteger("bench.uiRounds", 3);
        System.out.println("load average at start: " + BenchSuite.loadAverage());
        Map<String, List<Double>> login = new LinkedHashMap<>();
        Map<String, List<Double>> first = new LinkedHashMap<>();
        Map<String, List<Double>> returning = new LinkedHashMap<>();
        Map<String, List<Double>> stall = new LinkedHashMap<>();
        int stretches = Integer.getInteger("bench.uiStretches", 0);
        variants.keySet()
                .forEach(
                        n -> {
                            login.put(n, new ArrayList<>());
                            first.put(n, new ArrayList<>());
                            returning.put(n, new ArrayList<>());
                            stall.put(n, new ArrayList<>());
                        });
        List<String> names = new ArrayList<>(variants.keySet());
        String group = System.getProperty("bench.mechanismGroup", "ui");
        if (!group.equals("ui")) {
            otherGroup(group, dir, variants, rounds);
            return;
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < names.size(); k++) {
                String n = names.get((k + r) % names.size());
                List<String> flags = new ArrayList<>(variants.get(n));
                flags.add("-Dbench.stretches=" + stretches);
                System.out.println("round " + r + " variant " + n + " " + flags);
                for (Metric m : BenchSuite.runChild("ui", dir, flags)) {
                    if (m.name().equals("login_to_first_page_ms")) {
                        login.get(n).add(m.value());
                        first.get(n).add(firstOfProcess(m.note()));
                    } else if (m.name().equals("max_fx_stall_ms")) {
                        stall.get(n).add(m.value());
                    }
                }
                if (stretches == 0) {
                    for (Metric m : BenchSuite.runChild("ui-returning", dir, flags)) {
                        returning.get(n).add(m.value());
                    }
                }
            }
        }
        System.out.println("load average at end: " + BenchSuite.loadAverage());
        for (String n : names) {
            System.out.printf(
                    Locale.ROOT,
                    "variant %s %s: login_to_first_page_ms %s (median %.1f); first login of a new user %s; of a returning user %s; max_fx_stall_ms %s%n",
                    n,
                    variants.get(n),
                    Stats.runs(login.get(n), 1),
                    Stats.median(login.get(n)),
                    Stats.runs(first.get(n), 0),
                    Stats.runs(returning.get(n), 0),
                    Stats.runs(stall.get(n), 1));
        }
    }

    /** Each variant's figures of another group's child, in rotated order per round. */
    private static void otherGroup(
            String group, Path dir, Map<String, List<String>> variants, int rounds)
            throws Exception {
        List<String> names = new ArrayList<>(variants.keySet());
        Map<String, Map<String, List<Double>>> figures = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < names.size(); k++) {
                String n = names.get((k + r) % names.size());
                System.out.println("round " + r + " variant " + n + " " + variants.get(n));
                for (Metric m : BenchSuite.runChild(group, dir, variants.get(n))) {
                    figures.computeIfAbsent(m.name(), x -> new LinkedHashMap<>())
                            .computeIfAbsent(n, x -> new ArrayList<>())
                            .add(m.value());
                }
            }
        }
        System.out.println("load average at end: " + BenchSuite.loadAverage());
        figures.forEach(
                (metric, byVariant) ->
                        byVariant.forEach(
                                (n, values) ->
                                        System.out.printf(
                                                Locale.ROOT,
                                                "variant %s %s: %s %s (median %.1f)%n",
                                                n,
                                                variants.get(n),
                                                metric,
                                                Stats.runs(values, 1),
                                                Stats.median(values))));
    }

    /** The first login's figure from the login metric's note. */
    static double firstOfProcess(String note) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("1 s in the dialog\\) (\\d+) ms").matcher(note);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
