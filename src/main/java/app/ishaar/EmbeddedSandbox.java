package app.ishaar;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * Wiring of the built-in sandbox into the client: starts {@link Sandbox} in this process on first
 * use, once, and stops it on {@link #close()} (or at JVM exit). The command line uses the default
 * configuration (which honours the system properties the sandbox defines); the desktop app and its
 * tests may supply another.
 */
public final class EmbeddedSandbox implements SandboxProvider, AutoCloseable {
    private static final System.Logger LOG = LazyLogger.of(EmbeddedSandbox.class.getName());

    private final Supplier<SandboxConfig> config;
    private Sandbox sandbox;
    private Thread shutdownHook;

    public EmbeddedSandbox() {
        this(SandboxConfig::defaults);
    }

    public EmbeddedSandbox(Supplier<SandboxConfig> config) {
        this.config = config;
    }

    /** The running sandbox, started if needed. */
    public synchronized Sandbox sandbox() throws IOException {
        if (sandbox == null) {
            long t0 = System.nanoTime();
            Sandbox started = Sandbox.start(config.get());
            sandbox = started;
            shutdownHook = new Thread(started::close, "ishaar-sandbox-stop");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            LOG.log(
                    System.Logger.Level.INFO,
                    "built-in sandbox started in {0} ms at {1} and {2}",
                    (System.nanoTime() - t0) / 1_000_000,
                    started.authUrl(),
                    started.baseUrl());
        }
        return sandbox;
    }

    @Override
    public Environment environment() throws ServiceException {
        Sandbox s;
        try {
            s = sandbox();
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "the built-in sandbox could not start: {0}",
                    e.toString());
            throw new NetworkException(
                    NetworkException.Kind.UNREACHABLE, "the built-in sandbox", e);
        }
        return Environment.sandbox(s.authUrl(), s.baseUrl());
    }

    @Override
    public synchronized void close() {
        if (sandbox != null) {
            sandbox.close();
            sandbox = null;
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException ignored) {
                // already shutting down
            }
        }
    }
}
