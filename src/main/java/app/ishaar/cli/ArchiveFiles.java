package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.location.ArchiveLocation;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.secrets.KeyringSecretStore;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The archive of a command (a file, or a firm's shared archive on PostgreSQL), and its failures as
 * one line and an exit code.
 */
final class ArchiveFiles {
    private ArchiveFiles() {}

    /**
     * {@code --archive}, else {@code $ISHAAR_ARCHIVE}, else {@code archive.db} in the user's data
     * folder ({@link ArchiveLocation}).
     */
    static Path resolve(Path given, Function<String, String> env) {
        return ArchiveLocation.resolve(
                given,
                env,
                System.getProperty("os.name"),
                Path.of(System.getProperty("user.home")));
    }

    /**
     * The archive as the user named it: {@code --archive}, else {@code $ISHAAR_ARCHIVE}, else the
     * file in the user's data folder; a file's path or a {@code postgresql://} location.
     */
    static String where(String given, Function<String, String> env) {
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        String fromEnv = env.apply(ArchiveLocation.ENV);
        if (PgLocation.isLocation(fromEnv)) {
            return fromEnv.strip();
        }
        return resolve(null, env).toString();
    }

    /** Whether {@code where} names a shared archive on PostgreSQL rather than a file. */
    static boolean shared(String where) {
        return PgLocation.isLocation(where);
    }

    /**
     * Opens the archive: a file (made when missing), or a database on PostgreSQL (its tables made
     * when it has none), the password from the environment, the keychain or a .pgpass file.
     */
    static Archive open(String where, CliIo io) throws CliException, ArchiveException {
        if (!shared(where)) {
            return SqliteArchive.open(Path.of(where));
        }
        return PostgresArchive.open(location(where), io.env(), new KeyringSecretStore());
    }

    /** A {@code postgresql://} location, or a usage error saying in one line what is wrong. */
    static PgLocation location(String where) throws CliException {
        try {
            return PgLocation.parse(where);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--archive: " + e.getMessage());
        }
    }

    /**
     * One line on stderr; exit 2 for a file that cannot be used as given (not an archive, from a
     * newer version, not writable) or a request naming what is not there (a role), 5 for one busy
     * or failing now (locked, disk full).
     */
    static int report(ArchiveException e, Object file, PrintStream err) {
        String why =
                switch (e.reason()) {
                    case LOCKED -> "another sync is writing to it; try again when it is done";
                    case NOT_WRITABLE -> "cannot be written here";
                    case DISK_FULL -> "the disk is full; the archive is as it was before";
                    case NOT_AN_ARCHIVE -> "not an archive of this app (left untouched)";
                    case NEWER_VERSION -> "written by a newer version of Ishaar; update Ishaar";
                    case NOT_FOUND, FAILED -> e.getMessage();
                };
        String line =
                shared(String.valueOf(file))
                        ? "ishaar: " + e.getMessage()
                        : "ishaar: archive " + file + ": " + why;
        err.println(ErrorReporter.safeLine(line));
        return switch (e.reason()) {
            case NOT_WRITABLE, NOT_AN_ARCHIVE, NEWER_VERSION, NOT_FOUND -> ExitCodes.USAGE;
            default -> ExitCodes.SERVICE;
        };
    }
}
