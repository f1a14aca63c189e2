package app.ishaar.core.service;

import java.time.Instant;
import java.util.List;

/**
 * What a session may show of its access token: read tolerantly from the JWT's claims (none is
 * guaranteed; a missing one is null or empty) and from the token response. Never the token itself.
 *
 * @param taxRin {@code TaxRin}: the represented taxpayer's registration number
 * @param taxpayerName the taxpayer part of the {@code name} claim if it carries one, else null
 * @param erpName {@code preferred_username}: the ERP system's registered name
 * @param clientId {@code client_id}
 * @param intermediary {@code IsIntermediary}: true for "1", false for "0", null when the token does
 *     not say (older tokens lack the flag)
 * @param intermediaryRin {@code IntermedRIN}
 * @param tags {@code TaxProfTags}, e.g. B2B, B2C
 * @param scope the granted scope (the response's {@code scope}, else the requested one, else the
 *     claim)
 * @param expiresAt when the token stops being accepted ({@code exp}, else now + {@code expires_in})
 */
public record TokenInfo(
        String taxRin,
        String taxpayerName,
        String erpName,
        String clientId,
        Boolean intermediary,
        String intermediaryRin,
        List<String> tags,
        String scope,
        Instant expiresAt) {

    public TokenInfo {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }

    /** Whether the token says the ERP system is an intermediary ({@code IsIntermediary "1"}). */
    public boolean saysIntermediary() {
        return Boolean.TRUE.equals(intermediary);
    }

    /**
     * Whether the token says the ERP system is not an intermediary ({@code IsIntermediary "0"}): it
     * logs in for its own taxpayer only. False when the token does not say.
     */
    public boolean saysOwnTaxpayerOnly() {
        return Boolean.FALSE.equals(intermediary);
    }
}
