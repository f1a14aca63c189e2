package app.ishaar.core.service;

/**
 * The one HTTP client of the application (one OkHttp client, one connection pool), and the factory
 * of {@link Session}s. Create one per process; close it on exit.
 *
 * <p>Implementation: issue #3. The signatures here are the contract the UI and the CLI rely on.
 */
public final class ServiceClient implements AutoCloseable {

    public ServiceClient(ClientConfig config) {
        throw new UnsupportedOperationException("not yet implemented (issue #3)");
    }

    /**
     * A session for these credentials; does not log in until {@link Session#login()} or the first
     * call. The session takes ownership of {@code credentials} (and wipes its secret on close).
     */
    public Session openSession(Environment environment, Credentials credentials) {
        throw new UnsupportedOperationException("not yet implemented (issue #3)");
    }

    /** "Ishaar/&lt;version&gt; (Java …; OS …)" as sent in {@code User-Agent}. */
    public String userAgent() {
        throw new UnsupportedOperationException("not yet implemented (issue #3)");
    }

    @Override
    public void close() {}
}
