package app.ishaar.core.service.http;

import okhttp3.Headers;

/** A fully read HTTP answer. {@code toString} shows no body and no headers. */
public record HttpResult(int status, Headers headers, byte[] body, String contentType) {

    public String correlationId() {
        String c = headers.get("correlationId");
        if (c == null) {
            c = headers.get("x-correlation-id");
        }
        return c == null || c.isBlank() ? null : c.trim();
    }

    @Override
    public String toString() {
        return "HttpResult[status=" + status + ", bytes=" + body.length + "]";
    }
}
