package app.ishaar.core.archive.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling.State;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.InboxQuery.HandlingFilter;
import app.ishaar.core.archive.SandboxItems;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.model.Rin;
import app.ishaar.sandbox.Sandbox;
import app.ishaar.sandbox.SandboxConfig;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The handling on the firm's shared archive: each person is a database role; a role sees and
 * changes the handling of its own taxpayers only, enforced by PostgreSQL (row-level security,
 * checked with SQL written by hand); a colleague's change is heard at once; a desktop whose
 * connection dies halfway through a mark leaves nothing of it.
 */
class PgSharedHandlingTest {

    static final ServiceKey SERVICE = ServiceKey.SANDBOX;
    static final Rin NILE = Rin.of("204918573");
    static final Rin CAIRO = Rin.of("287364519");

    static Sandbox sandbox;
    static List<ArchivedNotification> nile;
    static List<ArchivedNotification> cairo;

    @BeforeAll
    static void data() throws Exception {
        sandbox = Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(40).build());
        nile = SandboxItems.history(sandbox, NILE.value(), NILE);
        cairo = SandboxItems.history(sandbox, CAIRO.value(), CAIRO);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static PostgresArchive filled(PgTestServer server, PgLocation db) throws Exception {
        PostgresArchive owner = server.open(db);
        owner.store(new SyncBatch(SERVICE, NILE, nile, "n", true, null));
        owner.store(new SyncBatch(SERVICE, CAIRO, cairo, "c", true, null));
        return owner;
    }

    private static List<HandlingTarget> of(Rin rin, List<ArchivedNotification> items) {
        return items.stream().map(x -> HandlingTarget.of(rin, x.notificationId())).toList();
    }

