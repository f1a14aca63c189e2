package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.InboxPage;
import app.ishaar.core.archive.InboxQuery;
import app.ishaar.core.archive.SearchText;
import app.ishaar.core.archive.ServiceKey;
import app.ishaar.core.archive.jdbc.JdbcReader;
import app.ishaar.core.archive.sqlite.OrderKey;
import app.ishaar.core.model.NotificationQuery;
import app.ishaar.core.model.Rin;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The shared archive's reading side, on a connection of its own: each question is one read-only
 * snapshot (REPEATABLE READ), so that a page and its total agree, and a syncer's batch is seen
 * whole or not at all. Under row-level security the server answers with the taxpayers this role may
 * see only.
 */
final class PgReader extends JdbcReader {
    /** The most words a term's page is merged from (see {@link #wordsOf}). */
    static final int MOST_WORDS = 256;

    /** The most keys read of one word for a page (see {@link #pageOfWords}). */
    static final long MOST_KEYS = 100 * 4 * 4 * 4 * 4 * 4;

    private final PgLocation location;
    private boolean wordLists = true;
    private boolean everySearchFromWordLists;
    private long firstKeys = 100;

    PgReader(PgLocation location, Connection conn) {
        super(
                conn,
                new Sql(
                        PgSql.SERVICE_ID,
                        PgSql.TAXPAYER_ID,
                        PgSql.SYNC_STATE,
                        PgSql.UNSETTLED,
                        PgSql.SERVICES,
                        PgSql.SUMMARIES));
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

    @Override
    protected ArchivedNotification item(Rin taxpayer, ResultSet r, int column) throws SQLException {
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
        List<String> terms =
                q.search() == null || q.search().isBlank()
                        ? List.of()
                        : SearchText.terms(q.search());
        return read("reading notifications", () -> page(q, terms));
    }

    private InboxPage page(InboxQuery q, List<String> terms) throws SQLException {
        boolean search = !terms.isEmpty();
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

        String match = search ? tsquery(terms) : null;
        long upTo = search ? Math.max(counted(), (long) q.page() * q.pageSize()) : Long.MAX_VALUE;
        long total;
        String countSql =
                !search && !dates
                        ? PgSql.tallied(tallyWhere + filters)
                        : PgSql.count(search, where.toString());
        try (PreparedStatement p = conn.prepareStatement(countSql)) {
            int i = bind(p, 1, match, serviceId, args);
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
        List<ArchivedNotification> items = new ArrayList<>();
        long offset = (long) (q.page() - 1) * q.pageSize();
        if (offset < total) {
            List<String> words =
                    search && (more && wordLists || everySearchFromWordLists)
                            ? wordsOf(longest(terms))
                            : null;
            List<ArchivedNotification> listed =
                    words == null
                            ? null
                            : pageOfWords(words, match, serviceId, args, where, q, offset);
            if (listed != null) {
                items.addAll(listed);
            } else {
                try (PreparedStatement p =
                        conn.prepareStatement(PgSql.page(search, !more, where.toString()))) {
                    int i = bind(p, 1, match, serviceId, args);
                    p.setInt(i++, q.pageSize());
                    p.setLong(i, offset);
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            items.add(item(new Rin(r.getString(2)), r, 3));
                        }
                    }
                }
            }
        }
        return new InboxPage(items, total, more, q.page(), q.pageSize());
    }

    /**
     * A search's page from its words' lists ({@link PgSql#pageOfWords}): the newest keys of each
     * word, more of them (four times) while the page is not full and some word has more, up to
     * {@value #MOST_KEYS} a word; null past that (the matches that pass the filters are too few
     * among the term's: walking the notifications newest first finds them sooner).
     */
    private List<ArchivedNotification> pageOfWords(
            List<String> words,
            String match,
            long serviceId,
            List<Object> args,
            CharSequence where,
            InboxQuery q,
            long offset)
            throws SQLException {
        java.sql.Array array = conn.createArrayOf("text", words.toArray());
        String sql = PgSql.pageOfWords(where.toString());
        for (long k = Math.max(offset + q.pageSize(), firstKeys); k <= MOST_KEYS; k *= 4) {
            List<ArchivedNotification> items = new ArrayList<>();
            long cut;
            try (PreparedStatement p = conn.prepareStatement(sql)) {
                p.setArray(1, array);
                p.setLong(2, k);
                p.setLong(3, k);
                int i = bind(p, 4, match, serviceId, args);
                p.setInt(i++, q.pageSize());
                p.setLong(i, offset);
                try (ResultSet r = p.executeQuery()) {
                    cut = -1;
                    while (r.next()) {
                        cut = r.getLong(1);
                        if (r.getString(3) != null) {
                            items.add(item(new Rin(r.getString(3)), r, 4));
                        }
                    }
                }
            }
            if (items.size() == q.pageSize() || cut < 0) {
                return items;
            }
        }
        return null;
    }

