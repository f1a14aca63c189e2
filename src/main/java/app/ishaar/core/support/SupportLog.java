package app.ishaar.core.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.FileHandler;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The support log: what the application did, for a user to send to support when something fails at
 * their desk. A rolling set of files in the user's log folder ({@link #defaultDir()}), written by
 * java.util.logging's {@link FileHandler}: {@code ishaar.0.log} is the current file; at {@value
 * #FILE_LIMIT} bytes it becomes {@code ishaar.1.log} and so on, the oldest of {@value #FILE_COUNT}
 * dropped, so the log never takes more than 5 MB (a second program writing at the same time, the
 * command line while the desktop app runs, gets a set of its own, {@code ishaar.0.log.1}).
 *
 * <p>It receives the records of the {@code app.ishaar} loggers at INFO and above: logins, each
 * exchange with the service (status, time, correlation IDs), exports, settings trouble, failures.
 * It never receives a secret, a token or a message's text; {@link LogFormat} also masks anything
 * shaped like one ({@link Redaction}).
 */
public final class SupportLog {
    private SupportLog() {}

    public static final int FILE_LIMIT = 1024 * 1024;
    public static final int FILE_COUNT = 5;

    /** The loggers whose records the file receives; held here, as JUL holds loggers weakly. */
    private static final Logger APP = Logger.getLogger("app.ishaar");

    private static final SecureRandom RANDOM = new SecureRandom();

    private static final java.util.Set<PosixFilePermission> OWNER_ONLY_DIR =
            PosixFilePermissions.fromString("rwx------");
    private static final java.util.Set<PosixFilePermission> OWNER_ONLY_FILE =
            PosixFilePermissions.fromString("rw-------");

    private static FileHandler handler;
    private static Path folder;

