package app.ishaar.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** A tiny test client for the sandbox over real loopback HTTP (java.net.http). */
final class SandboxHttp {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String PATH = "/api/v1.0/notifications/taxpayer";

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Sandbox sandbox;

    SandboxHttp(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    HttpResponse<String> login(String clientId, String secret, String onBehalfOf, String form) {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(sandbox.authUrl() + "/connect/token"))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form));
        if (clientId != null) {
            b.header(
                    "Authorization",
                    "Basic "
                            + Base64.getEncoder()
                                    .encodeToString(
                                            (clientId + ":" + secret)
                                                    .getBytes(StandardCharsets.UTF_8)));
        }
        if (onBehalfOf != null) b.header("onbehalfof", onBehalfOf);
        return send(b.build());
    }

    HttpResponse<String> login(String clientId, String secret, String onBehalfOf) {
        return login(clientId, secret, onBehalfOf, "grant_type=client_credentials");
    }

    /** A token for the account, acting for the taxpayer (null = own). */
    String token(String clientId, String secret, String onBehalfOf) {
        HttpResponse<String> r = login(clientId, secret, onBehalfOf);
        if (r.statusCode() != 200)
            throw new AssertionError("login failed: " + r.statusCode() + " " + r.body());
        return json(r).get("access_token").asText();
    }

    String nileToken() {
        return token("erp-nile-trading", "sandbox-secret-1", null);
    }

    HttpResponse<String> query(String token, String rawQuery) {
        String url =
                sandbox.baseUrl()
                        + PATH
                        + (rawQuery == null || rawQuery.isEmpty() ? "" : "?" + rawQuery);
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(10))
                        .header("Accept", "application/json")
                        .GET();
        if (token != null) b.header("Authorization", "Bearer " + token);
        return send(b.build());
    }

    HttpResponse<String> get(String url) {
        return send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build());
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + r.body(), e);
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
