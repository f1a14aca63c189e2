package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.sqlite.SQLiteConfig;

/**
 * Opens an archive file: refuses what is not an archive of this app (never writing to it), creates
 * a new one readable by its owner only, and brings an older schema up to date (Flyway, with the
 * migrations in {@code db/archive/sqlite}, and the index made again by {@link SearchReindex}); an
 * archive of a newer schema than this app knows is refused.
 */
final class ArchiveOpener {
    private ArchiveOpener() {}

    /** {@code PRAGMA application_id} of an archive: "ISHR". */
    static final int APPLICATION_ID = 0x49534852;

    /**
     * Flyway logs through java.util.logging, quiet below warnings: its progress lines are not for
     * the command line's output. The logger is held so that the level stays set.
     */
    private static final String JUL =
            "org.flywaydb.core.internal.logging.javautil.JavaUtilLogCreator";

    private static final java.util.logging.Logger FLYWAY_LOG =
            java.util.logging.Logger.getLogger("org.flywaydb");

    static {
        FLYWAY_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    static final String MIGRATIONS = "classpath:db/archive/sqlite";
    static final String HISTORY_TABLE = "archive_schema_history";

    private static final byte[] SQLITE_HEADER =
            "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final Set<PosixFilePermission> OWNER_ONLY =
            PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_ONLY_DIR =
            PosixFilePermissions.fromString("rwx------");

    /** Prepares the file and its schema; returns when connections may be opened on it. */
    static void prepare(Path file) throws ArchiveException {
        boolean created = createIfMissing(file);
        if (!created) {
            checkIsArchive(file, false);
        }
        migrate(file);
        ownerOnly(file);
    }

    /**
     * Prepares a file that is already an archive (the commands that read it, which make none): an
     * empty file or an empty SQLite database of another program is refused as not an archive and
     * left as it is, not made into one.
     */
    static void prepareExisting(Path file) throws ArchiveException {
        if (!Files.isRegularFile(file)) {
            throw SqliteErrors.notAnArchive(file, null);
        }
        checkIsArchive(file, true);
        migrate(file);
        ownerOnly(file);
    }

    /** The connection settings: WAL, a busy timeout, foreign keys. */
    static Connection connect(Path file, Duration busyTimeout, boolean writer) throws SQLException {
        SQLiteConfig c = new SQLiteConfig();
        c.setBusyTimeout((int) Math.min(Integer.MAX_VALUE, busyTimeout.toMillis()));
        c.enforceForeignKeys(true);
        c.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        // no generated keys are asked for: without this the driver runs a query for them after
        // every insert
        c.setGetGeneratedKeys(false);
        Connection conn = c.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
        try (Statement s = conn.createStatement()) {
            // WAL: readers go on while one process writes; kept in the file once set
            s.execute("PRAGMA journal_mode = WAL");
            // pages kept in memory (in KiB): a sync's inserts land all over the indexes
            s.execute("PRAGMA cache_size = " + (writer ? -32_000 : -16_000));
        }
        return conn;
    }

    private static boolean createIfMissing(Path file) throws ArchiveException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) || Files.exists(file)) {
            if (!Files.isRegularFile(file)) {
                throw SqliteErrors.notAnArchive(file, null);
            }
            return false;
        }
        Path dir = file.toAbsolutePath().getParent();
        try {
            if (!Files.isDirectory(dir)) {
                if (posix(dir.getRoot())) {
                    Files.createDirectories(
                            dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIR));
                } else {
                    Files.createDirectories(dir);
                }
            }
        } catch (IOException e) {
            throw notWritable(file, "cannot make the folder " + dir + ": " + why(e), e);
        }
        try {
            if (posix(dir)) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } else {
                Files.createFile(file);
            }
            return true;
        } catch (FileAlreadyExistsException e) {
            return false; // another process made it just now
        } catch (IOException e) {
            throw notWritable(file, why(e), e);
        }
    }

    private static String why(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name is in the way";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static ArchiveException notWritable(Path file, String why, Throwable cause) {
        return new ArchiveException(
                Reason.NOT_WRITABLE, "cannot create the archive " + file + " (" + why + ")", cause);
    }

    /**
     * An existing file: empty (made just now by another process, or by the user), or a SQLite
     * database that is empty or carries this app's mark and its schema history (the mark without
     * the history is a damaged archive, which Flyway would otherwise try to migrate). Read only:
     * nothing is written before this says yes.
     *
     * @param archiveOnly whether only an archive will do, not an empty file or database to make one
     *     in
     */
    private static void checkIsArchive(Path file, boolean archiveOnly) throws ArchiveException {
        byte[] head = new byte[SQLITE_HEADER.length];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (AccessDeniedException e) {
            throw new ArchiveException(
                    Reason.NOT_WRITABLE,
                    "cannot read the archive " + file + " (permission denied)",
                    e);
        } catch (IOException e) {
            throw new ArchiveException(
                    Reason.FAILED, "cannot read the archive " + file + ": " + e.getMessage(), e);
        }
        if (n == 0) {
            if (archiveOnly) {
                throw SqliteErrors.notAnArchive(file, null);
            }
            return;
        }
        if (n < head.length || !Arrays.equals(head, SQLITE_HEADER)) {
            throw SqliteErrors.notAnArchive(file, null);
        }
        SQLiteConfig c = new SQLiteConfig();
        c.setReadOnly(true);
        c.setBusyTimeout(5_000);
        try (Connection conn = c.createConnection("jdbc:sqlite:" + file.toAbsolutePath());
                Statement s = conn.createStatement()) {
            int appId;
            try (ResultSet r = s.executeQuery("PRAGMA application_id")) {
                appId = r.next() ? r.getInt(1) : 0;
            }
            int tables;
            try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM sqlite_master")) {
                tables = r.next() ? r.getInt(1) : 0;
            }
            if (appId != APPLICATION_ID && (tables > 0 || archiveOnly)) {
                throw SqliteErrors.notAnArchive(file, null);
            }
            if (appId == APPLICATION_ID) {
                boolean history;
                try (ResultSet r =
                        s.executeQuery(
                                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '"
                                        + HISTORY_TABLE
                                        + "'")) {
                    history = r.next();
                }
                if (!history) {
                    throw SqliteErrors.notAnArchive(file, null);
                }
                // no check of every page (PRAGMA quick_check): it reads the whole file at each
                // start, a third of a second for 20,000 notifications and seconds for a million,
                // before the first page can be read; a damaged page fails the question that reads
                // it, reported as any failure of the archive
            }
        } catch (SQLException e) {
            throw SqliteErrors.map(e, file, "opening it");
        }
    }

    private static void migrate(Path file) throws ArchiveException {
        Flyway flyway =
                Flyway.configure(ArchiveOpener.class.getClassLoader())
                        .dataSource("jdbc:sqlite:" + file.toAbsolutePath(), null, null)
                        .locations(MIGRATIONS)
                        .table(HISTORY_TABLE)
                        .javaMigrations(new SearchReindex())
                        .loggers(JUL)
                        .load();
        try {
            for (MigrationInfo m : flyway.info().applied()) {
                if (m.getState() == MigrationState.FUTURE_SUCCESS
                        || m.getState() == MigrationState.FUTURE_FAILED) {
                    throw new ArchiveException(
                            Reason.NEWER_VERSION,
                            "the archive "
                                    + file
                                    + " was written by a newer version of Ishaar (schema "
                                    + m.getVersion()
                                    + "); update Ishaar to open it",
                            null);
                }
            }
            flyway.migrate();
        } catch (FlywayException e) {
            Throwable c = e;
            while (c != null && !(c instanceof SQLException)) {
                c = c.getCause();
            }
            if (c instanceof SQLException sql) {
                throw SqliteErrors.map(sql, file, "bringing its schema up to date");
            }
            throw new ArchiveException(
                    Reason.FAILED,
                    "cannot bring the archive " + file + " up to date: " + e.getMessage(),
                    e);
        }
    }

    /** The archive and its WAL files: the owner's only (messages carry addresses). */
    static void ownerOnly(Path file) {
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            Path p = file.resolveSibling(file.getFileName() + suffix);
            try {
                if (Files.isRegularFile(p) && posix(p)) {
                    Files.setPosixFilePermissions(p, OWNER_ONLY);
                }
            } catch (IOException | UnsupportedOperationException e) {
                // another user's file or a file system without modes: left as it is
            }
        }
    }

    private static boolean posix(Path p) {
        return p.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
