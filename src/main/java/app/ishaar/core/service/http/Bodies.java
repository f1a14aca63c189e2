package app.ishaar.core.service.http;

import app.ishaar.core.service.ApiError;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Classifies and parses response bodies tolerantly. Never puts a body into a message (it may hold a
 * token).
 */
public final class Bodies {
    private Bodies() {}

    public static final ObjectMapper MAPPER =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true);

    /**
     * The body as a JSON tree, or an {@link UnexpectedResponseException} saying what it was
     * instead.
     */
    public static JsonNode readJson(HttpResult r) throws UnexpectedResponseException {
        BodyKind kind = classify(r);
        if (kind != null) {
            throw new UnexpectedResponseException(r.status(), kind, null, r.correlationId(), null);
        }
        try {
            JsonNode node = MAPPER.readTree(r.body());
            if (node == null || node.isMissingNode()) {
                throw new UnexpectedResponseException(
                        r.status(), BodyKind.EMPTY, null, r.correlationId(), null);
            }
            return node;
        } catch (JsonProcessingException e) {
            // the message quotes the body: say only where, in words
            String where = whereBroken(e);
            throw new UnexpectedResponseException(
                    r.status(), BodyKind.MALFORMED_JSON, where, r.correlationId(), null);
        } catch (java.io.IOException e) {
            throw new UnexpectedResponseException(
                    r.status(), BodyKind.MALFORMED_JSON, null, r.correlationId(), null);
        }
    }

    /**
     * What is wrong with the JSON, for a person: "it ends before the JSON does" when it breaks off,
     * else null ("malformed JSON" says it); never the parser's location, which differs between the
     * tree and the streaming reader and reads "-1" when unknown.
     */
    static String whereBroken(JsonProcessingException e) {
        return e instanceof com.fasterxml.jackson.core.io.JsonEOFException
                ? "it ends before the JSON does"
                : null;
    }

    /** Null when the body looks like JSON; otherwise EMPTY, HTML or NOT_JSON. */
    public static BodyKind classify(HttpResult r) {
        byte[] b = r.body();
        if (startsLikeJson(b)
                && (r.contentType() == null
                        || !r.contentType().toLowerCase(Locale.ROOT).contains("html"))) {
            return null; // the common case, decided without decoding
        }
        String head = new String(b, 0, Math.min(b.length, 512), StandardCharsets.UTF_8).strip();
        if (head.startsWith("\uFEFF")) {
            head = head.substring(1).strip();
        }
        if (head.isEmpty()) {
            return BodyKind.EMPTY;
        }
        String ct = r.contentType() == null ? "" : r.contentType().toLowerCase(Locale.ROOT);
        if (ct.contains("html") || head.startsWith("<")) {
            return BodyKind.HTML;
        }
        char c = head.charAt(0);
        if (c != '{' && c != '[') {
            return BodyKind.NOT_JSON;
        }
        return null;
    }

    /**
     * True when the first byte after ASCII white space and an optional UTF-8 byte order mark is {
     * or [.
     */
    private static boolean startsLikeJson(byte[] b) {
        int n = Math.min(b.length, 512); // as far as classify looks
        int i = 0;
        while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
        if (i + 2 < n
                && b[i] == (byte) 0xEF
                && b[i + 1] == (byte) 0xBB
                && b[i + 2] == (byte) 0xBF) {
            i += 3;
            while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
                i++;
            }
        }
        return i < n && (b[i] == '{' || b[i] == '[');
    }

    /**
     * The standard error body {@code {"error":{code,message,target,details}}}, or null when there
     * is none.
     */
    public static ApiError apiError(HttpResult r) {
        if (classify(r) != null) {
            return null;
        }
        try {
            JsonNode root = MAPPER.readTree(r.body());
            if (root == null || !root.isObject()) {
                return null;
            }
            JsonNode err = root.get("error");
            if (err != null && err.isObject()) {
                return toApiError(err, 0);
            }
            // some gateways write the members at top level
            if (root.has("code") || root.has("message")) {
                return toApiError(root, 0);
            }
            return null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static ApiError toApiError(JsonNode n, int depth) {
        List<ApiError> details = new ArrayList<>();
        JsonNode d = n.get("details");
        if (d != null && d.isArray() && depth < 5) {
            for (JsonNode x : d) {
                if (x.isObject()) {
                    details.add(toApiError(x, depth + 1));
                }
            }
        }
        return new ApiError(text(n, "code"), text(n, "message"), text(n, "target"), details);
    }

    /** A member as text (numbers and booleans too), or null when absent or null. */
    public static String text(JsonNode n, String field) {
        if (n == null) {
            return null;
        }
        JsonNode v = n.get(field);
        if (v == null || v.isNull() || v.isMissingNode() || v.isContainerNode()) {
            return null;
        }
        return v.asText();
    }
}
