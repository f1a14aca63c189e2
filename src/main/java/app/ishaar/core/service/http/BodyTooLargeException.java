package app.ishaar.core.service.http;

import java.net.ProtocolException;

/**
 * An answer grew past its {@link BodyLimit}; reading stopped there. A protocol error, so that
 * OkHttp does not send the request again by itself.
 */
public final class BodyTooLargeException extends ProtocolException {
    private final int status;
    private final long limit;
    private final boolean compressed;

    BodyTooLargeException(int status, long limit, boolean compressed) {
        super(
                "the answer is larger than "
                        + BodyLimit.words(limit)
                        + (compressed ? " once decompressed" : ""));
        this.status = status;
        this.limit = limit;
        this.compressed = compressed;
    }

    public int status() {
        return status;
    }

    public long limit() {
        return limit;
    }

    public boolean compressed() {
        return compressed;
    }
}
