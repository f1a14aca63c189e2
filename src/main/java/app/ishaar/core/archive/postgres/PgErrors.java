package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveException.Reason;
import java.sql.SQLException;

/** PostgreSQL's failures in the archive's terms, each one line naming the archive. */
public final class PgErrors {
    private PgErrors() {}

    public static ArchiveException map(SQLException e, PgLocation where, String doing) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String at = "the archive " + where;
        String reason = e.getMessage() == null ? "" : firstLine(e.getMessage());
        if (state.equals("28P01") || state.equals("28000")) {
            return new ArchiveException(
                    Reason.FAILED,
                    at
                            + ": the server refused the login ("
                            + reason
                            + "); set ISHAAR_ARCHIVE_PASSWORD or PGPASSWORD, or use a .pgpass file",
                    e);
        }
        if (state.equals("3D000")) {
            return new ArchiveException(Reason.FAILED, at + ": the server has no such database", e);
        }
        if (state.startsWith("08")) {
            return new ArchiveException(
                    Reason.FAILED, at + ": cannot reach the server (" + reason + ")", e);
        }
        if (state.equals("42501")) {
            return new ArchiveException(
                    Reason.NOT_WRITABLE,
                    at + ": this role may not do that while " + doing + " (" + reason + ")",
                    e);
        }
        if (state.equals("53100")) {
            return new ArchiveException(
                    Reason.DISK_FULL,
                    at + ": the server's disk is full; the archive is as it was before",
                    e);
        }
        if (state.equals("55P03") || state.equals("40P01") || state.equals("40001")) {
            return new ArchiveException(
                    Reason.LOCKED, at + ": another sync is writing to it; try again", e);
        }
        return new ArchiveException(Reason.FAILED, at + ": failed " + doing + ": " + reason, e);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
