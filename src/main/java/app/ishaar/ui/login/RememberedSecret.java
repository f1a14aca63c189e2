package app.ishaar.ui.login;

import app.ishaar.core.io.LazyLogger;
import app.ishaar.core.secrets.SecretStore;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * The secret remembered in the system keychain, per saved profile: whether there is a keychain,
 * reading a remembered secret, and keeping or forgetting it after a login. The keychain is asked
 * off the FX thread; every copy of a secret handled here is wiped once used.
 */
public final class RememberedSecret {

    private static final System.Logger LOG = LazyLogger.of(RememberedSecret.class.getName());

    private final Executor fx;
    private final Executor background;
    private final SecretStore secrets;
    private final BooleanProperty remember;
    private final ReadOnlyBooleanWrapper available =
            new ReadOnlyBooleanWrapper(this, "rememberAvailable", false);

    /**
     * {@code remember}: the form's choice to remember the secret, unticked when there is no
     * keychain.
     */
    RememberedSecret(
            Executor fx, Executor background, SecretStore secrets, BooleanProperty remember) {
        this.fx = fx;
        this.background = background;
        this.secrets = secrets;
        this.remember = remember;
    }

    /** Whether there is a keychain to remember the secret in (false until asked). */
    ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    /** Asks whether there is a keychain. */
    void probe() {
        CompletableFuture.supplyAsync(secrets::isAvailable, background)
                .whenCompleteAsync(
                        (ok, e) -> {
                            boolean there = e == null && Boolean.TRUE.equals(ok);
                            available.set(there);
                            if (!there) {
                                remember.set(false);
                            }
                        },
                        fx);
    }

    /**
     * Reads the profile's remembered secret and hands it to {@code found} on the FX thread, if
     * there is one; the array is wiped after.
     */
    void load(String profileId, Consumer<char[]> found) {
        CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return secrets.load(profileId);
                            } catch (SecretStore.SecretStoreException e) {
                                LOG.log(
                                        System.Logger.Level.WARNING,
                                        "remembered secret could not be read: {0}",
                                        e.getMessage());
                                return Optional.<char[]>empty();
                            }
                        },
                        background)
                .thenAcceptAsync(
                        loaded ->
                                loaded.ifPresent(
                                        chars -> {
                                            found.accept(chars);
                                            Arrays.fill(chars, '\0');
                                        }),
                        fx);
    }

    /**
     * After a login: keeps {@code copy} as the profile's secret when {@code rememberIt}, else
     * forgets any it had; {@code copy} is wiped after.
     */
    void keepOrForget(String profileId, boolean rememberIt, char[] copy) {
        background.execute(
                () -> {
                    try {
                        if (rememberIt) {
                            secrets.save(profileId, copy);
                        } else if (secrets.isAvailable()) {
                            secrets.delete(profileId);
                        }
                    } catch (SecretStore.SecretStoreException e) {
                        LOG.log(System.Logger.Level.WARNING, "keychain: {0}", e.getMessage());
                    } finally {
                        Arrays.fill(copy, '\0');
                    }
                });
    }
}
