package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncBatch;
import app.ishaar.core.archive.jdbc.JdbcArchive;
import app.ishaar.core.archive.jdbc.JdbcReader;
import app.ishaar.core.archive.jdbc.OrderKey;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.Rin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.List;

/**
 * The archive in an embedded SQLite file. One connection writes (each {@link #store} one IMMEDIATE
 * transaction: the notifications and the checkpoint, or nothing), another reads, so that reading
 * goes on while a sync writes; in WAL mode other processes may read too. Another process's write is
 * waited for up to the busy timeout, then reported as {@link ArchiveException.Reason#LOCKED}.
 */
public final class SqliteArchive extends JdbcArchive {

    /** How long a write waits for another process's write by default. */
    public static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(10);

    private final Path file;
    private final Connection writer;
    private final java.util.Map<String, PreparedStatement> statements = new java.util.HashMap<>();
    private final InboxReader reader;
    private final boolean deleteOnClose;

    /** The full-text entries of the store under way (used under the writer's lock). */
    private final TextEntries toIndex = new TextEntries();

    /** Makes the notifications' stored forms, ahead on the sync's threads or in the writer. */
    private final StoredForm.Maker forms = new StoredForm.Maker();

    /** Who is dealing with which notification: its writes, in the writer's transactions. */
    private final SqliteHandling handling;

    private SqliteArchive(
            Path file, Duration busyTimeout, boolean deleteOnClose, boolean existingOnly)
            throws ArchiveException {
        this.file = file;
        this.deleteOnClose = deleteOnClose;
        if (existingOnly) {
            ArchiveOpener.prepareExisting(file);
        } else {
            ArchiveOpener.prepare(file);
        }
        Connection w = null;
        Connection r = null;
        try {
            w = ArchiveOpener.connect(file, busyTimeout, true);
            r = ArchiveOpener.connect(file, busyTimeout, false);
            FailureReasons.register(r);
        } catch (SQLException e) {
            closeQuietly(w);
            closeQuietly(r);
            throw SqliteErrors.map(e, file, "opening it");
        }
        this.writer = w;
        this.reader = new InboxReader(file, r);
        this.handling = new SqliteHandling(w, System.getProperty("user.name", ""));
        ArchiveOpener.ownerOnly(file);
    }

    /** Opens (or creates) the archive in {@code file}, waiting up to 10 s for another writer. */
    public static SqliteArchive open(Path file) throws ArchiveException {
        return open(file, DEFAULT_BUSY_TIMEOUT);
    }

    public static SqliteArchive open(Path file, Duration busyTimeout) throws ArchiveException {
        return new SqliteArchive(file, busyTimeout, false, false);
    }

    /**
     * Opens the archive in {@code file} only if it is one already: a missing or empty file, or
     * another program's database (even an empty one), is refused and left exactly as it was, for
     * the commands that only read.
     */
    public static SqliteArchive openExisting(Path file) throws ArchiveException {
        return new SqliteArchive(file, DEFAULT_BUSY_TIMEOUT, false, true);
    }

    /** Counts a search's matches up to another limit than the default (for tests). */
    void countSearchesUpTo(long limit) {
        reader.countUpTo(limit);
    }

    @Override
    protected JdbcReader reader() {
        return reader;
    }

    /** A new archive in a temporary file, deleted on {@link #close} (tests, throw-away use). */
    public static SqliteArchive temporary() throws ArchiveException {
        try {
            Path dir = Files.createTempDirectory("ishaar-archive");
            return new SqliteArchive(dir.resolve("archive.db"), DEFAULT_BUSY_TIMEOUT, true, false);
        } catch (IOException e) {
            throw new ArchiveException(
                    ArchiveException.Reason.NOT_WRITABLE, "cannot make a temporary archive", e);
        }
    }

    public Path file() {
        return file;
    }

    // --- the sync's side ---

    @Override
    public List<ArchivedNotification> prepare(List<ArchivedNotification> items) {
        return forms.prepare(items);
    }

