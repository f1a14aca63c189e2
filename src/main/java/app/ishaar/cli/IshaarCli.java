package app.ishaar.cli;

/** The command line (picocli). Implementation: issues #2 (sandbox command) and #3. */
public final class IshaarCli {
    private IshaarCli() {}

    /** Runs a command line and returns its exit code (0 done, 2 usage, 3 login, 4 permission, 5 service). */
    public static int run(String... args) {
        System.err.println("ishaar: the command line is not implemented yet");
        return 2;
    }
}
