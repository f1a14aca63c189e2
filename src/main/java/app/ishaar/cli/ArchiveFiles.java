package app.ishaar.cli;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveLocation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/** The archive file of a command, and its failures as one line and an exit code. */
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
     * One line on stderr; exit 2 for a file that cannot be used as given (not an archive, from a
     * newer version, not writable), 5 for one busy or failing now (locked, disk full).
     */
    static int report(ArchiveException e, Path file, PrintStream err) {
        String why =
                switch (e.reason()) {
                    case LOCKED -> "another sync is writing to it; try again when it is done";
                    case NOT_WRITABLE -> "cannot be written here";
                    case DISK_FULL -> "the disk is full; the archive is as it was before";
                    case NOT_AN_ARCHIVE -> "not an archive of this app (left untouched)";
                    case NEWER_VERSION -> "written by a newer version of Ishaar; update Ishaar";
                    case FAILED -> e.getMessage();
                };
        err.println(ErrorReporter.safeLine("ishaar: archive " + file + ": " + why));
        return switch (e.reason()) {
            case NOT_WRITABLE, NOT_AN_ARCHIVE, NEWER_VERSION -> ExitCodes.USAGE;
            default -> ExitCodes.SERVICE;
        };
    }
}
