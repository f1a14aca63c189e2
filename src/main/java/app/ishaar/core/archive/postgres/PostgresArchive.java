package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.Archive;
import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingResult;
import app.ishaar.core.archive.HandlingRule;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.jdbc.HandlingWrites;
import app.ishaar.core.archive.jdbc.JdbcArchive;
import app.ishaar.core.archive.jdbc.JdbcReader;
import app.ishaar.core.archive.jdbc.OrderKey;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import app.ishaar.core.secrets.SecretStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A firm's shared archive on PostgreSQL: the same {@link Archive} as the embedded SQLite one, for
 * several syncers and desktops at once. Each {@link #store} is one transaction (the notifications
 * and the checkpoint, or nothing); readers read in snapshots, so they see whole batches only. A
 * taxpayer's batches are written one at a time (its row locked), and no lock is waited for longer
 * than {@link #LOCK_WAIT}. What the syncers and desktops sharing it coordinate (claims, login
 * slots, announcements) is {@code core.office}'s, on connections of its own ({@link #attached}).
 */
public final class PostgresArchive extends JdbcArchive {

    /**
     * The longest a claim or a batch waits for a lock: past it the taxpayer is left for its next
     * turn, and the syncer goes on with the others rather than waiting behind a session that does
     * not let go.
     */
    public static final java.time.Duration LOCK_WAIT = java.time.Duration.ofSeconds(5);

    /** The statement that bounds a connection's waits for locks by {@link #LOCK_WAIT}. */
    public static String lockTimeout() {
        return "SET lock_timeout = " + LOCK_WAIT.toMillis();
    }

    private final PgLocation location;
    private final Connection writer;
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private final PgReader reader;
    private final PgConnections connections;

    /** What is coordinated through this archive ({@link #attached}), each closed with it. */
    private final Map<Class<?>, AutoCloseable> attached = new java.util.LinkedHashMap<>();

    private PostgresArchive(PgLocation location, PgConnections connections)
            throws ArchiveException {
        this.location = location;
        this.connections = connections;
        PgSchema.migrate(location, connections);
        Connection w = null;
        try {
            w = connections.getConnection();
            try (java.sql.Statement s = w.createStatement()) {
                s.execute(lockTimeout());
            }
            w.setAutoCommit(false);
            this.writer = w;
            Connection r = connections.getConnection();
            r.setAutoCommit(false);
            r.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            r.setReadOnly(true);
            this.reader = new PgReader(location, r);
        } catch (SQLException e) {
            PgConnections.closeQuietly(w);
            throw PgErrors.map(e, location, "opening it");
        }
        try {
            reader.planEachQuestionForItsValues(true);
        } catch (ArchiveException e) {
            reader.close();
            PgConnections.closeQuietly(w);
            throw e;
        }
    }

    /**
     * Opens the archive at {@code location}, creating its tables or bringing them up to date when
     * they are older; the password from the environment or the keychain ({@link PgPassword}), else
     * the driver's password file.
     */
    public static PostgresArchive open(
            PgLocation location, Function<String, String> env, SecretStore keychain)
            throws ArchiveException {
        char[] password = PgPassword.find(location, env, keychain).orElse(null);
        try {
            return open(location, env, password);
        } finally {
            if (password != null) {
                java.util.Arrays.fill(password, '\0');
            }
        }
    }

    /** Opens the archive with this password (null: the password file, or none). */
    public static PostgresArchive open(
            PgLocation location, Function<String, String> env, char[] password)
            throws ArchiveException {
        return new PostgresArchive(location, new PgConnections(location, env, password));
    }

    public PgLocation location() {
        return location;
    }

    /** Makes more connections to this archive's server, as this archive's role. */
    public PgConnections connections() {
        return connections;
    }

    /**
     * What coordinates the processes sharing this archive through it (the office's coordination,
     * {@code core.office}): made by {@code make} on first use, the same one afterwards, and closed
     * when the archive closes (letting go of what it holds on the server).
     */
    public synchronized <T extends AutoCloseable> T attached(
            Class<T> kind, Function<PostgresArchive, T> make) {
        return kind.cast(attached.computeIfAbsent(kind, k -> make.apply(this)));
    }

    // --- the sync's side ---

