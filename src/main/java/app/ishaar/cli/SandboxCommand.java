package app.ishaar.cli;

import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxAccount;
import app.ishaar.sandbox.SandboxConfig;
import app.ishaar.sandbox.SandboxTaxpayer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ishaar sandbox}: runs the built-in sandbox in the foreground until Ctrl-C / SIGTERM (or
 * {@link #stop()}), printing its two base URLs and the demo accounts. With {@code --json} the first
 * line of standard output is one JSON object with the same information.
 */
@Command(
        name = "sandbox",
        description =
                "Runs the built-in sandbox of the service (identity + API on 127.0.0.1) until Ctrl-C.")
public final class SandboxCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    @Option(
            names = "--auth-port",
            paramLabel = "N",
            description = "Port of the identity service (default: any free port).")
    int authPort;

    @Option(
            names = "--api-port",
            paramLabel = "N",
            description = "Port of the integration API (default: any free port).")
    int apiPort;

    @Option(
            names = "--json",
            description = "Print the URLs and accounts as one JSON object on the first line.")
    boolean json;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description =
                    "Seed of the generated data (default: ${sys:ishaar.sandbox.seed:-"
                            + SandboxConfig.DEFAULT_SEED
                            + "}).")
    Long seed;

    @Option(
            names = "--notifications",
            paramLabel = "N",
            description = "Notifications per taxpayer, 0..1000000 (default: 2500).")
    Integer notifications;

    @Option(
            names = "--arrivals-per-hour",
            paramLabel = "N",
            description =
                    "New notifications per taxpayer and hour, arriving as the clock passes their sent time, over the "
                            + SandboxConfig.ARRIVALS_DAYS
                            + " days after the start of the hour (default: 0, a fixed history).")
    Double arrivalsPerHour;

    @Option(
            names = "--represented",
            paramLabel = "N",
            description =
                    "Add the intermediary account erp-pyramids-advisers representing N generated taxpayers, 0.."
                            + SandboxConfig.MAX_REPRESENTED
                            + " (default: 0, no such account).")
    Integer represented;

    @Option(
            names = "--token-lifetime",
            paramLabel = "SECONDS",
            description = "Access-token lifetime in seconds (default: 3600).")
    Long tokenLifetime;

    @Option(
            names = "--latency-ms",
            paramLabel = "MS",
            description = "Latency added to every login and query (default: 0).")
    Long latencyMs;

    @Option(
            names = "--max-page-size",
            paramLabel = "N",
            description = "Maximum pageSize of the query (default: 100).")
    Integer maxPageSize;

    @Option(
            names = "--rate-limit",
            paramLabel = "N[/SECONDS]",
            description =
                    "At most N logins and N queries per client id per window (default window 60 s), then 429 + Retry-After.")
    String rateLimit;

    @Option(
            names = "--fail-503-share",
            paramLabel = "0..1",
            description = "Share of logins and queries answered with 503 (default: 0).")
    Double fail503Share;

    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile Sandbox running;

    /** Ends {@link #call()} (as Ctrl-C does); safe to call from any thread, any time. */
    public void stop() {
        stop.countDown();
    }

    /** The running sandbox, or null before start / after stop (for tests). */
    public Sandbox sandbox() {
        return running;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        SandboxConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("ishaar sandbox: " + e.getMessage());
            return 2;
        }
        Sandbox sandbox = Sandbox.start(config);
        running = sandbox;
        Thread hook =
                new Thread(
                        () -> {
                            stop.countDown();
                            sandbox.close();
                        },
                        "ishaar-sandbox-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (json) {
                out.println(new ObjectMapper().writeValueAsString(describe(sandbox)));
            } else {
                printHuman(out, sandbox);
            }
            out.flush();
            spec.commandLine().getErr().println("Sandbox running; press Ctrl-C to stop.");
            stop.await();
        } finally {
            running = null;
            sandbox.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run
            }
        }
        return 0;
    }

    private SandboxConfig config() {
        SandboxConfig.Builder b = SandboxConfig.builder().authPort(authPort).apiPort(apiPort);
        if (seed != null) b.seed(seed);
        if (notifications != null) b.notificationsPerTaxpayer(notifications);
        if (arrivalsPerHour != null) b.arrivalsPerHour(arrivalsPerHour);
        if (represented != null) b.represented(represented);
        if (tokenLifetime != null) b.tokenLifetime(Duration.ofSeconds(tokenLifetime));
        if (latencyMs != null) b.latency(Duration.ofMillis(latencyMs));
        if (maxPageSize != null) b.maxPageSize(maxPageSize);
        if (fail503Share != null) b.fail503Share(fail503Share);
        if (rateLimit != null) {
            String[] parts = rateLimit.trim().split("/", 2);
            try {
                int n = Integer.parseInt(parts[0].trim());
                long window =
                        parts.length > 1
                                ? Long.parseLong(parts[1].trim().replaceFirst("s$", ""))
                                : 60;
                b.rateLimit(n, Duration.ofSeconds(window));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "--rate-limit must look like 12 or 12/60: " + rateLimit);
            }
        }
        return b.build();
    }

    /**
     * The --json object:
     * {"authUrl","baseUrl","accounts":[{"clientId","clientSecret","kind","taxpayers":[{"rin","name","grantsNotifications"}]}]}.
     */
    static ObjectNode describe(Sandbox sandbox) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("authUrl", sandbox.authUrl());
        root.put("baseUrl", sandbox.baseUrl());
        ArrayNode accounts = root.putArray("accounts");
        for (SandboxAccount a : sandbox.accounts()) {
            ObjectNode o = accounts.addObject();
            o.put("clientId", a.clientId());
            o.put("clientSecret", a.clientSecret());
            o.put("kind", a.kind());
            ArrayNode taxpayers = o.putArray("taxpayers");
            for (SandboxTaxpayer t : a.taxpayers()) {
                ObjectNode to = taxpayers.addObject();
                to.put("rin", t.rin());
                to.put("name", t.nameEn());
                to.put("grantsNotifications", t.grantsNotifications());
            }
        }
        return root;
    }

    /** Taxpayers of one account listed in the human-readable output; --json lists all. */
    private static final int SHOWN_TAXPAYERS = 10;

    private static void printHuman(PrintWriter out, Sandbox sandbox) {
        out.println("Ishaar sandbox");
        out.println("  identity service (auth_url): " + sandbox.authUrl());
        out.println("  integration API (base_url):  " + sandbox.baseUrl());
        out.println(
                "  seed "
                        + sandbox.config().seed()
                        + ", anchor "
                        + sandbox.config().anchor()
                        + ", "
                        + sandbox.config().notificationsPerTaxpayer()
                        + " notifications per taxpayer"
                        + (sandbox.config().arrivalsPerHour() > 0
                                ? ", "
                                        + sandbox.config().arrivalsPerHour()
                                        + " more arriving an hour"
                                : ""));
        out.println("Accounts (client id / secret / kind):");
        for (SandboxAccount a : sandbox.accounts()) {
            out.println("  " + a.clientId() + " / " + a.clientSecret() + " / " + a.kind());
            List<SandboxTaxpayer> shown = a.taxpayers();
            if (shown.size() > SHOWN_TAXPAYERS) {
                shown = shown.subList(0, SHOWN_TAXPAYERS);
            }
            for (SandboxTaxpayer t : shown) {
                out.println(
                        "      "
                                + t.rin()
                                + "  "
                                + t.nameEn()
                                + " ("
                                + t.nameAr()
                                + ")"
                                + (t.grantsNotifications()
                                        ? ""
                                        : "  [no notification access granted]"));
            }
            if (shown.size() < a.taxpayers().size()) {
                out.println(
                        "      … and "
                                + (a.taxpayers().size() - shown.size())
                                + " more (--json lists them all)");
            }
        }
    }
}
