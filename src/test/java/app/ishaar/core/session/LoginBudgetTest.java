package app.ishaar.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LoginBudgetTest {

    /** Starts {@code n} logins at once and returns when each was let through (nanoTime). */
    static List<Long> grants(LoginBudget budget, String clientId, int n) throws Exception {
        List<Long> times = new ArrayList<>();
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(
                    budget.beforeLogin(clientId)
                            .thenRun(
                                    () -> {
                                        synchronized (times) {
                                            times.add(System.nanoTime());
                                        }
                                    }));
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])).get(20, TimeUnit.SECONDS);
        times.sort(null);
        return times;
    }

    @Test
    void neverMoreThanTheBudgetWithinAnyWindowAndNoLoginRefused() throws Exception {
        Duration window = Duration.ofMillis(400);
        try (LoginBudget budget = LoginBudget.of(3, window)) {
            List<Long> times = grants(budget, "erp-1", 10);
            assertEquals(10, times.size(), "every login got its turn");
            for (int i = 3; i < times.size(); i++) {
                long span = times.get(i) - times.get(i - 3);
                assertTrue(
                        span >= window.toNanos() - 2_000_000,
                        "4 logins within " + span / 1_000_000 + " ms");
            }
            assertEquals(10, budget.granted());
        }
    }

    @Test
    void eachClientIdHasItsOwnBudget() throws Exception {
        try (LoginBudget budget = LoginBudget.of(2, Duration.ofMinutes(10))) {
            grants(budget, "erp-1", 2);
            CompletableFuture<Void> third = budget.beforeLogin("erp-1");
            grants(budget, "erp-2", 2);
            assertFalse(third.isDone(), "the third of erp-1 waits for its window");
            third.cancel(false);
        }
    }

    @Test
    void aRetryAfterHoldsEveryLoginOfThatClient() throws Exception {
        try (LoginBudget budget = LoginBudget.of(100, Duration.ofMinutes(1))) {
            long start = System.nanoTime();
            budget.rateLimited("erp-1", Duration.ofMillis(300));
            List<Long> times = grants(budget, "erp-1", 2);
            assertTrue(times.get(0) - start >= 290_000_000L, "waited for Retry-After");
            assertTrue(budget.beforeLogin("erp-2").isDone(), "another client is not held");
        }
    }

    @Test
    void turnsSayWhenTheNextLoginsWouldStartAfterThoseWaiting() throws Exception {
        java.time.Instant t0 = java.time.Instant.parse("2026-03-01T10:00:00Z");
        java.time.Clock clock = java.time.Clock.fixed(t0, java.time.ZoneOffset.UTC);
        java.util.concurrent.ScheduledExecutorService timer =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try (LoginBudget budget = new LoginBudget(2, Duration.ofMinutes(1), clock, timer)) {
            assertEquals(List.of(t0, t0, t0.plusSeconds(60)), budget.turns("erp-1", 3));
            budget.beforeLogin("erp-1");
            budget.beforeLogin("erp-1");
            CompletableFuture<Void> waiting = budget.beforeLogin("erp-1");
            assertFalse(waiting.isDone());
            // two started now, one waits for the next window; one asked now comes with it, the
            // one after in the window after
            assertEquals(
                    List.of(t0.plusSeconds(60), t0.plusSeconds(60), t0.plusSeconds(120)),
                    budget.turns("erp-1", 3));
            assertEquals(List.of(t0), budget.turns("erp-2", 1), "another client is free");
            budget.rateLimited("erp-2", Duration.ofSeconds(30));
            assertEquals(List.of(t0.plusSeconds(30)), budget.turns("erp-2", 1));
            waiting.cancel(false);
        } finally {
            timer.shutdownNow();
        }
    }
}
