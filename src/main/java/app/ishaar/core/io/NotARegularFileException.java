package app.ishaar.core.io;

import java.nio.file.FileSystemException;

/**
 * A file the application will not read or replace because it is not a plain file: a folder, a
 * symbolic link, or a special file (a device such as {@code /dev/null}, a named pipe, a socket).
 * Writing over such a path would replace the link or the device with a regular file; reading one
 * could block for ever (a pipe) or never end ({@code /dev/zero}).
 */
public final class NotARegularFileException extends FileSystemException {

    /** What the path is instead of a plain file. */
    public enum Kind {
        FOLDER,
        LINK,
        SPECIAL
    }

    private final Kind kind;

    public NotARegularFileException(String file, Kind kind) {
        super(file, null, reason(kind));
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    private static String reason(Kind kind) {
        return switch (kind) {
            case FOLDER -> "is a folder, not a file";
            case LINK -> "is a symbolic link, not the file itself";
            case SPECIAL -> "is a device, a pipe or a socket, not a regular file";
        };
    }
}
