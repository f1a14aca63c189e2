package app.ishaar.cli;

/** A failure the command line reports as one line with its exit code (not a service error). */
final class CliException extends Exception {
    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    static CliException usage(String message) {
        return new CliException(ExitCodes.USAGE, message);
    }

    int exitCode() {
        return exitCode;
    }
}
