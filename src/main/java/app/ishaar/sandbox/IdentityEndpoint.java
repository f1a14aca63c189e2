package app.ishaar.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The identity service: {@code POST /connect/token}, the discovery document and the JWKS. */
final class IdentityEndpoint {
    static final String TOKEN_PATH = "/connect/token";
    static final String DISCOVERY_PATH = "/.well-known/openid-configuration";
    static final String JWKS_PATH = "/.well-known/openid-configuration/jwks";

    /** The exchange attribute holding the client ID a login request named. */
    private static final String CLIENT_ID = "ishaar.clientId";

    private final Sandbox sandbox;

    IdentityEndpoint(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getRawPath();
        if (path.length() > 1 && path.endsWith("/")) path = path.substring(0, path.length() - 1);
        String method = ex.getRequestMethod();
        if (path.equalsIgnoreCase(TOKEN_PATH)) {
            if (!"POST".equals(method)) {
                drainQuietly(ex);
                ex.getResponseHeaders().set("Allow", "POST");
                Exchanges.sendEmpty(ex, 405);
                return;
            }
            Instant received = Instant.now();
            try {
                token(ex);
            } finally {
                sandbox.loginSeen(
                        received, (String) ex.getAttribute(CLIENT_ID), ex.getResponseCode());
            }
        } else if (path.equalsIgnoreCase(DISCOVERY_PATH) && "GET".equals(method)) {
            Exchanges.sendJson(ex, 200, discovery());
        } else if (path.equalsIgnoreCase(JWKS_PATH) && "GET".equals(method)) {
            Exchanges.sendJson(ex, 200, sandbox.tokens().jwks());
        } else {
            drainQuietly(ex);
            Exchanges.sendEmpty(ex, 404);
        }
    }

    private Map<String, Object> discovery() {
        String base = sandbox.authUrl();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("issuer", base);
        d.put("jwks_uri", base + JWKS_PATH);
        d.put("token_endpoint", base + TOKEN_PATH);
        d.put("scopes_supported", List.of(TokenService.SCOPE));
        d.put(
                "claims_supported",
                List.of(
                        "client_id",
                        "name",
                        "preferred_username",
                        "TaxRin",
                        "IsIntermediary",
                        "IntermedRIN",
                        "TaxProfTags"));
        d.put("grant_types_supported", List.of("client_credentials"));
        d.put("response_types_supported", List.of("token"));
        d.put(
                "token_endpoint_auth_methods_supported",
                List.of("client_secret_basic", "client_secret_post"));
        d.put("id_token_signing_alg_values_supported", List.of("RS256"));
        return d;
    }