    @Override
    public StoreResult store(SyncBatch batch) throws ArchiveException {
        synchronized (writer) {
            try {
                try {
                    long serviceId = ensureService(batch.service());
                    long taxpayerId = ensureTaxpayer(serviceId, batch.taxpayer());
                    {
                        PreparedStatement p = prepared(PgSql.LOCK_WRITES);
                        p.setLong(1, taxpayerId);
                        p.executeQuery().close();
                    }
                    Instant since = handlingSince(taxpayerId);
                    int added = 0;
                    int updated = 0;
                    for (ArchivedNotification a : batch.upserts()) {
                        Outcome o = upsert(serviceId, taxpayerId, a);
                        switch (o) {
                            case ADDED -> added++;
                            case UPDATED -> updated++;
                            case SAME -> {}
                        }
                        if (o != Outcome.SAME) {
                            arrived(taxpayerId, since, a);
                        }
                    }
                    {
                        PreparedStatement p = prepared(PgSql.SAVE_SYNC_STATE);
                        p.setString(1, batch.checkpoint());
                        p.setBoolean(2, batch.complete());
                        if (batch.finishedAt() == null) {
                            p.setNull(3, Types.BIGINT);
                        } else {
                            p.setLong(3, batch.finishedAt().toEpochMilli());
                        }
                        p.setLong(4, taxpayerId);
                        p.executeUpdate();
                    }
                    writer.commit();
                    return new StoreResult(added, updated);
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "storing a sync's notifications");
            }
        }
    }

    private enum Outcome {
        ADDED,
        UPDATED,
        SAME
    }

    private Outcome upsert(long serviceId, long taxpayerId, ArchivedNotification a)
            throws SQLException {
        Notification n = a.notification();
        long micros = OrderKey.micros(n.receivedDateTime());
        PreparedStatement find = prepared(PgSql.FIND);
        find.setLong(1, taxpayerId);
        find.setString(2, a.notificationId());
        long id;
        String[] before;
        try (ResultSet r = find.executeQuery()) {
            if (!r.next()) {
                insert(serviceId, taxpayerId, micros, a);
                return Outcome.ADDED;
            }
            id = r.getLong(1);
            if (a.rawJson().equals(r.getString(2))) {
                if (a.statusCheckedAt() != null) {
                    PreparedStatement c = prepared(PgSql.CONFIRM);
                    c.setLong(1, a.statusCheckedAt().toEpochMilli());
                    c.setLong(2, id);
                    c.executeUpdate();
                }
                return Outcome.SAME;
            }
            before = new String[] {r.getString(3), r.getString(4), r.getString(5), r.getString(6)};
        }
        tally(taxpayerId, serviceId, before, -1);
        if (OrderKey.microsOf(id) == micros) {
            PreparedStatement u = prepared(PgSql.UPDATE);
            String[] c = PgRows.columns(n);
            for (int k = 0; k < 4; k++) {
                u.setString(k + 1, c[k]);
            }
            u.setString(5, a.rawJson());
            checkedAt(u, 6, a);
            u.setLong(7, id);
            u.executeUpdate();
            PreparedStatement w = prepared(PgSql.UPDATE_SEARCH);
            for (int k = 0; k < 4; k++) {
                w.setString(k + 1, c[k]);
            }
            w.setArray(5, words(n));
            w.setLong(6, id);
            w.executeUpdate();
            tally(taxpayerId, serviceId, c, 1);
            return Outcome.UPDATED;
        }
        // received at another time than before: it moves in the order
        PreparedStatement d = prepared(PgSql.DELETE);
        d.setLong(1, id);
        d.executeUpdate();
        long moved = insert(serviceId, taxpayerId, micros, a);
        PreparedStatement h = prepared(PgSql.HANDLING_MOVED);
        h.setLong(1, moved);
        h.setLong(2, taxpayerId);
        h.setString(3, a.notificationId());
        h.executeUpdate();
        return Outcome.UPDATED;
    }

    /** Returns the notification's key. */
    private long insert(long serviceId, long taxpayerId, long micros, ArchivedNotification a)
            throws SQLException {
        Notification n = a.notification();
        String[] c = PgRows.columns(n);
        int slot = OrderKey.slot(a.notificationId());
        PreparedStatement p = prepared(PgSql.INSERT);
        for (int tries = 0; tries < OrderKey.SLOTS; tries++) {
            long id = OrderKey.key(micros, slot + tries);
            p.setLong(1, id);
            p.setLong(2, serviceId);
            p.setLong(3, taxpayerId);
            p.setString(4, a.notificationId());
            for (int k = 0; k < 4; k++) {
                p.setString(k + 5, c[k]);
            }
            p.setString(9, a.rawJson());
            checkedAt(p, 10, a);
            if (p.executeUpdate() == 1) {
                PreparedStatement w = prepared(PgSql.INSERT_SEARCH);
                w.setLong(1, id);
                w.setLong(2, serviceId);
                w.setLong(3, taxpayerId);
                for (int k = 0; k < 4; k++) {
                    w.setString(k + 4, c[k]);
                }
                w.setArray(8, words(n));
                w.executeUpdate();
                tally(taxpayerId, serviceId, c, 1);
                return id;
            }
        }
        throw new SQLException(
                "more than " + OrderKey.SLOTS + " notifications received in one microsecond");
    }

