package app.ishaar.core.service.http;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import okhttp3.Call;

/**
 * Ties the HTTP call and the retry wait of one operation to the future handed to the caller:
 * cancelling that future cancels whichever is current.
 */
public final class CancelScope {
    private volatile boolean cancelled;
    private Call call;
    private Future<?> wait;

    /**
     * A scope cancelled when {@code owner} is cancelled (or completed otherwise, which releases
     * it).
     */
    public static CancelScope of(CompletableFuture<?> owner) {
        CancelScope s = new CancelScope();
        owner.whenComplete(
                (v, e) -> {
                    if (owner.isCancelled()) {
                        s.cancel();
                    }
                });
        return s;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    public void cancel() {
        Call c;
        Future<?> w;
        synchronized (this) {
            cancelled = true;
            c = call;
            w = wait;
        }
        if (c != null) {
            c.cancel();
        }
        if (w != null) {
            w.cancel(false);
        }
    }

    /** Registers the current call; cancels it at once when the scope is already cancelled. */
    void setCall(Call c) {
        boolean now;
        synchronized (this) {
            call = c;
            now = cancelled;
        }
        if (now) {
            c.cancel();
        }
    }

    void setWait(Future<?> w) {
        boolean now;
        synchronized (this) {
            wait = w;
            now = cancelled;
        }
        if (now) {
            w.cancel(false);
        }
    }
}
