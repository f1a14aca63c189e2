package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.sqlite.MarkKilledChild;

/**
 * A process that marks 1,000 notifications of a PostgreSQL archive in one change, for {@link
 * PgMarkKilledTest} to kill while the database holds it halfway.
 */
public final class PgMarkKilledChild {
    private PgMarkKilledChild() {}

    public static void main(String[] args) throws Exception {
        try (PostgresArchive archive = PgTestServer.get().open(PgLocation.parse(args[0]))) {
            archive.handle(
                    ServiceKey.SANDBOX,
                    MarkKilledChild.targets(),
                    new HandlingEdit(Handling.State.TO_HANDLE, null, "all of them"));
        }
        System.out.println("NOT STOPPED");
    }
}
