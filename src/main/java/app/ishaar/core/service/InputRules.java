package app.ishaar.core.service;

import app.ishaar.core.model.Rin;
import java.util.Optional;

/**
 * What a login field may hold, checked before anything is sent (the command line and the login
 * dialog share these rules), and how to quote a typed value in a message without letting control or
 * bidirectional-override characters (U+202E) reach a terminal or a log, and without echoing 10 kB.
 */
public final class InputRules {
    private InputRules() {}

    /** What is wrong with a value. */
    public enum Problem {
        EMPTY,
        TOO_LONG,
        /**
         * A control character (C0/C1, line breaks, tabs) or an invisible formatting one (bidi
         * overrides, zero-width, BOM).
         */
        UNSAFE_CHARACTERS,
        /**
         * Not the expected shape (a client ID with ':' or spaces, a registration number that is not
         * nine digits, …).
         */
        BAD_FORMAT
    }

    public static final int MAX_CLIENT_ID = 200;
    public static final int MAX_SECRET = 1024;
    public static final int MAX_SCOPE = 200;
    public static final int MAX_URL = 2048;

    /**
     * True when the text holds a control character or an invisible formatting character (Unicode Cc
     * or Cf).
     */
    public static boolean hasUnsafeCharacters(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            if (unsafe(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean unsafe(char c) {
        int type = Character.getType(c);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || c == '\u2028'
                || c == '\u2029';
    }

    /**
     * The client ID: 1–200 characters, none unsafe, no ':' (it would break the Basic header) and no
     * white space.
     */
    public static Optional<Problem> clientId(String v) {
        if (v == null || v.isBlank()) {
            return Optional.of(Problem.EMPTY);
        }
        String s = v.strip();
        if (s.length() > MAX_CLIENT_ID) {
            return Optional.of(Problem.TOO_LONG);
        }
        if (hasUnsafeCharacters(s)) {
            return Optional.of(Problem.UNSAFE_CHARACTERS);
        }
        if (s.indexOf(':') >= 0 || s.codePoints().anyMatch(Character::isWhitespace)) {
            return Optional.of(Problem.BAD_FORMAT);
        }
        return Optional.empty();
    }

    /** The client secret as typed in a field: 1–1024 characters, none unsafe. */
    public static Optional<Problem> secret(CharSequence v) {
        if (v == null || v.length() == 0) {
            return Optional.of(Problem.EMPTY);
        }
        if (v.length() > MAX_SECRET) {
            return Optional.of(Problem.TOO_LONG);
        }
        return hasUnsafeCharacters(v) ? Optional.of(Problem.UNSAFE_CHARACTERS) : Optional.empty();
    }

    /** The client secret: 1–1024 characters, none unsafe. */
    public static Optional<Problem> secret(char[] v) {
        if (v == null || v.length == 0) {
            return Optional.of(Problem.EMPTY);
        }
        if (v.length > MAX_SECRET) {
            return Optional.of(Problem.TOO_LONG);
        }
        for (char c : v) {
            if (unsafe(c)) {
                return Optional.of(Problem.UNSAFE_CHARACTERS);
            }
        }
        return Optional.empty();
    }

    /** The represented taxpayer's registration number, as {@link Rin#parse} reads it. */
    public static Optional<Problem> onBehalfOf(String v) {
        if (v == null || v.isBlank()) {
            return Optional.of(Problem.EMPTY);
        }
        if (hasUnsafeCharacters(v.strip())) {
            return Optional.of(Problem.UNSAFE_CHARACTERS);
        }
        return Rin.isValid(v) ? Optional.empty() : Optional.of(Problem.BAD_FORMAT);
    }

    /**
     * A scope: space-separated OAuth scope tokens (RFC 6749 §3.3: printable ASCII but '"' and '\').
     */
    public static Optional<Problem> scope(String v) {
        if (v == null || v.isBlank()) {
            return Optional.of(Problem.EMPTY);
        }
        String s = v.strip();
        if (s.length() > MAX_SCOPE) {
            return Optional.of(Problem.TOO_LONG);
        }
        if (hasUnsafeCharacters(s)) {
            return Optional.of(Problem.UNSAFE_CHARACTERS);
        }
        return s.matches("[\\x21\\x23-\\x5B\\x5D-\\x7E]+( [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*")
                ? Optional.empty()
                : Optional.of(Problem.BAD_FORMAT);
    }

    /** A person's words for a problem ("must not be empty"), for English messages. */
    public static String describe(Problem p, int max) {
        return switch (p) {
            case EMPTY -> "must not be empty";
            case TOO_LONG -> "is too long (at most " + max + " characters)";
            case UNSAFE_CHARACTERS -> "contains a control or invisible formatting character";
            case BAD_FORMAT -> "is not in the expected form";
        };
    }

    /**
     * A typed value made safe to quote in a message: unsafe characters written as {@code \\uXXXX},
     * and cut to {@code max} characters with the full length noted.
     */
    public static String printable(String s, int max) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (; i < s.length() && b.length() < max; i++) {
            char c = s.charAt(i);
            if (unsafe(c) || Character.isSurrogate(c) && !validSurrogateAt(s, i)) {
                b.append(String.format("\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        if (i < s.length()) {
            b.append("… (").append(s.length()).append(" characters)");
        }
        return b.toString();
    }

    private static boolean validSurrogateAt(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
