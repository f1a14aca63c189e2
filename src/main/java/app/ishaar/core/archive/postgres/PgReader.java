package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.jdbc.JdbcReader;
import app.ishaar.core.archive.jdbc.OrderKey;
import app.ishaar.core.archive.jdbc.PageKeys;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shared archive's reading side, on a connection of its own: each question is one read-only
 * snapshot (REPEATABLE READ), so that a page and its total agree, and a syncer's batch is seen
 * whole or not at all. Under row-level security the server answers with the taxpayers this role may
 * see only.
 */
final class PgReader extends JdbcReader {
    private final PgLocation location;
    private final PageKeys keys = new PageKeys();

    PgReader(PgLocation location, Connection conn) {
        super(
                conn,
                new Sql(
                        PgSql.SERVICE_ID,
                        PgSql.TAXPAYER_ID,
                        PgSql.SYNC_STATE,
                        PgSql.UNSETTLED,
                        PgSql.SERVICES,
                        PgSql.SUMMARIES,
                        PgSql.NAMES,
                        PgSql.REASONS));
        this.location = location;
    }

    /** One question in one snapshot, ended at once (no snapshot is held between questions). */
    @Override
    protected synchronized <T> T read(String doing, Read<T> read) throws ArchiveException {
        try {
            try {
                T t = read.run();
                conn.commit();
                return t;
            } catch (SQLException | RuntimeException e) {
                try {
                    conn.rollback();
                } catch (SQLException ignored) {
                    // the connection is gone
                }
                throw e;
            }
        } catch (SQLException e) {
            throw PgErrors.map(e, location, doing);
        }
    }

    /**
     * Whether each question is planned for its own values. The server otherwise settles, after a
     * statement's fifth run, on one plan made for any values, which guesses a search's term as
     * frequent as any other and a list of taxpayers as long as any: a frequent term's count then
     * gathers every match from the words index (199,000 rows for {@code الإلكترونية}, 270 ms) where
     * reading the rows until the count's limit is reached takes 60 ms. A plan costs about a
     * millisecond; the questions are few and their values decide their plans.
     */
    void planEachQuestionForItsValues(boolean on) throws ArchiveException {
        read(
                "choosing how its questions are planned",
                () -> {
                    try (Statement s = conn.createStatement()) {
                        s.execute(
                                "SET plan_cache_mode = " + (on ? "force_custom_plan" : "DEFAULT"));
                    }
                    return null;
                });
    }

    @Override
    protected ArchivedNotification parse(Rin taxpayer, ResultSet r, int column)
            throws SQLException {
        try {
            return ArchivedNotification.fromRaw(taxpayer, r.getString(column));
        } catch (IOException e) {
            throw new SQLException("an archived notification is not JSON", e);
        }
    }

    @Override
    public Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException {
        return read(
                "reading which notifications it holds",
                () -> {
                    Set<String> out = new HashSet<>();
                    Long t = taxpayerId(service, taxpayer);
                    if (t == null || ids.isEmpty()) {
                        return out;
                    }
                    try (PreparedStatement p = conn.prepareStatement(PgSql.KNOWN)) {
                        p.setLong(1, t);
                        p.setArray(2, conn.createArrayOf("text", ids.toArray()));
                        try (ResultSet r = p.executeQuery()) {
                            while (r.next()) {
                                out.add(r.getString(1));
                            }
                        }
                    }
                    return out;
                });
    }

    @Override
    public InboxPage query(InboxQuery q) throws ArchiveException {
        List<String> terms = q.searched() ? SearchText.terms(q.search()) : List.of();
        return read("reading notifications", () -> page(q, terms));
    }

    private InboxPage page(InboxQuery q, List<String> terms) throws SQLException {
        boolean search = !terms.isEmpty();
        keys.at(snapshot());
        Long serviceId = id(conn, PgSql.SERVICE_ID, q.service().baseUrl());
        if (serviceId == null) {
            return new InboxPage(List.of(), 0, q.page(), q.pageSize());
        }
        List<Object> args = new ArrayList<>();
        StringBuilder where = new StringBuilder();
        if (!q.taxpayers().isEmpty()) {
            Map<String, Long> idOf = new HashMap<>();
            try (PreparedStatement p = conn.prepareStatement(PgSql.TAXPAYER_IDS)) {
                p.setLong(1, serviceId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        idOf.put(r.getString(2), r.getLong(1));
                    }
                }
            }
            List<Long> ids = new ArrayList<>();
            for (Rin rin : q.taxpayers()) {
                Long t = idOf.get(rin.value());
                if (t != null) {
                    ids.add(t);
                }
            }
            if (ids.isEmpty()) {
                return new InboxPage(List.of(), 0, q.page(), q.pageSize());
            }
            if (ids.size() < idOf.size()) {
                where.append(" AND n.taxpayer_id = ANY (?)");
                args.add(conn.createArrayOf("bigint", ids.toArray()));
            }
        }
        NotificationQuery f = q.filters();
        boolean dates = f.dateFrom() != null || f.dateTo() != null;
        String tallyWhere = where.toString();
        List<Object> countArgs = new ArrayList<>(args);
        if (dates) {
            where.append(" AND n.id BETWEEN ? AND ?");
            args.add(f.dateFrom() == null ? 0L : OrderKey.first(f.dateFrom()));
            args.add(f.dateTo() == null ? Long.MAX_VALUE : OrderKey.last(f.dateTo()));
        }
        List<Object> filterArgs = new ArrayList<>();
        StringBuilder filters = new StringBuilder();
        filter(filters, filterArgs, "n.type_id", f.type());
        filter(filters, filterArgs, "n.language", f.language());
        filter(filters, filterArgs, "n.status", f.status());
        filter(filters, filterArgs, "n.channel", f.channel());
        where.append(filters);
        args.addAll(filterArgs);
        handlingCondition(q, where, args);
        boolean handled = q.handling() != InboxQuery.HandlingFilter.ALL;

