package app.ishaar.core.service.http;

import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The tolerant reader of the notification history result: a {@code result} array whose elements
 * that are objects are the notifications (each bound by {@link NotificationJson}: unknown members
 * ignored, unknown enumerated values kept raw, every .NET date-time form), a null {@code result}
 * read as empty, {@code metadata} as an object or as a one-element array; when a member repeats,
 * the last one counts.
 *
 * <p>The page's envelope is read token by token, so that each notification is bound straight from
 * the stream (no tree of the page) and, when asked, its bytes are kept as the service sent them.
 * Only {@code metadata}, a handful of numbers, is read as a tree.
 */
public final class NotificationReader {
    /**
     * Reads one value as a tree in the middle of the stream (the mapper itself insists on the end
     * of input after a value).
     */
    private static final ObjectReader TREE =
            Bodies.MAPPER.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * Reads one notification as a tree, numbers as written (decimals exact, trailing zeros kept),
     * for a body without byte offsets (see {@link #notifications}).
     */
    private static final ObjectReader RAW_TREE =
            TREE.with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .with(JsonNodeFactory.withExactBigDecimals(true));

    private NotificationReader() {}

    public static NotificationPage read(HttpResult r, int pageNo, Integer requestedPageSize)
            throws UnexpectedResponseException {
        return read(r, pageNo, requestedPageSize, false);
    }

    /**
     * The same; with {@code keepRaw}, each notification's JSON text as well ({@link
     * NotificationPage#rawItems()}).
     */
    public static NotificationPage read(
            HttpResult r, int pageNo, Integer requestedPageSize, boolean keepRaw)
            throws UnexpectedResponseException {
        BodyKind kind = Bodies.classify(r);
        if (kind != null) {
            throw new UnexpectedResponseException(r.status(), kind, null, r.correlationId(), null);
        }
        List<Notification> items = null;
        List<String> raws = keepRaw ? new ArrayList<>(100) : null;
        boolean hasResult = false;
        boolean resultNotArray = false;
        JsonNode meta = null;
        try (JsonParser p = Bodies.MAPPER.getFactory().createParser(r.body())) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new UnexpectedResponseException(
                        r.status(), BodyKind.EMPTY, null, r.correlationId(), null);
            }
            if (first != JsonToken.START_OBJECT) {
                p.skipChildren();
                noTrailingTokens(p);
                throw new UnexpectedResponseException(
                        r.status(),
                        BodyKind.MISSING_MEMBERS,
                        "not an object",
                        r.correlationId(),
                        null);
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                switch (name) {
                    case "result" -> {
                        hasResult = true;
                        if (v == JsonToken.START_ARRAY) {
                            if (raws != null) {
                                raws.clear();
                            }
                            items = notifications(p, raws, r.body());
                            resultNotArray = false;
                        } else {
                            p.skipChildren();
                            items = null;
                            resultNotArray = v != JsonToken.VALUE_NULL;
                        }
                    }
                    case "metadata" -> meta = TREE.readTree(p);
                    default -> p.skipChildren();
                }
            }
            noTrailingTokens(p);
        } catch (JsonProcessingException e) {
            // the message quotes the body: say only where, in words
            String where = Bodies.whereBroken(e);
            throw new UnexpectedResponseException(
                    r.status(), BodyKind.MALFORMED_JSON, where, r.correlationId(), null);
        } catch (IOException e) {
            throw new UnexpectedResponseException(
                    r.status(), BodyKind.MALFORMED_JSON, null, r.correlationId(), null);
        }
        if (!hasResult) {
            throw new UnexpectedResponseException(
                    r.status(), BodyKind.MISSING_MEMBERS, "no result", r.correlationId(), null);
        }
        if (resultNotArray) {
            throw new UnexpectedResponseException(
                    r.status(),
                    BodyKind.MISSING_MEMBERS,
                    "result is not an array",
                    r.correlationId(),
                    null);
        }
        if (items == null) {
            items = new ArrayList<>();
        }
        if (meta != null && meta.isArray()) {
            meta = meta.size() > 0 ? meta.get(0) : null;
        }
        int totalPages;
        long totalCount;
        if (meta != null && meta.isObject()) {
            totalCount = meta.path("totalCount").asLong(items.size());
            totalPages = meta.path("totalPages").asInt(items.isEmpty() ? 0 : 1);
        } else {
            // no metadata: all we know is this page
            totalCount = items.size();
            totalPages = items.isEmpty() ? 0 : 1;
        }
        int pageSize = requestedPageSize != null ? requestedPageSize : items.size();
        return new NotificationPage(
                items, Math.max(0, totalPages), Math.max(0, totalCount), pageNo, pageSize, raws);
    }

    /**
     * After the root value: the end of the input, as the object mapper's FAIL_ON_TRAILING_TOKENS
     * demands.
     */
    private static void noTrailingTokens(JsonParser p) throws IOException {
        if (p.nextToken() != null) {
            throw new com.fasterxml.jackson.core.JsonParseException(
                    p, "trailing token after the root value");
        }
    }

    /**
     * The elements of the result array that are objects; the parser is on START_ARRAY, left on its
     * END_ARRAY. With {@code raws}, each one's JSON text is added to it as well: the bytes of the
     * body from the object's opening brace to its closing one, where the parser found them, so that
     * the text is exactly what the service sent (numbers, escapes, spacing and member order as
     * written).
     *
     * <p>A body in UTF-16 or UTF-32 has no byte offsets (Jackson reads it through a decoding reader
     * that counts characters): there, and wherever an offset does not land on the brace, each
     * object is read as a tree and written back as text, which keeps every member and value,
     * numbers as written.
     */
    private static List<Notification> notifications(JsonParser p, List<String> raws, byte[] body)
            throws IOException {
        List<Notification> items = new ArrayList<>(100);
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            long start = raws == null ? -1 : p.currentTokenLocation().getByteOffset();
            if (raws != null && (start < 0 || start >= body.length || body[(int) start] != '{')) {
                JsonNode node = RAW_TREE.readTree(p);
                raws.add(Bodies.MAPPER.writeValueAsString(node));
                items.add(NotificationJson.read(node));
                continue;
            }
            items.add(NotificationJson.read(p));
            if (raws != null) {
                long end = p.currentTokenLocation().getByteOffset() + 1;
                raws.add(
                        new String(body, (int) start, (int) (end - start), StandardCharsets.UTF_8));
            }
        }
        return items;
    }
}
