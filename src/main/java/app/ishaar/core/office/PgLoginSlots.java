package app.ishaar.core.office;

import app.ishaar.core.archive.postgres.PgConnections;
import app.ishaar.core.archive.postgres.PgLocation;
import app.ishaar.core.service.LoginGate;
import app.ishaar.core.session.LoginBudget;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One login budget for every syncer of a shared archive (migration {@code V4__login_budget.sql}): a
 * login passes the syncer's own {@link LoginBudget} (its order and pace in the process), then takes
 * a slot in the table {@code login_slot} of its client ID, in one transaction that holds the
 * client's row in {@code login_budget}, so that two syncers never take the last slot both. When the
 * window's slots are used up, or the identity service asked any syncer of that client ID to wait
 * ({@code Retry-After}, kept in the same row), the login waits until the first slot frees or the
 * pause ends, and asks again. Times are the server's clock: syncers on several machines count
 * alike.
 *
 * <p>A client ID is kept as its SHA-256, so the archive names no client (and never holds a secret).
 * The database asked on one thread and connection of its own. When it cannot be asked (a dropped
 * connection), the login goes with the syncer's own budget alone, and the next one asks again.
 */
final class PgLoginSlots implements LoginGate, AutoCloseable {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.archive");

    /** Slots older than this go from the table (the window is a minute or so). */
    private static final long KEEP_MS = Duration.ofHours(1).toMillis();

    private static final String ENSURE =
            "INSERT INTO login_budget (client_key) VALUES (?) ON CONFLICT DO NOTHING";
    private static final String HOLD =
            "SELECT paused_until_ms, (extract(epoch FROM clock_timestamp()) * 1000)::bigint"
                    + " FROM login_budget WHERE client_key = ? FOR UPDATE";
    private static final String PRUNE =
            "DELETE FROM login_slot WHERE client_key = ? AND started_ms <= ?";
    private static final String COUNT =
            "SELECT count(*), min(started_ms) FROM login_slot"
                    + " WHERE client_key = ? AND started_ms > ?";
    private static final String TAKE =
            "INSERT INTO login_slot (client_key, started_ms) VALUES (?, ?)";
    private static final String PAUSE =
            "INSERT INTO login_budget AS b (client_key, paused_until_ms) VALUES (?,"
                    + " (extract(epoch FROM clock_timestamp()) * 1000)::bigint + ?)"
                    + " ON CONFLICT (client_key) DO UPDATE SET paused_until_ms ="
                    + " greatest(b.paused_until_ms, EXCLUDED.paused_until_ms)";

    private final PgLocation location;
    private final PgConnections connections;
    private final LoginGate own;
    private final int logins;
    private final long windowMs;
    private final ScheduledExecutorService thread;

    /** Per client ID, the logins its own budget let through, waiting for a slot; on the thread. */
    private final Map<String, Line> lines = new HashMap<>();

    private Connection conn;

    private static final class Line {
        final Deque<CompletableFuture<Void>> waiting = new ArrayDeque<>();
        ScheduledFuture<?> wake;
    }

    PgLoginSlots(PgLocation location, PgConnections connections, LoginBudget own) {
        this.location = location;
        this.connections = connections;
        this.own = own;
        this.logins = own.logins();
        this.windowMs = own.window().toMillis();
        ScheduledThreadPoolExecutor t =
                new ScheduledThreadPoolExecutor(
                        1,
                        r -> {
                            Thread th = new Thread(r, "ishaar-shared-logins");
                            th.setDaemon(true);
                            return th;
                        });
        t.setRemoveOnCancelPolicy(true);
        this.thread = t;
    }

    @Override
    public CompletableFuture<Void> beforeLogin(String clientId) {
        CompletableFuture<Void> out = new CompletableFuture<>();
        CompletableFuture<Void> first = own.beforeLogin(clientId);
        out.whenComplete(
                (v, e) -> {
                    if (out.isCancelled()) {
                        first.cancel(false); // gives up its place in the own budget's line
                    }
                });
        first.whenComplete(
                (v, e) -> {
                    if (e != null) {
                        out.completeExceptionally(e);
                    } else if (!out.isDone()) {
                        submit(() -> wait(clientId, out), out);
                    }
                });
        return out;
    }

