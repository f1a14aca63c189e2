package app.ishaar.core.archive.jdbc;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingChange;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.SyncState;
import app.ishaar.core.archive.TaxpayerSummary;
import app.ishaar.core.model.Rin;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * An archive's reading side on a connection of its own, the same for every SQL dialect: each
 * question asked in {@link #read} (the dialect's way: a snapshot, its errors in the archive's
 * words), with the dialect's statements ({@link Sql}). A dialect adds only what it asks its own
 * way: which notifications it holds, a page of a query, and an item as it stores it.
 */
public abstract class JdbcReader {
    /**
     * How many matches of a search are counted (more when the page asked lies further): past this
     * the total is given as "more than". Counting every match of a word that half the archive holds
     * would cost more than the page itself.
     */
    public static final int COUNTED = 10_000;

    /** The reading statements every dialect has, each in its own words. */
    public record Sql(
            String serviceId,
            String taxpayerId,
            String syncState,
            String unsettled,
            String services,
            String summaries,
            String names,
            String reasons) {}

    protected final Connection conn;
    private final Sql sql;
    private long counted = COUNTED;

    protected JdbcReader(Connection conn, Sql sql) {
        this.conn = conn;
        this.sql = sql;
    }

    /** A question of the reader's connection. */
    protected interface Read<T> {
        T run() throws SQLException;
    }

    /** Asks a question, one at a time; {@code doing} names it in an error's message. */
    protected abstract <T> T read(String doing, Read<T> read) throws ArchiveException;

    /** A stored item as the dialect keeps it, in the result's column. */
    protected abstract ArchivedNotification parse(Rin taxpayer, ResultSet r, int column)
            throws SQLException;

    /**
     * A stored item ({@link #parse}) in the result's column, with when its status was last checked
     * in the column after it.
     */
    protected final ArchivedNotification item(Rin taxpayer, ResultSet r, int column)
            throws SQLException {
        return parse(taxpayer, r, column).checkedAt(instant(r, column + 1));
    }

    public abstract Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException;

    /** Binds a question's values from the first parameter on. */
    protected interface Bind {
        /** Returns the next parameter's index. */
        int bind(PreparedStatement p) throws SQLException;
    }

