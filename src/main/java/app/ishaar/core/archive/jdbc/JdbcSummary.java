package app.ishaar.core.archive.jdbc;

import app.ishaar.core.model.NotificationType;
import app.ishaar.core.model.Rin;
import app.ishaar.core.model.Status;
import app.ishaar.core.report.Summary;
import app.ishaar.core.report.SummaryQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A period summed up in SQL, the same for every dialect but for how the failed attempts' reasons
 * are read out of the archived items: each answer is a few grouped rows (per status and type, per
 * taxpayer, per reason, per day and status), never the notifications themselves.
 */
final class JdbcSummary {

    private final Connection conn;
    private final String reasons;

    /**
     * @param reasons the dialect's statement for the commonest reasons of failed deliveries: the
     *     reason and its count, most first, from {@code notification n} under the conditions put
     *     for {@code %s}, taking {@link Summary#REASONS} as its last parameter
     */
    JdbcSummary(Connection conn, String reasons) {
        this.conn = conn;
        this.reasons = reasons;
    }

    Summary read(SummaryQuery q) throws SQLException {
        Long serviceId =
                JdbcReader.id(
                        conn, "SELECT id FROM service WHERE base_url = ?", q.service().baseUrl());
        List<Object> args = new ArrayList<>();
        String where = scope(q, serviceId, args);
        return new Summary(
                q,
                totals(q, where, args),
                taxpayers(q, where, args),
                reasons(where, args),
                counts(q, where, args));
    }

    /**
     * The conditions of the period's notifications in scope, their values added to {@code args}.
     */
    private static String scope(SummaryQuery q, Long serviceId, List<Object> args) {
        StringBuilder w = new StringBuilder("n.service_id = ? AND n.id >= ? AND n.id < ?");
        // an archive without the service holds nothing of it: no row has id -1
        args.add(serviceId == null ? -1L : serviceId);
        args.add(OrderKey.first(q.from()));
        args.add(OrderKey.first(q.to()));
        if (!q.taxpayers().isEmpty()) {
            w.append(" AND n.taxpayer_id IN (SELECT t.id FROM taxpayer t WHERE t.service_id = ?")
                    .append(" AND t.rin IN (")
                    .append(
                            String.join(
                                    ", ", java.util.Collections.nCopies(q.taxpayers().size(), "?")))
                    .append("))");
            args.add(serviceId == null ? -1L : serviceId);
            q.taxpayers().stream().map(Rin::value).sorted().forEach(args::add);
        }
        return w.toString();
    }