    @Override
    public void rateLimited(String clientId, Duration retryAfter) {
        own.rateLimited(clientId, retryAfter);
        if (retryAfter == null || retryAfter.isNegative()) {
            return;
        }
        submit(() -> pause(clientId, retryAfter), null);
    }

    private void submit(Runnable r, CompletableFuture<Void> orElse) {
        try {
            thread.execute(r);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            if (orElse != null) {
                orElse.completeExceptionally(new CancellationException("the archive was closed"));
            }
        }
    }

    // --- on the thread ---

    private void wait(String clientId, CompletableFuture<Void> login) {
        lines.computeIfAbsent(clientId, k -> new Line()).waiting.addLast(login);
        pump(clientId);
    }

    /** Lets through every waiter that gets a slot now; sets the timer for the next one. */
    private void pump(String clientId) {
        Line line = lines.get(clientId);
        if (line == null) {
            return;
        }
        while (!line.waiting.isEmpty()) {
            CompletableFuture<Void> next = line.waiting.peekFirst();
            if (next.isDone()) { // cancelled: its session closed while it waited
                line.waiting.removeFirst();
                continue;
            }
            long waitMs = take(key(clientId));
            if (waitMs > 0) {
                if (line.wake != null) {
                    line.wake.cancel(false);
                }
                line.wake = thread.schedule(() -> pump(clientId), waitMs, TimeUnit.MILLISECONDS);
                return;
            }
            line.waiting.removeFirst();
            next.complete(null);
        }
        lines.remove(clientId);
    }

    /**
     * Takes a slot of the client's budget: 0 when taken, else how many milliseconds until one may
     * free (the oldest slot of the window leaves it, or the pause ends).
     */
    private long take(String key) {
        try {
            Connection c = connection();
            try {
                long waitMs = takeIn(c, key);
                c.commit();
                return waitMs;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "the archive "
                            + location
                            + " could not count the office's logins; this login goes with the"
                            + " syncer's own budget alone ("
                            + e.getMessage()
                            + ")");
            drop();
            return 0;
        }
    }

    private long takeIn(Connection c, String key) throws SQLException {
        update(c, ENSURE, key);
        long pausedUntil;
        long now;
        try (PreparedStatement p = c.prepareStatement(HOLD)) {
            p.setString(1, key);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                pausedUntil = r.getLong(1);
                now = r.getLong(2);
            }
        }
        if (pausedUntil > now) {
            return pausedUntil - now + 1;
        }
        try (PreparedStatement p = c.prepareStatement(PRUNE)) {
            p.setString(1, key);
            p.setLong(2, now - Math.max(KEEP_MS, windowMs));
            p.executeUpdate();
        }
        try (PreparedStatement p = c.prepareStatement(COUNT)) {
            p.setString(1, key);
            p.setLong(2, now - windowMs);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                if (r.getLong(1) >= logins) {
                    return r.getLong(2) + windowMs - now + 1;
                }
            }
        }
        try (PreparedStatement p = c.prepareStatement(TAKE)) {
            p.setString(1, key);
            p.setLong(2, now);
            p.executeUpdate();
        }
        return 0;
    }

    private void pause(String clientId, Duration retryAfter) {
        try {
            Connection c = connection();
            try (PreparedStatement p = c.prepareStatement(PAUSE)) {
                p.setString(1, key(clientId));
                p.setLong(2, retryAfter.toMillis());
                p.executeUpdate();
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "the archive " + location + " could not keep the service's pause: " + e);
            drop();
        }
    }

    private static void update(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, key);
            p.executeUpdate();
        }
    }

    private Connection connection() throws SQLException {
        if (conn == null || conn.isClosed()) {
            conn = connections.getConnection();
            conn.setAutoCommit(false);
        }
        return conn;
    }

    private void drop() {
        PgConnections.closeQuietly(conn);
        conn = null;
    }

    /** The client ID as the archive keeps it: its SHA-256, in hexadecimal. */
    static String key(String clientId) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(clientId.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Logins still waiting are given up; the connection closes. */
    @Override
    public void close() {
        try {
            thread.submit(
                            () -> {
                                for (Line l : lines.values()) {
                                    for (CompletableFuture<Void> f : l.waiting) {
                                        f.completeExceptionally(
                                                new CancellationException(
                                                        "the archive was closed"));
                                    }
                                }
                                lines.clear();
                                drop();
                            })
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing: a thread stuck on the server is abandoned below
        } finally {
            thread.shutdownNow();
        }
    }
}