    @Test
    void aRoleSeesAndChangesTheHandlingOfItsTaxpayersOnlyEvenWithHandWrittenSql() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        String karim = server.newLoginRole("karim");
        try (PostgresArchive owner = filled(server, db)) {
            owner.grant(amira, NILE);
            owner.grant(karim, CAIRO);
            owner.people(Map.of(amira, "Amira Hassan", karim, "Karim Adel"));

            try (PostgresArchive k = RowLevelSecurityTest.as(server, db, karim)) {
                assertThat(k.person()).isEqualTo(karim);
                k.handle(
                        SERVICE,
                        of(CAIRO, cairo.subList(0, 3)),
                        new HandlingEdit(State.TO_HANDLE, karim, "the buyer's tax ID is wrong"));
                assertThat(k.history(SERVICE, CAIRO, cairo.get(0).notificationId()))
                        .singleElement()
                        .satisfies(c -> assertThat(c.by()).isEqualTo(karim));
                assertThat(
                                k.query(
                                                new InboxQuery(SERVICE, Set.of(), null, null, 1, 10)
                                                        .withHandling(
                                                                HandlingFilter.ASSIGNED_TO_ME))
                                        .totalCount())
                        .isEqualTo(3);
            }
            try (PostgresArchive a = RowLevelSecurityTest.as(server, db, amira)) {
                // Amira marks her own taxpayer's notifications
                a.handle(SERVICE, of(NILE, nile.subList(0, 2)), HandlingEdit.mark(State.HANDLED));
                assertThat(
                                a.query(
                                                new InboxQuery(SERVICE, Set.of(), null, null, 1, 10)
                                                        .withHandling(HandlingFilter.TO_HANDLE))
                                        .totalCount())
                        .as("Karim's to-handle are not hers to see")
                        .isZero();
                assertThat(a.history(SERVICE, CAIRO, cairo.get(0).notificationId())).isEmpty();
                assertThat(a.toHandle(SERVICE)).as("Karim's three are his").isEmpty();
                assertThatThrownBy(
                                () ->
                                        a.handle(
                                                SERVICE,
                                                of(CAIRO, cairo.subList(0, 1)),
                                                HandlingEdit.mark(State.HANDLED)))
                        .isInstanceOf(ArchiveException.class)
                        .extracting(e -> ((ArchiveException) e).reason())
                        .isEqualTo(ArchiveException.Reason.NOT_FOUND);
                assertThat(a.people()).containsEntry(karim, "Karim Adel");
            }

            long cairoTaxpayer;
            try (Connection c = server.admin(db.database());
                    Statement s = c.createStatement()) {
                cairoTaxpayer =
                        RowLevelSecurityTest.count(
                                s, "SELECT id FROM taxpayer WHERE rin = '" + CAIRO.value() + "'");
            }
            // SQL by hand on Amira's own connection
            try (Connection c = RowLevelSecurityTest.connectionAs(db, amira);
                    Statement s = c.createStatement()) {
                assertThat(RowLevelSecurityTest.count(s, "SELECT COUNT(*) FROM handling"))
                        .isEqualTo(2);
                assertThat(
                                RowLevelSecurityTest.count(
                                        s,
                                        "SELECT COUNT(*) FROM handling_change"
                                                + " WHERE note IS NOT NULL"))
                        .as("Karim's notes")
                        .isZero();
                assertThat(
                                RowLevelSecurityTest.count(
                                        s,
                                        "SELECT COUNT(*) FROM handling_change WHERE taxpayer_id = "
                                                + cairoTaxpayer))
                        .isZero();
                // no change for a taxpayer not hers, none as someone else, none rewritten
                refused(
                        s,
                        "INSERT INTO handling_change (taxpayer_id, notification_id, state) VALUES ("
                                + cairoTaxpayer
                                + ", '"
                                + cairo.get(5).notificationId()
                                + "', 'handled')");
                refused(
                        s,
                        "INSERT INTO handling_change (taxpayer_id, notification_id, state,"
                                + " changed_by) SELECT taxpayer_id, notification_id, 'to-handle', '"
                                + karim
                                + "' FROM handling LIMIT 1");
                refused(s, "UPDATE handling_change SET note = 'rewritten'");
                refused(s, "DELETE FROM handling_change");
                refused(s, "UPDATE handling SET state = 'to-handle'");
                refused(s, "INSERT INTO person VALUES ('" + amira + "', 'The Boss')");
            }
            try (Connection c = server.admin(db.database());
                    Statement s = c.createStatement()) {
                assertThat(RowLevelSecurityTest.count(s, "SELECT COUNT(*) FROM handling_change"))
                        .isEqualTo(5);
            }
        }
    }

    private static void refused(Statement s, String sql) {
        assertThatThrownBy(() -> s.execute(sql)).as(sql).isInstanceOf(SQLException.class);
    }

    @Test
    void aColleaguesChangeIsHeardOnAnotherDesktopWithinFiveSeconds() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        String amira = server.newLoginRole("amira");
        String karim = server.newLoginRole("karim");
        try (PostgresArchive owner = filled(server, db)) {
            owner.grant(amira, NILE);
            owner.grant(karim, NILE);
        }
        Semaphore heard = new Semaphore(0);
        try (PostgresArchive a = RowLevelSecurityTest.as(server, db, amira);
                PostgresArchive k = RowLevelSecurityTest.as(server, db, karim);
                AutoCloseable watch = a.onHandlingChanged(heard::release)) {
            k.handle(SERVICE, of(NILE, nile.subList(0, 1)), HandlingEdit.mark(State.HANDLED));
            assertThat(heard.tryAcquire(5, TimeUnit.SECONDS)).as("heard within 5 s").isTrue();
            ArchivedNotification seen =
                    a.query(
                                    new InboxQuery(SERVICE, Set.of(), null, null, 1, 10)
                                            .withHandling(HandlingFilter.HANDLED))
                            .items()
                            .get(0);
            assertThat(seen.handling().changedBy()).isEqualTo(karim);
            // a mark of many is heard once, not once each
            heard.drainPermits();
            k.handle(SERVICE, of(NILE, nile.subList(1, 40)), HandlingEdit.mark(State.HANDLED));
            assertThat(heard.tryAcquire(5, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aMarkKilledHalfwayLeavesNothingOfIt() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        try (PostgresArchive owner = filled(server, db)) {
            owner.handle(SERVICE, of(NILE, nile.subList(0, 1)), HandlingEdit.mark(State.HANDLED));
        }
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement()) {
            // the 21st change waits: the process is killed there, halfway through its mark
            s.execute(
                    "CREATE FUNCTION stall() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.id"
                            + " > 21 THEN PERFORM pg_sleep(60); END IF; RETURN NEW; END $$");
            s.execute(
                    "CREATE TRIGGER stall BEFORE INSERT ON handling_change FOR EACH ROW EXECUTE"
                            + " FUNCTION stall()");
        }
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("app.ishaar.Launcher");
        cmd.addAll(List.of("handle", "--archive", db.toString(), "--reopen", "--note", "all"));
        nile.forEach(x -> cmd.add(x.notificationId()));
        cairo.forEach(x -> cmd.add(x.notificationId()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put(PgPassword.ENV, server.password());
        Process child = pb.start();
        long pid = 0;
        try (Connection c = server.admin(db.database());
                Statement s = c.createStatement()) {
            String stalled =
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                            + " AND wait_event = 'PgSleep'";
            while (pid == 0 && child.isAlive()) {
                try (ResultSet r = s.executeQuery(stalled)) {
                    pid = r.next() ? r.getLong(1) : 0;
                }
                if (pid == 0) {
                    child.waitFor(50, TimeUnit.MILLISECONDS); // ended already, or a moment on
                }
            }
            assertThat(pid).as("the mark stalled halfway").isPositive();
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no last commit
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            // the server would end the killed client's session once it wakes; no need to wait
            s.execute("SELECT pg_terminate_backend(" + pid + ")");
        }
        try (PostgresArchive again = server.open(db)) {
            assertThat(
                            again.query(
                                            new InboxQuery(SERVICE, Set.of(), null, null, 1, 10)
                                                    .withHandling(HandlingFilter.TO_HANDLE))
                                    .totalCount())
                    .as("nothing of the mark killed halfway")
                    .isZero();
            assertThat(
                            again.query(
                                            new InboxQuery(SERVICE, Set.of(), null, null, 1, 10)
                                                    .withHandling(HandlingFilter.HANDLED))
                                    .totalCount())
                    .isEqualTo(1);
            assertThat(again.history(SERVICE, NILE, nile.get(0).notificationId())).hasSize(1);
            assertThat(again.history(SERVICE, CAIRO, cairo.get(0).notificationId())).isEmpty();
        }
    }

    @Test
    void twoMarksOfTheSameNotificationsAtOnceBothGoThrough() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        filled(server, db).close();
        List<HandlingTarget> forwards = of(NILE, nile);
        List<HandlingTarget> backwards = new java.util.ArrayList<>(forwards);
        java.util.Collections.reverse(backwards);
        try (PostgresArchive one = server.open(db);
                PostgresArchive two = server.open(db)) {
            for (int round = 0; round < 5; round++) {
                java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
                var first =
                        java.util.concurrent.CompletableFuture.supplyAsync(
                                () -> mark(go, one, forwards, State.HANDLED));
                var second =
                        java.util.concurrent.CompletableFuture.supplyAsync(
                                () -> mark(go, two, backwards, State.TO_HANDLE));
                go.countDown();
                assertThat(first.get(30, TimeUnit.SECONDS)).as("round %s", round).isNull();
                assertThat(second.get(30, TimeUnit.SECONDS)).as("round %s", round).isNull();
            }
            assertThat(one.history(SERVICE, NILE, nile.get(0).notificationId())).hasSize(10);
        }
    }

    @Test
    void twoFirstMarksOfANotificationAtOnceBothGoThroughAndOneFollowsTheOther() throws Exception {
        PgTestServer server = PgTestServer.get();
        PgLocation db = server.newDatabase();
        filled(server, db).close();
        try (PostgresArchive one = server.open(db);
                PostgresArchive two = server.open(db)) {
            int firsts = 0;
            for (ArchivedNotification n : cairo) {
                if (!one.history(SERVICE, CAIRO, n.notificationId()).isEmpty()) {
                    continue; // marked on arrival: not a first change
                }
                firsts++;
                List<HandlingTarget> target = List.of(HandlingTarget.of(CAIRO, n.notificationId()));
                java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
                var first =
                        java.util.concurrent.CompletableFuture.supplyAsync(
                                () -> mark(go, one, target, State.HANDLED));
                var second =
                        java.util.concurrent.CompletableFuture.supplyAsync(
                                () -> mark(go, two, target, State.TO_HANDLE));
                go.countDown();
                assertThat(first.get(30, TimeUnit.SECONDS)).as(n.notificationId()).isNull();
                assertThat(second.get(30, TimeUnit.SECONDS)).as(n.notificationId()).isNull();
                assertThat(one.history(SERVICE, CAIRO, n.notificationId()))
                        .as("both changes kept, the second after the first")
                        .hasSize(2);
            }
            assertThat(firsts).isGreaterThan(10);
        }
    }

    /** Marks when told to go; the failure, or null. */
    private static Exception mark(
            java.util.concurrent.CountDownLatch go,
            PostgresArchive a,
            List<HandlingTarget> targets,
            State state) {
        try {
            go.await();
            a.handle(SERVICE, targets, HandlingEdit.mark(state));
            return null;
        } catch (Exception e) {
            return e;
        }
    }
}
