package app.ishaar.sandbox;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Issues RS256 access tokens shaped like the identity service's, and checks them. A fresh key per
 * sandbox, made on a thread of its own: a 2048-bit RSA key takes 0.1–1.7 s to find with the app's
 * JIT settings (C1 only, without the big-number intrinsics), and the sandbox answers everything but
 * tokens meanwhile (the login dialog lists its demo accounts at once); the first token waits for
 * it.
 */
final class TokenService {
    static final String AUDIENCE = "InvoicingAPI";
    static final String SCOPE = "InvoicingAPI";

    private final CompletableFuture<Keys> keys;

    /** The identity of a valid token. */
    record Principal(String clientId, String taxRin) {}

    /** The signing key with its signer and verifier. */
    record Keys(RSAKey key, RSASSASigner signer, RSASSAVerifier verifier) {}

    TokenService() {
        this(TokenService::generate);
    }

    /** With the key made by {@code generator}, on a thread of its own. */
    TokenService(Supplier<Keys> generator) {
        keys = new CompletableFuture<>();
        Thread maker =
                new Thread(
                        () -> {
                            try {
                                keys.complete(generator.get());
                            } catch (Throwable t) {
                                keys.completeExceptionally(t);
                            }
                        },
                        "ishaar-sandbox-key");
        maker.setDaemon(true);
        maker.start();
    }

    static Keys generate() {
        try {
            String kid =
                    UUID.randomUUID()
                            .toString()
                            .replace("-", "")
                            .toUpperCase(java.util.Locale.ROOT);
            RSAKey key =
                    new RSAKeyGenerator(2048)
                            .keyID(kid)
                            .keyUse(KeyUse.SIGNATURE)
                            .algorithm(JWSAlgorithm.RS256)
                            .generate();
            return new Keys(key, new RSASSASigner(key), new RSASSAVerifier(key.toRSAPublicKey()));
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot create the sandbox signing key", e);
        }
    }

    /** The key, once made (waits for it the first time). */
    private Keys keys() {
        try {
            return keys.join();
        } catch (CompletionException e) {
            throw new IllegalStateException("cannot create the sandbox signing key", e.getCause());
        }
    }

    /** The public JWKS as a JSON-ready map. */
    Map<String, Object> jwks() {
        return new JWKSet(keys().key().toPublicJWK()).toJSONObject(true);
    }

    String issue(
            String issuer,
            Directory.Erp erp,
            SandboxTaxpayer taxpayer,
            Instant now,
            Duration lifetime) {
        long nbf = now.getEpochSecond();
        long exp = nbf + lifetime.toSeconds();
        boolean intermediary = erp.intermediary();
        JWTClaimsSet claims =
                new JWTClaimsSet.Builder()
                        .notBeforeTime(new Date(nbf * 1000))
                        .expirationTime(new Date(exp * 1000))
                        .issuer(issuer)
                        .audience(AUDIENCE)
                        .claim("client_id", erp.clientId())
                        .claim("IsTaxRepres", intermediary ? "0" : "1")
                        .claim("IsIntermediary", intermediary ? "1" : "0")
                        .claim(
                                "IntermedId",
                                intermediary ? "1" + erp.owner().rin().substring(3) : "0")
                        .claim("IntermedRIN", intermediary ? erp.owner().rin() : "")
                        .claim("IntermedEnforced", intermediary ? "1" : "0")
                        .claim("name", taxpayer.rin() + ":" + erp.clientId())
                        .claim("SSId", erp.ssId())
                        .claim("preferred_username", erp.registeredName())
                        .claim("TaxId", "1" + taxpayer.rin().substring(4))
                        .claim("TaxRin", taxpayer.rin())
                        .claim("ProfId", "2" + taxpayer.rin().substring(5))
                        .claim("IsTaxAdmin", "0")
                        .claim("IsSystem", "1")
                        .claim("NatId", "")
                        .claim("TaxProfTags", List.of("B2B", "B2C"))
                        .claim("scope", List.of(SCOPE))
                        .build();
        Keys k = keys();
        JWSHeader header =
                new JWSHeader.Builder(JWSAlgorithm.RS256)
                        .type(new JOSEObjectType("at+jwt"))
                        .keyID(k.key().getKeyID())
                        .build();
        SignedJWT jwt = new SignedJWT(header, claims);
        try {
            jwt.sign(k.signer());
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a token", e);
        }
        return jwt.serialize();
    }

    /**
     * Checks signature, algorithm, key id, audience, not-before and expiry.
     *
     * @return the principal, or null when the token is not acceptable
     */
    Principal verify(String token, Instant now) {
        Keys k = keys();
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.RS256.equals(jwt.getHeader().getAlgorithm())) return null;
            if (!k.key().getKeyID().equals(jwt.getHeader().getKeyID())) return null;
            if (!jwt.verify(k.verifier())) return null;
            JWTClaimsSet c = jwt.getJWTClaimsSet();
            if (c.getAudience() == null || !c.getAudience().contains(AUDIENCE)) return null;
            Date exp = c.getExpirationTime();
            Date nbf = c.getNotBeforeTime();
            if (exp == null || !now.isBefore(exp.toInstant())) return null;
            if (nbf != null && now.isBefore(nbf.toInstant())) return null;
            String clientId = c.getStringClaim("client_id");
            String rin = c.getStringClaim("TaxRin");
            if (clientId == null || rin == null) return null;
            return new Principal(clientId, rin);
        } catch (ParseException | JOSEException | RuntimeException e) {
            return null;
        }
    }
}
