package app.ishaar.sandbox;

/**
 * A taxpayer an account may act for: 9-digit RIN, names, and whether it grants notification access.
 */
public record SandboxTaxpayer(
        String rin, String nameEn, String nameAr, boolean grantsNotifications) {}
