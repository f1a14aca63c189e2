package app.ishaar.bench;

import app.ishaar.core.archive.ArchivedNotification;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.archive.postgres.PgRows;
import app.ishaar.core.archive.postgres.PostgresArchive;
import app.ishaar.core.archive.sqlite.RawCodec;
import app.ishaar.core.model.Rin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.postgresql.PGConnection;

/**
 * pg_inbox_page_ms and pg_search_ms: the archive group's page shapes and searches ({@link
 * ArchiveBench#pageShapes}, {@link ArchiveBench#searches}), asked of the shared archive ({@link
 * PostgresArchive#query}) holding the same 1,000,000 notifications.
 *
 * <p>The data is the archive group's SQLite file ({@code target/bench/archive-1m.db}, or the file
 * {@code -Dbench.pg.source} names, only read), copied into the database {@value #DATABASE}: its
 * tables made by the archive's own migrations, each notification's row as {@link
 * PostgresArchive#store} writes it (its columns and search words computed by the same code, {@link
 * PgRows}, the words given to {@code array_to_tsvector} alike, in the search's own table), loaded
 * with COPY in chunks, the tally summed from the rows, each taxpayer's sync state as in the file;
 * then VACUUM ANALYZE, as autovacuum would do after such a load. With {@code -Dbench.pg.keep=true}
 * a database left by an earlier run with as many notifications as the file is measured again rather
 * than loaded anew.
 *
 * <p>The server: the one named by {@code ISHAAR_TEST_PG}, {@code ISHAAR_TEST_PG_USER} and {@code
 * ISHAAR_TEST_PG_PASSWORD} (as for the archive's tests), else the one {@code .ci/postgres start}
 * starts (left running for the next run; {@code .ci/postgres stop} removes it). Without either the
 * figures are reported as not measured.
 */
final class PgArchiveBench {
    private PgArchiveBench() {}

    static final Metric.Goal PAGE_GOAL = Metric.Goal.atMost(30);
    static final Metric.Goal SEARCH_GOAL = Metric.Goal.atMost(150);
    static final Metric.Goal HANDLING_GOAL = Metric.Goal.atMost(50);
    static final String DATABASE = "ishaar_bench";

    /** Notifications copied per COPY and transaction. */
    static final int CHUNK = 10_000;

    /** A server to measure on: where, as whom, and the password. */
    record Server(PgLocation admin, String password) {
        PgLocation bench() {
            return new PgLocation(admin.host(), admin.port(), DATABASE, admin.user());
        }

        Connection connect(String database) throws SQLException {
            return DriverManager.getConnection(
                    "jdbc:postgresql://" + admin.host() + ":" + admin.port() + "/" + database,
                    admin.user(),
                    password);
        }
    }

    static List<Metric> measure(Path dir) throws Exception {
        Server server;
        try {
            server = server();
            server.connect(server.admin().database()).close();
        } catch (IOException | SQLException | RuntimeException e) {
            String why = "no PostgreSQL server: " + e.getMessage();
            System.out.println(why);
            return List.of(
                    BenchSuite.notMeasured("pg_inbox_page_ms", why),
                    BenchSuite.notMeasured("pg_search_ms", why),
                    BenchSuite.notMeasured("pg_handling_filter_ms", why));
        }
        Path source = Path.of(System.getProperty("bench.pg.source", "")).toAbsolutePath();
        if (System.getProperty("bench.pg.source", "").isBlank()) {
            source = dir.resolve("archive-1m.db").toAbsolutePath();
            if (!Files.exists(source)) {
                long t0 = System.nanoTime();
                ArchiveBench.fill(source);
                System.out.printf(
                        Locale.ROOT,
                        "SQLite archive to copy written in %.0f s%n",
                        (System.nanoTime() - t0) / 1e9);
            }
        }
        long expected = count(source);
        boolean keep = Boolean.getBoolean("bench.pg.keep") && loaded(server) == expected;
        if (keep) {
            System.out.printf(
                    Locale.ROOT, "database %s kept: %,d notifications%n", DATABASE, expected);
        } else {
            long t0 = System.nanoTime();
            load(server, source);
            System.out.printf(
                    Locale.ROOT,
                    "%,d notifications of %s loaded into %s in %.0f s%n",
                    expected,
                    source,
                    DATABASE,
                    (System.nanoTime() - t0) / 1e9);
        }
        String version;
        try (Connection c = server.connect(DATABASE);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SHOW server_version")) {
            r.next();
            version = r.getString(1);
        }
        List<Metric> out = new ArrayList<>();
        try (PostgresArchive archive =
                PostgresArchive.open(
                        server.bench(), name -> null, server.password().toCharArray())) {
            Metric page =
                    ArchiveBench.timed(
                            "pg_inbox_page_ms", PAGE_GOAL, archive, ArchiveBench.pageShapes());
            Metric search =
                    ArchiveBench.timed(
                            "pg_search_ms", SEARCH_GOAL, archive, ArchiveBench.searches());
            // the same questions again, the server free to settle on one plan for any values
            archive.planEachQuestionForItsValues(false);
            Metric pageWithout =
                    ArchiveBench.timed(
                            "pg_inbox_page_ms, one plan for any values",
                            PAGE_GOAL,
                            archive,
                            ArchiveBench.pageShapes());
            Metric searchWithout =
                    ArchiveBench.timed(
                            "pg_search_ms, one plan for any values",
                            SEARCH_GOAL,
                            archive,
                            ArchiveBench.searches());
            archive.planEachQuestionForItsValues(true);
            out.add(note(page, pageWithout, version));
            out.add(note(search, searchWithout, version));
            out.add(ArchiveBench.handlingFilter("pg_handling_filter_ms", HANDLING_GOAL, archive));
        }
        return out;
    }

