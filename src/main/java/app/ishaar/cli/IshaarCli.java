package app.ishaar.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line (picocli). Implementation: issues #2 (sandbox command) and #3. For now a minimal
 * top command whose only subcommand is {@link SandboxCommand}.
 */
public final class IshaarCli {
    private IshaarCli() {}

    @Command(name = "ishaar", mixinStandardHelpOptions = true, subcommands = SandboxCommand.class,
            description = "Ishaar: the e-invoicing service's notification history.")
    static final class Top implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing command");
        }
    }

    /** Runs a command line and returns its exit code (0 done, 2 usage, 3 login, 4 permission, 5 service). */
    public static int run(String... args) {
        return new CommandLine(new Top()).execute(args);
    }
}
