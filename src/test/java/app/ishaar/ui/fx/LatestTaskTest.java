package app.ishaar.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Only the latest run's results are delivered; what the others bring goes to their clean-up. */
class LatestTaskTest {

    private final List<String> delivered = new ArrayList<>();
    private final List<String> dropped = new ArrayList<>();
    private final LatestTask task = new LatestTask(Runnable::run);

    private void start(CompletableFuture<String> work) {
        task.run(
                work,
                (r, e) -> delivered.add(e == null ? r : e.getClass().getSimpleName()),
                (r, e) -> dropped.add(e == null ? r : e.getClass().getSimpleName()));
    }

    @Test
    void aNewRunCancelsTheOneBeforeAndOnlyItsResultIsDelivered() {
        CompletableFuture<String> first = new CompletableFuture<>();
        CompletableFuture<String> second = new CompletableFuture<>();
        start(first);
        assertThat(task.isRunning()).isTrue();
        start(second);
        assertThat(first).isCancelled();
        assertThat(dropped).containsExactly("CancellationException");
        second.complete("page 2");
        assertThat(delivered).containsExactly("page 2");
        assertThat(task.isRunning()).isFalse();
    }

    @Test
    void aResultThatCameBeforeTheNewRunWasDeliveredIsDropped() {
        List<Runnable> fxQueue = new ArrayList<>();
        LatestTask queued = new LatestTask(fxQueue::add);
        CompletableFuture<String> first = new CompletableFuture<>();
        queued.run(first, (r, e) -> delivered.add(r), (r, e) -> dropped.add(r));
        first.complete("session A"); // done on its thread; not yet delivered on the FX thread
        queued.run(new CompletableFuture<String>(), (r, e) -> delivered.add(r));
        fxQueue.forEach(Runnable::run);
        assertThat(delivered).isEmpty();
        assertThat(dropped).containsExactly("session A");
    }

    @Test
    void aCancelledRunDeliversNothingAndItsLaterStagesAreDropped() {
        CompletableFuture<String> secret = new CompletableFuture<>();
        LatestTask.Run run = task.begin();
        run.await(secret, (r, e) -> delivered.add(r), (r, e) -> dropped.add("wiped " + r));
        List<String> told = new ArrayList<>();
        run.deliver(() -> told.add("progress"));
        task.cancel();
        run.deliver(() -> told.add("late progress"));
        assertThat(run.isLatest()).isFalse();
        assertThat(secret).isCancelled();
        assertThat(told).containsExactly("progress");
        assertThat(delivered).isEmpty();
        assertThat(dropped).containsExactly("wiped null");
    }

    @Test
    void aFailureOfTheLatestRunIsDeliveredToIt() {
        CompletableFuture<String> work = new CompletableFuture<>();
        start(work);
        work.completeExceptionally(new CancellationException());
        assertThat(delivered).containsExactly("CancellationException");
        assertThat(dropped).isEmpty();
    }
}
