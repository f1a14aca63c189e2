package app.ishaar.core.service.http;

import app.ishaar.core.service.NetworkException;
import app.ishaar.core.service.ServiceException;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import okhttp3.Request;

/**
 * One operation against the service (a login, a page): a loop of attempts, each one paced by the
 * client's {@link Pacer}, sent, and judged by the {@link RetryPolicy}, until an answer is accepted
 * or the policy gives up. The loop is asynchronous: each attempt starts from the completion of the
 * one before (or from the retry timer), so nothing piles up on a stack and no thread waits.
 */
final class Exchange<T> {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.service.session");

    /** What varies between a login and a protected call. */
    interface Operation<T> {
        /** The request of the next attempt (a protected call first gets its token). */
        CompletableFuture<Request> request(RetryPolicy.State st);

        /** Reads an accepted answer. */
        T read(HttpResult r) throws ServiceException;

        /** The typed error of an answer the policy does not retry. */
        ServiceException refused(HttpResult r);

        /** The token of the last attempt was refused (401): the next request logs in again. */
        default void tokenRefused() {}

        /**
         * The service answered 429 and asked to wait {@code wait} (or the backoff, if it did not).
         */
        default void rateLimited(Duration wait) {}

        /** What the caller gets when the scope is cancelled. */
        default Throwable cancelled() {
            return new CancellationException();
        }
    }

    private final ClientContext ctx;
    private final Pacer pacer;
    private final RetryPolicy policy;
    private final String host;
    private final Operation<T> op;
    private final CancelScope scope;
    private final CompletableFuture<T> out;
    private final RetryPolicy.State st = new RetryPolicy.State();

    Exchange(
            ClientContext ctx,
            Pacer pacer,
            RetryPolicy policy,
            String host,
            Operation<T> op,
            CancelScope scope,
            CompletableFuture<T> out) {
        this.ctx = ctx;
        this.pacer = pacer;
        this.policy = policy;
        this.host = host;
        this.op = op;
        this.scope = scope;
        this.out = out;
    }

    /** Starts the first attempt; {@code out} completes with the outcome. */
    void start() {
        attempt();
    }

    private void attempt() {
        if (scope.isCancelled() || out.isDone()) {
            return;
        }
        op.request(st)
                .whenComplete(
                        (request, e) -> {
                            if (e != null) {
                                out.completeExceptionally(ServiceException.unwrap(e));
                            } else {
                                paced(request);
                            }
                        });
    }

    private void paced(Request request) {
        pacer.acquire(scope)
                .whenComplete(
                        (permit, e) -> {
                            if (e != null) {
                                finishCancelled();
                                return;
                            }
                            ctx.transport()
                                    .execute(request, scope)
                                    .whenComplete((r, ex) -> settle(permit, request, r, ex));
                        });
    }

    private void settle(Pacer.Permit permit, Request request, HttpResult r, Throwable ex) {
        RetryPolicy.Decision d;
        if (ex != null) {
            pacer.released(permit);
            Throwable c = ServiceException.unwrap(ex);
            if (c instanceof CancellationException) {
                finishCancelled();
                return;
            } else if (c instanceof BodyTooLargeException big) {
                d =
                        RetryPolicy.Decision.fail(
                                new UnexpectedResponseException(
                                        big.status(),
                                        BodyKind.TOO_LARGE,
                                        big.getMessage(),
                                        null,
                                        null));
            } else if (c instanceof IOException io) {
                NetworkException ne = Failures.network(io, host, ctx.proxyFor(request));
                d = policy.onNetworkFailure(ne, st);
            } else {
                out.completeExceptionally(c);
                return;
            }
        } else {
            d = policy.onAnswer(r, st, pacer, permit);
            if (r.status() == 429) {
                Duration asked = Failures.retryAfter(r, ctx.config().clock());
                op.rateLimited(asked != null ? asked : policy.backoff(st.rateLimited));
            }
        }
        switch (d.kind()) {
            case ACCEPT -> accept(r);
            case FAIL -> {
                ServiceException e = d.failure() != null ? d.failure() : op.refused(r);
                LOG.log(Level.INFO, "{0}: {1}", host, e.getMessage());
                out.completeExceptionally(e);
            }
            case RELOGIN -> {
                LOG.log(Level.INFO, "token refused (401); logging in again once");
                op.tokenRefused();
                attempt();
            }
            case RETRY -> {
                if (r != null && r.status() == 429) {
                    LOG.log(Level.INFO, "{0} limits this client (429); paced", host);
                    attempt();
                } else {
                    LOG.log(
                            Level.INFO,
                            "{0}: {1}; retry {2} in {3} ms",
                            host,
                            r == null ? "connection lost" : "HTTP " + r.status(),
                            st.transientRetries,
                            d.delay().toMillis());
                    ctx.delay(d.delay(), scope, this::attempt);
                }
            }
        }
    }

    private void accept(HttpResult r) {
        try {
            out.complete(op.read(r));
        } catch (ServiceException e) {
            out.completeExceptionally(e);
        } catch (RuntimeException e) {
            out.completeExceptionally(
                    new UnexpectedResponseException(
                            r.status(),
                            BodyKind.OTHER,
                            e.getClass().getSimpleName(),
                            r.correlationId(),
                            null));
        }
    }

    private void finishCancelled() {
        Throwable c = op.cancelled();
        if (c instanceof CancellationException) {
            out.cancel(false);
        } else {
            out.completeExceptionally(c);
        }
    }
}