    /**
     * The notifications on {@code q}'s page, of {@code total} that match (more, when {@code more}):
     * by best match, or newest first read along the key from the nearest page {@code keys} has
     * seen, a page read whole remembered there. Each row holds the key, the taxpayer's RIN and the
     * item ({@link #item}).
     *
     * @param where the question's conditions, to which the page's key is added
     * @param args their values, to which the page's key is added
     * @param sql the dialect's statement for a page under these conditions, read as it says (the
     *     question's offset and size when by best match)
     * @param bind binds the statement's values, up to the page's limit and skip that follow them
     */
    protected final List<ArchivedNotification> pageItems(
            InboxQuery q,
            long total,
            boolean more,
            PageKeys keys,
            StringBuilder where,
            List<Object> args,
            BiFunction<String, PageKeys.Read, String> sql,
            Bind bind)
            throws SQLException {
        List<ArchivedNotification> items = new ArrayList<>();
        long offset = (long) (q.page() - 1) * q.pageSize();
        if (offset >= total) {
            return items;
        }
        boolean best = q.bestMatch();
        PageKeys.Read read =
                best
                        ? new PageKeys.Read(null, offset, q.pageSize(), false)
                        : keys.read(q, total, more);
        if (read.key() != null) {
            where.append(" AND n.id < ?");
            args.add(read.key());
        }
        long newest = Long.MIN_VALUE;
        long oldest = Long.MAX_VALUE;
        List<Long> pageKeys = new ArrayList<>();
        try (PreparedStatement p = conn.prepareStatement(sql.apply(where.toString(), read))) {
            int i = bind.bind(p);
            p.setInt(i++, read.limit());
            p.setLong(i, read.skip());
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    long key = r.getLong(1);
                    newest = Math.max(newest, key);
                    oldest = Math.min(oldest, key);
                    pageKeys.add(key);
                    items.add(item(new Rin(r.getString(2)), r, 3));
                }
            }
        }
        if (!best && items.size() == q.pageSize()) {
            keys.seen(q, newest, oldest);
        }
        return withHandling(items, pageKeys);
    }

    // --- handling (the same tables and SQL in every dialect) ---

    private static final String HANDLING_OF =
            "SELECT h.nkey, h.state, h.assigned_to, c.changed_ms, c.changed_by, h.last_change,"
                    // the latest note, found back from the latest change in the history's index
                    + " (SELECT l.note FROM handling_change l WHERE l.taxpayer_id = h.taxpayer_id"
                    + " AND l.notification_id = h.notification_id AND l.note IS NOT NULL"
                    + " ORDER BY l.id DESC LIMIT 1)"
                    + " FROM handling h JOIN handling_change c ON c.id = h.last_change"
                    + " WHERE h.nkey IN (";

    private static final String HISTORY =
            "SELECT c.id, c.state, c.assigned_to, c.note, c.changed_by, c.changed_ms,"
                    + " c.after_change FROM handling_change c"
                    + " JOIN taxpayer t ON t.id = c.taxpayer_id JOIN service s ON s.id = t.service_id"
                    + " WHERE s.base_url = ? AND t.rin = ? AND c.notification_id = ? ORDER BY c.id";

    /** The page's notifications with their handling, read by their keys. */
    private List<ArchivedNotification> withHandling(
            List<ArchivedNotification> items, List<Long> pageKeys) throws SQLException {
        if (items.isEmpty()) {
            return items;
        }
        Map<Long, Handling> found = new java.util.HashMap<>();
        String marks = String.join(", ", java.util.Collections.nCopies(pageKeys.size(), "?"));
        try (PreparedStatement p = conn.prepareStatement(HANDLING_OF + marks + ")")) {
            for (int i = 0; i < pageKeys.size(); i++) {
                p.setLong(i + 1, pageKeys.get(i));
            }
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    found.put(
                            r.getLong(1),
                            new Handling(
                                    Handling.State.of(r.getString(2)),
                                    r.getString(3),
                                    Instant.ofEpochMilli(r.getLong(4)),
                                    r.getString(5),
                                    r.getLong(6),
                                    r.getString(7)));
                }
            }
        }
        if (found.isEmpty()) {
            return items;
        }
        List<ArchivedNotification> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(items.get(i).withHandling(found.get(pageKeys.get(i))));
        }
        return out;
    }

    /**
     * Adds a column's filter to a question: none for null, else the value, or any of several
     * comma-separated values (a summary's "still pending or batched after a day" opens the table on
     * both statuses); the same in every dialect.
     */
    protected static void filter(
            StringBuilder where, List<Object> args, String column, String value) {
        if (value != null) {
            List<String> any =
                    java.util.Arrays.stream(value.split(","))
                            .map(v -> v.strip().toLowerCase(Locale.ROOT))
                            .filter(v -> !v.isEmpty())
                            .distinct()
                            .toList();
            if (any.size() > 1) {
                where.append(" AND ")
                        .append(column)
                        .append(" IN (")
                        .append(String.join(", ", java.util.Collections.nCopies(any.size(), "?")))
                        .append(')');
                args.addAll(any);
            } else {
                where.append(" AND ").append(column).append(" = ?");
                args.add(any.isEmpty() ? "" : any.get(0));
            }
        }
    }

    /**
     * The condition a question's handling filter adds to the notifications ({@code n}), and its
     * value; none for all. The notifications' keys come from the handling's own index (by state, or
     * by person and state), newest first.
     */
    protected final void handlingCondition(InboxQuery q, StringBuilder where, List<Object> args)
            throws SQLException {
        switch (q.handling()) {
            case ALL -> {}
            case TO_HANDLE, HANDLED -> {
                where.append(" AND n.id IN (SELECT h.nkey FROM handling h WHERE h.state = ?)");
                args.add(
                        (q.handling() == InboxQuery.HandlingFilter.TO_HANDLE
                                        ? Handling.State.TO_HANDLE
                                        : Handling.State.HANDLED)
                                .word());
            }
            case ASSIGNED_TO_ME -> {
                where.append(
                        " AND n.id IN (SELECT h.nkey FROM handling h WHERE h.assigned_to = ?"
                                + " AND h.state = ?)");
                args.add(person());
                args.add(Handling.State.TO_HANDLE.word());
            }
        }
    }

    /**
     * Whether a question asks for notifications by their handling and by nothing that needs the
     * notifications' own columns (no search, dates or filters): its total is counted in the
     * handling's index alone ({@link #handlingCount}).
     */
    protected static boolean onlyHandling(InboxQuery q) {
        var f = q.filters();
        return q.handling() != InboxQuery.HandlingFilter.ALL
                && !q.searched()
                && f.dateFrom() == null
                && f.dateTo() == null
                && f.type() == null
                && f.language() == null
                && f.status() == null
                && f.channel() == null;
    }

    /**
     * How many notifications of the service have the question's handling, counted in the handling's
     * index: its first parameter is the service, then {@code taxpayers}' values (a condition on
     * {@code n.taxpayer_id}, as the question's taxpayers are written), then the handling's, which
     * are added to {@code args}.
     */
    protected final String handlingCount(InboxQuery q, String taxpayers, List<Object> args)
            throws SQLException {
        StringBuilder sql =
                new StringBuilder(
                                "SELECT COUNT(*) FROM handling n WHERE n.taxpayer_id IN"
                                        + " (SELECT t.id FROM taxpayer t WHERE t.service_id = ?)")
                        .append(taxpayers);
        if (q.handling() == InboxQuery.HandlingFilter.ASSIGNED_TO_ME) {
            sql.append(" AND n.assigned_to = ?");
            args.add(person());
        }
        sql.append(" AND n.state = ?");
        args.add(
                (q.handling() == InboxQuery.HandlingFilter.HANDLED
                                ? Handling.State.HANDLED
                                : Handling.State.TO_HANDLE)
                        .word());
        return sql.toString();
    }

    /** Who the reader's connection is, as the archive records people ({@code Archive#person}). */
    public String person() throws SQLException {
        return System.getProperty("user.name", "");
    }

    private static final String TO_HANDLE =
            "SELECT t.rin, COUNT(*) FROM handling h JOIN taxpayer t ON t.id = h.taxpayer_id"
                    + " JOIN service s ON s.id = t.service_id WHERE s.base_url = ? AND h.state = ?"
                    + " GROUP BY t.rin ORDER BY t.rin";

    /** How many each taxpayer of the service has to handle, counted in the handling's index. */
    public Map<Rin, Long> toHandle(ServiceKey service) throws ArchiveException {
        return read(
                "counting what is to handle",
                () -> {
                    Map<Rin, Long> out = new LinkedHashMap<>();
                    try (PreparedStatement p = conn.prepareStatement(TO_HANDLE)) {
                        p.setString(1, service.baseUrl());
                        p.setString(2, Handling.State.TO_HANDLE.word());
                        try (ResultSet r = p.executeQuery()) {
                            while (r.next()) {
                                if (Rin.parse(r.getString(1)) instanceof Rin.Valid v) {
                                    out.put(v.rin(), r.getLong(2));
                                }
                            }
                        }
                    }
                    return out;
                });
    }

    /** A notification's changes of handling, oldest first. */
    public List<HandlingChange> history(ServiceKey service, Rin taxpayer, String notificationId)
            throws ArchiveException {
        return read(
                "reading a notification's handling",
                () -> {
                    List<HandlingChange> out = new ArrayList<>();
                    try (PreparedStatement p = conn.prepareStatement(HISTORY)) {
                        p.setString(1, service.baseUrl());
                        p.setString(2, taxpayer.value());
                        p.setString(3, notificationId);
                        try (ResultSet r = p.executeQuery()) {
                            while (r.next()) {
                                out.add(
                                        new HandlingChange(
                                                r.getLong(1),
                                                Handling.State.of(r.getString(2)),
                                                r.getString(3),
                                                r.getString(4),
                                                r.getString(5),
                                                Instant.ofEpochMilli(r.getLong(6)),
                                                r.getLong(7)));
                            }
                        }
                    }
                    return out;
                });
    }

    public abstract InboxPage query(InboxQuery q) throws ArchiveException;

    /** Another limit of a search's count than {@link #COUNTED} (for tests). */
    public synchronized void countUpTo(long limit) {
        counted = limit;
    }

    protected synchronized long counted() {
        return counted;
    }

    public SyncState syncState(ServiceKey service, Rin taxpayer) throws ArchiveException {
        return read(
                "reading a sync's state",
                () -> {
                    try (PreparedStatement p = conn.prepareStatement(sql.syncState())) {
                        p.setString(1, service.baseUrl());
                        p.setString(2, taxpayer.value());
                        try (ResultSet r = p.executeQuery()) {
                            if (!r.next()) {
                                return SyncState.NONE;
                            }
                            return new SyncState(r.getString(1), r.getBoolean(2), instant(r, 3));
                        }
                    }
                });
    }

    public List<ArchivedNotification> unsettled(ServiceKey service, Rin taxpayer)
            throws ArchiveException {
        return read(
                "reading the unsettled notifications",
                () -> {
                    List<ArchivedNotification> out = new ArrayList<>();
                    Long t = taxpayerId(service, taxpayer);
                    if (t == null) {
                        return out;
                    }
                    try (PreparedStatement p = conn.prepareStatement(sql.unsettled())) {
                        p.setLong(1, t);
                        try (ResultSet r = p.executeQuery()) {
                            while (r.next()) {
                                out.add(item(taxpayer, r, 1));
                            }
                        }
                    }
                    return out;
                });
    }

    public List<ServiceKey> services() throws ArchiveException {
        return read(
                "reading its services",
                () -> {
                    List<ServiceKey> out = new ArrayList<>();
                    try (PreparedStatement p = conn.prepareStatement(sql.services());
                            ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            out.add(new ServiceKey(r.getString(1)));
                        }
                    }
                    return out;
                });
    }

    public List<TaxpayerSummary> summaries() throws ArchiveException {
        return read(
                "reading its summary",
                () -> {
                    List<TaxpayerSummary> out = new ArrayList<>();
                    try (PreparedStatement p = conn.prepareStatement(sql.summaries());
                            ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            long count = r.getLong(3);
                            out.add(
                                    new TaxpayerSummary(
                                            new ServiceKey(r.getString(1)),
                                            new Rin(r.getString(2)),
                                            count,
                                            count == 0 ? null : OrderKey.instantOf(r.getLong(4)),
                                            count == 0 ? null : OrderKey.instantOf(r.getLong(5)),
                                            instant(r, 6),
                                            r.getBoolean(7)));
                        }
                    }
                    return out;
                });
    }

    /** A period summed up ({@link JdbcSummary}). */
    public Summary summary(SummaryQuery q) throws ArchiveException {
        return read("summing up a period", () -> new JdbcSummary(conn, sql.reasons()).read(q));
    }

    /** The taxpayers' names it keeps, by RIN (those this reader may see). */
    public Map<Rin, String> names() throws ArchiveException {
        return read(
                "reading the taxpayers' names",
                () -> {
                    Map<Rin, String> out = new LinkedHashMap<>();
                    try (PreparedStatement p = conn.prepareStatement(sql.names());
                            ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            if (Rin.parse(r.getString(1)) instanceof Rin.Valid v) {
                                out.put(v.rin(), r.getString(2));
                            }
                        }
                    }
                    return out;
                });
    }

    /** A taxpayer's id, or null when the archive does not hold it. */
    protected Long taxpayerId(ServiceKey service, Rin taxpayer) throws SQLException {
        Long s = id(conn, sql.serviceId(), service.baseUrl());
        return s == null ? null : id(conn, sql.taxpayerId(), s, taxpayer.value());
    }

    /** The id a one-row lookup finds, or null. */
    public static Long id(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                p.setObject(i + 1, args[i]);
            }
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getLong(1) : null;
            }
        }
    }

    /** A time kept in epoch milliseconds, or null. */
    protected static Instant instant(ResultSet r, int column) throws SQLException {
        long v = r.getLong(column);
        return r.wasNull() ? null : Instant.ofEpochMilli(v);
    }

    /** Closes the connection (once the reader is no longer asked). */
    public abstract void close();
}
