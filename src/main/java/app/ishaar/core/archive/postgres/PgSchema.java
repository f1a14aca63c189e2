package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchiveException.Reason;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;

/**
 * The shared archive's schema, created and brought up to date by Flyway from the migrations in
 * {@code db/archive/postgres}, recorded in {@code archive_schema_history} as in the SQLite archive.
 * A schema of a newer Ishaar is refused. A role that only reads (an accountant's) opens an archive
 * whose schema is up to date without writing anything; one that needs migrating is migrated by the
 * archive's owner (the office syncer), and refused here with a message saying so.
 */
final class PgSchema {
    private PgSchema() {}

    static final String MIGRATIONS = "classpath:db/archive/postgres";
    static final String HISTORY_TABLE = "archive_schema_history";

    private static final java.util.logging.Logger FLYWAY_LOG =
            java.util.logging.Logger.getLogger("org.flywaydb");

    static {
        FLYWAY_LOG.setLevel(java.util.logging.Level.WARNING);
    }

    static void migrate(PgLocation location, PgConnections connections) throws ArchiveException {
        Flyway flyway =
                Flyway.configure(PgSchema.class.getClassLoader())
                        .dataSource(connections)
                        .locations(MIGRATIONS)
                        .table(HISTORY_TABLE)
                        .javaMigrations(new PgSearchReindex())
                        .loggers("org.flywaydb.core.internal.logging.javautil.JavaUtilLogCreator")
                        .load();
        try {
            var info = flyway.info();
            for (MigrationInfo m : info.applied()) {
                if (m.getState() == MigrationState.FUTURE_SUCCESS
                        || m.getState() == MigrationState.FUTURE_FAILED) {
                    throw new ArchiveException(
                            Reason.NEWER_VERSION,
                            "the archive "
                                    + location
                                    + " was written by a newer version of Ishaar (schema "
                                    + m.getVersion()
                                    + "); update Ishaar to open it",
                            null);
                }
            }
            if (info.pending().length > 0) {
                flyway.migrate();
            }
        } catch (FlywayException e) {
            Throwable c = e;
            while (c != null && !(c instanceof SQLException)) {
                c = c.getCause();
            }
            if (c instanceof SQLException sql) {
                ArchiveException mapped =
                        PgErrors.map(sql, location, "bringing its schema up to date");
                if (mapped.reason() == Reason.NOT_WRITABLE) {
                    throw new ArchiveException(
                            Reason.NOT_WRITABLE,
                            "the archive "
                                    + location
                                    + " needs its schema brought up to date by its owner (run"
                                    + " 'ishaar sync' as the archive's owner once)",
                            sql);
                }
                throw mapped;
            }
            throw new ArchiveException(
                    Reason.FAILED,
                    "cannot bring the archive " + location + " up to date: " + e.getMessage(),
                    e);
        }
    }
}
