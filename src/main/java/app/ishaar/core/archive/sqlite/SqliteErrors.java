package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveException.Reason;
import java.nio.file.Path;
import java.sql.SQLException;
import org.sqlite.SQLiteException;

/** Turns SQLite's result codes into the archive's reasons, with a message that names the file. */
final class SqliteErrors {
    private SqliteErrors() {}

    // SQLite's primary result codes (the low byte of an extended code)
    private static final int PERM = 3;
    private static final int BUSY = 5;
    private static final int LOCKED = 6;
    private static final int READONLY = 8;
    private static final int IOERR = 10;
    private static final int CORRUPT = 11;
    private static final int FULL = 13;
    private static final int CANTOPEN = 14;
    private static final int NOTADB = 26;

    /** The primary result code of a failure, or -1 when it is not SQLite's. */
    static int code(SQLException e) {
        if (e instanceof SQLiteException s) {
            return s.getResultCode().code & 0xff;
        }
        return e.getErrorCode() > 0 ? e.getErrorCode() & 0xff : -1;
    }

    static ArchiveException map(SQLException e, Path file, String doing) {
        int code = code(e);
        return switch (code) {
            case BUSY, LOCKED ->
                    new ArchiveException(
                            Reason.LOCKED,
                            "the archive "
                                    + file
                                    + " is busy: another Ishaar is writing to it (a sync); try again when it is done",
                            e);
            case FULL ->
                    new ArchiveException(
                            Reason.DISK_FULL,
                            "no space left for the archive "
                                    + file
                                    + " while "
                                    + doing
                                    + ": nothing of that step was written; free some space and run it again",
                            e);
            case READONLY, PERM, CANTOPEN ->
                    new ArchiveException(
                            Reason.NOT_WRITABLE,
                            "cannot write the archive " + file + " (" + e.getMessage() + ")",
                            e);
            case CORRUPT, NOTADB -> notAnArchive(file, e);
            case IOERR ->
                    new ArchiveException(
                            Reason.FAILED,
                            "cannot read or write the archive " + file + " while " + doing,
                            e);
            default ->
                    new ArchiveException(
                            Reason.FAILED,
                            "the archive "
                                    + file
                                    + " failed while "
                                    + doing
                                    + ": "
                                    + e.getMessage(),
                            e);
        };
    }

    static ArchiveException notAnArchive(Path file, Throwable cause) {
        return new ArchiveException(
                Reason.NOT_AN_ARCHIVE,
                "not an Ishaar archive, or a damaged one: "
                        + file
                        + " (left as it is; give another file with --archive)",
                cause);
    }
}
