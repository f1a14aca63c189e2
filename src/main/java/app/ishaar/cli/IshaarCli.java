package app.ishaar.cli;

import app.ishaar.core.service.http.ServiceClient;
import app.ishaar.core.support.LogFormat;
import app.ishaar.core.support.SupportLog;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** The command line (picocli): {@code ishaar login|notifications|sync|sandbox}. */
@Command(
        name = "ishaar",
        mixinStandardHelpOptions = true,
        versionProvider = IshaarCli.Version.class,
        description =
                "Ishaar: the taxpayer notification history of the e-invoicing service.%n"
                        + "Exit codes: 0 done, 2 bad usage or input, 3 login rejected, 4 not permitted or session not renewable,"
                        + " 5 service or network failure.")
public final class IshaarCli implements java.util.concurrent.Callable<Integer> {

    /** Keeps the configured logger reachable (JUL holds loggers weakly). */
    private static final Logger APP_LOGGER = Logger.getLogger("app.ishaar");

    private final CliIo io;

    private IshaarCli(CliIo io) {
        this.io = io;
    }

    /**
     * Runs a command line and returns its exit code (0 done, 2 usage, 3 login, 4 permission, 5
     * service).
     */
    public static int run(String... args) {
        return run(CliIo.system(IshaarCli::defaultSandbox), args);
    }

    /** The same with injected streams, environment, prompt and settings (tests). */
    public static int run(CliIo io, String... args) {
        String id = null;
        long start = System.nanoTime();
        logging(
                java.util.List.of(args).contains("-v")
                        || java.util.List.of(args).contains("--verbose"));
        if (io.logDir() != null && SupportLog.install(io.logDir(), "cli")) {
            supportLog = true;
            APP_LOGGER.setLevel(Level.INFO);
            id = SupportLog.newId();
            APP_LOGGER.log(
                    Level.INFO,
                    "run {0}: Ishaar {1}, Java {2}, {3}: ishaar {4}",
                    new Object[] {
                        id,
                        ServiceClient.version(),
                        System.getProperty("java.version"),
                        System.getProperty("os.name"),
                        optionNames(args)
                    });
        }
        CommandLine cl = commandLine(io);
        int code = cl.execute(args);
        if (id != null) {
            APP_LOGGER.log(
                    Level.INFO,
                    "run {0}: exit {1} in {2} ms",
                    new Object[] {id, code, (System.nanoTime() - start) / 1_000_000});
            SupportLog.flush();
        }
        return code;
    }

    /**
     * The command and the names of the options given, never their values (a value may be a path, a
     * client ID or a filter; a secret is never an argument, but one typed by mistake stays out).
     */
    static String optionNames(String... args) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i == 0 && !a.startsWith("-")) {
                b.append(a.replaceAll("[^a-z-]", "?"));
            } else if (a.startsWith("-")) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                b.append(b.length() == 0 ? "" : " ").append(name.replaceAll("[^A-Za-z-]", "?"));
            }
        }
        return b.toString();
    }

    static CommandLine commandLine(CliIo io) {
        CommandLine cl = new CommandLine(new IshaarCli(io));
        cl.addSubcommand(new CommandLine(new LoginCommand(io)));
        cl.addSubcommand(new CommandLine(new NotificationsCommand(io)));
        cl.addSubcommand(new CommandLine(new SyncCommand(io)));
        cl.addSubcommand(new CommandLine(new SandboxCommand()));
        cl.addSubcommand(new CommandLine(new InboxCommand(io)));
        cl.addSubcommand(new CommandLine(new HandleCommand(io)));
        cl.addSubcommand(new CommandLine(new ReportCommand(io)));
        cl.addSubcommand(
                new CommandLine(new ArchiveCommand(io))
                        .addSubcommand(new CommandLine(new ArchiveCommand.Info(io)))
                        .addSubcommand(new CommandLine(new ArchiveCommand.Forget(io)))
                        .addSubcommand(new CommandLine(new ArchiveNamesCommand.Name(io)))
                        .addSubcommand(new CommandLine(new ArchiveNamesCommand.Names(io)))
                        .addSubcommand(new CommandLine(new ArchiveAccessCommand.Grant(io)))
                        .addSubcommand(new CommandLine(new ArchiveAccessCommand.Revoke(io)))
                        .addSubcommand(new CommandLine(new ArchiveGrantsCommand(io)))
                        .addSubcommand(new CommandLine(new ArchivePeopleCommand(io))));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
        cl.setParameterExceptionHandler(
                (ex, args) -> {
                    CommandLine c = ex.getCommandLine();
                    io.err()
                            .println(
                                    "ishaar: "
                                            + ErrorReporter.safeLine(ex.getMessage())
                                            + " (see '"
                                            + c.getCommandSpec().qualifiedName()
                                            + " --help')");
                    return ExitCodes.USAGE;
                });
        cl.setExecutionExceptionHandler(
                (ex, c, parsed) -> {
                    System.getLogger("app.ishaar.cli")
                            .log(System.Logger.Level.ERROR, "internal error", ex);
                    io.err().println("ishaar: " + ErrorReporter.INTERNAL_LINE);
                    return ExitCodes.INTERNAL;
                });
        return cl;
    }

    private static app.ishaar.core.service.SandboxProvider defaultSandbox() {
        return new app.ishaar.EmbeddedSandbox();
    }

    /** Whether this process writes the support log (then INFO goes there, whatever -v says). */
    private static volatile boolean supportLog;

    /**
     * The console's share of the logs: with --verbose the INFO lines on stderr, one line each;
     * without, none (the one line the command prints says what failed; the support log has the
     * rest).
     */
    static void logging(boolean verbose) {
        APP_LOGGER.setLevel(verbose || supportLog ? Level.INFO : Level.WARNING);
        for (Handler h : Logger.getLogger("").getHandlers()) {
            if (h instanceof ConsoleHandler) {
                h.setLevel(verbose ? Level.INFO : Level.OFF);
                if (verbose) {
                    h.setFormatter(new LogFormat("cli"));
                }
            }
        }
    }

    @Override
    public Integer call() {
        // no subcommand
        io.err()
                .println(
                        "ishaar: name a command: login, notifications, sync or sandbox (see 'ishaar --help')");
        return ExitCodes.USAGE;
    }

    /** {@code Ishaar <version>} from the jar's manifest. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"Ishaar " + ServiceClient.version()};
        }
    }
}
