package app.ishaar.ui.login;

import app.ishaar.core.settings.RepresentedTaxpayer;
import java.util.List;

/**
 * A demo account of the built-in sandbox, as the login dialog offers it (public demo data: its
 * secret is printed in the README, and it is only ever used against the loopback sandbox).
 */
public record DemoAccount(
        String clientId, String secret, Kind kind, List<RepresentedTaxpayer> taxpayers) {

    public enum Kind {
        TAXPAYER,
        INTERMEDIARY,
        BLOCKED,
        EXPIRED,
        OTHER
    }

    public DemoAccount {
        taxpayers = taxpayers == null ? List.of() : List.copyOf(taxpayers);
    }

    public static Kind kindOf(String wire) {
        if (wire == null) {
            return Kind.OTHER;
        }
        return switch (wire.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "taxpayer" -> Kind.TAXPAYER;
            case "intermediary" -> Kind.INTERMEDIARY;
            case "blocked" -> Kind.BLOCKED;
            case "expired" -> Kind.EXPIRED;
            default -> Kind.OTHER;
        };
    }
}
