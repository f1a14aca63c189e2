package app.ishaar.core.archive.postgres;

import app.ishaar.core.archive.ArchiveException;
import app.ishaar.core.model.Rin;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Which database role reads which taxpayer of the shared archive (row-level security, see the
 * migration {@code V2__row_level_security.sql}): a grant lets a role (an accountant's login, or a
 * team's role its members share) read a taxpayer's notifications in every service, and gives it the
 * read-only privileges on the archive's tables it needs; a revoke takes the taxpayer away. Run as
 * the archive's owner. The roles themselves are the database administrator's to make.
 */
final class PgAccess {
    private PgAccess() {}

    private static final String ROLE_EXISTS = "SELECT 1 FROM pg_roles WHERE rolname = ?";
    private static final String GRANT =
            "INSERT INTO taxpayer_access (role_name, rin) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String REVOKE =
            "DELETE FROM taxpayer_access WHERE role_name = ? AND rin = ?";
    private static final String TABLES =
            "service, taxpayer, notification, notification_search, tally, taxpayer_access, syncer,"
                    + " syncer_taxpayer, sync_request, taxpayer_name, "
                    + PgSchema.HISTORY_TABLE;

    /**
     * @return whether the role did not have the taxpayer before
     */
    static boolean grant(Connection c, PgLocation where, String role, Rin rin)
            throws ArchiveException {
        try {
            try {
                requireRole(c, where, role);
                int n;
                try (PreparedStatement p = c.prepareStatement(GRANT)) {
                    p.setString(1, role);
                    p.setString(2, rin.value());
                    n = p.executeUpdate();
                }
                try (Statement s = c.createStatement()) {
                    String r = quoted(role);
                    s.execute("GRANT USAGE ON SCHEMA " + schema(c) + " TO " + r);
                    s.execute("GRANT SELECT ON " + TABLES + " TO " + r);
                    // Sync now on a desktop: a request the office syncer serves
                    s.execute("GRANT INSERT ON sync_request TO " + r);
                    s.execute("GRANT USAGE ON SEQUENCE sync_request_id_seq TO " + r);
                }
                c.commit();
                return n == 1;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw PgErrors.map(e, where, "granting a taxpayer to a role");
        }
    }

    /**
     * @return whether the role had the taxpayer
     */
    static boolean revoke(Connection c, PgLocation where, String role, Rin rin)
            throws ArchiveException {
        try {
            try {
                int n;
                try (PreparedStatement p = c.prepareStatement(REVOKE)) {
                    p.setString(1, role);
                    p.setString(2, rin.value());
                    n = p.executeUpdate();
                }
                c.commit();
                return n == 1;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw PgErrors.map(e, where, "revoking a taxpayer from a role");
        }
    }

    private static void requireRole(Connection c, PgLocation where, String role)
            throws SQLException, ArchiveException {
        try (PreparedStatement p = c.prepareStatement(ROLE_EXISTS)) {
            p.setString(1, role);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new ArchiveException(
                            ArchiveException.Reason.NOT_FOUND,
                            "the archive "
                                    + where
                                    + " has no role "
                                    + role
                                    + " (the database administrator makes it: CREATE ROLE "
                                    + role
                                    + " LOGIN)",
                            null);
                }
            }
        }
    }

    private static String schema(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT quote_ident(current_schema())")) {
            r.next();
            return r.getString(1);
        }
    }

    /** A role's name as an SQL identifier, whatever it holds. */
    static String quoted(String role) {
        return "\"" + role.replace("\"", "\"\"") + "\"";
    }
}
