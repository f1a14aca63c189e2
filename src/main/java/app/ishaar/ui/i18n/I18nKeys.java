package app.ishaar.ui.i18n;

import java.util.List;

/**
 * Key families whose keys are computed in code (e.g. {@code "type." + id}) rather than written out.
 * The bundle-consistency test accepts a key of such a family as used, and checks that each family
 * is complete in both bundles. Every other key must appear literally in the code.
 */
public final class I18nKeys {
    private I18nKeys() {}

    /** Prefixes of computed key families. */
    public static final List<String> COMPUTED_PREFIXES =
            List.of(
                    "language.",
                    "type.",
                    "status.",
                    "channel.",
                    "messageLanguage.",
                    "datePreset.",
                    "io.problem.",
                    "switcher.order.");
}
