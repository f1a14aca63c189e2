package app.ishaar.core.service.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import app.ishaar.core.model.NotificationPage;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

/** Each notification's JSON text, kept for the archive as the service sent it. */
class RawItemsTest {

    static HttpResult answer(String body) {
        return new HttpResult(
                200, Headers.of(), body.getBytes(StandardCharsets.UTF_8), "application/json");
    }

    static final String BODY =
            """
            {"result":[
              {"notificationId":"a1","receivedDateTime":"2026-03-01T10:00:00.1234567Z",
               "typeId":7,"finalMessage":"تم التحقق من المستند INV-2026-000117",
               "status":"delivered","score":1.50,"big":12345678901234567890,
               "extra":{"nested":[1,null,true]},
               "deliveryAttempts":[{"attemptDateTime":"2026-03-01T10:00:05Z","status":"delivered"}]},
              42,
              {"notificationId":"a2","status":"queued","channel":"fax"}
            ],"metadata":{"totalPages":1,"totalCount":2}}
            """;

    @Test
    void eachObjectOfTheResultKeepsItsTextUnknownMembersAndNumbersAsWritten() throws Exception {
        NotificationPage raw = NotificationReader.read(answer(BODY), 1, 100, true);
        NotificationPage plain = NotificationReader.read(answer(BODY), 1, 100);
        assertEquals(plain.result(), raw.result(), "the same notifications either way");
        assertEquals(2, raw.rawItems().size(), "one text per notification, in order");
        assertTrue(plain.rawItems().isEmpty(), "only when asked for");

        JsonNode first = Bodies.MAPPER.readTree(raw.rawItems().get(0));
        JsonNode sent = Bodies.MAPPER.readTree(BODY).get("result").get(0);
        assertEquals(sent, first);
        String text = raw.rawItems().get(0);
        assertTrue(text.contains("\"score\":1.50"), text);
        assertTrue(text.contains("12345678901234567890"), text);
        assertTrue(text.contains("2026-03-01T10:00:00.1234567Z"), text);
        assertTrue(text.contains("تم التحقق من المستند"), text);
        assertTrue(raw.rawItems().get(1).contains("\"channel\":\"fax\""));
        assertEquals("queued", raw.result().get(1).status());
    }
}