    private static void checkedAt(PreparedStatement p, int i, ArchivedNotification a)
            throws SQLException {
        if (a.statusCheckedAt() == null) {
            p.setNull(i, Types.BIGINT);
        } else {
            p.setLong(i, a.statusCheckedAt().toEpochMilli());
        }
    }

    /** The searchable words ({@link PgRows#lexemes}) as a text array. */
    private java.sql.Array words(Notification n) throws SQLException {
        return writer.createArrayOf("text", PgRows.lexemes(n).toArray());
    }

    private void tally(long taxpayerId, long serviceId, String[] columns, int delta)
            throws SQLException {
        PreparedStatement p = prepared(PgSql.TALLY);
        p.setLong(1, taxpayerId);
        p.setLong(2, serviceId);
        for (int k = 0; k < 4; k++) {
            p.setString(k + 3, columns[k] == null ? "" : columns[k]);
        }
        p.setInt(7, delta);
        p.executeUpdate();
    }

    private long ensureService(ServiceKey service) throws SQLException {
        Long id = PgReader.id(writer, PgSql.SERVICE_ID, service.baseUrl());
        if (id != null) {
            return id;
        }
        PreparedStatement p = prepared(PgSql.INSERT_SERVICE);
        p.setString(1, service.baseUrl());
        p.executeUpdate();
        return PgReader.id(writer, PgSql.SERVICE_ID, service.baseUrl());
    }

    private long ensureTaxpayer(long serviceId, Rin rin) throws SQLException {
        Long id = PgReader.id(writer, PgSql.TAXPAYER_ID, serviceId, rin.value());
        if (id != null) {
            return id;
        }
        PreparedStatement p = prepared(PgSql.INSERT_TAXPAYER);
        p.setLong(1, serviceId);
        p.setString(2, rin.value());
        p.setLong(3, System.currentTimeMillis());
        p.executeUpdate();
        return PgReader.id(writer, PgSql.TAXPAYER_ID, serviceId, rin.value());
    }

    /** The writer's statements, each prepared once and kept. */
    private PreparedStatement prepared(String sql) throws SQLException {
        PreparedStatement p = statements.get(sql);
        if (p == null) {
            p = writer.prepareStatement(sql);
            statements.put(sql, p);
        }
        return p;
    }

    private void rollback() {
        try {
            writer.rollback();
        } catch (SQLException ignored) {
            // the connection is gone: the server rolled back
        }
    }

    /** Whether the role was found to store notifications (a refusal is asked again next time). */
    private volatile boolean mayWrite;

    @Override
    public void requireWritable() throws ArchiveException {
        if (mayWrite) {
            return;
        }
        boolean may;
        synchronized (writer) {
            try (PreparedStatement p = writer.prepareStatement(PgSql.MAY_STORE);
                    java.sql.ResultSet rs = p.executeQuery()) {
                may = rs.next() && rs.getBoolean(1);
                writer.commit();
            } catch (SQLException e) {
                rollback();
                throw PgErrors.map(e, location, "asking whether it may be written");
            }
        }
        if (!may) {
            throw new ArchiveException(
                    ArchiveException.Reason.NOT_WRITABLE,
                    "archive "
                            + location
                            + ": "
                            + (location.user() == null ? "this role" : "role " + location.user())
                            + " may read it but not store into it; a sync needs the archive"
                            + " owner's role",
                    null);
        }
        mayWrite = true;
    }

    /**
     * Keeps taxpayers' names, as the archive's owner: row-level security lets other roles read the
     * names of their own taxpayers only, and write none.
     */
    @Override
    public void name(Map<Rin, String> names) throws ArchiveException {
        synchronized (writer) {
            try {
                try {
                    for (var e : names.entrySet()) {
                        String name = e.getValue() == null ? "" : e.getValue().strip();
                        PreparedStatement p =
                                prepared(name.isEmpty() ? PgSql.FORGET_NAME : PgSql.SET_NAME);
                        p.setString(1, e.getKey().value());
                        if (!name.isEmpty()) {
                            p.setString(2, name);
                        }
                        p.executeUpdate();
                    }
                    writer.commit();
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "keeping taxpayers' names");
            }
        }
    }

    // --- who is dealing with which notification ---

    private volatile HandlingRule rule = HandlingRule.DEFAULT;

    @Override
    public void handleOnArrival(HandlingRule rule) {
        this.rule = rule == null ? HandlingRule.NONE : rule;
    }

