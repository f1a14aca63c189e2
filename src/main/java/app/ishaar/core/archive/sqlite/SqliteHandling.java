package app.ishaar.core.archive.sqlite;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.Handling;
import app.ishaar.core.archive.HandlingEdit;
import app.ishaar.core.archive.HandlingRule;
import app.ishaar.core.archive.jdbc.HandlingWrites;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The handling's writes on SQLite, in the writer's transaction (which holds the file's write lock,
 * so that no other change comes between reading a notification's latest change and adding the
 * next): a change added to the history, then applied to what the notification's handling is.
 */
final class SqliteHandling {
    private static final String LATEST =
            "SELECT last_change FROM handling WHERE taxpayer_id = ? AND notification_id = ?";
    private static final String ADD =
            "INSERT INTO handling_change (taxpayer_id, notification_id, state, assigned_to, note,"
                    + " changed_by, changed_ms, after_change) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String FIRST =
            "INSERT INTO handling (nkey, taxpayer_id, notification_id, state, assigned_to,"
                    + " last_change) SELECT n.id, n.taxpayer_id, n.notification_id, ?, NULLIF(?, ''),"
                    + " ? FROM notification n WHERE n.taxpayer_id = ? AND n.notification_id = ?";
    private static final String NEXT =
            "UPDATE handling SET state = COALESCE(?, state), assigned_to = CASE WHEN ? IS NULL"
                    + " THEN assigned_to ELSE NULLIF(?, '') END, last_change = ?"
                    + " WHERE taxpayer_id = ? AND notification_id = ?";
    private static final String SINCE = "SELECT handling_since_ms FROM taxpayer WHERE id = ?";

    /** A notification moved in the order (received at another time): its handling follows. */
    static final String MOVED =
            "UPDATE handling SET nkey = ? WHERE taxpayer_id = ? AND notification_id = ?";

    static final String FORGET_TAXPAYER_CHANGES =
            "DELETE FROM handling_change WHERE taxpayer_id = ?";
    static final String FORGET_TAXPAYER = "DELETE FROM handling WHERE taxpayer_id = ?";
    static final String FORGET_SERVICE_CHANGES =
            "DELETE FROM handling_change WHERE taxpayer_id IN"
                    + " (SELECT id FROM taxpayer WHERE service_id = ?)";
    static final String FORGET_SERVICE =
            "DELETE FROM handling WHERE taxpayer_id IN"
                    + " (SELECT id FROM taxpayer WHERE service_id = ?)";

    /** The handling of the notifications whose keys are in a range (kept N days): it goes too. */
    static final String PRUNE_CHANGES =
            "DELETE FROM handling_change WHERE (taxpayer_id, notification_id) IN"
                    + " (SELECT taxpayer_id, notification_id FROM handling"
                    + " WHERE nkey >= ? AND nkey < ?)";

    static final String PRUNE = "DELETE FROM handling WHERE nkey >= ? AND nkey < ?";

    private final Connection writer;
    private final String person;
    private volatile HandlingRule rule = HandlingRule.DEFAULT;

    SqliteHandling(Connection writer, String person) {
        this.writer = writer;
        this.person = person;
    }

    void rule(HandlingRule rule) {
        this.rule = rule == null ? HandlingRule.NONE : rule;
    }

    /** Adds a change and applies it; returns the latest change before it (0: none). */
    long append(long taxpayerId, String notificationId, HandlingEdit edit) throws SQLException {
        long before = 0;
        try (PreparedStatement p = writer.prepareStatement(LATEST)) {
            p.setLong(1, taxpayerId);
            p.setString(2, notificationId);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    before = r.getLong(1);
                }
            }
        }
        String state = HandlingWrites.stateWord(edit);
        long change;
        try (PreparedStatement p = writer.prepareStatement(ADD)) {
            p.setLong(1, taxpayerId);
            p.setString(2, notificationId);
            p.setString(3, state);
            p.setString(4, edit.assignTo());
            p.setString(5, edit.note());
            p.setString(6, person);
            p.setLong(7, System.currentTimeMillis());
            p.setLong(8, before);
            p.executeUpdate();
        }
        try (PreparedStatement p = writer.prepareStatement("SELECT last_insert_rowid()");
                ResultSet r = p.executeQuery()) {
            r.next();
            change = r.getLong(1);
        }
        if (before == 0) {
            try (PreparedStatement p = writer.prepareStatement(FIRST)) {
                p.setString(1, state == null ? Handling.State.TO_HANDLE.word() : state);
                p.setString(2, edit.assignTo());
                p.setLong(3, change);
                p.setLong(4, taxpayerId);
                p.setString(5, notificationId);
                p.executeUpdate();
            }
        } else {
            try (PreparedStatement p = writer.prepareStatement(NEXT)) {
                p.setString(1, state);
                p.setString(2, edit.assignTo());
                p.setString(3, edit.assignTo());
                p.setLong(4, change);
                p.setLong(5, taxpayerId);
                p.setString(6, notificationId);
                p.executeUpdate();
            }
        }
        return before;
    }

    /** From when a taxpayer's notifications are marked on arrival (its first sync), or null. */
    Instant since(long taxpayerId) throws SQLException {
        try (PreparedStatement p = writer.prepareStatement(SINCE)) {
            p.setLong(1, taxpayerId);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    long ms = r.getLong(1);
                    return r.wasNull() ? null : Instant.ofEpochMilli(ms);
                }
                return null;
            }
        }
    }

    /**
     * A notification stored: marked to handle when the rule says so and no one has marked it yet.
     */
    void arrived(long taxpayerId, Instant since, ArchivedNotification a) throws SQLException {
        HandlingRule r = rule;
        if (since == null || !r.needsHandling(a.notification(), since)) {
            return;
        }
        try (PreparedStatement p = writer.prepareStatement(LATEST)) {
            p.setLong(1, taxpayerId);
            p.setString(2, a.notificationId());
            try (ResultSet rs = p.executeQuery()) {
                if (rs.next()) {
                    return;
                }
            }
        }
        append(taxpayerId, a.notificationId(), HandlingEdit.mark(Handling.State.TO_HANDLE));
    }
}
