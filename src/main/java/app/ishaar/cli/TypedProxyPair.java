package app.ishaar.cli;

import app.ishaar.core.service.Proxies;
import java.net.PasswordAuthentication;
import java.util.Arrays;
import java.util.Optional;

/**
 * A proxy's user name and password typed at the terminal when the proxy answered 407 (the password
 * without echo), for this run only: never an argument, never stored, never printed.
 */
final class TypedProxyPair implements Proxies.CredentialSource {
    /** Times a refused pair is asked for again before the command gives up. */
    static final int MAX_ASKS = 3;

    private volatile String proxy;
    private volatile String user;
    private volatile char[] password;

    @Override
    public Optional<PasswordAuthentication> forProxy(String host, int port) {
        char[] p = password;
        String forProxy = proxy;
        if (p == null || forProxy == null || !forProxy.equalsIgnoreCase(host + ":" + port)) {
            return Optional.empty();
        }
        return Optional.of(new PasswordAuthentication(user, p.clone()));
    }

    /**
     * Asks for a pair for {@code proxy} ("host:port") on the terminal; false when there is no
     * terminal, nothing was typed, or it was asked {@value #MAX_ASKS} times already.
     *
     * @param asked how many times it was asked before (a pair then was refused)
     */
    boolean ask(CliIo io, String proxy, int asked) {
        if (io.prompt() == null || proxy == null || asked >= MAX_ASKS) {
            return false;
        }
        io.err()
                .println(
                        asked == 0
                                ? "The proxy " + proxy + " asks for a user name and password."
                                : "The proxy "
                                        + proxy
                                        + " refused that user name and password; try again.");
        String name = io.prompt().readLine("Proxy user name: ");
        if (name == null || name.isBlank()) {
            return false;
        }
        char[] secret = io.prompt().read("Proxy password: ");
        if (secret == null) {
            return false;
        }
        wipe();
        this.user = name.strip();
        this.password = secret;
        this.proxy = proxy;
        return true;
    }

    void wipe() {
        char[] p = password;
        password = null;
        if (p != null) {
            Arrays.fill(p, '\0');
        }
    }
}
