package app.ishaar.core.service;

import java.net.URI;
import java.util.Objects;

/**
 * Where a session talks to: the identity service ({@code authUrl}) and the integration API ({@code
 * baseUrl}). Build one with the factories; {@link #custom} and {@link #sandbox} validate (HTTPS
 * required off loopback) and throw {@link InvalidEndpointException} before any request.
 */
public record Environment(Kind kind, URI authUrl, URI baseUrl) {

    public enum Kind {
        SANDBOX,
        PREPROD,
        PROD,
        CUSTOM;

        /**
         * The kind a stored profile names ({@code "PROD"}, as the settings file has always written
         * it); the sandbox for none, or for a name this version does not know.
         */
        public static Kind fromStored(String name) {
            if (name != null) {
                for (Kind k : values()) {
                    if (k.name().equals(name.strip())) {
                        return k;
                    }
                }
            }
            return SANDBOX;
        }
    }

    public static final URI PROD_AUTH = URI.create("https://id.eta.gov.eg");
    public static final URI PROD_API = URI.create("https://api.invoicing.eta.gov.eg");
    public static final URI PREPROD_AUTH = URI.create("https://id.preprod.eta.gov.eg");
    public static final URI PREPROD_API = URI.create("https://api.preprod.invoicing.eta.gov.eg");

    public Environment {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(authUrl, "authUrl");
        Objects.requireNonNull(baseUrl, "baseUrl");
    }

    public static Environment production() {
        return new Environment(Kind.PROD, PROD_AUTH, PROD_API);
    }

    public static Environment preProduction() {
        return new Environment(Kind.PREPROD, PREPROD_AUTH, PREPROD_API);
    }

    /** A running local sandbox (normally loopback, plain HTTP). */
    public static Environment sandbox(String authUrl, String baseUrl)
            throws InvalidEndpointException {
        return new Environment(
                Kind.SANDBOX,
                Endpoints.validate("auth-url", authUrl),
                Endpoints.validate("base-url", baseUrl));
    }

    public static Environment custom(String authUrl, String baseUrl)
            throws InvalidEndpointException {
        return new Environment(
                Kind.CUSTOM,
                Endpoints.validate("auth-url", authUrl),
                Endpoints.validate("base-url", baseUrl));
    }

    /** The host of the identity service, for messages ("cannot reach id.eta.gov.eg"). */
    public String authHost() {
        return authUrl.getHost();
    }

    public String apiHost() {
        return baseUrl.getHost();
    }
}