    @Override
    public StoreResult store(SyncBatch batch) throws ArchiveException {
        synchronized (writer) {
            try {
                begin();
                toIndex.clear();
                try {
                    long serviceId = ensureService(batch.service());
                    long taxpayerId = ensureTaxpayer(serviceId, batch.taxpayer());
                    java.time.Instant since = handling.since(taxpayerId);
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
                            handling.arrived(taxpayerId, since, a);
                        }
                    }
                    toIndex.write(prepared(ArchiveSql.INDEX_TEXT));
                    {
                        PreparedStatement p = prepared(ArchiveSql.SAVE_SYNC_STATE);
                        p.setString(1, batch.checkpoint());
                        p.setInt(2, batch.complete() ? 1 : 0);
                        if (batch.finishedAt() == null) {
                            p.setNull(3, Types.BIGINT);
                        } else {
                            p.setLong(3, batch.finishedAt().toEpochMilli());
                        }
                        p.setLong(4, taxpayerId);
                        p.executeUpdate();
                    }
                    commit();
                    return new StoreResult(added, updated);
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                } finally {
                    toIndex.clear();
                }
            } catch (SQLException e) {
                throw SqliteErrors.map(e, file, "storing a sync's notifications");
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
        StoredForm form = forms.form(a);
        byte[] raw = form.raw();
        {
            PreparedStatement find = prepared(ArchiveSql.FIND);
            find.setLong(1, taxpayerId);
            find.setString(2, a.notificationId());
            try (ResultSet r = find.executeQuery()) {
                if (r.next()) {
                    long id = r.getLong(1);
                    if (java.util.Arrays.equals(raw, r.getBytes(2))) {
                        if (a.statusCheckedAt() != null) {
                            PreparedStatement c = prepared(ArchiveSql.CONFIRM);
                            c.setLong(1, a.statusCheckedAt().toEpochMilli());
                            c.setLong(2, id);
                            c.executeUpdate();
                        }
                        return Outcome.SAME;
                    }
                    String[] before = {
                        r.getString(3), r.getString(4), r.getString(5), r.getString(6)
                    };
                    tally(taxpayerId, serviceId, before, -1);
                    if (OrderKey.microsOf(id) == micros) {
                        {
                            PreparedStatement u = prepared(ArchiveSql.UPDATE);
                            String[] c = form.columns();
                            for (int k = 0; k < 4; k++) {
                                u.setString(k + 1, c[k]);
                            }
                            checkedAt(u, 5, a);
                            u.setLong(6, id);
                            u.executeUpdate();
                        }
                        {
                            PreparedStatement u = prepared(ArchiveSql.UPDATE_RAW);
                            u.setBytes(1, raw);
                            u.setLong(2, id);
                            u.executeUpdate();
                        }
                        tally(taxpayerId, serviceId, form.columns(), 1);
                        unindex(id);
                        toIndex.add(id, form.text());
                        return Outcome.UPDATED;
                    }
                    // received at another time than before: it moves in the order
                    unindex(id);
                    execute(ArchiveSql.DELETE_RAW, id);
                    execute(ArchiveSql.DELETE, id);
                    long moved = insert(serviceId, taxpayerId, micros, a, form);
                    {
                        PreparedStatement h = prepared(SqliteHandling.MOVED);
                        h.setLong(1, moved);
                        h.setLong(2, taxpayerId);
                        h.setString(3, a.notificationId());
                        h.executeUpdate();
                    }
                    return Outcome.UPDATED;
                }
            }
        }
        insert(serviceId, taxpayerId, micros, a, form);
        return Outcome.ADDED;
    }

