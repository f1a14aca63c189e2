package app.ishaar.core.service.http;

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

    /** The first and last item of BODY's result, as written there. */
    static String[] written() {
        int first = BODY.indexOf("{\"notificationId\":\"a1\"");
        int firstEnd = BODY.indexOf("}]}", first) + 3;
        int last = BODY.indexOf("{\"notificationId\":\"a2\"");
        int lastEnd = BODY.indexOf('}', last) + 1;
        return new String[] {BODY.substring(first, firstEnd), BODY.substring(last, lastEnd)};
    }

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
        assertEquals(
                java.util.List.of(written()),
                raw.rawItems(),
                "byte for byte as sent: spacing and line breaks too");
    }

    @Test
    void aByteOrderMarkDoesNotShiftTheText() throws Exception {
        byte[] text = BODY.getBytes(StandardCharsets.UTF_8);
        byte[] marked = new byte[text.length + 3];
        marked[0] = (byte) 0xEF;
        marked[1] = (byte) 0xBB;
        marked[2] = (byte) 0xBF;
        System.arraycopy(text, 0, marked, 3, text.length);
        NotificationPage raw =
                NotificationReader.read(
                        new HttpResult(200, Headers.of(), marked, "application/json"),
                        1,
                        100,
                        true);
        assertEquals(java.util.List.of(written()), raw.rawItems());
    }

    /** Little-endian UTF-16 starts with the brace's byte, so it is read as JSON. */
    @Test
    void aBodyInUtf16KeepsEveryMemberAndNumberAsWritten() throws Exception {
        HttpResult utf16 =
                new HttpResult(
                        200,
                        Headers.of(),
                        BODY.getBytes(StandardCharsets.UTF_16LE),
                        "application/json");
        NotificationPage raw = NotificationReader.read(utf16, 1, 100, true);
        NotificationPage plain = NotificationReader.read(answer(BODY), 1, 100);
        assertEquals(plain.result(), raw.result());
        assertEquals(2, raw.rawItems().size());
        String[] written = written();
        for (int i = 0; i < 2; i++) {
            assertEquals(
                    Bodies.MAPPER.readTree(written[i]),
                    Bodies.MAPPER.readTree(raw.rawItems().get(i)));
        }
        assertTrue(raw.rawItems().get(0).contains("\"score\":1.50"), raw.rawItems().get(0));
        assertTrue(raw.rawItems().get(0).contains("12345678901234567890"));
    }
}
