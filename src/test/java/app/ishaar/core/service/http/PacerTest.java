package app.ishaar.core.service.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The pacer on a clock the test moves: a 429 halves what may be in flight once per round, holds
 * every start until the wait is over and spaces the starts after it; admitted requests speed it up
 * again; the patience counts from the first 429 since a success.
 */
class PacerTest {
    final AtomicLong now = new AtomicLong(1_000_000_000L);
    final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
    final Pacer pacer = new Pacer(4, Duration.ofSeconds(10), timer, now::get);

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    void advance(Duration d) {
        now.addAndGet(d.toNanos());
    }

    Pacer.Permit take() {
        CompletableFuture<Pacer.Permit> f = pacer.acquire(new CancelScope());
        assertThat(f).as("let through at once").isCompleted();
        return f.join();
    }

    @Test
    void a429SlowsEveryRequestDownTogetherAndAdmittedOnesSpeedItUpAgain() {
        Pacer.Permit p1 = take();
        Pacer.Permit p2 = take();
        Pacer.Permit p3 = take();
        Pacer.Permit p4 = take();
        CompletableFuture<Pacer.Permit> fifth = pacer.acquire(new CancelScope());
        assertThat(fifth).as("four in flight already").isNotDone();

        pacer.limited(p1, Duration.ofSeconds(1));
        assertThat(pacer.limit()).isEqualTo(2);
        pacer.limited(p2, Duration.ofSeconds(1));
        assertThat(pacer.limit()).as("once per round, not once per 429").isEqualTo(2);
        pacer.released(p3);
        pacer.released(p4);
        assertThat(fifth).as("nothing starts before Retry-After").isNotDone();

        advance(Duration.ofMillis(1300)); // past the wait and its jitter (at most a quarter)
        CompletableFuture<Pacer.Permit> sixth = pacer.acquire(new CancelScope());
        assertThat(fifth).isCompleted();
        assertThat(sixth).as("spaced: the wait shared among the two allowed").isNotDone();
        advance(Duration.ofMillis(700));
        pacer.admitted(fifth.join());
        assertThat(sixth).isCompleted();

        pacer.admitted(sixth.join());
        assertThat(pacer.limit()).as("a round admitted: one more in flight").isEqualTo(3);
    }

    @Test
    void thePatienceCountsFromTheFirst429SinceARequestWasAdmitted() {
        Pacer.Permit p = take();
        pacer.limited(p, Duration.ofMillis(10));
        advance(Duration.ofSeconds(9));
        assertThat(pacer.patient()).isTrue();
        advance(Duration.ofSeconds(2));
        assertThat(pacer.patient()).as("11 s without an admitted request").isFalse();

        CompletableFuture<Pacer.Permit> again = pacer.acquire(new CancelScope());
        assertThat(again).isCompleted();
        pacer.admitted(again.join());
        assertThat(pacer.patient()).isTrue();
    }

    @Test
    void aWaiterWhoseCallIsCancelledGivesUpItsPlace() throws Exception {
        Pacer.Permit p = take();
        pacer.limited(p, Duration.ofMillis(200));
        CancelScope scope = new CancelScope();
        CompletableFuture<Pacer.Permit> waiting = pacer.acquire(scope);
        assertThat(waiting).isNotDone();
        scope.cancel();
        assertThat(waiting).isCancelled();
        advance(Duration.ofSeconds(1));
        assertThat(pacer.acquire(new CancelScope()).get(1, TimeUnit.SECONDS)).isNotNull();
    }
}
