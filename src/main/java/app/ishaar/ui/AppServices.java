package app.ishaar.ui;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.location.ArchiveLocation;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.secrets.SecretStore;
import app.ishaar.core.service.ClientConfig;
import app.ishaar.core.service.SandboxProvider;
import app.ishaar.ui.login.DemoAccounts;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the desktop app is wired with, supplied from outside the UI (the root package knows the
 * sandbox; tests supply their own config folder, secret store, archive and client settings).
 *
 * @param sandbox starts the built-in sandbox on demand
 * @param demoAccounts lists the sandbox's demo accounts (may start it)
 * @param secrets the OS keychain, or a stand-in
 * @param configDir where settings.json lives
 * @param clientConfig the service client's tunables (its language is bound to the UI's by the app)
 * @param settingsDebounce how long settings changes are gathered before one write
 * @param archive opens the local archive (called once, off the FX thread, when first needed)
 */
public record AppServices(
        SandboxProvider sandbox,
        DemoAccounts demoAccounts,
        SecretStore secrets,
        Path configDir,
        ClientConfig clientConfig,
        Duration settingsDebounce,
        ArchiveSource archive) {

    /** Opens the archive the app reads and the sync writes. */
    @FunctionalInterface
    public interface ArchiveSource {
        Archive open() throws ArchiveException;

        /** The SQLite archive in this file. */
        static ArchiveSource file(Path file) {
            return () -> SqliteArchive.open(file);
        }

        /**
         * This source when the settings name where the archive lives (null: they do not): a source
         * that is the user's own follows them; one given (a test's file) stays.
         */
        default ArchiveSource named(String setting) {
            return this;
        }

        /**
         * The user's archive: the settings' archive when set ({@link #named}), else {@code
         * ISHAAR_ARCHIVE} (a file, or a shared archive's {@code postgresql://} location), else the
         * data folder of the system ({@link ArchiveLocation#open}).
         */
        static ArchiveSource usersOwn() {
            return new ArchiveSource() {
                @Override
                public Archive open() throws ArchiveException {
                    return at(null).open();
                }

                @Override
                public ArchiveSource named(String setting) {
                    return at(setting);
                }
            };
        }

        /**
         * The archive the settings name: a file or a shared archive on PostgreSQL (its password
         * from the environment, the keychain or {@code .pgpass}); null for the user's own.
         */
        static ArchiveSource at(String setting) {
            return () ->
                    ArchiveLocation.open(
                            setting,
                            System::getenv,
                            new app.ishaar.core.secrets.KeyringSecretStore());
        }
    }
}
