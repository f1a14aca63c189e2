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
        String ownName) {

    public Profile {
        environment = environment == null ? Environment.Kind.SANDBOX : environment;
        taxpayers = taxpayers == null ? List.of() : List.copyOf(taxpayers);
        ownName = ownName == null ? "" : ownName;
    }

    /** A profile whose own taxpayer has no name of the user's. */
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
                "");
    }

    public static String idOf(Environment.Kind environment, String authUrl, String clientId) {
        return environment.name()
                + "|"
                + (environment == Environment.Kind.CUSTOM && authUrl != null ? authUrl + "|" : "")
                + clientId;
    }

    public Profile withTaxpayers(List<RepresentedTaxpayer> list) {
        return copy(list, lastTaxpayerRin, ownName);
    }

    public Profile withLastTaxpayer(String rin) {
        return copy(taxpayers, rin, ownName);
    }

    public Profile withOwnName(String name) {
        return copy(taxpayers, lastTaxpayerRin, name);
    }

    /** The same login with other taxpayers, last taxpayer or own name. */
    private Profile copy(List<RepresentedTaxpayer> list, String lastRin, String name) {
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
                name);
    }
}
