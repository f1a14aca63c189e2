package app.ishaar.core.service;

import java.util.Arrays;
import java.util.Objects;

/**
 * What a login presents. The secret is a {@code char[]} owned by this object: {@link #wipe()}
 * zeroes it, and {@link #toString()} never shows it.
 *
 * @param onBehalfOf the represented taxpayer's registration number, or null for the ERP's own
 *     taxpayer
 * @param scope the requested scope, or null to send none
 */
public record Credentials(String clientId, char[] clientSecret, String onBehalfOf, String scope) {

    public Credentials {
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(clientSecret, "clientSecret");
        onBehalfOf = onBehalfOf == null || onBehalfOf.isBlank() ? null : onBehalfOf.trim();
        scope = scope == null || scope.isBlank() ? null : scope.trim();
    }

    /** The same client, acting for another taxpayer; the copy owns its own copy of the secret. */
    public Credentials onBehalfOf(String rin) {
        return new Credentials(clientId, clientSecret.clone(), rin, scope);
    }

    public Credentials copy() {
        return new Credentials(clientId, clientSecret.clone(), onBehalfOf, scope);
    }

    public void wipe() {
        Arrays.fill(clientSecret, '\0');
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Credentials c
                && c.clientId.equals(clientId)
                && Arrays.equals(c.clientSecret, clientSecret)
                && Objects.equals(c.onBehalfOf, onBehalfOf)
                && Objects.equals(c.scope, scope);
    }

    @Override
    public int hashCode() {
        return Objects.hash(clientId, onBehalfOf, scope);
    }

    @Override
    public String toString() {
        return "Credentials[clientId="
                + clientId
                + ", clientSecret=***, onBehalfOf="
                + onBehalfOf
                + ", scope="
                + scope
                + "]";
    }
}
