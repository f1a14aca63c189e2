package app.ishaar.core.session;

import app.ishaar.core.service.LoginGate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The process's login budget: at most {@code logins} logins of one client ID start within any
 * {@code window} (a sliding window, so no fixed window the identity service counts in can see
 * more), and none while the service has asked to wait ({@code 429} with {@code Retry-After}).
 * Logins past the budget wait their turn in line, first come first served; none is refused.
 *
 * <p>Installed in the {@link app.ishaar.core.service.http.ServiceClient}, it paces every login of
 * the process: first logins, renewals ahead of expiry and the one re-login after a 401 alike.
 */
public final class LoginBudget implements LoginGate, AutoCloseable {

    /** The identity service's limit as the sibling platform documents it: 12 a minute. */
    public static final int DEFAULT_PER_MINUTE = 12;

    private final int logins;
    private final Duration window;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final boolean ownTimer;
    private final Map<String, Line> lines = new HashMap<>();
    private long granted;

    /** The logins of one client ID: when recent ones started, who waits, and any pause. */
    private static final class Line {
        final Deque<Instant> started = new ArrayDeque<>();
        final Deque<CompletableFuture<Void>> waiting = new ArrayDeque<>();
        Instant pausedUntil = Instant.MIN;
        ScheduledFuture<?> wake;
    }

    /**
     * A budget of {@code logins} per {@code window}, timed by {@code clock}, waking waiters on
     * {@code timer}.
     */
    public LoginBudget(int logins, Duration window, Clock clock, ScheduledExecutorService timer) {
        this(logins, window, clock, timer, false);
    }

    private LoginBudget(
            int logins,
            Duration window,
            Clock clock,
            ScheduledExecutorService timer,
            boolean ownTimer) {
        if (logins < 1) {
            throw new IllegalArgumentException("a login budget allows at least one login");
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("a login budget's window must be positive");
        }
        this.logins = logins;
        this.window = window;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.timer = Objects.requireNonNull(timer, "timer");
        this.ownTimer = ownTimer;
    }

    /** {@code logins} a minute on the system clock, with a timer thread of its own. */
    public static LoginBudget perMinute(int logins) {
        return of(logins, Duration.ofMinutes(1));
    }

    /** {@code logins} per {@code window} on the system clock, with a timer thread of its own. */
    public static LoginBudget of(int logins, Duration window) {
        ScheduledThreadPoolExecutor t =
                new ScheduledThreadPoolExecutor(
                        1,
                        r -> {
                            Thread th = new Thread(r, "ishaar-login-budget");
                            th.setDaemon(true);
                            return th;
                        });
        t.setRemoveOnCancelPolicy(true);
        return new LoginBudget(logins, window, Clock.systemUTC(), t, true);
    }

    public int logins() {
        return logins;
    }

    public Duration window() {
        return window;
    }

    /** How many logins it has let through so far (all client IDs). */
    public synchronized long granted() {
        return granted;
    }

    @Override
    public CompletableFuture<Void> beforeLogin(String clientId) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        synchronized (this) {
            lines.computeIfAbsent(clientId, k -> new Line()).waiting.addLast(f);
        }
        pump(clientId);
        return f;
    }

    @Override
    public void rateLimited(String clientId, Duration retryAfter) {
        if (retryAfter == null || retryAfter.isNegative()) {
            return;
        }
        Instant until = clock.instant().plus(retryAfter);
        synchronized (this) {
            Line line = lines.computeIfAbsent(clientId, k -> new Line());
            if (until.isAfter(line.pausedUntil)) {
                line.pausedUntil = until;
            }
        }
        pump(clientId);
    }

    /**
     * Lets through every waiter whose turn has come, and sets the timer for the next one. Futures
     * are completed outside the lock: their continuations may ask for another login.
     */
    private void pump(String clientId) {
        List<CompletableFuture<Void>> go = new ArrayList<>();
        synchronized (this) {
            Line line = lines.get(clientId);
            if (line == null) {
                return;
            }
            Instant now = clock.instant();
            while (!line.started.isEmpty()
                    && !line.started.peekFirst().isAfter(now.minus(window))) {
                line.started.removeFirst();
            }
            while (!line.waiting.isEmpty()) {
                CompletableFuture<Void> next = line.waiting.peekFirst();
                if (next.isDone()) { // cancelled: its session closed while it waited
                    line.waiting.removeFirst();
                    continue;
                }
                Instant at = nextStart(line, now);
                if (at.isAfter(now)) {
                    if (line.wake != null) {
                        line.wake.cancel(false);
                    }
                    long ms = Math.max(1, Duration.between(now, at).toMillis() + 1);
                    line.wake = timer.schedule(() -> pump(clientId), ms, TimeUnit.MILLISECONDS);
                    break;
                }
                line.waiting.removeFirst();
                line.started.addLast(now);
                granted++;
                go.add(next);
            }
        }
        for (CompletableFuture<Void> f : go) {
            f.complete(null);
        }
    }

    private Instant nextStart(Line line, Instant now) {
        Instant at = now;
        if (line.pausedUntil.isAfter(at)) {
            at = line.pausedUntil;
        }
        if (line.started.size() >= logins) {
            Instant free = line.started.peekFirst().plus(window);
            if (free.isAfter(at)) {
                at = free;
            }
        }
        return at;
    }

    /**
     * When the next {@code n} logins of this client ID would start: first those waiting in line, in
     * their order, then logins asked for now. What the budget promises, for saying when a
     * taxpayer's turn comes (the service may still ask to wait longer).
     */
    public synchronized List<Instant> turns(String clientId, int n) {
        Instant now = clock.instant();
        Line line = lines.get(clientId);
        Line plan = new Line();
        int ahead = 0;
        if (line != null) {
            plan.started.addAll(line.started);
            plan.pausedUntil = line.pausedUntil;
            for (CompletableFuture<Void> w : line.waiting) {
                if (!w.isDone()) {
                    ahead++;
                }
            }
        }
        List<Instant> out = new ArrayList<>(n);
        for (int i = 0; i < Math.max(ahead, n); i++) {
            while (!plan.started.isEmpty()
                    && !plan.started.peekFirst().isAfter(now.minus(window))) {
                plan.started.removeFirst();
            }
            Instant at = nextStart(plan, now);
            now = at;
            while (!plan.started.isEmpty()
                    && !plan.started.peekFirst().isAfter(now.minus(window))) {
                plan.started.removeFirst();
            }
            plan.started.addLast(at);
            if (i < n) {
                out.add(at);
            }
        }
        return out;
    }

    @Override
    public void close() {
        if (ownTimer) {
            timer.shutdownNow();
        }
    }
}
