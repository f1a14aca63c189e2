package app.ishaar.cli;

import app.ishaar.core.service.ServiceClient;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** The command line (picocli): {@code ishaar login|notifications|sandbox}. */
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
        CommandLine cl = commandLine(io);
        return cl.execute(args);
    }

    static CommandLine commandLine(CliIo io) {
        CommandLine cl = new CommandLine(new IshaarCli(io));
        cl.addSubcommand(new CommandLine(new LoginCommand(io)));
        cl.addSubcommand(new CommandLine(new NotificationsCommand(io)));
        cl.addSubcommand(new CommandLine(new SandboxCommand()));
        cl.addSubcommand(new CommandLine(new InboxCommand(io)));
        cl.addSubcommand(
                new CommandLine(new ArchiveCommand(io))
                        .addSubcommand(new CommandLine(new ArchiveCommand.Info(io)))
                        .addSubcommand(new CommandLine(new ArchiveCommand.Forget(io))));
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
                    io.err()
                            .println(
                                    "ishaar: "
                                            + ErrorReporter.safeLine(
                                                    "internal error: "
                                                            + ex.getClass().getName()
                                                            + (ex.getMessage() == null
                                                                    ? ""
                                                                    : ": " + ex.getMessage())));
                    return ExitCodes.INTERNAL;
                });
        return cl;
    }

    private static app.ishaar.core.service.SandboxProvider defaultSandbox() {
        return new app.ishaar.EmbeddedSandbox();
    }

    /** Quiet logs unless --verbose (the client's INFO lines would otherwise reach stderr). */
    static void logging(boolean verbose) {
        APP_LOGGER.setLevel(verbose ? Level.INFO : Level.WARNING);
    }

    @Override
    public Integer call() {
        // no subcommand
        io.err()
                .println(
                        "ishaar: name a command: login, notifications or sandbox (see 'ishaar --help')");
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
