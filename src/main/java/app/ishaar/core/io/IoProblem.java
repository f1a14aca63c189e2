package app.ishaar.core.io;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * What went wrong with a file, as a person would say it: the command line prints {@link #words()},
 * the desktop app shows its own translation of the same kind ({@link #messageKey()}); the
 * exception's class name is for the support log and {@code --verbose} only.
 */
public enum IoProblem {
    NO_SUCH_FILE("there is no such file or folder"),
    PERMISSION("permission denied"),
    DISK_FULL("the disk is full"),
    READ_ONLY("the disk or folder is read-only"),
    FOLDER("it is a folder, not a file"),
    LINK("it is a symbolic link, not the file itself"),
    SPECIAL("it is a device, a pipe or a socket, not a regular file"),
    TOO_LARGE("the file is too large"),
    NOT_TEXT("it is not UTF-8 text"),
    IN_USE("another program is using it"),
    OTHER("the system refused it");

    private final String words;

    IoProblem(String words) {
        this.words = words;
    }

    /** English words for the command line and the log ("permission denied"). */
    public String words() {
        return words;
    }

    /** The bundle key of the desktop app's message for this problem ({@code io.problem.…}). */
    public String messageKey() {
        return "io.problem." + name().toLowerCase(Locale.ROOT);
    }

    /** The kind of a failure, judged by its type and, where that is generic, the OS's reason. */
    public static IoProblem of(Throwable t) {
        if (t instanceof NotARegularFileException n) {
            return switch (n.kind()) {
                case FOLDER -> FOLDER;
                case LINK -> LINK;
                case SPECIAL -> SPECIAL;
            };
        }
        if (t instanceof FileTooLargeException) {
            return TOO_LARGE;
        }
        if (t instanceof CharacterCodingException) {
            return NOT_TEXT;
        }
        if (t instanceof NoSuchFileException || t instanceof NotDirectoryException) {
            return NO_SUCH_FILE;
        }
        if (t instanceof AccessDeniedException) {
            return PERMISSION;
        }
        if (t instanceof DirectoryNotEmptyException) {
            return FOLDER;
        }
        if (t instanceof FileAlreadyExistsException) {
            return IN_USE;
        }
        String reason =
                t instanceof FileSystemException f
                        ? f.getReason()
                        : t == null ? null : t.getMessage();
        String r = reason == null ? "" : reason.toLowerCase(Locale.ROOT);
        if (r.contains("no space") || r.contains("disk quota") || r.contains("not enough space")) {
            return DISK_FULL;
        }
        if (r.contains("read-only")) {
            return READ_ONLY;
        }
        if (r.contains("is a directory")) {
            return FOLDER;
        }
        if (r.contains("permission denied") || r.contains("access is denied")) {
            return PERMISSION;
        }
        if (r.contains("being used by another process") || r.contains("busy")) {
            return IN_USE;
        }
        if (r.contains("no such file")) {
            return NO_SUCH_FILE;
        }
        return OTHER;
    }

    /** The words for a failure ({@code of(t).words()}); null and non-I/O failures are OTHER. */
    public static String describe(IOException e) {
        return of(e).words();
    }
}
