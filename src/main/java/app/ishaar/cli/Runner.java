package app.ishaar.cli;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.Proxies;
import app.ishaar.core.service.ServiceClient;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Opens a client and a session from the connection options, runs a command body, maps failures to
 * exit codes.
 */
final class Runner {
    private Runner() {}

    @FunctionalInterface
    interface Body {
        int run(ServiceClient client, Session session) throws Exception;
    }

    static int run(CliIo io, ConnectionOptions c, Body body) {
        IshaarCli.logging(c.verbose);
        try {
            Environment env = c.environment(io);
            Credentials credentials = c.credentials(io);
            // the command line's convention first (HTTPS_PROXY, NO_PROXY), then the system's
            ClientConfig config =
                    io.clientConfig()
                            .withProxies(
                                    Proxies.fromEnvironment(io.env(), io.clientConfig().proxies()));
            try (ServiceClient client = new ServiceClient(config);
                    Session session = client.openSession(env, credentials)) {
                return body.run(client, session);
            }
        } catch (Throwable t) {
            return ErrorReporter.report(
                    ServiceException.unwrap(t), io.err(), c.verbose, c.onBehalfOf, c.scope);
        } finally {
            if (c.startedSandbox instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception ignored) {
                    // stopping the sandbox cannot change the outcome
                }
            }
        }
    }

    /** Waits for a future, rethrowing its failure unwrapped. */
    static <T> T await(CompletableFuture<T> f) throws Exception {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = ServiceException.unwrap(e);
            if (c instanceof Exception ex) {
                throw ex;
            }
            throw e;
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        }
    }
}
