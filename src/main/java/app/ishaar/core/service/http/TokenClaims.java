package app.ishaar.core.service.http;

import app.ishaar.core.service.TokenInfo;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Reads the claims of an access token tolerantly: the payload is base64url-decoded and parsed; no
 * signature check (the client only displays these; the service checks the token). A missing or
 * unreadable claim is null or empty.
 */
public final class TokenClaims {
    private TokenClaims() {}

    /** The payload, or an empty object when the token is not a readable JWT. */
    public static JsonNode payload(String token) {
        try {
            String[] parts = token.split("\\.");
            if (parts.length < 2) {
                return Bodies.MAPPER.createObjectNode();
            }
            byte[] json = Base64.getUrlDecoder().decode(stripPadding(parts[1]));
            JsonNode n = Bodies.MAPPER.readTree(json);
            return n != null && n.isObject() ? n : Bodies.MAPPER.createObjectNode();
        } catch (RuntimeException | java.io.IOException e) {
            return Bodies.MAPPER.createObjectNode();
        }
    }

    private static String stripPadding(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '=') {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * @param grantedScope the response's {@code scope}, or null
     * @param requestedScope the scope asked for, or null
     * @param fallbackExpiry now + expires_in, used when there is no {@code exp}
     */
    public static TokenInfo info(
            String token, String grantedScope, String requestedScope, Instant fallbackExpiry) {
        JsonNode c = payload(token);
        String name = firstText(c, "name");
        String taxRin = firstText(c, "TaxRin");
        String taxpayerName = null;
        if (name != null) {
            int colon = name.indexOf(':');
            String left = colon >= 0 ? name.substring(0, colon) : name;
            if (taxRin == null && left.matches("\\d{5,}")) {
                taxRin = left;
            }
            if (!left.isBlank() && !left.equals(taxRin) && !left.matches("\\d+")) {
                taxpayerName = left;
            }
        }
        String scope =
                grantedScope != null
                        ? grantedScope
                        : requestedScope != null ? requestedScope : joined(c.get("scope"));
        Instant exp = fallbackExpiry;
        JsonNode e = c.get("exp");
        if (e != null && (e.isNumber() || e.isTextual() && e.asText().matches("\\d{1,12}"))) {
            long seconds = e.asLong();
            // an exp before 2000 or after 9999 is not a real expiry: keep the fallback (expires_in)
            if (seconds > 946_684_800L && seconds < 253_402_300_800L) {
                exp = Instant.ofEpochSecond(seconds);
            }
        }
        return new TokenInfo(
                taxRin,
                taxpayerName,
                firstText(c, "preferred_username"),
                firstText(c, "client_id"),
                flag(c.get("IsIntermediary")),
                firstText(c, "IntermedRIN"),
                list(c.get("TaxProfTags")),
                scope,
                exp);
    }

    private static String firstText(JsonNode c, String field) {
        JsonNode v = c.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isArray()) {
            return v.size() == 0 ? null : v.get(0).asText();
        }
        String s = v.asText();
        return s.isBlank() ? null : s;
    }

    /**
     * A "0"/"1" flag (or a JSON boolean, or "true"/"false"); null when it is missing or says
     * neither.
     */
    private static Boolean flag(JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        String s = v.asText().trim();
        if (s.equals("1") || s.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (s.equals("0") || s.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        return null;
    }

    private static List<String> list(JsonNode v) {
        List<String> out = new ArrayList<>();
        if (v == null || v.isNull()) {
            return out;
        }
        if (v.isArray()) {
            v.forEach(
                    x -> {
                        if (!x.isNull()) {
                            out.add(x.asText());
                        }
                    });
        } else {
            for (String s : v.asText().split("[,\\s]+")) {
                if (!s.isBlank()) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    private static String joined(JsonNode v) {
        List<String> l = list(v);
        return l.isEmpty() ? null : String.join(" ", l);
    }
}
