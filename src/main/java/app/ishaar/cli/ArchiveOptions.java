package app.ishaar.cli;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.SqliteArchive;
import app.ishaar.core.service.Endpoints;
import app.ishaar.core.service.Environment;
import app.ishaar.core.service.InvalidEndpointException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that name an archive and a service in it ({@code inbox}, {@code archive}). */
final class ArchiveOptions {

    @Option(
            names = "--archive",
            paramLabel = "FILE|postgresql://HOST:PORT/DB",
            description =
                    "The archive file (default: $ISHAAR_ARCHIVE, else the user's data folder,"
                            + " e.g. ~/.local/share/ishaar/archive.db), or a firm's shared"
                            + " archive on PostgreSQL (the password from $ISHAAR_ARCHIVE_PASSWORD,"
                            + " $PGPASSWORD, the keychain or ~/.pgpass).")
    String archive;

    @Option(
            names = "--env",
            paramLabel = "sandbox|preprod|prod",
            description =
                    "Whose notifications: the built-in sandbox's, pre-production's or production's"
                            + " (default: the only service in the archive, else production).")
    ConnectionOptions.Env env;

    @Option(
            names = "--base-url",
            paramLabel = "URL",
            description = "Whose notifications: the service at this integration API address.")
    String baseUrl;

    /** The archive this run uses: a file's path or a {@code postgresql://} location. */
    String file(CliIo io) {
        return ArchiveFiles.where(archive, io.env());
    }

    /**
     * Opens an archive that exists; a missing file is a usage error, and a file that is not an
     * archive already (empty, another program's) is refused and left as it was: nothing is made. A
     * shared archive is the database named.
     */
    Archive openExisting(CliIo io) throws CliException, ArchiveException {
        String where = file(io);
        if (ArchiveFiles.shared(where)) {
            return ArchiveFiles.open(where, io);
        }
        Path file = Path.of(where);
        if (!Files.exists(file)) {
            throw CliException.usage(
                    (archive != null ? "--archive: " : "")
                            + "no archive at "
                            + file
                            + " ('ishaar sync' makes it)");
        }
        return SqliteArchive.openExisting(file);
    }

    /**
     * The service whose data to use: --env or --base-url; else the archive's only one; else
     * production.
     */
    ServiceKey service(Archive a) throws CliException, ArchiveException {
        if (env != null && baseUrl != null) {
            throw CliException.usage("--env: give either --env or --base-url, not both");
        }
        if (env != null) {
            return switch (env) {
                case sandbox -> ServiceKey.SANDBOX;
                case preprod -> ServiceKey.of(Environment.PREPROD_API);
                case prod -> ServiceKey.of(Environment.PROD_API);
            };
        }
        if (baseUrl != null) {
            try {
                return ServiceKey.of(Endpoints.validate("base-url", baseUrl));
            } catch (InvalidEndpointException e) {
                throw CliException.usage("--" + e.getMessage());
            }
        }
        List<ServiceKey> held = a.services();
        return held.size() == 1 ? held.get(0) : ServiceKey.of(Environment.PROD_API);
    }
}
