package app.ishaar.core.service;

import java.util.Locale;

/** The {@code error} values of a rejected login (spec 2.2), plus UNKNOWN for anything else. */
public enum LoginError {
    INVALID_REQUEST,
    INVALID_CLIENT,
    INVALID_GRANT,
    UNAUTHORIZED_CLIENT,
    UNSUPPORTED_GRANT_TYPE,
    INVALID_SCOPE,
    UNKNOWN;

    public static LoginError fromWire(String value) {
        if (value == null) {
            return UNKNOWN;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return UNKNOWN;
        }
    }
}
