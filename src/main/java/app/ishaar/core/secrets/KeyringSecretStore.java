package app.ishaar.core.secrets;

import app.ishaar.core.io.LazyLogger;
import com.github.javakeyring.BackendNotSupportedException;
import com.github.javakeyring.Keyring;
import com.github.javakeyring.PasswordAccessException;
import java.util.Optional;

/**
 * The OS keychain through java-keyring. Availability is probed once, lazily, by opening the keyring
 * and reading a probe entry: on a Linux machine without a Secret Service (headless CI) that fails
 * and the store reports itself unavailable rather than failing at the user's "remember".
 *
 * <p>java-keyring takes and returns {@code String}s: the secret exists as a String only for the
 * duration of the native call.
 *
 * <p>Everything that names a java-keyring class is in the nested {@code Backend}, loaded at the
 * first probe: the store itself is made on the app's start-up path, and loading (verifying) a class
 * that catches java-keyring's exceptions would open java-keyring's jar there, before the first
 * frame.
 */
public final class KeyringSecretStore implements SecretStore {

    public static final String SERVICE = "Ishaar";
    private static final String PROBE = "ishaar-availability-probe";
    private static final System.Logger LOG = LazyLogger.of(KeyringSecretStore.class.getName());

    private final Object lock = new Object();
    private volatile boolean probed;
    private Backend backend;
    private String unavailableReason;

    private void probe() {
        if (probed) {
            return;
        }
        synchronized (lock) {
            if (probed) {
                return;
            }
            try {
                backend = Backend.open();
            } catch (SecretStoreException e) {
                unavailableReason = e.getMessage();
                LOG.log(
                        System.Logger.Level.INFO,
                        "secrets cannot be remembered: {0}",
                        unavailableReason);
            }
            probed = true;
        }
    }

    @Override
    public boolean isAvailable() {
        probe();
        return backend != null;
    }

    @Override
    public Optional<String> unavailableReason() {
        probe();
        return Optional.ofNullable(unavailableReason);
    }

    @Override
    public Optional<char[]> load(String account) throws SecretStoreException {
        return isAvailable() ? backend.load(account) : Optional.empty();
    }

    @Override
    public void save(String account, char[] secret) throws SecretStoreException {
        if (!isAvailable()) {
            throw new SecretStoreException("no keychain: " + unavailableReason, null);
        }
        backend.save(account, secret);
    }

    @Override
    public void delete(String account) throws SecretStoreException {
        if (isAvailable()) {
            backend.delete(account);
        }
    }

    /** The keyring itself, opened by {@link #open()}. */
    private static final class Backend {
        private final Keyring keyring;

        private Backend(Keyring keyring) {
            this.keyring = keyring;
        }

        /**
         * Opens the keyring and reads a probe entry; fails with the reason when it cannot be used.
         */
        static Backend open() throws SecretStoreException {
            try {
                Keyring k = Keyring.create();
                try {
                    k.getPassword(SERVICE, PROBE);
                } catch (PasswordAccessException notFound) {
                    // "no such entry" is the expected answer; a keyring that cannot answer at all
                    // throws a RuntimeException
                }
                return new Backend(k);
            } catch (BackendNotSupportedException e) {
                throw new SecretStoreException("no supported keychain on this system", null);
            } catch (RuntimeException | LinkageError e) {
                throw new SecretStoreException(
                        "the keychain does not answer (" + e.getClass().getSimpleName() + ")",
                        null);
            }
        }

        Optional<char[]> load(String account) throws SecretStoreException {
            try {
                String s = keyring.getPassword(SERVICE, account);
                return s == null ? Optional.empty() : Optional.of(s.toCharArray());
            } catch (PasswordAccessException e) {
                return Optional.empty();
            } catch (RuntimeException e) {
                throw new SecretStoreException(
                        "the keychain could not be read (" + e.getClass().getSimpleName() + ")",
                        null);
            }
        }

        void save(String account, char[] secret) throws SecretStoreException {
            try {
                keyring.setPassword(SERVICE, account, new String(secret));
            } catch (PasswordAccessException | RuntimeException e) {
                throw new SecretStoreException(
                        "the keychain refused to store the secret ("
                                + e.getClass().getSimpleName()
                                + ")",
                        null);
            }
        }

        void delete(String account) throws SecretStoreException {
            try {
                keyring.deletePassword(SERVICE, account);
            } catch (PasswordAccessException e) {
                // nothing was stored
            } catch (RuntimeException e) {
                throw new SecretStoreException(
                        "the keychain could not delete the entry ("
                                + e.getClass().getSimpleName()
                                + ")",
                        null);
            }
        }
    }
}
