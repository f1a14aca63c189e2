package app.ishaar.core.service.http;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okio.Buffer;
import okio.BufferedSource;

/**
 * Runs one request asynchronously (OkHttp's enqueue) and reads the whole answer, at most its {@link
 * BodyLimit} (tagged on the request; {@link BodyLimit#API} when none is). The client's call timeout
 * bounds the whole exchange, body included. Logs no header and no body.
 */
public final class Transport {
    private static final System.Logger LOG = System.getLogger("app.ishaar.core.service.http");
    private static final long CHUNK = 64 * 1024;

    private final OkHttpClient http;

    public Transport(OkHttpClient http) {
        this.http = http;
    }

    /** The network interceptor that bounds answers as sent; add it to the client. */
    public static okhttp3.Interceptor wireLimit() {
        return new WireLimit();
    }

    /**
     * Completes with the answer, or exceptionally with the IOException (a {@link
     * BodyTooLargeException} past the limit) or a CancellationException.
     */
    public CompletableFuture<HttpResult> execute(Request request, CancelScope scope) {
        CompletableFuture<HttpResult> f = new CompletableFuture<>();
        if (scope.isCancelled()) {
            f.completeExceptionally(new CancellationException());
            return f;
        }
        Request tagged =
                request.tag(BodyLimit.class) == null
                        ? request.newBuilder().tag(BodyLimit.class, BodyLimit.API).build()
                        : request;
        BodyLimit limit = tagged.tag(BodyLimit.class);
        Call call = http.newCall(tagged);
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
                            byte[] bytes = readBounded(response, limit);
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

    /**
     * The body as decoded (after OkHttp's transparent gzip), refused past {@code limit.decoded()}
     * bytes: a small compressed answer may inflate without end.
     */
    private static byte[] readBounded(Response response, BodyLimit limit) throws IOException {
        BufferedSource source = response.body().source();
        Buffer buffer = new Buffer();
        while (source.read(buffer, CHUNK) != -1) {
            if (buffer.size() > limit.decoded()) {
                buffer.clear();
                throw new BodyTooLargeException(response.code(), limit.decoded(), true);
            }
        }
        return buffer.readByteArray();
    }
}