    private void token(HttpExchange ex) throws IOException {
        byte[] bodyBytes;
        try (InputStream in = ex.getRequestBody()) {
            bodyBytes = in.readNBytes(64 * 1024);
        }
        if (Exchanges.disturb(ex, sandbox.knobs())) return;

        String contentType = ex.getRequestHeaders().getFirst("Content-Type");
        Map<String, String> form;
        try {
            form = Exchanges.parseForm(new String(bodyBytes, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            loginError(ex, "invalid_request", "The request body is not valid form data.");
            return;
        }

        // Credentials: Basic header (RFC 6749 2.3.1: form-encoded id and secret), else form fields.
        String clientId = null;
        String secret = null;
        boolean malformedBasic = false;
        String authorization = ex.getRequestHeaders().getFirst("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            try {
                String decoded =
                        new String(
                                Base64.getDecoder().decode(authorization.substring(6).trim()),
                                StandardCharsets.UTF_8);
                int colon = decoded.indexOf(':');
                if (colon < 0) {
                    malformedBasic = true;
                } else {
                    clientId =
                            URLDecoder.decode(decoded.substring(0, colon), StandardCharsets.UTF_8);
                    secret =
                            URLDecoder.decode(decoded.substring(colon + 1), StandardCharsets.UTF_8);
                }
            } catch (IllegalArgumentException e) {
                malformedBasic = true;
            }
        } else {
            clientId = form.get("client_id");
            secret = form.get("client_secret");
        }

        if (clientId != null) {
            ex.setAttribute(CLIENT_ID, clientId);
        }
        Instant now = sandbox.now();
        String limitKey = "login:" + (clientId == null ? "" : clientId);
        if (Exchanges.rateLimited(ex, sandbox.knobs(), limitKey, now.toEpochMilli(), false)) return;

        if (contentType != null
                && !contentType
                        .toLowerCase(Locale.ROOT)
                        .startsWith("application/x-www-form-urlencoded")) {
            loginError(
                    ex,
                    "invalid_request",
                    "The request body must be application/x-www-form-urlencoded.");
            return;
        }
        Directory.Erp erp = sandbox.directory().erp(clientId);
        if (malformedBasic
                || erp == null
                || secret == null
                || !java.security.MessageDigest.isEqual(
                        secret.getBytes(StandardCharsets.UTF_8),
                        erp.clientSecret().getBytes(StandardCharsets.UTF_8))) {
            loginError(ex, "invalid_client", null);
            return;
        }
        String grantType = form.get("grant_type");
        if (grantType == null || grantType.isBlank()) {
            loginError(ex, "invalid_request", "grant_type is missing.");
            return;
        }
        if (!"client_credentials".equals(grantType)) {
            loginError(ex, "unsupported_grant_type", null);
            return;
        }
        String scope = form.get("scope");
        boolean scopeRequested = scope != null && !scope.isBlank();
        if (scopeRequested) {
            List<String> asked = Arrays.stream(scope.trim().split("\\s+")).toList();
            if (!asked.stream().allMatch(TokenService.SCOPE::equals)) {
                loginError(ex, "invalid_scope", null);
                return;
            }
        }
        if ("blocked".equals(erp.kind())) {
            loginError(ex, "invalid_grant", "System user is blocked");
            return;
        }
        if ("expired".equals(erp.kind())) {
            loginError(ex, "invalid_grant", "System user has expired");
            return;
        }

        String onBehalfOf = ex.getRequestHeaders().getFirst("onbehalfof");
        if (onBehalfOf != null) onBehalfOf = onBehalfOf.trim();
        boolean hasOnBehalfOf = onBehalfOf != null && !onBehalfOf.isEmpty();
        SandboxTaxpayer subject;
        if (erp.intermediary()) {
            if (!hasOnBehalfOf) {
                loginError(
                        ex,
                        "invalid_request",
                        "The onbehalfof header is required when an intermediary logs in.");
                return;
            }
            if (!onBehalfOf.matches("\\d{9}")) {
                loginError(
                        ex, "invalid_request", "onbehalfof must be a 9-digit registration number.");
                return;
            }
            subject = erp.delegation(onBehalfOf);
            if (subject == null) {
                loginError(
                        ex,
                        "unauthorized_client",
                        "Taxpayer " + onBehalfOf + " has not delegated to this system.");
                return;
            }
        } else {
            if (hasOnBehalfOf && !onBehalfOf.equals(erp.owner().rin())) {
                loginError(
                        ex,
                        "unauthorized_client",
                        "This system is not an intermediary and may only log in for its own taxpayer.");
                return;
            }
            subject = erp.owner();
        }

        String token =
                sandbox.tokens()
                        .issue(
                                sandbox.authUrl(),
                                erp,
                                subject,
                                now,
                                sandbox.knobs().tokenLifetime());
        ObjectNode body = Exchanges.JSON.createObjectNode();
        body.put("access_token", token);
        body.put("expires_in", sandbox.knobs().tokenLifetime().toSeconds());
        body.put("token_type", "Bearer");
        if (!scopeRequested) body.put("scope", TokenService.SCOPE);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.getResponseHeaders().set("Pragma", "no-cache");
        Exchanges.sendJson(ex, 200, body);
    }

    private static void loginError(HttpExchange ex, String error, String description)
            throws IOException {
        ObjectNode body = Exchanges.JSON.createObjectNode();
        body.put("error", error);
        if (description != null) body.put("error_description", description);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        Exchanges.sendJson(ex, 400, body);
    }

    private static void drainQuietly(HttpExchange ex) {
        try {
            Exchanges.drain(ex);
        } catch (IOException ignored) {
            // the answer does not depend on the body
        }
    }
}
