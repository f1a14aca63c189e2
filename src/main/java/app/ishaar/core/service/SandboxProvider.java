package app.ishaar.core.service;

/**
 * Starts the built-in sandbox on demand (in-process) and tells where it listens. The core does not
 * know the sandbox: the application's wiring supplies an implementation.
 */
public interface SandboxProvider {
    /** Starts the sandbox if it is not running yet; returns its environment (Kind.SANDBOX). */
    Environment environment() throws ServiceException;
}
