package app.ishaar.core.archive;

import java.util.Map;

/**
 * An archive as a test names it to the command line (an {@code --archive} argument and the
 * environment it needs, such as a shared archive's password) and opens it itself: a file, or a
 * database of the test's PostgreSQL server.
 */
public interface TestArchive {

    /** What {@code --archive} is given. */
    String arg();

    /** The environment the command needs to open it. */
    Map<String, String> env();

    /** Opens it in the test. */
    Archive open() throws Exception;

    static TestArchive file(java.nio.file.Path file) {
        return new TestArchive() {
            @Override
            public String arg() {
                return file.toString();
            }

            @Override
            public Map<String, String> env() {
                return Map.of();
            }

            @Override
            public Archive open() throws Exception {
                return app.ishaar.core.archive.sqlite.SqliteArchive.open(file);
            }
        };
    }
}
