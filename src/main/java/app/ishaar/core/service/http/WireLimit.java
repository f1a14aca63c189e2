package app.ishaar.core.service.http;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Okio;

/**
 * A network interceptor: it sees the answer as sent, before OkHttp's transparent gzip decoding, and
 * stops the body at the request's {@link BodyLimit#wire()} bytes (at once when {@code
 * Content-Length} already says more). The decoded size is bounded where the body is read, in {@link
 * Transport}.
 */
final class WireLimit implements Interceptor {

    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        BodyLimit limit = chain.request().tag(BodyLimit.class);
        ResponseBody body = response.body();
        if (limit == null) {
            return response;
        }
        int status = response.code();
        long declared = body.contentLength();
        if (declared > limit.wire()) {
            response.close();
            throw new BodyTooLargeException(status, limit.wire(), false);
        }
        ForwardingSource counted =
                new ForwardingSource(body.source()) {
                    private long total;

                    @Override
                    public long read(Buffer sink, long byteCount) throws IOException {
                        long n = super.read(sink, byteCount);
                        if (n > 0) {
                            total += n;
                            if (total > limit.wire()) {
                                throw new BodyTooLargeException(status, limit.wire(), false);
                            }
                        }
                        return n;
                    }
                };
        return response.newBuilder()
                .body(ResponseBody.create(Okio.buffer(counted), body.contentType(), declared))
                .build();
    }
}
