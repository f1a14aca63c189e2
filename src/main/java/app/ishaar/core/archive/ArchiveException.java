package app.ishaar.core.archive;

/**
 * The archive cannot be opened, read or written. {@link #reason} says why in a form the command
 * line and the desktop app turn into words.
 */
public class ArchiveException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why the archive failed. */
    public enum Reason {
        /** Another process holds the write lock longer than we waited. */
        LOCKED,
        /** The directory or file cannot be written. */
        NOT_WRITABLE,
        /** No space left on the device: the transaction was rolled back. */
        DISK_FULL,
        /** The file is not an archive of this app (or is damaged): refused, never overwritten. */
        NOT_AN_ARCHIVE,
        /** The archive was written by a newer version of the app. */
        NEWER_VERSION,
        /**
         * What the request names is not there (a database role a grant is for): the request is to
         * be corrected, not tried again.
         */
        NOT_FOUND,
        /** Any other failure of the database. */
        FAILED
    }

    private final Reason reason;

    public ArchiveException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
