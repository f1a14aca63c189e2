package app.ishaar.core.io;

import java.nio.file.FileSystemException;

/** A file larger than what the application reads of that kind of file. */
public final class FileTooLargeException extends FileSystemException {

    private final long limit;

    public FileTooLargeException(String file, long limit) {
        super(file, null, "is larger than " + RegularFiles.size(limit));
        this.limit = limit;
    }

    /** The most bytes read of such a file. */
    public long limit() {
        return limit;
    }
}
