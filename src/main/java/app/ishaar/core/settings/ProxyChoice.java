package app.ishaar.core.settings;

import app.ishaar.core.service.Proxies;
import java.util.Locale;

/**
 * How the desktop app reaches the service (Settings → Proxy): through the operating system's proxy
 * settings (the default), directly, or through one HTTP proxy named here. Never holds credentials:
 * those are in the keychain ({@code core.secrets.ProxyCredentials}).
 *
 * @param mode {@value #SYSTEM}, {@value #NONE} or {@value #MANUAL}; the system's when absent or
 *     unknown, and when manual names no usable proxy
 * @param host the proxy's host name or address, for {@value #MANUAL}; null otherwise
 * @param port the proxy's port (1 to 65535), for {@value #MANUAL}; 0 otherwise
 */
public record ProxyChoice(String mode, String host, int port) {
    public static final String SYSTEM = "system";
    public static final String NONE = "none";
    public static final String MANUAL = "manual";

    public static final ProxyChoice SYSTEM_SETTINGS = new ProxyChoice(SYSTEM, null, 0);
    public static final ProxyChoice DIRECT = new ProxyChoice(NONE, null, 0);

    public ProxyChoice {
        mode = mode == null ? SYSTEM : mode.strip().toLowerCase(Locale.ROOT);
        if (MANUAL.equals(mode)) {
            host = host == null ? null : host.strip();
            if (host == null
                    || ProxyAddress.hostProblem(host) != null
                    || port < 1
                    || port > 65535) {
                mode = SYSTEM; // a hand-edited entry naming no usable proxy: as if absent
            }
        }
        if (!MANUAL.equals(mode)) {
            mode = NONE.equals(mode) ? NONE : SYSTEM;
            host = null;
            port = 0;
        }
    }

    /** One HTTP proxy for every address but this computer's own. */
    public static ProxyChoice manual(String host, int port) {
        return new ProxyChoice(MANUAL, host, port);
    }

    /** The proxy as typed back to the user: "host:port" ("[::1]:3128" for an IPv6 address). */
    public String address() {
        return host == null ? "" : ProxyAddress.format(host, port);
    }

    /**
     * The client's proxies for this choice: {@code system} (normally {@link Proxies#system()}) for
     * the system's settings; {@code credentials} answer a proxy that asks for a user name and
     * password.
     */
    public Proxies proxies(Proxies system, Proxies.CredentialSource credentials) {
        return switch (mode) {
            case MANUAL -> Proxies.manual(host, port, credentials);
            case NONE -> Proxies.none();
            default -> system.withCredentialsFirst(credentials);
        };
    }
}
