package app.ishaar.core.settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Where the archive lives, as the settings name it: an archive file (an absolute path), or a firm's
 * shared archive on PostgreSQL ({@code postgresql://host:port/db}). A location never holds a
 * password: the password comes from the environment, the keychain or a {@code .pgpass} file.
 */
public final class ArchiveSetting {
    private ArchiveSetting() {}

    /** What is wrong with a typed archive location. */
    public enum Problem {
        EMPTY,
        NOT_ABSOLUTE,
        BAD_LOCATION,
        PASSWORD
    }

    /** Whether it names a shared archive on PostgreSQL rather than a file. */
    public static boolean isShared(String setting) {
        return setting != null && setting.strip().regionMatches(true, 0, "postgresql://", 0, 13);
    }

    /** The problem of a typed location, or null when it can be kept. */
    public static Problem check(String setting) {
        if (setting == null || setting.isBlank()) {
            return Problem.EMPTY;
        }
        String s = setting.strip();
        if (isShared(s)) {
            URI uri;
            try {
                uri = new URI(s);
            } catch (URISyntaxException e) {
                return Problem.BAD_LOCATION;
            }
            String user = uri.getRawUserInfo();
            if (user != null && user.contains(":")) {
                return Problem.PASSWORD;
            }
            String query = uri.getRawQuery();
            if (query != null
                    && ("&" + query).toLowerCase(java.util.Locale.ROOT).contains("&password=")) {
                return Problem.PASSWORD;
            }
            String path = uri.getPath();
            if (uri.getHost() == null || path == null || path.length() < 2) {
                return Problem.BAD_LOCATION; // a host and a database are needed
            }
            return null;
        }
        try {
            return Path.of(s).isAbsolute() ? null : Problem.NOT_ABSOLUTE;
        } catch (InvalidPathException e) {
            return Problem.NOT_ABSOLUTE;
        }
    }
}
