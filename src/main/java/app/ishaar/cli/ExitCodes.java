package app.ishaar.cli;

/** The exit codes of the command line. */
public final class ExitCodes {
    private ExitCodes() {}

    public static final int OK = 0;

    /** An unexpected internal error (a bug). */
    public static final int INTERNAL = 1;

    /** Bad usage or input; the message names the option. */
    public static final int USAGE = 2;

    /** The identity service rejected the login. */
    public static final int LOGIN_REJECTED = 3;

    /** Not permitted, or the session could not be renewed. */
    public static final int NOT_PERMITTED = 4;

    /** The service or the network failed after the retries. */
    public static final int SERVICE = 5;
}
