package app.ishaar.ui.notifications;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A search's pause in typing, ended when the test says so. */
final class ManualTimer implements SearchViewModel.Timer {
    private final List<CompletableFuture<Void>> waiting = new ArrayList<>();

    @Override
    public synchronized CompletableFuture<Void> after(Duration delay) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        waiting.add(f);
        return f;
    }

    /** Ends every pause still running. */
    synchronized void elapse() {
        for (CompletableFuture<Void> f : waiting) {
            f.complete(null);
        }
        waiting.clear();
    }

    /** Pauses begun and not cancelled by a later keystroke. */
    synchronized long running() {
        return waiting.stream().filter(f -> !f.isDone()).count();
    }
}
