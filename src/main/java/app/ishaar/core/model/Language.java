package app.ishaar.core.model;

import java.util.Locale;
import java.util.Optional;

/** The language values the spec lists. The service may send others: see {@link #fromWire}. */
public enum Language {
    AR("ar"),
    EN("en");

    private final String wire;

    Language(String wire) {
        this.wire = wire;
    }

    /** The value as the service writes it. */
    public String wire() {
        return wire;
    }

    /**
     * The known value for a wire string (case-insensitive), or empty for one this client does not
     * know.
     */
    public static Optional<Language> fromWire(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (Language c : values()) {
            if (c.wire.equals(v)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
