package app.ishaar.core.service.http;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Paces the requests of one client ID to one service, together: every request takes a permit before
 * it is sent and gives it back with what the service said.
 *
 * <p>Calm, it lets up to {@code maxInFlight} requests go at once. A 429 (the service limits this
 * client) slows every request down at once, the usual additive-increase / multiplicative-decrease
 * way: the number allowed in flight halves (once per round of requests, not once per 429 of that
 * round), nothing starts before the wait the service asked for ({@code Retry-After}, with up to a
 * quarter more at random so that waiting requests do not all start in the same instant), and the
 * next starts are spaced by that wait divided among those allowed in flight. Each round of admitted
 * requests then allows one more in flight and halves the spacing, until the pacing is calm again.
 *
 * <p>The pacer also keeps the patience rule: 429s are waited out while some request of this client
 * has succeeded within {@code patience}; past it, the caller gives up.
 */
final class Pacer {

    /** What a request holds while it is in flight. */
    record Permit(int round) {}

    private record Waiter(CompletableFuture<Permit> future) {}

    private static final long MIN_SPACING = TimeUnit.MILLISECONDS.toNanos(1);

    private final int maxInFlight;
    private final ScheduledExecutorService timer;
    private final LongSupplier nanoTime;
    private final long patience;

    private final Object lock = new Object();
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private int inFlight;
    private int limit;
    private int round;
    private int admittedThisRound;
    private long gateUntil;
    private long nextStart;
    private long spacing;
    private boolean pacing;

    /** When the current run of 429s began (no success since), or -1. */
    private long limitedSince = -1;

    private ScheduledFuture<?> wake;
    private long wakeAt;

    Pacer(
            int maxInFlight,
            Duration patience,
            ScheduledExecutorService timer,
            LongSupplier nanoTime) {
        this.maxInFlight = maxInFlight;
        this.limit = maxInFlight;
        this.patience = patience.toNanos();
        this.timer = timer;
        this.nanoTime = nanoTime;
        long now = nanoTime.getAsLong();
        this.gateUntil = now;
        this.nextStart = now;
    }

    /**
     * A permit, at once when the pacing allows, else when it does. Cancelling the returned future
     * (the {@link CancelScope} does) gives up the place in the queue.
     */
    CompletableFuture<Permit> acquire(CancelScope scope) {
        CompletableFuture<Permit> f = new CompletableFuture<>();
        synchronized (lock) {
            waiters.add(new Waiter(f));
        }
        scope.setWait(f);
        pump();
        return f;
    }

    /** The service admitted the request (any answer but 429 and 5xx). */
    void admitted(Permit p) {
        synchronized (lock) {
            inFlight--;
            limitedSince = -1;
            if (pacing && ++admittedThisRound >= limit) {
                admittedThisRound = 0;
                limit = Math.min(maxInFlight, limit + 1);
                spacing /= 2;
                if (spacing < MIN_SPACING) {
                    spacing = 0;
                    pacing = limit < maxInFlight;
                }
            }
        }
        pump();
    }

    /** The service limited this client (429) and asked to wait {@code wait}. */
    void limited(Permit p, Duration wait) {
        synchronized (lock) {
            long now = nanoTime.getAsLong();
            inFlight--;
            if (limitedSince < 0) {
                limitedSince = now;
            }
            pacing = true;
            admittedThisRound = 0;
            if (p.round() == round) {
                // the first 429 of this round: the requests already sent in it would say the same
                limit = Math.max(1, Math.min(limit, inFlight + 1) / 2);
                round++;
            }
            long w = Math.max(0, wait.toNanos());
            long jitter = w <= 0 ? 0 : ThreadLocalRandom.current().nextLong(w / 4 + 1);
            gateUntil = Math.max(gateUntil, now + w + jitter);
            spacing = Math.max(spacing, w / limit);
        }
        pump();
    }

    /** The request ended some other way (a network failure, a 5xx, a cancellation). */
    void released(Permit p) {
        synchronized (lock) {
            inFlight--;
        }
        pump();
    }

    /** Whether 429s are still worth waiting out: some request succeeded within the patience. */
    boolean patient() {
        synchronized (lock) {
            return limitedSince < 0 || nanoTime.getAsLong() - limitedSince <= patience;
        }
    }

    /** How many requests may be in flight now (diagnostics and tests). */
    int limit() {
        synchronized (lock) {
            return limit;
        }
    }

    /** Starts every waiter the pacing allows now, and sets a timer for the next one. */
    private void pump() {
        List<CompletableFuture<Permit>> go = new ArrayList<>();
        Permit permit;
        synchronized (lock) {
            long now = nanoTime.getAsLong();
            permit = new Permit(round);
            while (!waiters.isEmpty()) {
                Waiter w = waiters.peek();
                if (w.future().isDone()) {
                    waiters.poll();
                    continue;
                }
                if (inFlight >= limit) {
                    break;
                }
                long startAt = Math.max(gateUntil, nextStart);
                if (now < startAt) {
                    wakeAt(startAt, now);
                    break;
                }
                waiters.poll();
                inFlight++;
                nextStart = now + jittered(spacing);
                go.add(w.future());
            }
        }
        for (CompletableFuture<Permit> f : go) {
            if (!f.complete(permit)) {
                released(permit); // cancelled while it was being let through
            }
        }
    }

    /** Spacing with ±25 % at random, so that several clients of one ID do not fall in step. */
    private static long jittered(long spacing) {
        if (spacing <= 0) {
            return 0;
        }
        long quarter = spacing / 4;
        return spacing - quarter + ThreadLocalRandom.current().nextLong(2 * quarter + 1);
    }

    /** Under the lock: one timer for the earliest start that is due. */
    private void wakeAt(long at, long now) {
        // a wake still to come, no later than this start, will see to it (the one running now,
        // which is past, will not)
        if (wake != null && !wake.isDone() && wakeAt > now && wakeAt <= at) {
            return;
        }
        if (wake != null) {
            wake.cancel(false);
        }
        wakeAt = at;
        try {
            wake = timer.schedule(this::pump, at - now, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the client is closing: the waiters are cancelled with it
        }
    }
}
