package app.ishaar.core.service.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * Runs one request asynchronously (OkHttp's enqueue) and reads the whole answer. Logs no header and
 * no body.
 */
public final class Transport {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.service.http");

    private final OkHttpClient http;

    public Transport(OkHttpClient http) {
        this.http = http;
    }

    /**
     * Completes with the answer, or exceptionally with the IOException (or a
     * CancellationException).
     */
    public CompletableFuture<HttpResult> execute(Request request, CancelScope scope) {
        CompletableFuture<HttpResult> f = new CompletableFuture<>();
        if (scope.isCancelled()) {
            f.completeExceptionally(new CancellationException());
            return f;
        }
        Call call = http.newCall(request);
        scope.setCall(call);
        // path only: query values are filters (no secrets), but keep logs short and predictable
        String what = request.method() + " " + request.url().host() + request.url().encodedPath();
        long start = System.nanoTime();
        call.enqueue(
                new Callback() {
                    @Override
                    public void onFailure(Call c, IOException e) {
                        LOG.log(Level.DEBUG, "{0} failed: {1}", what, e.getClass().getSimpleName());
                        f.completeExceptionally(
                                scope.isCancelled() ? new CancellationException() : e);
                    }

                    @Override
                    public void onResponse(Call c, Response response) {
                        try (response) {
                            ResponseBody body = response.body();
                            byte[] bytes = body.bytes();
                            String ct = response.header("Content-Type");
                            HttpResult r =
                                    new HttpResult(response.code(), response.headers(), bytes, ct);
                            LOG.log(
                                    Level.DEBUG,
                                    "{0} -> {1} in {2} ms (correlationId {3})",
                                    what,
                                    response.code(),
                                    (System.nanoTime() - start) / 1_000_000,
                                    r.correlationId());
                            f.complete(r);
                        } catch (IOException e) {
                            LOG.log(
                                    Level.DEBUG,
                                    "{0} body failed: {1}",
                                    what,
                                    e.getClass().getSimpleName());
                            f.completeExceptionally(
                                    scope.isCancelled() ? new CancellationException() : e);
                        } catch (RuntimeException e) {
                            f.completeExceptionally(e);
                        }
                    }
                });
        return f;
    }
}
