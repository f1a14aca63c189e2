package app.ishaar.core.secrets;

import java.util.Optional;

/**
 * Where a client secret may be remembered between runs: only the operating system's keychain
 * (Secret Service, macOS Keychain, Windows Credential Manager), never a file of ours. Entries are
 * keyed by a profile id. Methods may block (D-Bus, native calls): call them off the UI thread.
 */
public interface SecretStore {

    /** Whether secrets can be kept at all; when not, {@link #unavailableReason()} says why. */
    boolean isAvailable();

    /** A plain English reason for logs when {@link #isAvailable()} is false; empty otherwise. */
    Optional<String> unavailableReason();

    /**
     * The remembered secret, as a fresh array the caller owns (and should wipe), if there is one.
     */
    Optional<char[]> load(String account) throws SecretStoreException;

    /** Remembers the secret; the caller keeps ownership of {@code secret}. */
    void save(String account, char[] secret) throws SecretStoreException;

    /** Forgets the secret; no error if there was none. */
    void delete(String account) throws SecretStoreException;

    /** A keychain operation failed. The message never contains the secret. */
    final class SecretStoreException extends Exception {
        public SecretStoreException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
