package app.ishaar.cli;

import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.Credentials;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.Proxies;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.Session;
import app.ishaar.core.service.http.ServiceClient;
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
            // and the pair typed at the terminal when a proxy asks for one (never an argument)
            TypedProxyPair typed = new TypedProxyPair();
            ClientConfig config =
                    io.clientConfig()
                            .withProxies(
                                    Proxies.fromEnvironment(io.env(), io.clientConfig().proxies())
                                            .withCredentialsFirst(typed));
            try (ServiceClient client = new ServiceClient(config);
                    Session session = client.openSession(env, credentials)) {
                for (int asked = 0; ; asked++) {
                    try {
                        return body.run(client, session);
                    } catch (Exception e) {
                        // asked only while nothing has been done: the login is what the proxy
                        // stopped, so running the command again repeats nothing
                        if (!(ServiceException.unwrap(e) instanceof NetworkException n)
                                || n.kind() != NetworkException.Kind.PROXY_AUTH
                                || session.tokenInfo().isPresent()
                                || !typed.ask(io, n.proxy(), asked)) {
                            throw e;
                        }
                    }
                }
            } finally {
                typed.wipe();
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
