package app.ishaar.core.support;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks what must not be shown or kept in text the app writes for people (the support log, the
 * command line's error lines): anything shaped like a token, credentials of an Authorization
 * header, a secret or password named in a form, a query or JSON, and a password in a location's
 * {@code user:password@}. The code writes none of these; this catches one that slips in anyway, for
 * example in an error text the service sent or a location a user typed.
 */
public final class Redaction {
    private Redaction() {}

    /** A JSON Web Token (three base64url parts, the first a JSON object: "eyJ"). */
    private static final Pattern JWT =
            Pattern.compile("eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]*");

    /** An Authorization header's credentials. */
    private static final Pattern AUTH =
            Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=-]{8,}");

    /**
     * A secret or token named in a form, a query or JSON: {@code client_secret=…}, {@code
     * "password": "…"}. Not words followed by a colon ("no client secret: give …"), which are the
     * app's own sentences.
     */
    private static final Pattern NAMED =
            Pattern.compile(
                    "(?i)(client_secret|access_token|refresh_token|id_token|password|secret)"
                            + "(\"\\s*:\\s*\"?|\\s*=\\s*\"?)([^\\s\"&,;}]+)");

    /**
     * The password of a location's {@code scheme://user:password@host}, also where the scheme was
     * mistyped and the location taken for a file's path ({@code postgres/user:password@host}).
     */
    private static final Pattern USER_INFO =
            Pattern.compile("(?i)((?:\\b[a-z][a-z0-9+.-]*:/+)?[^/\\s:@]+:)([^\\s@/]+)(@)");

    /** The text with anything shaped like a token or a named secret replaced by a mark. */
    public static String apply(String s) {
        if (s == null) {
            return null;
        }
        String t = JWT.matcher(s).replaceAll("[token hidden]");
        t = AUTH.matcher(t).replaceAll("$1 [hidden]");
        t = USER_INFO.matcher(t).replaceAll("$1[hidden]$3");
        Matcher m = NAMED.matcher(t);
        return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + r.group(2) + "[hidden]"));
    }
}
