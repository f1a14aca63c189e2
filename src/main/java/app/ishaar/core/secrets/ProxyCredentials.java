package app.ishaar.core.secrets;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.service.Proxies;
import java.net.PasswordAuthentication;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The user names and passwords of proxies that ask for them (HTTP 407, Basic), kept in the OS
 * keychain like the client secret: one entry per proxy, under {@code proxy:host:port}, holding
 * {@code user:password} (a Basic user name has no colon). Each entry is read from the keychain once
 * a run and then answered from memory; where there is no keychain, a pair given is kept for the run
 * only.
 */
public final class ProxyCredentials implements Proxies.CredentialSource {
    private static final System.Logger LOG = LazyLogger.of(ProxyCredentials.class.getName());

    /** Where a pair was kept. */
    public enum Kept {
        /** In the keychain: asked for once, used from then on. */
        KEYCHAIN,
        /** For this run only: there is no keychain, or it refused the entry. */
        THIS_RUN
    }

    private final SecretStore store;
    private final Map<String, Optional<Pair>> known = new ConcurrentHashMap<>();

    public ProxyCredentials(SecretStore store) {
        this.store = store;
    }

    private record Pair(String user, char[] password) {}

    /** The keychain entry of a proxy: {@code proxy:host:port}, the host in lower case. */
    public static String account(String host, int port) {
        return "proxy:" + host.toLowerCase(Locale.ROOT) + ":" + port;
    }

    /** Called on the HTTP client's threads when a proxy's tunnel is opened; may block. */
    @Override
    public Optional<PasswordAuthentication> forProxy(String host, int port) {
        return pair(host, port)
                .map(p -> new PasswordAuthentication(p.user(), p.password().clone()));
    }

    /**
     * Whether a pair is known for this proxy: it is given with every tunnel, so a 407 from the
     * proxy then means the proxy refused it.
     */
    public boolean has(String host, int port) {
        return pair(host, port).isPresent();
    }

    /** The user name known for this proxy, to fill in when asking again; empty if none. */
    public Optional<String> userName(String host, int port) {
        return pair(host, port).map(Pair::user);
    }

    private Optional<Pair> pair(String host, int port) {
        return known.computeIfAbsent(account(host, port), this::load);
    }

    private Optional<Pair> load(String account) {
        try {
            Optional<char[]> stored = store.load(account);
            if (stored.isEmpty()) {
                return Optional.empty();
            }
            char[] entry = stored.get();
            try {
                int colon = indexOf(entry, ':');
                if (colon <= 0) {
                    return Optional.empty(); // not an entry of ours
                }
                return Optional.of(
                        new Pair(
                                new String(entry, 0, colon),
                                Arrays.copyOfRange(entry, colon + 1, entry.length)));
            } finally {
                Arrays.fill(entry, '\0');
            }
        } catch (SecretStore.SecretStoreException e) {
            LOG.log(System.Logger.Level.INFO, "proxy credentials not read: {0}", e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * Keeps this pair for the proxy: from now on for this run, and in the keychain when there is
     * one (called off the UI thread). The caller keeps ownership of {@code password}.
     *
     * @throws IllegalArgumentException when the user name is empty or has a colon
     */
    public Kept save(String host, int port, String user, char[] password) {
        if (user == null || user.isEmpty() || user.indexOf(':') >= 0) {
            throw new IllegalArgumentException("a proxy user name is not empty and has no colon");
        }
        String account = account(host, port);
        Optional<Pair> old = known.put(account, Optional.of(new Pair(user, password.clone())));
        if (old != null) {
            old.ifPresent(p -> Arrays.fill(p.password(), '\0'));
        }
        char[] entry = new char[user.length() + 1 + password.length];
        user.getChars(0, user.length(), entry, 0);
        entry[user.length()] = ':';
        System.arraycopy(password, 0, entry, user.length() + 1, password.length);
        try {
            if (!store.isAvailable()) {
                return Kept.THIS_RUN;
            }
            store.save(account, entry);
            return Kept.KEYCHAIN;
        } catch (SecretStore.SecretStoreException e) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "proxy credentials kept for this run: {0}",
                    e.getMessage());
            return Kept.THIS_RUN;
        } finally {
            Arrays.fill(entry, '\0');
        }
    }

    /** Forgets the pair of this proxy, in memory and in the keychain. */
    public void forget(String host, int port) {
        String account = account(host, port);
        Optional<Pair> old = known.remove(account);
        if (old != null) {
            old.ifPresent(p -> Arrays.fill(p.password(), '\0'));
        }
        try {
            store.delete(account);
        } catch (SecretStore.SecretStoreException e) {
            LOG.log(
                    System.Logger.Level.INFO,
                    "proxy credentials not forgotten: {0}",
                    e.getMessage());
        }
    }

    private static int indexOf(char[] chars, char c) {
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] == c) {
                return i;
            }
        }
        return -1;
    }
}
