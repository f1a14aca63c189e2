package app.ishaar.core.service.http;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import app.ishaar.core.model.NotificationPage;
import app.ishaar.core.service.UnexpectedResponseException;
import app.ishaar.core.service.UnexpectedResponseException.BodyKind;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * The tolerant reader of the notification history result: unknown members ignored, unknown
 * enumerated values kept raw, null arrays read as empty, {@code metadata} as an object or as a
 * one-element array, every .NET date-time form.
 *
 * <p>It streams: the page is read token by token straight into the model (no intermediate tree),
 * and date-times are read from the parser's buffer (see {@link DotNetDateTimes#parse(char[], int,
 * int)}). Only {@code metadata}, a handful of numbers, is read as a tree. A scalar where text is
 * expected is read as its text (as {@link Bodies#text} does); a container there is read as absent;
 * when a member repeats, the last one counts.
 */
public final class NotificationReader {
    private static final System.Logger LOG = System.getLogger(NotificationReader.class.getName());

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
                try (JsonParser tree = node.traverse()) {
                    tree.nextToken();
                    items.add(notification(tree));
                }
                continue;
            }
            items.add(notification(p));
            if (raws != null) {
                long end = p.currentTokenLocation().getByteOffset() + 1;
                raws.add(
                        new String(body, (int) start, (int) (end - start), StandardCharsets.UTF_8));
            }
        }
        return items;
    }

    /** The members of a notification, in the order the service writes them. */
    private static final SerializableString[] NOTIFICATION =
            members(
                    "notificationId",
                    "receivedDateTime",
                    "deliveredDateTime",
                    "typeId",
                    "typeName",
                    "finalMessage",
                    "channel",
                    "address",
                    "language",
                    "status",
                    "deliveryAttempts");

    private static final int ID = 0,
            RECEIVED = 1,
            DELIVERED = 2,
            TYPE_ID = 3,
            TYPE_NAME = 4,
            FINAL_MESSAGE = 5,
            CHANNEL = 6,
            ADDRESS = 7,
            LANGUAGE = 8,
            STATUS = 9,
            ATTEMPTS = 10;

    /** The members of a delivery attempt, in the order the service writes them. */
    private static final SerializableString[] ATTEMPT =
            members("attemptDateTime", "status", "statusDetails");

    private static final int AT = 0, ATTEMPT_STATUS = 1, DETAILS = 2;

    private static final int UNKNOWN = -1;
    private static final int END = -2;

    private static SerializableString[] members(String... names) {
        SerializableString[] s = new SerializableString[names.length];
        for (int i = 0; i < names.length; i++) {
            s[i] = new SerializedString(names[i]);
        }
        return s;
    }

    /**
     * Moves to the next member of an object: its index in {@code names}, {@link #UNKNOWN} for a
     * member not among them, or {@link #END} on the object's END_OBJECT. The name at {@code
     * expected} is tried first, compared byte for byte in the input (no symbol-table lookup, no
     * string): the service writes the members in one order, so this is the common case. Any other
     * name (another order, an escaped name, an unknown member) is read and looked up as the parser
     * reads it.
     */
    private static int nextMember(JsonParser p, SerializableString[] names, int expected)
            throws IOException {
        JsonToken t;
        if (expected < names.length) {
            if (p.nextFieldName(names[expected])) {
                return expected;
            }
            t = p.currentToken();
        } else {
            t = p.nextToken();
        }
        if (t != JsonToken.FIELD_NAME) {
            return END;
        }
        String name = p.currentName();
        for (int i = 0; i < names.length; i++) {
            if (names[i].getValue().equals(name)) {
                return i;
            }
        }
        return UNKNOWN;
    }

    /** One notification; the parser is on its START_OBJECT, left on its END_OBJECT. */
    private static Notification notification(JsonParser p) throws IOException {
        String id = null;
        Instant received = null;
        Instant delivered = null;
        String typeId = null;
        String typeName = null;
        String finalMessage = null;
        String channel = null;
        String address = null;
        String language = null;
        String status = null;
        List<DeliveryAttempt> attempts = null;
        int expected = 0;
        int member;
        while ((member = nextMember(p, NOTIFICATION, expected)) != END) {
            JsonToken v = p.nextToken();
            switch (member) {
                case ID -> id = text(p, v);
                case RECEIVED -> received = instant(p, v, "receivedDateTime");
                case DELIVERED -> delivered = instant(p, v, "deliveredDateTime");
                case TYPE_ID -> typeId = text(p, v);
                case TYPE_NAME -> typeName = text(p, v);
                case FINAL_MESSAGE -> finalMessage = text(p, v);
                case CHANNEL -> channel = text(p, v);
                case ADDRESS -> address = text(p, v);
                case LANGUAGE -> language = text(p, v);
                case STATUS -> status = text(p, v);
                case ATTEMPTS -> attempts = v == JsonToken.START_ARRAY ? attempts(p) : skip(p);
                default -> p.skipChildren();
            }
            if (member != UNKNOWN) {
                expected = member + 1;
            }
        }
        return new Notification(
                id,
                received,
                delivered,
                typeId,
                typeName,
                finalMessage,
                channel,
                address,
                language,
                status,
                attempts);
    }

    private static List<DeliveryAttempt> skip(JsonParser p) throws IOException {
        p.skipChildren();
        return null;
    }

    /** The attempts that are objects; the parser is on START_ARRAY, left on its END_ARRAY. */
    private static List<DeliveryAttempt> attempts(JsonParser p) throws IOException {
        // most notifications have one attempt: an immutable one-element list, which the record then
        // keeps as it is
        DeliveryAttempt single = null;
        List<DeliveryAttempt> attempts = null;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            Instant at = null;
            String status = null;
            String details = null;
            int expected = 0;
            int member;
            while ((member = nextMember(p, ATTEMPT, expected)) != END) {
                JsonToken v = p.nextToken();
                switch (member) {
                    case AT -> at = instant(p, v, "attemptDateTime");
                    case ATTEMPT_STATUS -> status = text(p, v);
                    case DETAILS -> details = text(p, v);
                    default -> p.skipChildren();
                }
                if (member != UNKNOWN) {
                    expected = member + 1;
                }
            }
            DeliveryAttempt attempt = new DeliveryAttempt(at, status, details);
            if (attempts != null) {
                attempts.add(attempt);
            } else if (single == null) {
                single = attempt;
            } else {
                attempts = new ArrayList<>();
                attempts.add(single);
                attempts.add(attempt);
            }
        }
        return attempts != null ? attempts : single != null ? List.of(single) : List.of();
    }

    /**
     * A member's value as text, as {@link Bodies#text} reads it from a tree: null for null and
     * containers.
     */
    private static String text(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        if (v == JsonToken.VALUE_NULL) {
            return null;
        }
        if (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        // a number or a boolean: its text as the tree would give it
        JsonNode node = TREE.readTree(p);
        return node == null ? null : node.asText();
    }

    private static Instant instant(JsonParser p, JsonToken v, String field) throws IOException {
        try {
            if (v == JsonToken.VALUE_STRING) {
                return DotNetDateTimes.parse(
                        p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            }
            return DotNetDateTimes.parse(text(p, v));
        } catch (DateTimeParseException e) {
            LOG.log(Level.DEBUG, "unreadable {0}, kept empty", field);
            return null;
        }
    }
}
