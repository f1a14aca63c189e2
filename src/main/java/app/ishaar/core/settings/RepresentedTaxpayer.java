package app.ishaar.core.settings;

/**
 * A taxpayer an intermediary acts for: 9-digit registration number and the name the user gave it.
 */
public record RepresentedTaxpayer(String rin, String name) {}
