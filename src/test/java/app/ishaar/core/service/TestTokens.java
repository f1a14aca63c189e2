package app.ishaar.core.service;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import mockwebserver3.MockResponse;

/** Access tokens and canned answers for MockWebServer tests. */
public final class TestTokens {
    private TestTokens() {}

    /**
     * A JWT shaped like the service's (RS256 header, realistic claims); the signature is not
     * checked client-side.
     */
    public static String jwt(String payloadJson) {
        Base64.Encoder e = Base64.getUrlEncoder().withoutPadding();
        String header =
                e.encodeToString(
                        "{\"alg\":\"RS256\",\"kid\":\"k1\",\"typ\":\"at+jwt\"}"
                                .getBytes(StandardCharsets.UTF_8));
        String payload = e.encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8));
        return header
                + "."
                + payload
                + "."
                + e.encodeToString(
                        ("sig-" + payloadJson.hashCode()).getBytes(StandardCharsets.UTF_8));
    }

    public static String standardToken(String marker) {
        long now = Instant.now().getEpochSecond();
        return jwt(
                "{\"nbf\":"
                        + now
                        + ",\"exp\":"
                        + (now + 3600)
                        + ",\"iss\":\"https://id.example\",\"aud\":\"InvoicingAPI\","
                        + "\"client_id\":\"erp-nile\",\"IsTaxRepres\":\"1\",\"IsIntermediary\":\"0\",\"name\":\"123456789:erp-nile\","
                        + "\"preferred_username\":\"Nile ERP\",\"TaxRin\":\"123456789\",\"TaxProfTags\":[\"B2B\",\"B2C\"],"
                        + "\"scope\":[\"InvoicingAPI\"],\"jti\":\""
                        + marker
                        + "\"}");
    }

    public static MockResponse tokenResponse(String token) {
        return json(
                200,
                "{\"access_token\":\""
                        + token
                        + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
    }

    public static MockResponse json(int code, String body) {
        return new MockResponse.Builder()
                .code(code)
                .addHeader("Content-Type", "application/json; charset=utf-8")
                .addHeader("correlationId", "corr-" + code)
                .body(body)
                .build();
    }

    public static String notification(String id, String received) {
        return "{\"notificationId\":\""
                + id
                + "\",\"receivedDateTime\":\""
                + received
                + "\",\"deliveredDateTime\":null,"
                + "\"typeId\":\"7\",\"typeName\":\"Document Validated\",\"finalMessage\":\"ok\",\"channel\":\"email\","
                + "\"address\":\"a@b.example\",\"language\":\"en\",\"status\":\"delivered\",\"deliveryAttempts\":[{\"attemptDateTime\":\""
                + received
                + "\",\"status\":\"delivered\",\"statusDetails\":null}]}";
    }

    public static String page(int totalPages, long totalCount, String... notifications) {
        return "{\"result\":["
                + String.join(",", notifications)
                + "],\"metadata\":{\"totalPages\":"
                + totalPages
                + ",\"totalCount\":"
                + totalCount
                + "}}";
    }
}
