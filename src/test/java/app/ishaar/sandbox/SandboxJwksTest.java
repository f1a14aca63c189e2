package app.ishaar.sandbox;

import static app.ishaar.sandbox.SandboxHttp.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.jwt.consumer.JwtContext;
import org.jose4j.keys.resolvers.JwksVerificationKeyResolver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The access token verifies against the published JWKS with an independent JOSE library (jose4j).
 */
class SandboxJwksTest {
    static Sandbox sandbox;
    static SandboxHttp http;
    static JwtConsumer consumer;

    @BeforeAll
    static void start() throws Exception {
        sandbox = Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(20).build());
        http = new SandboxHttp(sandbox);
        HttpResponse<String> discovery =
                http.get(sandbox.authUrl() + "/.well-known/openid-configuration");
        assertThat(discovery.statusCode()).isEqualTo(200);
        JsonNode config = json(discovery);
        assertThat(config.get("issuer").asText()).isEqualTo(sandbox.authUrl());
        assertThat(config.get("token_endpoint").asText())
                .isEqualTo(sandbox.authUrl() + "/connect/token");
        HttpResponse<String> jwks = http.get(config.get("jwks_uri").asText());
        assertThat(jwks.statusCode()).isEqualTo(200);
        JsonWebKeySet keySet = new JsonWebKeySet(jwks.body());
        assertThat(keySet.getJsonWebKeys()).hasSize(1);
        assertThat(keySet.getJsonWebKeys().get(0).getKeyType()).isEqualTo("RSA");
        consumer =
                new JwtConsumerBuilder()
                        .setVerificationKeyResolver(
                                new JwksVerificationKeyResolver(keySet.getJsonWebKeys()))
                        .setJwsAlgorithmConstraints(
                                AlgorithmConstraints.ConstraintType.PERMIT,
                                AlgorithmIdentifiers.RSA_USING_SHA256)
                        .setExpectedIssuer(sandbox.authUrl())
                        .setExpectedAudience("InvoicingAPI")
                        .setRequireExpirationTime()
                        .setRequireNotBefore()
                        .build();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void taxpayerTokenVerifiesAndCarriesTheServiceClaims() throws Exception {
        String token = http.nileToken();
        JwtContext context = consumer.process(token);
        assertThat(context.getJoseObjects().get(0).getHeader("typ")).isEqualTo("at+jwt");
        assertThat(context.getJoseObjects().get(0).getKeyIdHeaderValue()).isNotBlank();
        JwtClaims claims = context.getJwtClaims();
        assertThat(claims.getExpirationTime().getValue() - claims.getNotBefore().getValue())
                .isEqualTo(3600);
        assertThat(claims.getNotBefore().getValue())
                .isBetween(Instant.now().getEpochSecond() - 60, Instant.now().getEpochSecond() + 1);
        assertThat(claims.getStringClaimValue("client_id")).isEqualTo("erp-nile-trading");
        assertThat(claims.getStringClaimValue("name")).isEqualTo("204918573:erp-nile-trading");
        assertThat(claims.getStringClaimValue("TaxRin")).isEqualTo("204918573");
        assertThat(claims.getStringClaimValue("IsIntermediary")).isEqualTo("0");
        assertThat(claims.getStringClaimValue("IsTaxRepres")).isEqualTo("1");
        assertThat(claims.getStringClaimValue("preferred_username")).isNotBlank();
        assertThat(claims.getStringListClaimValue("TaxProfTags")).containsExactly("B2B", "B2C");
        assertThat(claims.getStringListClaimValue("scope")).containsExactly("InvoicingAPI");
        assertThat(claims.hasClaim("iat")).isFalse();
    }

    @Test
    void intermediaryTokenVerifiesAndNamesTheRepresentedTaxpayer() throws Exception {
        JwtClaims claims =
                consumer.processToClaims(
                        http.token("erp-delta-accounting", "sandbox-secret-2", "287364519"));
        assertThat(claims.getStringClaimValue("TaxRin")).isEqualTo("287364519");
        assertThat(claims.getStringClaimValue("IsIntermediary")).isEqualTo("1");
        assertThat(claims.getStringClaimValue("IntermedRIN")).isEqualTo("538201946");
        assertThat(claims.getStringClaimValue("name")).isEqualTo("287364519:erp-delta-accounting");
    }

    @Test
    void aTokenWithAForeignSignatureDoesNotVerify() throws Exception {
        try (Sandbox other =
                Sandbox.start(SandboxConfig.builder().notificationsPerTaxpayer(1).build())) {
            String foreign = new SandboxHttp(other).nileToken();
            assertThatThrownBy(() -> consumer.process(foreign))
                    .isInstanceOf(InvalidJwtException.class);
        }
        assertThat(List.of(http.nileToken())).allSatisfy(t -> consumer.process(t));
    }
}