    /**
     * The words a term finds (those it begins, and those it ends: written backwards after a '~'),
     * or null when there are more than {@value #MOST_WORDS}: merging that many lists would cost
     * more than walking the notifications newest first.
     */
    private List<String> wordsOf(String term) throws SQLException {
        List<String> out = new ArrayList<>();
        String back = new StringBuilder(term).reverse().toString();
        for (String prefix : List.of(PgRows.cut(term), "~" + PgRows.cut(back))) {
            String end = following(prefix);
            try (PreparedStatement p = conn.prepareStatement(PgSql.WORDS)) {
                p.setString(1, prefix);
                p.setString(2, end);
                p.setString(3, end);
                p.setInt(4, MOST_WORDS + 1 - out.size());
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(r.getString(1));
                    }
                }
            }
            if (out.size() > MOST_WORDS) {
                return null;
            }
        }
        return out.isEmpty() ? null : out;
    }

    /**
     * The first text after every text that begins with a prefix, in the order of code points (which
     * UTF-8 bytes keep): the prefix with its last character the next one. A term's characters are
     * letters and digits of the Basic Multilingual Plane ({@link SearchText#words}), so the next
     * one is a character too.
     */
    static String following(String prefix) {
        char last = prefix.charAt(prefix.length() - 1);
        return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    }

    /** The term whose words' lists a page is merged from: the longest, likely the rarest. */
    private static String longest(List<String> terms) {
        String out = terms.get(0);
        for (String t : terms) {
            if (t.length() > out.length()) {
                out = t;
            }
        }
        return out;
    }

    /**
     * Whether a search with more matches than its count's limit takes its page from its words'
     * lists (V7), or walks the notifications newest first as before them (the benchmark's figure
     * without the lists).
     */
    synchronized void pageFrequentSearchesFromWordLists(boolean on) {
        wordLists = on;
    }

    /**
     * Every search's page from its words' lists, however few its matches, reading no more keys of
     * each word at first than the page needs (for tests: a page of a few notifications then reads
     * more of the lists as a frequent term's does).
     */
    synchronized void pageEverySearchFromWordLists() {
        everySearchFromWordLists = true;
        firstKeys = 1;
    }

    /**
     * A search as a tsquery: each term found where it begins a word ({@code 'term':*}) or ends one
     * (the term written backwards begins a word written backwards, {@code '~mret':*}). The terms
     * are letters and digits only ({@link SearchText#terms}); quotes are doubled all the same.
     */
    static String tsquery(List<String> terms) {
        StringBuilder q = new StringBuilder();
        for (String t : terms) {
            String cut = t.length() <= PgRows.LONGEST ? t : t.substring(0, PgRows.LONGEST);
            String back = new StringBuilder(t).reverse().toString();
            back = back.length() <= PgRows.LONGEST ? back : back.substring(0, PgRows.LONGEST);
            if (q.length() > 0) {
                q.append(" & ");
            }
            q.append("('")
                    .append(quoted(cut))
                    .append("':* | '~")
                    .append(quoted(back))
                    .append("':*)");
        }
        return q.toString();
    }

    private static String quoted(String s) {
        return s.replace("\\", "\\\\").replace("'", "''");
    }

    private static void filter(
            StringBuilder where, List<Object> args, String column, String value) {
        if (value != null) {
            where.append(" AND ").append(column).append(" = ?");
            args.add(value.strip().toLowerCase(Locale.ROOT));
        }
    }

    private static int bind(
            PreparedStatement p, int first, String match, long serviceId, List<Object> args)
            throws SQLException {
        int i = first;
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

    @Override
    public synchronized void close() {
        PgConnections.closeQuietly(conn);
    }
}