    private Summary.Totals totals(SummaryQuery q, String where, List<Object> args)
            throws SQLException {
        Map<String, Long> byStatus = new LinkedHashMap<>();
        for (Status s : Status.values()) {
            byStatus.put(s.wire(), 0L);
        }
        Map<String, Long> byType = new HashMap<>();
        long all = 0;
        long tooLong = 0;
        String sql =
                "SELECT n.status, n.type_id, count(*),"
                        + " sum(CASE WHEN n.id < ? THEN 1 ELSE 0 END)"
                        + " FROM notification n WHERE "
                        + where
                        + " GROUP BY n.status, n.type_id";
        try (PreparedStatement p = conn.prepareStatement(sql)) {
            int i = 1;
            p.setLong(i++, OrderKey.first(q.pendingBefore()));
            bind(p, i, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    String status = r.getString(1) == null ? "" : r.getString(1);
                    long n = r.getLong(3);
                    all += n;
                    byStatus.merge(status, n, Long::sum);
                    byType.merge(r.getString(2) == null ? "" : r.getString(2), n, Long::sum);
                    if (unsettled(status)) {
                        tooLong += r.getLong(4);
                    }
                }
            }
        }
        return new Summary.Totals(
                all,
                byStatus,
                byType.getOrDefault(NotificationType.DOCUMENT_RECEIVED.id(), 0L),
                byType.getOrDefault(NotificationType.DOCUMENT_VALIDATED.id(), 0L),
                byType.getOrDefault(NotificationType.DOCUMENT_CANCELLED.id(), 0L),
                byType.getOrDefault(NotificationType.DOCUMENT_REJECTED.id(), 0L),
                tooLong);
    }

    private List<Summary.TaxpayerCounts> taxpayers(SummaryQuery q, String where, List<Object> args)
            throws SQLException {
        String sql =
                "SELECT c.rin, nm.name, c.n_all, c.failed, c.rejected, c.late FROM ("
                        + "SELECT t.rin AS rin, count(*) AS n_all,"
                        + " sum(CASE WHEN n.status = 'error' THEN 1 ELSE 0 END) AS failed,"
                        + " sum(CASE WHEN n.type_id = '"
                        + NotificationType.DOCUMENT_REJECTED.id()
                        + "' THEN 1 ELSE 0 END) AS rejected,"
                        + " sum(CASE WHEN n.status IN ('pending', 'batched') AND n.id < ?"
                        + " THEN 1 ELSE 0 END) AS late"
                        + " FROM notification n JOIN taxpayer t ON t.id = n.taxpayer_id WHERE "
                        + where
                        + " GROUP BY t.rin) c LEFT JOIN taxpayer_name nm ON nm.rin = c.rin"
                        + " WHERE c.failed + c.rejected + c.late > 0"
                        + " ORDER BY c.failed DESC, c.rejected DESC, c.late DESC, c.rin";
        List<Summary.TaxpayerCounts> out = new ArrayList<>();
        try (PreparedStatement p = conn.prepareStatement(sql)) {
            p.setLong(1, OrderKey.first(q.pendingBefore()));
            bind(p, 2, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(
                            new Summary.TaxpayerCounts(
                                    new Rin(r.getString(1)),
                                    r.getString(2),
                                    r.getLong(3),
                                    r.getLong(4),
                                    r.getLong(5),
                                    r.getLong(6)));
                }
            }
        }
        return out;
    }

    private List<Summary.Reason> reasons(String where, List<Object> args) throws SQLException {
        List<Summary.Reason> out = new ArrayList<>();
        try (PreparedStatement p = conn.prepareStatement(String.format(reasons, where))) {
            int i = bind(p, 1, args);
            p.setInt(i, Summary.REASONS);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new Summary.Reason(r.getString(1), r.getLong(2)));
                }
            }
        }
        return out;
    }

    private List<Summary.Count> counts(SummaryQuery q, String where, List<Object> args)
            throws SQLException {
        List<LocalDate> starts = q.starts();
        List<Instant> bounds = q.boundaries();
        // which count a notification falls in: the first boundary after it, found by the database
        StringBuilder bucket = new StringBuilder("CASE");
        for (int b = 0; b < bounds.size(); b++) {
            bucket.append(" WHEN n.id < ? THEN ").append(b);
        }
        bucket.append(" ELSE ").append(bounds.size()).append(" END");
        String sql =
                "SELECT b.k, b.status, count(*) FROM (SELECT "
                        + bucket
                        + " AS k, n.status AS status FROM notification n WHERE "
                        + where
                        + ") b GROUP BY b.k, b.status";
        List<Map<String, Long>> byStatus = new ArrayList<>();
        for (int k = 0; k < starts.size(); k++) {
            Map<String, Long> m = new LinkedHashMap<>();
            for (Status s : Status.values()) {
                m.put(s.wire(), 0L);
            }
            byStatus.add(m);
        }
        try (PreparedStatement p = conn.prepareStatement(sql)) {
            int i = 1;
            for (Instant b : bounds) {
                p.setLong(i++, OrderKey.first(b));
            }
            bind(p, i, args);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    String status = r.getString(2) == null ? "" : r.getString(2);
                    byStatus.get(r.getInt(1)).merge(status, r.getLong(3), Long::sum);
                }
            }
        }
        List<Summary.Count> out = new ArrayList<>();
        for (int k = 0; k < starts.size(); k++) {
            out.add(new Summary.Count(starts.get(k), byStatus.get(k)));
        }
        return out;
    }

    private static boolean unsettled(String status) {
        return status.equals(Status.PENDING.wire()) || status.equals(Status.BATCHED.wire());
    }

    private static int bind(PreparedStatement p, int i, List<Object> args) throws SQLException {
        for (Object a : args) {
            if (a instanceof Long l) {
                p.setLong(i++, l);
            } else {
                p.setString(i++, (String) a);
            }
        }
        return i;
    }
}
