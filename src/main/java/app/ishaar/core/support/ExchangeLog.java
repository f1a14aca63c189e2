package app.ishaar.core.support;

import java.io.IOException;
import java.lang.System.Logger.Level;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Writes one support-log line for each exchange with the service: what it was (a login, or which
 * page of the history), its own correlation ID, the status, the time to the answer, and the
 * service's {@code correlationId} to quote to its support. Never a header's value, a form, a filter
 * or a body: only the host, the path, and the page's number and size.
 */
public final class ExchangeLog implements Interceptor {

    private static final System.Logger LOG = System.getLogger("app.ishaar.core.service.exchange");

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        if (!LOG.isLoggable(Level.INFO)) {
            return chain.proceed(request);
        }
        String id = SupportLog.newId();
        String what = describe(request.url());
        long start = System.nanoTime();
        try {
            Response response = chain.proceed(request);
            String corr = response.header("correlationId");
            if (corr == null) {
                corr = response.header("x-correlation-id");
            }
            LOG.log(
                    Level.INFO,
                    "{0} {1}: {2} {3} -> {4} in {5} ms{6}",
                    what,
                    id,
                    request.method(),
                    request.url().host() + request.url().encodedPath(),
                    response.code(),
                    millisSince(start),
                    corr == null ? "" : " (service correlationId " + safe(corr) + ")");
            return response;
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    Level.INFO,
                    "{0} {1}: {2} {3} failed after {4} ms: {5}",
                    what,
                    id,
                    request.method(),
                    request.url().host() + request.url().encodedPath(),
                    millisSince(start),
                    e.getClass().getSimpleName());
            throw e;
        }
    }

    /** "login", "page 3 (size 100)", or "request" for anything else. */
    static String describe(HttpUrl url) {
        String path = url.encodedPath();
        if (path.endsWith("/connect/token")) {
            return "login";
        }
        if (path.contains("/notifications")) {
            String no = digits(url.queryParameter("pageNo"));
            String size = digits(url.queryParameter("pageSize"));
            return "page " + (no == null ? "1" : no) + (size == null ? "" : " (size " + size + ")");
        }
        return "request";
    }

    private static String digits(String s) {
        return s != null && s.matches("\\d{1,9}") ? s : null;
    }

    private static String safe(String s) {
        String t = s.length() > 80 ? s.substring(0, 80) : s;
        return t.replaceAll("[^A-Za-z0-9._:/-]", "?");
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
