package app.ishaar.core.secrets;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A secret store that forgets everything when the process ends: for tests, and as the "unavailable"
 * stand-in.
 */
public final class InMemorySecretStore implements SecretStore {

    private final Map<String, char[]> secrets = new ConcurrentHashMap<>();
    private final String unavailableReason;

    /** An available in-memory store. */
    public InMemorySecretStore() {
        this(null);
    }

    private InMemorySecretStore(String unavailableReason) {
        this.unavailableReason = unavailableReason;
    }

    /** A store that refuses every write, reporting {@code reason}. */
    public static InMemorySecretStore unavailable(String reason) {
        return new InMemorySecretStore(reason);
    }

    @Override
    public boolean isAvailable() {
        return unavailableReason == null;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.ofNullable(unavailableReason);
    }

    @Override
    public Optional<char[]> load(String account) {
        char[] s = secrets.get(account);
        return s == null ? Optional.empty() : Optional.of(s.clone());
    }

    @Override
    public void save(String account, char[] secret) throws SecretStoreException {
        if (!isAvailable()) {
            throw new SecretStoreException("no keychain: " + unavailableReason, null);
        }
        char[] old = secrets.put(account, secret.clone());
        if (old != null) {
            Arrays.fill(old, '\0');
        }
    }

    @Override
    public void delete(String account) {
        char[] old = secrets.remove(account);
        if (old != null) {
            Arrays.fill(old, '\0');
        }
    }

    /** Whether an entry exists (tests). */
    public boolean contains(String account) {
        return secrets.containsKey(account);
    }
}
