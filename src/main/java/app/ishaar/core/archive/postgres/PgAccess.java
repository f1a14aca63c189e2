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
 *
 * <p>A grant names the role by its OID (migration {@code V7}): a role dropped and made again with
 * the same name is another role and reads nothing it was not granted. The grants of a role gone
 * show nothing to anyone, and each grant, revoke or listing deletes them.
 */
final class PgAccess {
    private PgAccess() {}

    private static final String ROLE_OID = "SELECT oid FROM pg_roles WHERE rolname = ?";
    private static final String GRANT =
            "INSERT INTO taxpayer_access (role_oid, rin) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String REVOKE =
            "DELETE FROM taxpayer_access a USING pg_roles r"
                    + " WHERE r.oid = a.role_oid AND r.rolname = ? AND a.rin = ?";
    private static final String ORPHANS =
            "DELETE FROM taxpayer_access WHERE role_oid NOT IN (SELECT oid FROM pg_roles)";

    /**
     * Each role that reads a taxpayer: the role granted it, and the roles that log in and are
     * members of it (a team's role), naming the team. Superusers and the owner read everything and
     * are not listed.
     */
    private static final String GRANTS =
            "SELECT m.rolname, a.rin, CASE WHEN m.oid = g.oid THEN NULL ELSE g.rolname END"
                    + " FROM taxpayer_access a JOIN pg_roles g ON g.oid = a.role_oid"
                    + " JOIN pg_roles m ON (m.oid = g.oid OR (m.rolcanlogin AND NOT m.rolsuper"
                    + " AND pg_has_role(m.oid, g.oid, 'MEMBER')))"
                    + " ORDER BY 1, 2, 3 NULLS FIRST";

    private static final String TABLES =
            "service, taxpayer, notification, notification_search, tally, taxpayer_access, syncer,"
                    + " syncer_taxpayer, sync_request, taxpayer_name, handling, handling_change, person, "
                    + PgSchema.HISTORY_TABLE;

    /**
     * @return whether the role did not have the taxpayer before
     */
    static boolean grant(Connection c, PgLocation where, String role, Rin rin)
            throws ArchiveException {
        try {
            try {
                long oid = requireRole(c, where, role);
                deleteOrphans(c);
                int n;
                try (PreparedStatement p = c.prepareStatement(GRANT)) {
                    p.setLong(1, oid);
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
                    // marking its taxpayers' notifications: changes added, never rewritten
                    s.execute("GRANT INSERT ON handling_change TO " + r);
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
                deleteOrphans(c);
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

    /** Who reads which taxpayer, by role, then taxpayer; the grants of roles gone deleted first. */
    static java.util.List<PostgresArchive.Grant> grants(Connection c, PgLocation where)
            throws ArchiveException {
        try {
            try {
                deleteOrphans(c);
                java.util.List<PostgresArchive.Grant> out = new java.util.ArrayList<>();
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery(GRANTS)) {
                    while (r.next()) {
                        out.add(
                                new PostgresArchive.Grant(
                                        r.getString(1), Rin.of(r.getString(2)), r.getString(3)));
                    }
                }
                c.commit();
                return out;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw PgErrors.map(e, where, "listing who reads which taxpayer");
        }
    }

    private static void deleteOrphans(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate(ORPHANS);
        }
    }

    /** The role's OID. */
    private static long requireRole(Connection c, PgLocation where, String role)
            throws SQLException, ArchiveException {
        try (PreparedStatement p = c.prepareStatement(ROLE_OID)) {
            p.setString(1, role);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    return r.getLong(1);
                } else {
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
