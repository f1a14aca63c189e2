package app.ishaar;

import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.core.service.ServiceException;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.io.IOException;

/**
 * Wiring of the built-in sandbox into the client: starts {@link Sandbox} in this process on first
 * use, with its default configuration (which honours the system properties the sandbox defines),
 * and stops it on {@link #close()} (or at JVM exit).
 */
public final class EmbeddedSandbox implements SandboxProvider, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(EmbeddedSandbox.class.getName());

    private Sandbox sandbox;
    private Thread shutdownHook;

    @Override
    public synchronized Environment environment() throws ServiceException {
        if (sandbox == null) {
            try {
                sandbox = Sandbox.start(SandboxConfig.defaults());
            } catch (IOException | RuntimeException e) {
                throw new NetworkException(NetworkException.Kind.UNREACHABLE, "the built-in sandbox", e);
            }
            Sandbox started = sandbox;
            shutdownHook = new Thread(started::close, "ishaar-sandbox-stop");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            LOG.log(System.Logger.Level.INFO, "built-in sandbox started at {0} and {1}", started.authUrl(), started.baseUrl());
        }
        return Environment.sandbox(sandbox.authUrl(), sandbox.baseUrl());
    }

    /** The running sandbox, or null before {@link #environment()}. */
    public synchronized Sandbox sandbox() {
        return sandbox;
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