    private static Metric note(Metric m, Metric without, String version) {
        return new Metric(
                m.name(),
                m.value(),
                m.unit(),
                m.goal(),
                m.met(),
                "PostgreSQL "
                        + version
                        + " on loopback; "
                        + m.note()
                        + String.format(
                                Locale.ROOT,
                                "; with one plan for any values (the server's default) %.1f ms: %s",
                                without.value(),
                                without.note()));
    }

    /** The tests' server, else the one .ci/postgres starts. */
    static Server server() throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(System.getenv());
        if (env.getOrDefault("ISHAAR_TEST_PG", "").isBlank()) {
            Path script = Path.of(".ci/postgres");
            if (!Files.isExecutable(script)) {
                throw new IOException("ISHAAR_TEST_PG is not set and there is no .ci/postgres");
            }
            Process p =
                    new ProcessBuilder(script.toString(), "start")
                            .redirectError(ProcessBuilder.Redirect.INHERIT)
                            .start();
            try (BufferedReader r =
                    new BufferedReader(
                            new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    // export NAME='value'
                    if (line.startsWith("export ") && line.contains("=")) {
                        String name = line.substring(7, line.indexOf('='));
                        String value = line.substring(line.indexOf('=') + 1).replace("'", "");
                        env.put(name, value);
                    }
                }
            }
            if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(
                        "ISHAAR_TEST_PG is not set and .ci/postgres start failed (see above)");
            }
            System.out.println(
                    "the PostgreSQL cluster of .ci/postgres start, left running (.ci/postgres stop)");
        }
        PgLocation base = PgLocation.parse(env.get("ISHAAR_TEST_PG"));
        return new Server(
                base.as(env.getOrDefault("ISHAAR_TEST_PG_USER", "postgres")),
                env.getOrDefault("ISHAAR_TEST_PG_PASSWORD", ""));
    }

    private static Connection sqlite(Path file) throws SQLException {
        // immutable: only read, no lock and no WAL index written beside the file
        return DriverManager.getConnection("jdbc:sqlite:file:" + file + "?immutable=1");
    }

    static long count(Path source) throws SQLException {
        try (Connection c = sqlite(source);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM notification")) {
            r.next();
            return r.getLong(1);
        }
    }

    /** The notifications in the bench database, or -1 when it has none or is not there. */
    static long loaded(Server server) {
        try (Connection c = server.connect(DATABASE);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM notification")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            return -1;
        }
    }

    static void load(Server server, Path source) throws Exception {
        try (Connection c = server.connect(server.admin().database());
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + DATABASE);
        }
        // the tables, by the archive's migrations
        PostgresArchive.open(server.bench(), name -> null, server.password().toCharArray()).close();
        try (Connection from = sqlite(source);
                Connection to = server.connect(DATABASE)) {
            to.setAutoCommit(false);
            Map<Long, long[]> taxpayers = taxpayers(from, to);
            try (Statement s = to.createStatement()) {
                s.execute(
                        "CREATE TEMPORARY TABLE load_notification (id bigint, service_id bigint,"
                                + " taxpayer_id bigint, notification_id text, type_id text,"
                                + " language text, status text, channel text, raw text,"
                                + " words text[])");
            }
            to.commit();
            var copy = to.unwrap(PGConnection.class).getCopyAPI();
            try (Statement s = from.createStatement();
                    ResultSet r =
                            s.executeQuery(
                                    "SELECT n.id, n.taxpayer_id, t.rin, r.raw FROM notification n"
                                            + " JOIN taxpayer t ON t.id = n.taxpayer_id"
                                            + " JOIN notification_raw r ON r.id = n.id"
                                            + " ORDER BY n.id")) {
                long done = 0;
                List<Object[]> rows = new ArrayList<>(CHUNK);
                boolean more = true;
                while (more) {
                    rows.clear();
                    while (rows.size() < CHUNK && (more = r.next())) {
                        rows.add(
                                new Object[] {
                                    r.getLong(1), r.getLong(2), r.getString(3), r.getBytes(4)
                                });
                    }
                    if (rows.isEmpty()) {
                        break;
                    }
                    // the rows' text made on both cores, in order
                    List<String> lines =
                            rows.parallelStream().map(row -> csv(row, taxpayers)).toList();
                    StringBuilder b = new StringBuilder(lines.size() * 1600);
                    lines.forEach(b::append);
                    copy.copyIn(
                            "COPY load_notification FROM STDIN (FORMAT csv)",
                            new java.io.StringReader(b.toString()));
                    try (Statement s2 = to.createStatement()) {
                        s2.execute(
                                "INSERT INTO notification (id, service_id, taxpayer_id,"
                                        + " notification_id, type_id, language, status, channel,"
                                        + " raw) SELECT id, service_id, taxpayer_id,"
                                        + " notification_id, type_id, language, status, channel,"
                                        + " raw FROM load_notification");
                        s2.execute(
                                "INSERT INTO notification_search (id, service_id, taxpayer_id,"
                                        + " type_id, language, status, channel, words)"
                                        + " SELECT id, service_id, taxpayer_id, type_id, language,"
                                        + " status, channel, array_to_tsvector(words)"
                                        + " FROM load_notification");
                        s2.execute("TRUNCATE load_notification");
                    }
                    to.commit();
                    done += rows.size();
                    if (done % 200_000 == 0) {
                        System.out.printf(Locale.ROOT, "  loaded %,d%n", done);
                    }
                }
            }
            try (Statement s = to.createStatement()) {
                s.execute(
                        "INSERT INTO tally (taxpayer_id, service_id, type_id, language, status,"
                                + " channel, n) SELECT taxpayer_id, service_id,"
                                + " COALESCE(type_id, ''), COALESCE(language, ''),"
                                + " COALESCE(status, ''), COALESCE(channel, ''), COUNT(*)"
                                + " FROM notification GROUP BY 1, 2, 3, 4, 5, 6");
            }
            to.commit();
            to.setAutoCommit(true);
            try (Statement s = to.createStatement()) {
                s.execute("VACUUM ANALYZE");
            }
        }
    }

    /**
     * The services and taxpayers with their sync state; a SQLite taxpayer id → the new taxpayer's
     * id and its service's.
     */
    private static Map<Long, long[]> taxpayers(Connection from, Connection to) throws SQLException {
        Map<Long, long[]> ids = new HashMap<>();
        Map<Long, Long> services = new HashMap<>();
        try (Statement s = from.createStatement();
                ResultSet r = s.executeQuery("SELECT id, base_url FROM service");
                PreparedStatement p =
                        to.prepareStatement(
                                "INSERT INTO service (base_url) VALUES (?) RETURNING id")) {
            while (r.next()) {
                p.setString(1, r.getString(2));
                try (ResultSet k = p.executeQuery()) {
                    k.next();
                    services.put(r.getLong(1), k.getLong(1));
                }
            }
        }
        try (Statement s = from.createStatement();
                ResultSet r =
                        s.executeQuery(
                                "SELECT id, service_id, rin, sync_checkpoint, sync_complete,"
                                        + " last_synced_ms FROM taxpayer");
                PreparedStatement p =
                        to.prepareStatement(
                                "INSERT INTO taxpayer (service_id, rin, sync_checkpoint,"
                                        + " sync_complete, last_synced_ms) VALUES (?, ?, ?, ?, ?)"
                                        + " RETURNING id")) {
            while (r.next()) {
                p.setLong(1, services.get(r.getLong(2)));
                p.setString(2, r.getString(3));
                p.setString(3, r.getString(4));
                p.setBoolean(4, r.getInt(5) != 0);
                p.setObject(5, r.getObject(6) == null ? null : r.getLong(6), java.sql.Types.BIGINT);
                try (ResultSet k = p.executeQuery()) {
                    k.next();
                    ids.put(r.getLong(1), new long[] {k.getLong(1), services.get(r.getLong(2))});
                }
            }
        }
        return ids;
    }

    /** One notification as a CSV line of load_notification, as store() would write its row. */
    private static String csv(Object[] row, Map<Long, long[]> taxpayers) {
        try {
            long[] ids = taxpayers.get((Long) row[1]);
            String raw = RawCodec.decode((byte[]) row[3]);
            ArchivedNotification a = ArchivedNotification.fromRaw(new Rin((String) row[2]), raw);
            String[] c = PgRows.columns(a.notification());
            StringBuilder words = new StringBuilder("{");
            for (String w : PgRows.lexemes(a.notification())) {
                words.append(words.length() == 1 ? "" : ",")
                        .append('"')
                        .append(w.replace("\\", "\\\\").replace("\"", "\\\""))
                        .append('"');
            }
            words.append('}');
            StringBuilder b = new StringBuilder(raw.length() + 512);
            b.append(row[0]).append(',').append(ids[1]).append(',');
            b.append(ids[0]).append(',').append(quoted(a.notificationId()));
            for (String v : c) {
                b.append(',').append(v == null ? "" : quoted(v));
            }
            b.append(',').append(quoted(raw)).append(',').append(quoted(words.toString()));
            return b.append('\n').toString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A CSV field in quotes: NULL is an unquoted empty field, "" an empty text. */
    private static String quoted(String v) {
        return '"' + v.replace("\"", "\"\"") + '"';
    }
}
