package app.ishaar.cli;

/**
 * SIGTERM and SIGINT (Ctrl+C) as a request to stop, for a command that runs until stopped: the
 * first one calls {@code stop} and lets the command end by itself (its exit status its own); a
 * second one ends the process at once. Without the JDK's signal API (a runtime that lacks {@code
 * jdk.unsupported}), a shutdown hook asks the command to stop and waits for it instead.
 */
final class StopSignals {
    private static final System.Logger LOG = System.getLogger("app.ishaar.cli");

    private StopSignals() {}

    /**
     * Installs the handlers; {@code stop} must return at once, {@code ended} waits until the
     * command stopped (used only by the shutdown hook).
     */
    static void install(Runnable stop, Runnable ended) {
        boolean[] asked = {false};
        try {
            sun.misc.SignalHandler handler =
                    sig -> {
                        synchronized (asked) {
                            if (asked[0]) {
                                Runtime.getRuntime().halt(128 + sig.getNumber());
                            }
                            asked[0] = true;
                        }
                        stop.run();
                    };
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), handler);
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), handler);
        } catch (LinkageError | IllegalArgumentException e) {
            LOG.log(System.Logger.Level.DEBUG, "no signal handlers: {0}", e.toString());
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(
                                    () -> {
                                        stop.run();
                                        ended.run();
                                    },
                                    "ishaar-sync-stop"));
        }
    }
}