    /** Returns the notification's key. */
    private long insert(
            long serviceId, long taxpayerId, long micros, ArchivedNotification a, StoredForm form)
            throws SQLException {
        String notificationId = a.notificationId();
        String[] c = form.columns();
        int slot = OrderKey.slot(notificationId);
        {
            PreparedStatement p = prepared(ArchiveSql.INSERT);
            for (int tries = 0; tries < OrderKey.SLOTS; tries++) {
                long id = OrderKey.key(micros, slot + tries);
                p.setLong(1, id);
                p.setLong(2, serviceId);
                p.setLong(3, taxpayerId);
                p.setString(4, notificationId);
                for (int k = 0; k < 4; k++) {
                    p.setString(k + 5, c[k]);
                }
                checkedAt(p, 9, a);
                if (p.executeUpdate() == 1) {
                    {
                        PreparedStatement r = prepared(ArchiveSql.INSERT_RAW);
                        r.setLong(1, id);
                        r.setBytes(2, form.raw());
                        r.executeUpdate();
                    }
                    tally(taxpayerId, serviceId, c, 1);
                    toIndex.add(id, form.text());
                    return id;
                }
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

    private void tally(long taxpayerId, long serviceId, String[] columns, int delta)
            throws SQLException {
        {
            PreparedStatement p = prepared(ArchiveSql.TALLY);
            p.setLong(1, taxpayerId);
            p.setLong(2, serviceId);
            for (int k = 0; k < 4; k++) {
                p.setString(k + 3, columns[k] == null ? "" : columns[k]);
            }
            p.setInt(7, delta);
            p.executeUpdate();
        }
    }

    /** Takes a notification's words out of the index, or out of what this store is to add. */
    private void unindex(long id) throws SQLException {
        if (!toIndex.drop(id)) {
            execute(ArchiveSql.UNINDEX_TEXT, id);
        }
    }

    private long ensureService(ServiceKey service) throws SQLException {
        Long id = InboxReader.id(writer, ArchiveSql.SERVICE_ID, service.baseUrl());
        if (id != null) {
            return id;
        }
        {
            PreparedStatement p = prepared(ArchiveSql.INSERT_SERVICE);
            p.setString(1, service.baseUrl());
            p.executeUpdate();
        }
        return InboxReader.id(writer, ArchiveSql.SERVICE_ID, service.baseUrl());
    }

    private long ensureTaxpayer(long serviceId, Rin rin) throws SQLException {
        Long id = InboxReader.id(writer, ArchiveSql.TAXPAYER_ID, serviceId, rin.value());
        if (id != null) {
            return id;
        }
        {
            PreparedStatement p = prepared(ArchiveSql.INSERT_TAXPAYER);
            p.setLong(1, serviceId);
            p.setString(2, rin.value());
            p.setLong(3, System.currentTimeMillis());
            p.executeUpdate();
        }
        return InboxReader.id(writer, ArchiveSql.TAXPAYER_ID, serviceId, rin.value());
    }

    /**
     * The writer's statements, each prepared once and kept (a sync stores thousands of
     * notifications, each with the same few statements).
     */
    private PreparedStatement prepared(String sql) throws SQLException {
        PreparedStatement p = statements.get(sql);
        if (p == null) {
            p = writer.prepareStatement(sql);
            statements.put(sql, p);
        }
        return p;
    }

    private void execute(String sql, long arg) throws SQLException {
        {
            PreparedStatement p = prepared(sql);
            p.setLong(1, arg);
            p.executeUpdate();
        }
    }

    /**
     * Transactions are begun and ended by statement: the connection stays in auto-commit, so that
     * no transaction (and no write lock) is held between them.
     */
    private void begin() throws SQLException {
        try (Statement s = writer.createStatement()) {
            s.execute(ArchiveSql.BEGIN_WRITE);
        }
    }

    private void commit() throws SQLException {
        try (Statement s = writer.createStatement()) {
            s.execute("COMMIT");
        }
    }

    private void rollback() {
        try (Statement s = writer.createStatement()) {
            s.execute("ROLLBACK");
        } catch (SQLException ignored) {
            // SQLite ended the transaction with the failure already
        }
    }

    @Override
    public void name(java.util.Map<Rin, String> names) throws ArchiveException {
        synchronized (writer) {
            try {
                begin();
                try {
                    for (var e : names.entrySet()) {
                        String name = e.getValue() == null ? "" : e.getValue().strip();
                        PreparedStatement p =
                                prepared(
                                        name.isEmpty()
                                                ? ArchiveSql.FORGET_NAME
                                                : ArchiveSql.SET_NAME);
                        p.setString(1, e.getKey().value());
                        if (!name.isEmpty()) {
                            p.setString(2, name);
                        }
                        p.executeUpdate();
                    }
                    commit();
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw SqliteErrors.map(e, file, "keeping taxpayers' names");
            }
        }
    }

    // --- who is dealing with which notification ---

    @Override
    public void handleOnArrival(app.ishaar.core.archive.HandlingRule rule) {
        handling.rule(rule);
    }

    @Override
    public app.ishaar.core.archive.HandlingResult handle(
            ServiceKey service,
            List<app.ishaar.core.archive.HandlingTarget> targets,
            app.ishaar.core.archive.HandlingEdit edit)
            throws ArchiveException {
        synchronized (writer) {
            try {
                begin();
                try {
                    Long serviceId =
                            InboxReader.id(writer, ArchiveSql.SERVICE_ID, service.baseUrl());
                    if (serviceId == null) {
                        throw new ArchiveException(
                                ArchiveException.Reason.NOT_FOUND,
                                "the archive holds nothing of " + service.baseUrl(),
                                null);
                    }
                    var result =
                            app.ishaar.core.archive.jdbc.HandlingWrites.handle(
                                    writer, serviceId, targets, edit, handling::append);
                    commit();
                    return result;
                } catch (SQLException | RuntimeException | ArchiveException e) {
                    rollback();
                    throw e;
                }
            } catch (SQLException e) {
                throw SqliteErrors.map(e, file, "recording who is dealing with notifications");
            }
        }
    }

    // --- retention ---

    @Override
    public long pruneBefore(java.time.Instant cutOff) throws ArchiveException {
        synchronized (writer) {
            return Pruning.pruneBefore(writer, file, cutOff);
        }
    }

    /**
     * Deletes for good: SQLite overwrites the freed pages (secure_delete), the full-text index
     * drops the entries at once (FTS5 secure-delete), and the WAL is written back and emptied, so
     * that no copy of the messages stays in the files.
     */
    @Override
    protected long forgetRows(ServiceKey service, String rin) throws ArchiveException {
        synchronized (writer) {
            try (Statement s = writer.createStatement()) {
                s.execute("PRAGMA secure_delete = ON");
                long gone = 0;
                begin();
                try {
                    Long serviceId =
                            InboxReader.id(writer, ArchiveSql.SERVICE_ID, service.baseUrl());
                    if (serviceId != null) {
                        s.execute(ArchiveSql.secureDeleteText(true));
                        if (rin != null) {
                            Long t = InboxReader.id(writer, ArchiveSql.TAXPAYER_ID, serviceId, rin);
                            if (t != null) {
                                execute(SqliteHandling.FORGET_TAXPAYER_CHANGES, t);
                                execute(SqliteHandling.FORGET_TAXPAYER, t);
                                execute(ArchiveSql.UNINDEX_TAXPAYER, t);
                                execute(ArchiveSql.FORGET_TAXPAYER_RAW, t);
                                execute(ArchiveSql.FORGET_TAXPAYER_TALLY, t);
                                gone = update(ArchiveSql.FORGET_TAXPAYER_ROWS, t);
                                execute(ArchiveSql.FORGET_TAXPAYER, t);
                            }
                        } else {
                            execute(SqliteHandling.FORGET_SERVICE_CHANGES, serviceId);
                            execute(SqliteHandling.FORGET_SERVICE, serviceId);
                            execute(ArchiveSql.UNINDEX_SERVICE, serviceId);
                            execute(ArchiveSql.FORGET_SERVICE_RAW, serviceId);
                            execute(ArchiveSql.FORGET_SERVICE_TALLY, serviceId);
                            gone = update(ArchiveSql.FORGET_SERVICE_ROWS, serviceId);
                            execute(ArchiveSql.FORGET_SERVICE_TAXPAYERS, serviceId);
                            execute(ArchiveSql.FORGET_SERVICE, serviceId);
                        }
                        s.execute(ArchiveSql.secureDeleteText(false));
                    }
                    commit();
                } catch (SQLException | RuntimeException e) {
                    rollback();
                    throw e;
                } finally {
                    s.execute("PRAGMA secure_delete = OFF");
                }
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                return gone;
            } catch (SQLException e) {
                throw SqliteErrors.map(e, file, "forgetting notifications");
            }
        }
    }

    private long update(String sql, long arg) throws SQLException {
        {
            PreparedStatement p = prepared(sql);
            p.setLong(1, arg);
            return p.executeUpdate();
        }
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
            closeQuietly(writer);
            forms.close();
        }
        if (deleteOnClose) {
            try {
                for (String suffix : new String[] {"", "-wal", "-shm"}) {
                    Files.deleteIfExists(file.resolveSibling(file.getFileName() + suffix));
                }
                Files.deleteIfExists(file.getParent());
            } catch (IOException ignored) {
                // a temporary file left behind
            }
        }
    }

    /** The writing connection, for tests that set a limit on it (a full disk). */
    Connection writerForTests() {
        return writer;
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing
            }
        }
    }
}