    /**
     * The log folder: system property {@code ishaar.log.dir} if set ({@code none} for no log), else
     * the OS's place for an application's logs: {@code $XDG_STATE_HOME/ishaar/log} (by default
     * {@code ~/.local/state/ishaar/log}); {@code ~/Library/Logs/Ishaar}; {@code
     * %LOCALAPPDATA%\Ishaar\Logs}.
     */
    public static Optional<Path> defaultDir() {
        String override = System.getProperty("ishaar.log.dir");
        if (override != null && !override.isBlank()) {
            return override.strip().equalsIgnoreCase("none")
                    ? Optional.empty()
                    : Optional.of(Path.of(override.strip()));
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Path home = Path.of(System.getProperty("user.home"));
        if (os.contains("win")) {
            String local = System.getenv("LOCALAPPDATA");
            return Optional.of(
                    (local != null && !local.isBlank()
                                    ? Path.of(local)
                                    : home.resolve("AppData").resolve("Local"))
                            .resolve("Ishaar")
                            .resolve("Logs"));
        }
        if (os.contains("mac")) {
            return Optional.of(home.resolve("Library").resolve("Logs").resolve("Ishaar"));
        }
        String xdg = System.getenv("XDG_STATE_HOME");
        return Optional.of(
                (xdg != null && !xdg.isBlank()
                                ? Path.of(xdg)
                                : home.resolve(".local").resolve("state"))
                        .resolve("ishaar")
                        .resolve("log"));
    }

    /**
     * Starts writing the log in {@code dir} (made if missing). The folder and every file of the log
     * are the user's alone (0700, 0600), whatever modes they had before and also each file a
     * rotation makes later: the log holds client IDs, RINs and the service's error texts. Never
     * fails: when the folder cannot be written the application runs without a log, and says so in
     * its console log. Calling it again with the same folder changes nothing; with another, moves
     * the log there.
     *
     * @param app which program writes ("desktop", "cli"), named on each line
     * @return whether the log is being written
     */
    public static synchronized boolean install(Path dir, String app) {
        Path abs = dir.toAbsolutePath();
        if (handler != null && abs.equals(folder)) {
            return true;
        }
        close();
        try {
            if (!Files.isDirectory(abs)) {
                Files.createDirectories(abs);
            }
            ownerOnly(abs, OWNER_ONLY_DIR);
            // the first file is made the user's alone before the handler writes to it
            Path first = abs.resolve("ishaar.0.log");
            if (!Files.exists(first, LinkOption.NOFOLLOW_LINKS) && posix(abs)) {
                Files.createFile(first, PosixFilePermissions.asFileAttribute(OWNER_ONLY_FILE));
            }
            FileHandler h = new OwnerOnlyFileHandler(abs);
            h.setEncoding(StandardCharsets.UTF_8.name());
            h.setFormatter(new LogFormat(app));
            h.setLevel(Level.INFO);
            APP.addHandler(h);
            handler = h;
            folder = abs;
            return true;
        } catch (IOException | RuntimeException e) {
            APP.log(
                    Level.WARNING,
                    "the support log cannot be written in {0}: {1}",
                    new Object[] {abs, e.getMessage()});
            return false;
        }
    }

    /**
     * java.util.logging's rolling files, each made the user's alone as it is opened: the handler
     * opens a file when it starts and at each rotation, and makes it with the process's default
     * mode (often 0644).
     */
    private static final class OwnerOnlyFileHandler extends FileHandler {
        /** Null while the parent's constructor opens the first file (made 0600 beforehand). */
        private final Path dir;

        OwnerOnlyFileHandler(Path dir) throws IOException {
            // '%' starts a FileHandler pattern's field: a folder name with one must be escaped
            super(
                    dir.toString().replace("%", "%%") + java.io.File.separator + "ishaar.%g.log",
                    FILE_LIMIT,
                    FILE_COUNT,
                    true);
            this.dir = dir;
            ownerOnlyFiles(dir);
        }

        @Override
        protected synchronized void setOutputStream(java.io.OutputStream out) {
            super.setOutputStream(out);
            if (dir != null) {
                ownerOnlyFiles(dir);
            }
        }
    }

    /** Every file of the log in {@code dir} (also the handler's lock files): 0600. */
    private static void ownerOnlyFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(p -> p.getFileName().toString().startsWith("ishaar."))
                    .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> ownerOnly(p, OWNER_ONLY_FILE));
        } catch (IOException | java.io.UncheckedIOException e) {
            // listed again at the next file the handler opens
        }
    }

    private static void ownerOnly(Path p, java.util.Set<PosixFilePermission> mode) {
        try {
            if (posix(p) && !Files.getPosixFilePermissions(p).equals(mode)) {
                Files.setPosixFilePermissions(p, mode);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Windows: the user's local application data is the user's already; another user's
            // file is left as it is
        }
    }

    private static boolean posix(Path p) {
        return p.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** Stops writing the log (the files stay). */
    public static synchronized void close() {
        if (handler != null) {
            APP.removeHandler(handler);
            handler.close();
            handler = null;
            folder = null;
        }
    }

    /** The folder being written, if the log is on. */
    public static synchronized Optional<Path> folder() {
        return Optional.ofNullable(folder);
    }

    /** Writes what is buffered to the file. */
    public static synchronized void flush() {
        if (handler != null) {
            handler.flush();
        }
    }

    /**
     * A short random identifier that ties together the lines of one operation (a login, a page
     * request, an export, a command-line run).
     */
    public static String newId() {
        byte[] b = new byte[4];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The last {@code maxLines} lines of the log file written last, or "" without one. */
    public static String tail(Path dir, int maxLines) {
        Optional<Path> latest = latestFile(dir);
        if (latest.isEmpty()) {
            return "";
        }
        flush();
        Deque<String> last = new ArrayDeque<>();
        try (Stream<String> lines = Files.lines(latest.get(), StandardCharsets.UTF_8)) {
            lines.forEach(
                    l -> {
                        last.addLast(l);
                        if (last.size() > maxLines) {
                            last.removeFirst();
                        }
                    });
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
        return Redaction.apply(String.join("\n", last)) + "\n";
    }

    /** The log file changed last in {@code dir} ({@code ishaar.N.log}, {@code ishaar.N.log.M}). */
    public static Optional<Path> latestFile(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(
                            p -> {
                                String n = p.getFileName().toString();
                                return n.startsWith("ishaar.")
                                        && n.matches("ishaar\\.\\d+\\.log(\\.\\d+)?")
                                        && Files.isRegularFile(p);
                            })
                    .max(Comparator.comparing(SupportLog::modified));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
