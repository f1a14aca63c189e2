package app.ishaar.core.archive.sqlite;

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
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The archive's reading side, on a connection of its own (it reads while the writer writes). */
final class InboxReader extends JdbcReader {
    private final Path file;
    private final PageKeys keys = new PageKeys();

    InboxReader(Path file, Connection conn) {
        super(
                conn,
                new Sql(
                        ArchiveSql.SERVICE_ID,
                        ArchiveSql.TAXPAYER_ID,
                        ArchiveSql.SYNC_STATE,
                        ArchiveSql.UNSETTLED,
                        ArchiveSql.SERVICES,
                        ArchiveSql.SUMMARIES,
                        ArchiveSql.NAMES,
                        ArchiveSql.REASONS));
        this.file = file;
    }

    /** One question at a time, in auto-commit (SQLite reads a consistent state per statement). */
    @Override
    protected synchronized <T> T read(String doing, Read<T> read) throws ArchiveException {
        try {
            return read.run();
        } catch (SQLException e) {
            throw SqliteErrors.map(e, file, doing);
        }
    }

    @Override
    protected ArchivedNotification parse(Rin taxpayer, ResultSet r, int column)
            throws SQLException {
        try {
            return ArchivedNotification.fromRaw(taxpayer, RawCodec.decode(r.getBytes(column)));
        } catch (IOException e) {
            throw new SQLException("an archived notification is not JSON", e);
        }
    }

    @Override
    public synchronized Set<String> known(ServiceKey service, Rin taxpayer, Collection<String> ids)
            throws ArchiveException {
        Set<String> out = new HashSet<>();
        try {
            Long t = taxpayerId(service, taxpayer);
            if (t == null || ids.isEmpty()) {
                return out;
            }
            List<String> all = new ArrayList<>(ids);
            for (int from = 0; from < all.size(); from += 500) {
                List<String> chunk = all.subList(from, Math.min(all.size(), from + 500));
                try (PreparedStatement p = conn.prepareStatement(ArchiveSql.known(chunk.size()))) {
                    p.setLong(1, t);
                    for (int i = 0; i < chunk.size(); i++) {
                        p.setString(i + 2, chunk.get(i));
                    }
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            out.add(r.getString(1));
                        }
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            throw SqliteErrors.map(e, file, "reading which notifications it holds");
        }
    }

    @Override
    public synchronized InboxPage query(InboxQuery q) throws ArchiveException {
        List<String> terms = q.searched() ? SearchText.terms(q.search()) : List.of();
        boolean search = !terms.isEmpty();
        boolean best = q.bestMatch();
        try {
            keys.at(dataVersion());
            Long serviceId = id(conn, ArchiveSql.SERVICE_ID, q.service().baseUrl());
            if (serviceId == null) {
                return new InboxPage(List.of(), 0, q.page(), q.pageSize());
            }
            List<Object> args = new ArrayList<>();
            StringBuilder where = new StringBuilder();
            if (!q.taxpayers().isEmpty()) {
                // the service's taxpayers in one read: a list of hundreds is not hundreds of reads
                java.util.Map<String, Long> idOf = new java.util.HashMap<>();
                try (PreparedStatement p = conn.prepareStatement(ArchiveSql.TAXPAYER_IDS)) {
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
                long all = idOf.size();
                if (ids.size() < all) {
                    // Most of the service's taxpayers: newest first along the key, skipping the
                    // few others, beats gathering the many through the taxpayer index and
                    // sorting them (500 taxpayers of 200 each: 1.8 s a page against 20 ms).
                    // Every one of them: no condition at all.
                    where.append(ids.size() * 2 > all ? " AND +" : " AND ")
                            .append("n.taxpayer_id IN (")
                            .append(ArchiveSql.marks(ids.size()))
                            .append(')');
                    args.addAll(ids);
                }
            }
            String taxpayersWhere = where.toString();
            List<Object> countArgs = new ArrayList<>(args);
            NotificationQuery f = q.filters();
            if (f.dateFrom() != null || f.dateTo() != null) {
                where.append(" AND n.id BETWEEN ? AND ?");
                args.add(f.dateFrom() == null ? 0L : OrderKey.first(f.dateFrom()));
                args.add(f.dateTo() == null ? Long.MAX_VALUE : OrderKey.last(f.dateTo()));
            }
            filter(where, args, "n.type_id", f.type());
            filter(where, args, "n.language", f.language());
            filter(where, args, "n.status", f.status());
            filter(where, args, "n.channel", f.channel());
            handlingCondition(q, where, args);
            boolean handled = q.handling() != InboxQuery.HandlingFilter.ALL;

            String match =
                    !search
                            ? null
                            : best ? SearchMatch.anyOf(conn, terms) : SearchMatch.of(conn, terms);
            boolean dates = f.dateFrom() != null || f.dateTo() != null;
            // a search's matches are counted up to a limit, and at least to the end of the page
            long upTo =
                    search ? Math.max(counted(), (long) q.page() * q.pageSize()) : Long.MAX_VALUE;
            String countSql;
            if (onlyHandling(q)) {
                countSql = handlingCount(q, taxpayersWhere, countArgs);
            } else if (search && where.length() == 0 && onlyService()) {
                countSql = ArchiveSql.COUNT_MATCHES;
            } else if (!search && !dates && !handled) {
                countSql = ArchiveSql.tallied(where.toString());
            } else {
                countSql = ArchiveSql.count(search, where.toString());
            }
            long total;
            try (PreparedStatement p = conn.prepareStatement(countSql)) {
                int i = 1;
                if (countSql == ArchiveSql.COUNT_MATCHES) {
                    p.setString(i++, match);
                } else if (onlyHandling(q)) {
                    i = bind(p, 1, null, serviceId, countArgs);
                } else {
                    i = bind(p, 1, match, serviceId, args);
                }
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
                                            ? ArchiveSql.bestPage(w)
                                            : ArchiveSql.page(search, w, read.oldestFirst()),
                            p -> bind(p, 1, match, serviceId, args));
            return new InboxPage(items, total, more, q.page(), q.pageSize());
        } catch (SQLException e) {
            throw SqliteErrors.map(e, file, "reading notifications");
        }
    }

    /** Changes whenever another connection (the archive's writer, another process) commits. */
    private long dataVersion() throws SQLException {
        try (PreparedStatement p = conn.prepareStatement("PRAGMA data_version");
                ResultSet r = p.executeQuery()) {
            return r.next() ? r.getLong(1) : -1;
        }
    }

    /** Whether the archive holds one service only (its search matches are all of that service). */
    private boolean onlyService() throws SQLException {
        try (PreparedStatement p = conn.prepareStatement(ArchiveSql.SERVICE_COUNT);
                ResultSet r = p.executeQuery()) {
            return r.next() && r.getLong(1) == 1;
        }
    }

    private static int bind(
            PreparedStatement p, int i, String match, long serviceId, List<Object> args)
            throws SQLException {
        if (match != null) {
            p.setString(i++, match);
        }
        p.setLong(i++, serviceId);
        for (Object a : args) {
            if (a instanceof Long l) {
                p.setLong(i++, l);
            } else {
                p.setString(i++, (String) a);
            }
        }
        return i;
    }

    @Override
    public synchronized void close() {
        try {
            conn.close();
        } catch (SQLException ignored) {
            // closing
        }
    }
}