        boolean best = q.bestMatch();
        String match = search ? tsquery(terms, best) : null;
        long upTo = search ? Math.max(counted(), (long) q.page() * q.pageSize()) : Long.MAX_VALUE;
        long total;
        String countSql =
                onlyHandling(q)
                        ? handlingCount(q, tallyWhere, countArgs)
                        : !search && !dates && !handled
                                ? PgSql.tallied(tallyWhere + filters)
                                : PgSql.count(search, where.toString());
        try (PreparedStatement p = conn.prepareStatement(countSql)) {
            int i =
                    onlyHandling(q)
                            ? bind(p, 1, null, serviceId, countArgs)
                            : bind(p, 1, match, serviceId, args);
            if (search) {
                p.setLong(i, upTo + 1);
            }
            try (ResultSet r = p.executeQuery()) {
                total = r.next() ? r.getLong(1) : 0;
            }
        }
        boolean more = total > upTo;
        if (more) {
            total = upTo;
        }
        List<ArchivedNotification> items =
                pageItems(
                        q,
                        total,
                        more,
                        keys,
                        where,
                        args,
                        (w, read) ->
                                best
                                        ? PgSql.bestPage(w)
                                        : PgSql.page(search, !more, w, read.oldestFirst()),
                        p -> {
                            if (!best) {
                                return bind(p, 1, match, serviceId, args);
                            }
                            p.setString(1, match); // ranked by it, before the conditions' values
                            return bind(p, 2, match, serviceId, args);
                        });
        return new InboxPage(items, total, more, q.page(), q.pageSize());
    }

    /**
     * A search as a tsquery: each term found where it begins a word ({@code 'term':*}) or ends one
     * (the term written backwards begins a word written backwards, {@code '~mret':*}), or, for an
     * Arabic term, where its light stem is a stem indexed as a word ({@code 'stem'}). The terms are
     * letters and digits only ({@link SearchText#terms}); quotes are doubled all the same.
     */
    static String tsquery(List<String> terms, boolean any) {
        StringBuilder q = new StringBuilder();
        for (String t : terms) {
            String cut = t.length() <= PgRows.LONGEST ? t : t.substring(0, PgRows.LONGEST);
            String back = new StringBuilder(t).reverse().toString();
            back = back.length() <= PgRows.LONGEST ? back : back.substring(0, PgRows.LONGEST);
            if (q.length() > 0) {
                q.append(any ? " | " : " & ");
            }
            q.append("('")
                    .append(quoted(cut))
                    .append("':* | '~")
                    .append(quoted(back))
                    .append("':*");
            String stem = SearchText.stem(t);
            if (stem != null) {
                q.append(" | '").append(quoted(PgRows.cut(stem))).append('\'');
            }
            q.append(')');
        }
        return q.toString();
    }

    private static String quoted(String s) {
        return s.replace("\\", "\\\\").replace("'", "''");
    }

    /**
     * The transactions this question's snapshot sees committed: the same text means the same
     * notifications (any transaction of the server, in any database, makes it differ).
     */
    private String snapshot() throws SQLException {
        try (PreparedStatement p = conn.prepareStatement("SELECT pg_current_snapshot()::text");
                ResultSet r = p.executeQuery()) {
            return r.next() ? r.getString(1) : null;
        }
    }

    private static int bind(
            PreparedStatement p, int i, String match, long serviceId, List<Object> args)
            throws SQLException {
        p.setLong(i++, serviceId);
        if (match != null) {
            p.setString(i++, match);
        }
        for (Object a : args) {
            if (a instanceof Long l) {
                p.setLong(i++, l);
            } else if (a instanceof java.sql.Array arr) {
                p.setArray(i++, arr);
            } else {
                p.setString(i++, (String) a);
            }
        }
        return i;
    }

    private String person;

    /** The role this reader logs in as, asked in a question of its own. */
    String role() throws ArchiveException {
        return read("asking who it is open as", this::person);
    }

    /** The role this reader logs in as ({@code current_user}), asked once. */
    @Override
    public synchronized String person() throws SQLException {
        if (person == null) {
            try (Statement s = conn.createStatement();
                    ResultSet r = s.executeQuery("SELECT current_user")) {
                r.next();
                person = r.getString(1);
            }
        }
        return person;
    }

    @Override
    public synchronized void close() {
        PgConnections.closeQuietly(conn);
    }
}
