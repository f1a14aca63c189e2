package app.ishaar.sandbox;

import java.util.List;

/**
 * The built-in sandbox of the service: two loopback HTTP listeners (identity and API).
 * Implementation: issue #2. Contract used elsewhere:
 * {@code Sandbox.start(SandboxConfig)}, {@link #authUrl()}, {@link #baseUrl()}, {@link #accounts()},
 * {@link #knobs()}, {@link #close()}.
 */
public final class Sandbox implements AutoCloseable {

    public static Sandbox start(SandboxConfig config) throws java.io.IOException {
        throw new UnsupportedOperationException("not yet implemented (issue #2)");
    }

    /** e.g. {@code http://127.0.0.1:43121} (no trailing slash). */
    public String authUrl() {
        throw new UnsupportedOperationException();
    }

    /** e.g. {@code http://127.0.0.1:43122} (no trailing slash). */
    public String baseUrl() {
        throw new UnsupportedOperationException();
    }

    public List<SandboxAccount> accounts() {
        throw new UnsupportedOperationException();
    }

    /** Knobs that may change while running (latency, 503 share, rate limit, page-size cap, token lifetime). */
    public SandboxKnobs knobs() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}
}
