package app.ishaar.core.archive.location;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.secrets.SecretStore;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;

/**
 * Where the archive lives: a file given by the user ({@code --archive FILE}, then the environment
 * variable {@value #ENV}), else the user's data folder: {@code $XDG_DATA_HOME/ishaar/archive.db} on
 * Linux (default {@code ~/.local/share}), {@code %LOCALAPPDATA%\Ishaar\archive.db} on Windows,
 * {@code ~/Library/Application Support/Ishaar/archive.db} on macOS. Or a firm's shared archive on
 * PostgreSQL, named by a location ({@code postgresql://host:port/db}) in the same places: see
 * {@link #open}. Apart from the archive's two kinds, so that neither knows the other.
 */
public final class ArchiveLocation {
    private ArchiveLocation() {}

    /** The environment variable that names another archive file. */
    public static final String ENV = "ISHAAR_ARCHIVE";

    public static final String FILE_NAME = "archive.db";

    /**
     * @param given the file the user named, or null
     * @param env the environment's variables
     * @param osName the {@code os.name} system property
     * @param home the user's home folder
     */
    public static Path resolve(Path given, Function<String, String> env, String osName, Path home) {
        if (given != null) {
            return given;
        }
        String fromEnv = env.apply(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv.strip());
        }
        String os = osName == null ? "" : osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String local = env.apply("LOCALAPPDATA");
            Path base =
                    local != null && !local.isBlank()
                            ? Path.of(local)
                            : home.resolve("AppData").resolve("Local");
            return base.resolve("Ishaar").resolve(FILE_NAME);
        }
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return home.resolve("Library")
                    .resolve("Application Support")
                    .resolve("Ishaar")
                    .resolve(FILE_NAME);
        }
        String xdg = env.apply("XDG_DATA_HOME");
        // the XDG rules: a relative value is to be ignored
        Path base =
                xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : home.resolve(".local").resolve("share");
        return base.resolve("ishaar").resolve(FILE_NAME);
    }

    /** The same for this process: its environment, system and home folder. */
    public static Path resolve(Path given) {
        return resolve(
                given,
                System::getenv,
                System.getProperty("os.name"),
                Path.of(System.getProperty("user.home")));
    }

    /** Whether an archive setting names a shared archive on PostgreSQL rather than a file. */
    public static boolean isShared(String given) {
        return PgLocation.isLocation(given);
    }

    /**
     * Opens the archive a setting names (the desktop's archive setting, {@code --archive}): a file,
     * or a shared archive on PostgreSQL ({@code postgresql://host:port/db}, its password from the
     * environment, the keychain or a {@code .pgpass} file, never the setting); null or blank: the
     * environment's {@value #ENV} in either form, else the file in the user's data folder.
     *
     * @throws ArchiveException also for a location that cannot be read (a password in it, TLS that
     *     does not verify a server on the network), with its one-line reason
     */
    public static Archive open(String given, Function<String, String> env, SecretStore keychain)
            throws ArchiveException {
        String where = given == null || given.isBlank() ? env.apply(ENV) : given.strip();
        if (isShared(where)) {
            PgLocation location;
            try {
                location = PgLocation.parse(where);
            } catch (IllegalArgumentException e) {
                throw new ArchiveException(ArchiveException.Reason.FAILED, e.getMessage(), e);
            }
            return PostgresArchive.open(location, env, keychain);
        }
        Path file =
                where == null || where.isBlank()
                        ? resolve(
                                null,
                                env,
                                System.getProperty("os.name"),
                                Path.of(System.getProperty("user.home")))
                        : Path.of(where);
        return SqliteArchive.open(file);
    }
}
