package app.ishaar.core.service.http;

import app.ishaar.core.model.DeliveryAttempt;
import app.ishaar.core.model.Notification;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.TypeDeserializer;
import com.fasterxml.jackson.databind.module.SimpleDeserializers;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.CollectionType;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Jackson's data binding of one notification as the service writes it, made tolerant where the
 * service's JSON may differ from the contract:
 *
 * <ul>
 *   <li>members the model does not know are ignored; a repeated member counts as its last one;
 *   <li>a text member holding a number or a boolean is read as its text (as a tree's {@code asText}
 *       gives it), one holding an object or an array is read as absent;
 *   <li>a date-time is read in every ISO-8601 form .NET writes ({@link DotNetDateTimes}); one that
 *       cannot be read is kept empty, and the notification is still read;
 *   <li>{@code deliveryAttempts}: the elements that are objects; anything but an array is absent
 *       (the record reads absent as no attempts).
 * </ul>
 *
 * The page's envelope is the {@link NotificationReader}'s; the archive reads the items it kept with
 * this too ({@code ArchivedNotification.fromRaw}), so both read a notification the same way.
 */
public final class NotificationJson {
    private static final System.Logger LOG = System.getLogger(NotificationJson.class.getName());

    private NotificationJson() {}

    private static final ObjectReader ITEM = mapper().readerFor(Item.class);

    /**
     * The notification the parser is on: from its START_OBJECT, leaving the parser on its
     * END_OBJECT.
     */
    public static Notification read(JsonParser p) throws IOException {
        return ITEM.<Item>readValue(p).notification();
    }

    /** The notification in one item of a page's {@code result} array, as JSON text. */
    public static Notification read(String json) throws IOException {
        return ITEM.<Item>readValue(json).notification();
    }

    static Notification read(JsonNode json) throws IOException {
        return ITEM.<Item>readValue(json).notification();
    }

    /**
     * A notification's members as the service names them. Fields, not the record's constructor: a
     * member that comes twice is set twice, and the last one counts.
     */
    static final class Item {
        public String notificationId;
        public Instant receivedDateTime;
        public Instant deliveredDateTime;
        public String typeId;
        public String typeName;
        public String finalMessage;
        public String channel;
        public String address;
        public String language;
        public String status;
        public List<Attempt> deliveryAttempts;

        Notification notification() {
            return new Notification(
                    notificationId,
                    receivedDateTime,
                    deliveredDateTime,
                    typeId,
                    typeName,
                    finalMessage,
                    channel,
                    address,
                    language,
                    status,
                    deliveryAttempts == null
                            ? null
                            : deliveryAttempts.stream().map(Attempt::attempt).toList());
        }
    }

    /** A delivery attempt's members as the service names them. */
    static final class Attempt {
        public Instant attemptDateTime;
        public String status;
        public String statusDetails;

        DeliveryAttempt attempt() {
            return new DeliveryAttempt(attemptDateTime, status, statusDetails);
        }
    }

    private static JsonMapper mapper() {
        SimpleModule tolerant = new SimpleModule("tolerant notifications");
        tolerant.setDeserializers(
                new SimpleDeserializers() {
                    @Override
                    public JsonDeserializer<?> findCollectionDeserializer(
                            CollectionType type,
                            DeserializationConfig config,
                            BeanDescription beanDesc,
                            TypeDeserializer elementTypeDeserializer,
                            JsonDeserializer<?> elementDeserializer) {
                        return type.getContentType().hasRawClass(Attempt.class)
                                ? new Attempts()
                                : null;
                    }
                });
        tolerant.addDeserializer(String.class, new Text());
        tolerant.addDeserializer(Instant.class, new DotNetInstant());
        return JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .addModule(tolerant)
                .build();
    }

    /** A member's value as text; null for null and for an object or an array. */
    static final class Text extends StdDeserializer<String> {
        Text() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonToken t = p.currentToken();
            if (t == JsonToken.VALUE_STRING) {
                return p.getText();
            }
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                p.skipChildren();
                return null;
            }
            // a number or a boolean: its text as a tree gives it (1.5e3 reads "1500.0")
            return ctxt.readTree(p).asText();
        }
    }

    /** A .NET date-time, or null when it cannot be read as one. */
    static final class DotNetInstant extends StdDeserializer<Instant> {
        private final Text text = new Text();

        DotNetInstant() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String member = p.currentName();
            try {
                return DotNetDateTimes.parse(text.deserialize(p, ctxt));
            } catch (DateTimeParseException e) {
                LOG.log(Level.DEBUG, "unreadable {0}, kept empty", member);
                return null;
            }
        }
    }

    /** The attempts that are objects; anything but an array is absent. */
    static final class Attempts extends StdDeserializer<List<Attempt>> {
        Attempts() {
            super(List.class);
        }

        @Override
        public List<Attempt> deserialize(JsonParser p, DeserializationContext ctxt)
                throws IOException {
            if (!p.isExpectedStartArrayToken()) {
                p.skipChildren();
                return null;
            }
            List<Attempt> attempts = new ArrayList<>(1);
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t == JsonToken.START_OBJECT) {
                    attempts.add(ctxt.readValue(p, Attempt.class));
                } else {
                    p.skipChildren();
                }
            }
            return attempts;
        }
    }
}
