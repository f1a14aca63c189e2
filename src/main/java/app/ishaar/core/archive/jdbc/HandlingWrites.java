package app.ishaar.core.archive.jdbc;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingResult;
import app.ishaar.core.archive.HandlingTarget;
import app.ishaar.core.model.Rin;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What recording a change of handling does in every SQL archive, within the dialect's transaction:
 * each notification named is found (all of them, or nothing is written), the change is added to
 * each one's history the dialect's way ({@link Append}), and those changed over a change their
 * changer had not seen are said.
 */
public final class HandlingWrites {
    private HandlingWrites() {}

    /** A notification of a taxpayer of the service, by both; its taxpayer's id and RIN. */
    private static final String OF_TAXPAYER =
            "SELECT t.id, t.rin FROM taxpayer t JOIN notification n ON n.taxpayer_id = t.id"
                    + " WHERE t.service_id = ? AND t.rin = ? AND n.notification_id = ?";

    /**
     * A notification of any taxpayer of the service, by its ID: each of the service's taxpayers
     * asked by its own key (the notifications' index begins with the taxpayer).
     */
    private static final String OF_ANY =
            "SELECT t.id, t.rin FROM taxpayer t JOIN notification n ON n.taxpayer_id = t.id"
                    + " WHERE t.service_id = ? AND n.notification_id = ?";

    /** Who made a change. */
    private static final String CHANGED_BY = "SELECT changed_by FROM handling_change WHERE id = ?";

    /** Adds one change to a notification's history and applies it. */
    public interface Append {
        /**
         * @return the latest change before this one (0: none)
         */
        long append(long taxpayerId, String notificationId, HandlingEdit edit) throws SQLException;
    }

    /** A notification found: its taxpayer's id and RIN. */
    private record Found(long taxpayerId, Rin rin, HandlingTarget target) {}

    /**
     * Records the change for every target, in the caller's transaction.
     *
     * @throws ArchiveException NOT_FOUND when one is not in the archive (or not visible to this
     *     role), before anything is written
     */
    public static HandlingResult handle(
            Connection c,
            long serviceId,
            List<HandlingTarget> targets,
            HandlingEdit edit,
            Append append)
            throws SQLException, ArchiveException {
        List<Found> found = new ArrayList<>(targets.size());
        try (PreparedStatement byTaxpayer = c.prepareStatement(OF_TAXPAYER);
                PreparedStatement byId = c.prepareStatement(OF_ANY)) {
            for (HandlingTarget t : targets) {
                PreparedStatement p;
                if (t.taxpayer() != null) {
                    p = byTaxpayer;
                    p.setLong(1, serviceId);
                    p.setString(2, t.taxpayer().value());
                    p.setString(3, t.notificationId());
                } else {
                    p = byId;
                    p.setLong(1, serviceId);
                    p.setString(2, t.notificationId());
                }
                List<Found> of = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        of.add(new Found(r.getLong(1), Rin.of(r.getString(2)), t));
                    }
                }
                if (of.isEmpty()) {
                    throw new ArchiveException(
                            ArchiveException.Reason.NOT_FOUND,
                            "no notification "
                                    + t.notificationId()
                                    + (t.taxpayer() == null
                                            ? ""
                                            : " of taxpayer " + t.taxpayer().value())
                                    + " in the archive",
                            null);
                }
                if (of.size() > 1) {
                    throw new ArchiveException(
                            ArchiveException.Reason.NOT_FOUND,
                            "notification "
                                    + t.notificationId()
                                    + " is archived for several taxpayers; name the taxpayer",
                            null);
                }
                found.add(of.get(0));
            }
        }
        // always in one order, so that two marks of the same notifications at once wait for each
        // other instead of each holding what the other needs next
        found.sort(
                java.util.Comparator.comparingLong(Found::taxpayerId)
                        .thenComparing(f -> f.target().notificationId()));
        List<HandlingResult.Overtaken> overtaken = new ArrayList<>();
        for (Found f : found) {
            long before = append.append(f.taxpayerId(), f.target().notificationId(), edit);
            long seen = f.target().seen();
            if (seen != HandlingTarget.UNCHECKED && seen != before) {
                overtaken.add(
                        new HandlingResult.Overtaken(
                                f.rin(),
                                f.target().notificationId(),
                                seen,
                                before,
                                before == 0 ? null : changedBy(c, before)));
            }
        }
        return new HandlingResult(found.size(), overtaken);
    }

    private static String changedBy(Connection c, long change) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(CHANGED_BY)) {
            p.setLong(1, change);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    /** The state a change writes ({@link Handling.State#word}), or null when it keeps it. */
    public static String stateWord(HandlingEdit edit) {
        return edit.state() == null ? null : edit.state().word();
    }
}
