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

    /**
     * A secret shorter than this is not looked for in text: it would mask ordinary words and
     * numbers, and a secret that short is guessed sooner than read from a log.
     */
    static final int SHORTEST_SECRET = 4;

    /**
     * The secrets given to this process, longest first (so that one holding another is masked
     * whole). Kept as long as the process runs: the log and stderr may receive the service's words
     * about a login long after its secret was wiped from the login itself.
     */
    private static final java.util.concurrent.ConcurrentSkipListSet<String> SECRETS =
            new java.util.concurrent.ConcurrentSkipListSet<>(
                    java.util.Comparator.comparingInt(String::length)
                            .reversed()
                            .thenComparing(java.util.Comparator.naturalOrder()));

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

    /**
     * Masks {@code secret} wherever it appears in text from now on (a copy is kept; the caller may
     * wipe its array).
     */
    public static void hide(char[] secret) {
        if (secret != null && secret.length >= SHORTEST_SECRET) {
            SECRETS.add(new String(secret));
        }
    }

    /**
     * The text with each secret given to this process, and anything shaped like a token or a named
     * secret, replaced by a mark.
     */
    public static String apply(String s) {
        if (s == null) {
            return null;
        }
        String t = s;
        for (String secret : SECRETS) {
            t = t.replace(secret, "[hidden]");
        }
        t = JWT.matcher(t).replaceAll("[token hidden]");
        t = AUTH.matcher(t).replaceAll("$1 [hidden]");
        t = USER_INFO.matcher(t).replaceAll("$1[hidden]$3");
        Matcher m = NAMED.matcher(t);
        return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + r.group(2) + "[hidden]"));
    }
}
