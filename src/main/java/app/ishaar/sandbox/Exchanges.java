package app.ishaar.sandbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** What both listeners do for every exchange: correlation id, latency, 503 share, JSON answers. */
final class Exchanges {
    private Exchanges() {}

    static final ObjectMapper JSON = new ObjectMapper();
    private static final System.Logger LOG = System.getLogger("app.ishaar.sandbox");

    /** A handler body that may answer early by returning. */
    interface Body {
        void handle(HttpExchange ex) throws IOException;
    }

    /**
     * Wraps a body: sets {@code correlationId}, turns any unexpected failure into a 500 standard
     * error.
     */
    static HttpHandler handler(Body body) {
        return ex -> {
            try {
                ex.getResponseHeaders().set("correlationId", UUID.randomUUID().toString());
                try {
                    body.handle(ex);
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.DEBUG, "sandbox exchange failed: " + e);
                } catch (RuntimeException e) {
                    LOG.log(
                            System.Logger.Level.ERROR,
                            "sandbox bug on " + ex.getRequestURI().getRawPath(),
                            e);
                    try {
                        sendError(
                                ex,
                                500,
                                "InternalServerError",
                                "Unexpected error in the sandbox.",
                                null);
                    } catch (IOException | RuntimeException ignored) {
                        // headers may already be sent
                    }
                }
            } finally {
                ex.close();
            }
        };
    }

    /**
     * Applies the latency knob; then answers 503 for the configured share. Returns true when it
     * answered.
     */
    static boolean disturb(HttpExchange ex, SandboxKnobs knobs) throws IOException {
        Duration latency = knobs.latency();
        if (!latency.isZero()) {
            try {
                Thread.sleep(latency.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        double share = knobs.fail503Share();
        if (share > 0 && ThreadLocalRandom.current().nextDouble() < share) {
            ex.getResponseHeaders().set("Retry-After", "1");
            sendError(
                    ex,
                    503,
                    "ServiceUnavailable",
                    "The service is temporarily unavailable. Please retry later.",
                    null);
            return true;
        }
        return false;
    }

    /**
     * Applies the rate-limit knob to key; answers 429 with Retry-After when over. Returns true when
     * it answered.
     */
    static boolean rateLimited(
            HttpExchange ex, SandboxKnobs knobs, String key, long nowMillis, boolean headers)
            throws IOException {
        SandboxConfig.RateLimit limit = knobs.rateLimit();
        if (limit == null) return false;
        RateLimiter.Decision d = knobs.limiter().acquire(key, limit, nowMillis);
        if (headers) {
            ex.getResponseHeaders().set("X-Rate-Limit-Limit", window(limit.window()));
            ex.getResponseHeaders().set("X-Rate-Limit-Remaining", String.valueOf(d.remaining()));
            ex.getResponseHeaders().set("X-Rate-Limit-Reset", WireTime.format(d.reset()));
        }
        if (d.allowed()) return false;
        ex.getResponseHeaders().set("Retry-After", String.valueOf(d.retryAfterSeconds()));
        sendError(
                ex,
                429,
                "TooManyRequests",
                "Rate limit of "
                        + limit.requests()
                        + " requests per "
                        + window(limit.window())
                        + " exceeded. Retry after "
                        + d.retryAfterSeconds()
                        + " s.",
                null);
        return true;
    }

    private static String window(Duration w) {
        long s = w.toSeconds();
        if (s > 0 && s % 3600 == 0) return s / 3600 + "h";
        if (s > 0 && s % 60 == 0) return s / 60 + "m";
        if (s > 0) return s + "s";
        return w.toMillis() + "ms";
    }

    /** The standard error body: {"error":{"code":…,"message":…,"target":…}}. */
    static void sendError(HttpExchange ex, int status, String code, String message, String target)
            throws IOException {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode error = root.putObject("error");
        error.put("code", code);
        error.put("message", message);
        if (target != null) error.put("target", target);
        sendJson(ex, status, root);
    }

    static void sendJson(HttpExchange ex, int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    static void sendEmpty(HttpExchange ex, int status) throws IOException {
        ex.sendResponseHeaders(status, -1);
    }

    static void drain(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            in.transferTo(OutputStream.nullOutputStream());
        }
    }

    /**
     * Parses form or query text; keys case-insensitive, first value wins.
     *
     * @throws IllegalArgumentException with the offending key as message when a part cannot be
     *     decoded
     */
    static Map<String, String> parseForm(String raw) {
        Map<String, String> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (raw == null || raw.isEmpty()) return out;
        for (String part : raw.split("&")) {
            if (part.isEmpty()) continue;
            int eq = part.indexOf('=');
            String rawKey = eq < 0 ? part : part.substring(0, eq);
            String rawValue = eq < 0 ? "" : part.substring(eq + 1);
            String key;
            try {
                key = URLDecoder.decode(rawKey, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(rawKey, e);
            }
            String value;
            try {
                value = URLDecoder.decode(rawValue, StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key, e);
            }
            out.putIfAbsent(key, value);
        }
        return out;
    }

    /** True when the caller asked for Arabic messages (Accept-Language starting with ar). */
    static boolean arabic(HttpExchange ex) {
        String al = ex.getRequestHeaders().getFirst("Accept-Language");
        return al != null && al.trim().toLowerCase(java.util.Locale.ROOT).startsWith("ar");
    }
}
