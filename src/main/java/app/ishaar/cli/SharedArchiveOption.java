package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.postgres.PostgresArchive;
import picocli.CommandLine.Option;

/**
 * The option naming a firm's shared archive on PostgreSQL, for the commands its owner runs on it
 * alone ({@code archive grant}, {@code revoke}, {@code grants}): a file is refused.
 */
final class SharedArchiveOption {

    @Option(
            names = "--archive",
            paramLabel = "postgresql://HOST:PORT/DB",
            description =
                    "The shared archive (default: $ISHAAR_ARCHIVE); the password from"
                            + " $ISHAAR_ARCHIVE_PASSWORD, $PGPASSWORD, the keychain or ~/.pgpass.")
    String archive;

    /** What a command does with the shared archive; returns its exit code. */
    interface Use {
        int on(PostgresArchive archive) throws ArchiveException;
    }

    /**
     * Opens the shared archive and does {@code use} with it, the archive's failures reported in one
     * line; a usage error when the archive is a file.
     *
     * @param what what is for a shared archive only, as the error names it ("grants are")
     */
    int use(CliIo io, String what, Use use) throws CliException {
        String where = ArchiveFiles.where(archive, io.env());
        if (!ArchiveFiles.shared(where)) {
            throw CliException.usage(
                    "--archive: "
                            + what
                            + " for a shared archive on PostgreSQL"
                            + " (--archive postgresql://host:port/db); a file is its owner's"
                            + " alone");
        }
        try (Archive opened = ArchiveFiles.open(where, io)) {
            return use.on((PostgresArchive) opened);
        } catch (ArchiveException e) {
            return ArchiveFiles.report(e, where, io.err());
        }
    }
}
