package app.ishaar.core.settings;

import app.ishaar.core.service.Environment;
import java.util.List;

/**
 * A login profile: environment, client id, and the taxpayers this ERP system represents.
 *
 * @param id stable id, e.g. "SANDBOX|erp-delta-accounting" ({@link #idOf})
 * @param environment where it logs in (the settings file keeps its name, e.g. {@code "PROD"};
 *     {@link Environment.Kind#fromStored} reads it)
 * @param authUrl for CUSTOM only
 * @param baseUrl for CUSTOM only
 * @param rememberSecret whether the secret is kept in the OS keychain (the secret is never here)
 * @param lastTaxpayerRin the taxpayer last shown, or null for the ERP's own
 * @param ownName the name the user gave the ERP's own taxpayer ("" for none: the token's names it)
 * @param ownAsLoggedIn the ERP's own taxpayer as the last login's token named it (its RIN and the
 *     name shown while the user gave none), or null before one did: working offline, there is no
 *     token to say whose history the own taxpayer's is
 */
public record Profile(
        String id,
        Environment.Kind environment,
        String authUrl,
        String baseUrl,
        String clientId,
        String scope,
        boolean rememberSecret,
        List<RepresentedTaxpayer> taxpayers,
        String lastTaxpayerRin,
        String ownName,
        RepresentedTaxpayer ownAsLoggedIn) {

    public Profile {
        environment = environment == null ? Environment.Kind.SANDBOX : environment;
        taxpayers = taxpayers == null ? List.of() : List.copyOf(taxpayers);
        ownName = ownName == null ? "" : ownName;
    }

    /** A profile whose own taxpayer has no name of the user's, nor of a login's yet. */
    public Profile(
            String id,
            Environment.Kind environment,
            String authUrl,
            String baseUrl,
            String clientId,
            String scope,
            boolean rememberSecret,
            List<RepresentedTaxpayer> taxpayers,
            String lastTaxpayerRin) {
        this(
                id,
                environment,
                authUrl,
                baseUrl,
                clientId,
                scope,
                rememberSecret,
                taxpayers,
                lastTaxpayerRin,
                "",
                null);
    }

    public static String idOf(Environment.Kind environment, String authUrl, String clientId) {
        return environment.name()
                + "|"
                + (environment == Environment.Kind.CUSTOM && authUrl != null ? authUrl + "|" : "")
                + clientId;
    }

    public Profile withTaxpayers(List<RepresentedTaxpayer> list) {
        return copy(list, lastTaxpayerRin, ownName, ownAsLoggedIn);
    }

    public Profile withLastTaxpayer(String rin) {
        return copy(taxpayers, rin, ownName, ownAsLoggedIn);
    }

    public Profile withOwnName(String name) {
        return copy(taxpayers, lastTaxpayerRin, name, ownAsLoggedIn);
    }

    public Profile withOwnAsLoggedIn(RepresentedTaxpayer own) {
        return copy(taxpayers, lastTaxpayerRin, ownName, own);
    }

    /** The same login with other taxpayers, last taxpayer, own name or own as a token named it. */
    private Profile copy(
            List<RepresentedTaxpayer> list,
            String lastRin,
            String name,
            RepresentedTaxpayer fromToken) {
        return new Profile(
                id,
                environment,
                authUrl,
                baseUrl,
                clientId,
                scope,
                rememberSecret,
                list,
                lastRin,
                name,
                fromToken);
    }
}