    private Instant handlingSince(long taxpayerId) throws SQLException {
        PreparedStatement p = prepared(PgSql.HANDLING_SINCE);
        p.setLong(1, taxpayerId);
        try (ResultSet r = p.executeQuery()) {
            if (r.next()) {
                long ms = r.getLong(1);
                return r.wasNull() ? null : Instant.ofEpochMilli(ms);
            }
            return null;
        }
    }

    /** A notification stored: marked to handle when the rule says so and no one marked it yet. */
    private void arrived(long taxpayerId, Instant since, ArchivedNotification a)
            throws SQLException {
        if (!rule.needsHandling(a.notification(), since)) {
            return;
        }
        PreparedStatement p = prepared(PgSql.HANDLED_ALREADY);
        p.setLong(1, taxpayerId);
        p.setString(2, a.notificationId());
        try (ResultSet r = p.executeQuery()) {
            if (r.next()) {
                return;
            }
        }
        append(taxpayerId, a.notificationId(), HandlingEdit.mark(Handling.State.TO_HANDLE));
    }

    /** Adds a change (the trigger applies it); returns the change it followed (0: none). */
    private long append(long taxpayerId, String notificationId, HandlingEdit edit)
            throws SQLException {
        PreparedStatement p = prepared(PgSql.ADD_CHANGE);
        p.setLong(1, taxpayerId);
        p.setString(2, notificationId);
        p.setString(3, HandlingWrites.stateWord(edit));
        p.setString(4, edit.assignTo());
        p.setString(5, edit.note());
        try (ResultSet r = p.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The role this archive logs in as. */
    @Override
    public String person() throws ArchiveException {
        return reader.role();
    }

    @Override
    public HandlingResult handle(
            ServiceKey service, List<HandlingTarget> targets, HandlingEdit edit)
            throws ArchiveException {
        synchronized (writer) {
            try {
                try {
                    Long serviceId = PgReader.id(writer, PgSql.SERVICE_ID, service.baseUrl());
                    if (serviceId == null) {
                        throw new ArchiveException(
                                ArchiveException.Reason.NOT_FOUND,
                                "the archive holds nothing of " + service.baseUrl(),
                                null);
                    }
                    HandlingResult result =
                            HandlingWrites.handle(writer, serviceId, targets, edit, this::append);
                    writer.commit();
                    return result;
                } catch (SQLException | RuntimeException | ArchiveException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "recording who is dealing with notifications");
            }
        }
    }

    /**
     * Calls {@code changed} when anyone changes a notification's handling in this archive (the
     * server's NOTIFY, raised by each change), on a listening connection of its own.
     */
    @Override
    public AutoCloseable onHandlingChanged(Runnable changed) throws ArchiveException {
        return PgHandlingWatch.start(location, connections, changed);
    }

    /** The people's names as the desktops show them, by database role. */
    public Map<String, String> people() throws ArchiveException {
        synchronized (writer) {
            try {
                try {
                    Map<String, String> out = new java.util.LinkedHashMap<>();
                    try (PreparedStatement p = writer.prepareStatement(PgSql.PEOPLE);
                            ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            out.put(r.getString(1), r.getString(2));
                        }
                    }
                    writer.commit();
                    return out;
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "reading the people's names");
            }
        }
    }

    /**
     * Keeps the names of these roles, all in one transaction (as the owner); a blank name forgets a
     * role's.
     */
    public void people(Map<String, String> names) throws ArchiveException {
        synchronized (writer) {
            try {
                try {
                    for (var e : names.entrySet()) {
                        String name = e.getValue() == null ? "" : e.getValue().strip();
                        PreparedStatement p =
                                prepared(name.isEmpty() ? PgSql.FORGET_PERSON : PgSql.SET_PERSON);
                        p.setString(1, e.getKey());
                        if (!name.isEmpty()) {
                            p.setString(2, name);
                        }
                        p.executeUpdate();
                    }
                    writer.commit();
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "keeping the people's names");
            }
        }
    }

    // --- the readers' side ---

    /** Counts a search's matches up to another limit than the default (for tests). */
    void countSearchesUpTo(long limit) {
        reader.countUpTo(limit);
    }

    /**
     * Whether each question is planned for its own values (the default), or the server may settle
     * on one plan for any values of a statement, as it does by default (for the benchmark's figure
     * without).
     */
    public void planEachQuestionForItsValues(boolean on) throws ArchiveException {
        reader.planEachQuestionForItsValues(on);
    }

    @Override
    protected JdbcReader reader() {
        return reader;
    }

    // --- who reads which taxpayer ---

    /** Lets a role read a taxpayer (row-level security; as the owner); false: it could already. */
    public boolean grant(String role, Rin taxpayer) throws ArchiveException {
        synchronized (writer) {
            return PgAccess.grant(writer, location, role, taxpayer);
        }
    }

    /**
     * Who reads which taxpayer (as the owner): each role granted one, and each login role that is a
     * member of a role granted one; by role, then taxpayer.
     */
    public java.util.List<Grant> grants() throws ArchiveException {
        synchronized (writer) {
            return PgAccess.grants(writer, location);
        }
    }

    /**
     * A role that reads a taxpayer of the archive.
     *
     * @param through the role granted it, which {@code role} is a member of; null: granted to it
     */
    public record Grant(String role, Rin taxpayer, String through) {}

    /** Takes a taxpayer away from a role; false when the role could not read it. */
    public boolean revoke(String role, Rin taxpayer) throws ArchiveException {
        synchronized (writer) {
            return PgAccess.revoke(writer, location, role, taxpayer);
        }
    }

    // --- retention ---

    /**
     * The notifications received before the cut-off go (their keys are a range: {@link OrderKey});
     * those without a received time have keys below it and stay.
     */
    @Override
    public long pruneBefore(Instant cutOff) throws ArchiveException {
        long from = OrderKey.SLOTS;
        long to = Math.max(from, OrderKey.first(cutOff));
        if (to <= from) {
            return 0;
        }
        synchronized (writer) {
            try {
                try {
                    long gone;
                    for (String sql : List.of(PgSql.PRUNE_CHANGES, PgSql.PRUNE_HANDLING)) {
                        PreparedStatement h = prepared(sql);
                        h.setLong(1, from);
                        h.setLong(2, to);
                        h.executeUpdate();
                    }
                    PreparedStatement p = prepared(PgSql.PRUNE);
                    p.setLong(1, from);
                    p.setLong(2, to);
                    try (ResultSet r = p.executeQuery()) {
                        r.next();
                        gone = r.getLong(1);
                    }
                    prepared(PgSql.EMPTY_TALLY).executeUpdate();
                    writer.commit();
                    return gone;
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "forgetting old notifications");
            }
        }
    }

    /**
     * Deletes in one transaction. The rows' space is reused by PostgreSQL's vacuum; what stays on
     * the server's disk until then is the database administrator's to manage (backups too).
     */
    @Override
    protected long forgetRows(ServiceKey service, String rin) throws ArchiveException {
        synchronized (writer) {
            try {
                try {
                    long gone = 0;
                    Long serviceId = PgReader.id(writer, PgSql.SERVICE_ID, service.baseUrl());
                    if (serviceId != null) {
                        if (rin != null) {
                            Long t = PgReader.id(writer, PgSql.TAXPAYER_ID, serviceId, rin);
                            if (t != null) {
                                update(PgSql.FORGET_TAXPAYER_CHANGES, t);
                                update(PgSql.FORGET_TAXPAYER_HANDLING, t);
                                update(PgSql.FORGET_TAXPAYER_TALLY, t);
                                gone = update(PgSql.FORGET_TAXPAYER_ROWS, t);
                                update(PgSql.FORGET_TAXPAYER, t);
                            }
                        } else {
                            update(PgSql.FORGET_SERVICE_CHANGES, serviceId);
                            update(PgSql.FORGET_SERVICE_HANDLING, serviceId);
                            update(PgSql.FORGET_SERVICE_TALLY, serviceId);
                            gone = update(PgSql.FORGET_SERVICE_ROWS, serviceId);
                            update(PgSql.FORGET_SERVICE_TAXPAYERS, serviceId);
                            update(PgSql.FORGET_SERVICE, serviceId);
                        }
                    }
                    writer.commit();
                    return gone;
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw PgErrors.map(e, location, "forgetting notifications");
            }
        }
    }

    private long update(String sql, long arg) throws SQLException {
        PreparedStatement p = prepared(sql);
        p.setLong(1, arg);
        return p.executeUpdate();
    }

    @Override
    public void close() throws ArchiveException {
        synchronized (writer) {
            reader.close();
            for (PreparedStatement p : statements.values()) {
                try {
                    p.close();
                } catch (SQLException ignored) {
                    // closing
                }
            }
            PgConnections.closeQuietly(writer);
        }
        List<AutoCloseable> closing;
        synchronized (this) {
            closing = new java.util.ArrayList<>(attached.values());
            attached.clear();
        }
        for (AutoCloseable c : closing) {
            try {
                c.close(); // lets go of every taxpayer still held
            } catch (Exception ignored) {
                // closing
            }
        }
    }
}
