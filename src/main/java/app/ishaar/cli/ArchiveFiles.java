package app.ishaar.cli;

import app.ishaar.core.archive.ArchiveException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/** The archive file of a command, and its failures as one line and an exit code. */
final class ArchiveFiles {
    private ArchiveFiles() {}

    /**
     * {@code --archive}, else {@code $ISHAAR_ARCHIVE}, else {@code archive.db} in the user's data
     * folder ({@code $XDG_DATA_HOME/ishaar}, {@code %LOCALAPPDATA%\Ishaar}, {@code
     * ~/Library/Application Support/Ishaar}).
     */
    static Path resolve(Path given, Function<String, String> env) {
        if (given != null) {
            return given;
        }
        String named = env.apply("ISHAAR_ARCHIVE");
        if (named != null && !named.isBlank()) {
            return Path.of(named.strip());
        }
        Path home = Path.of(System.getProperty("user.home"));
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        if (os.startsWith("windows")) {
            String local = env.apply("LOCALAPPDATA");
            Path base =
                    local != null && !local.isBlank()
                            ? Path.of(local)
                            : home.resolve("AppData").resolve("Local");
            return base.resolve("Ishaar").resolve("archive.db");
        }
        if (os.startsWith("mac")) {
            return home.resolve("Library/Application Support/Ishaar/archive.db");
        }
        String xdg = env.apply("XDG_DATA_HOME");
        Path base =
                xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : home.resolve(".local").resolve("share");
        return base.resolve("ishaar").resolve("archive.db");
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
